// Package nodb holds the agents package's tables without the two agents
// whose sessions are SQLite databases (opencode and Crush): the formats
// and session sources of the others, in the same order. The agents
// package builds its tables from these and the database agents' rows. A
// program or test that reads no database takes its tables from here and
// does not link the SQLite driver, which costs about half a second of
// link time and several megabytes of binary.
package nodb

import (
	"github.com/cardtui/cardtui/agents/acp"
	"github.com/cardtui/cardtui/agents/claude"
	"github.com/cardtui/cardtui/agents/codex"
	"github.com/cardtui/cardtui/agents/gemini"
	"github.com/cardtui/cardtui/agents/harness"
	"github.com/cardtui/cardtui/agents/views"
	"github.com/cardtui/cardtui/replay"
	"github.com/cardtui/cardtui/sessions"
)

// Formats are the formats of agents.Formats but opencode's and Crush's,
// in the order detection tries them.
var Formats = []replay.Format{
	views.Format,
	harness.LogFormat,
	harness.HeadlessFormat,
	codex.Format,
	codex.ExecFormat,
	claude.Format,
	acp.Format,
	gemini.Format,
}

// Sessions are the session sources of agents.Sessions but opencode's and
// Crush's, in the order help texts list them.
var Sessions = []sessions.Source{
	claude.Sessions,
	codex.Sessions,
	harness.Sessions,
	gemini.Sessions,
}

// Options are replay.Options to read a session in the format named format
// (auto detects it among Formats), as agents.Options are for the whole
// table.
func Options(format string) replay.Options {
	return replay.Options{Formats: Formats, Format: format}
}
