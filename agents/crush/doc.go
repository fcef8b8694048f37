// Package crush reads the sessions of Charm's Crush: its per-project
// SQLite database as the lines of a replay.Format, the producers of its
// tools, and where its sessions are found (Sessions).
//
// Crush keeps one database per project, <project>/.crush/crush.db, and
// lists the projects in $XDG_DATA_HOME/crush/projects.json. A sessions
// row (a sub-agent's has a parent_session_id, and the id "<message
// id>$$<tool call id>" of the call that started it) holds messages rows:
// role user, assistant or tool, and parts, a JSON array of {type, data}
// (text, reasoning, tool_call, tool_result, finish, image_url, binary,
// shell_command). Its times are in seconds whatever its schema's comments
// say, so messages are ordered by created_at, then rowid. The database
// enters replay as a session line and one line per message.
package crush
