// Package agents lists the session formats of the agents cardtui knows:
// Formats is the one table that Load, Stream and the --input-format flag
// read, and Sessions the one table of where agents keep their sessions,
// which the picker and `cardtui sessions` list. An agent lives in a
// package of its own under agents/ (its log decoder, its tools'
// producers, how its files are detected, where they are found); adding an
// agent is adding that package and its rows here.
package agents

import (
	"github.com/cardtui/cardtui/agents/acp"
	"github.com/cardtui/cardtui/agents/claude"
	"github.com/cardtui/cardtui/agents/codex"
	"github.com/cardtui/cardtui/agents/crush"
	"github.com/cardtui/cardtui/agents/gemini"
	"github.com/cardtui/cardtui/agents/harness"
	"github.com/cardtui/cardtui/agents/opencode"
	"github.com/cardtui/cardtui/agents/views"
	"github.com/cardtui/cardtui/replay"
	"github.com/cardtui/cardtui/sessions"
)

// Formats are the formats cardtui reads, in the order a session's first
// line is tried against them (replay.Detect tries the Untyped ones, the
// ACP recording, first) and the --input-format flag lists them.
var Formats = []replay.Format{
	views.Format,
	harness.LogFormat,
	harness.HeadlessFormat,
	codex.Format,
	codex.ExecFormat,
	claude.Format,
	acp.Format,
	gemini.Format,
	opencode.Format,
	crush.Format,
}

// Sessions are the agents whose sessions the picker and `cardtui
// sessions` find, in the order help texts list them (the --agent flag's
// words). Each Source's Agent is the name of its format in Formats.
var Sessions = []sessions.Source{
	claude.Sessions,
	codex.Sessions,
	harness.Sessions,
	gemini.Sessions,
	opencode.Sessions,
	crush.Sessions,
}

// SessionAgents are the agents of Sessions, in order.
func SessionAgents() []sessions.Agent {
	var names []sessions.Agent
	for _, s := range Sessions {
		names = append(names, s.Agent)
	}
	return names
}

// FormatNames lists the names the --input-format flag takes: auto, then
// the name of each of Formats.
func FormatNames() []string { return replay.FormatNames(Formats) }

// ParseFormat checks a name the --input-format flag was given: one of
// FormatNames ("" is auto).
func ParseFormat(name string) (string, error) { return replay.ParseFormat(Formats, name) }

// Options are replay.Options to read a session in the format named format
// (auto detects it among Formats).
func Options(format string) replay.Options {
	return replay.Options{Formats: Formats, Format: format}
}
