// Package acpclient is cardtui's client of the Agent Client Protocol (ACP:
// JSON-RPC 2.0 over an agent's stdio), built on github.com/coder/acp-go-sdk.
//
// Start runs an agent as a child process in a process group of its own
// (Connect talks to one already running), initializes the connection —
// advertising fs.readTextFile, and fs.writeTextFile and terminal unless
// Config.ReadOnly — and creates a session in Config.Dir. The Session then
// answers the agent's requests: files are read and written through an
// os.Root on the session directory, so "..", other absolute paths and
// symlinks out of it are refused with a JSON-RPC error naming the path;
// a read is streamed and its answer capped at 4 MiB; a write is drawn as
// the diff it makes before it happens, and refused when it is not the
// edit its card shows or the user approved (agents/acp's CheckWrite);
// terminals run their command in a process group of their own in the
// session directory (on Linux also as the init of a PID namespace of its
// own, so that its whole tree dies with it, and with cardtui), keep their output up to the requested byte limit
// (at most 8 MiB) in a ring, 64 MiB for all of a session's terminals
// (past it a terminal is refused), and are killed, released or forgotten
// alike, with the descendants that left their group, when the session
// closes;
// a permission request waits for Session.Choose or Session.Dismiss (or
// Session.Cancel, which also sends session/cancel).
//
// The transcript is not built from the SDK's callbacks but from the wire:
// every line going to the agent and coming from it is a Record (package
// agents/acp), written to Config.Record when set (the recording `cardtui
// acp --record` makes) and applied to that package's Transcript, which
// maps the traffic to entries. Replay feeds a recording's records to the
// same Transcript, so a replay shows what the live session showed.
package acpclient
