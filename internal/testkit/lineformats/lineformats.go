// Package lineformats lists agents.Formats but for the two formats read
// from SQLite databases (opencode's and Crush's), in the same order. A
// test that detects or reads sessions of the other formats takes its
// formats from here rather than from the agents package, so its test
// binary does not link the SQLite driver (about half a second of link
// time per binary). A test about the whole table, a database format or
// detection failing among all formats keeps agents.Formats;
// agents' own tests check that this list is agents.Formats without the
// database formats.
package lineformats

import (
	"github.com/cardtui/cardtui/agents/acp"
	"github.com/cardtui/cardtui/agents/claude"
	"github.com/cardtui/cardtui/agents/codex"
	"github.com/cardtui/cardtui/agents/gemini"
	"github.com/cardtui/cardtui/agents/harness"
	"github.com/cardtui/cardtui/agents/views"
	"github.com/cardtui/cardtui/replay"
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
