// Package acp reads the traffic of a session with an agent of the Agent
// Client Protocol (ACP: JSON-RPC 2.0 over an agent's stdio): the records
// of a recording (`cardtui acp --record`), and Format, the recording as a
// replay format.
//
// Every line going to the agent and coming from it is a Record, and so
// are cardtui's own notes (the session's start, a terminal's output, the
// agent's exit). Traffic maps the records to entries — message chunks
// streamed into one message, thoughts into a collapsed Thinking message,
// each tool call id into one card that its updates merge into (a diff
// card for diff content, a terminal card fed by the client-side terminal,
// a generic card for content blocks), the plan into a checklist that
// updates in place, permission requests and their answers onto the cards
// they gate, mode changes and the agent's commands into notices — and
// problems (a line that is not JSON-RPC, an update for an unknown session,
// a tool call updated before it started) into Problem entries. The live
// client (package acp at the root of the module) applies the records of a
// running session to a Traffic as they go over the wire, and a replay
// of a recording applies them from the file: the replay shows what the
// live session showed.
package acp
