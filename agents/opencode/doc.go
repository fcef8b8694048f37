// Package opencode reads opencode's sessions: its SQLite database, the
// JSON document `opencode export` prints and the JSON lines of `opencode
// run --format json`, all decoded by one replay.Format; the producers of
// its tools; and where its sessions are found (Sessions).
//
// opencode 1.x keeps every session in $XDG_DATA_HOME/opencode/opencode.db
// (WAL mode, times in milliseconds): a session row (id, parent_id for a
// sub-agent's, directory, title, model…), message rows whose data is the
// message's JSON (role, modelID, providerID, tokens, cost, time, error)
// and part rows, one per part of a message (text, reasoning, tool,
// step-start, step-finish, patch, file, agent, subtask, compaction,
// retry, snapshot). The database enters replay as lines of the Format: a
// session line, then one line per message holding its parts, in the
// order of their ids (opencode's ids ascend with time), as `opencode
// export` nests them. A session is read with its sub-agents' sessions
// (parent_id), which follow it and nest under the task call that started
// each (the call's metadata.sessionId).
package opencode
