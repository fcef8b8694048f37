// Package lineformats lists agents.Formats and agents.Sessions but for
// the two agents whose sessions are SQLite databases (opencode and
// Crush), in the same order. A test that detects, reads or lists sessions
// of the other agents takes its tables from here rather than from the
// agents package, so its test binary does not link the SQLite driver
// (about half a second of link time per binary). A test about a whole
// table, a database agent or detection failing among all formats keeps
// the agents package's; agents' own tests check that these lists are its
// tables without the database agents.
package lineformats

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

// Formats are agents.Formats without opencode's and Crush's, in the
// order detection tries them.
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

// Options are replay.Options to read a session in the format named format
// (auto detects it among Formats), as agents.Options are for the whole
// table.
func Options(format string) replay.Options {
	return replay.Options{Formats: Formats, Format: format}
}

// Sessions are agents.Sessions without opencode's and Crush's, in the
// order the help texts list them.
var Sessions = []sessions.Source{
	claude.Sessions,
	codex.Sessions,
	harness.Sessions,
	gemini.Sessions,
}
