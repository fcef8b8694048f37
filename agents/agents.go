// Package agents lists the session formats of the agents cardtui knows:
// Formats is the one table that Load, Stream and the --input-format flag
// read, and Sessions the one table of where agents keep their sessions,
// which the picker and `cardtui sessions` list. An agent lives in a
// package of its own under agents/ (its log decoder, its tools'
// producers, how its files are detected, where they are found); adding an
// agent is adding that package and its rows to the tables: nodb's, unless
// its sessions are a database.
package agents

import (
	"slices"

	"github.com/cardtui/cardtui/agents/crush"
	"github.com/cardtui/cardtui/agents/nodb"
	"github.com/cardtui/cardtui/agents/opencode"
	"github.com/cardtui/cardtui/replay"
	"github.com/cardtui/cardtui/sessions"
)

// Formats are the formats cardtui reads, in the order a session's first
// line is tried against them (replay.Detect tries the Untyped ones, the
// ACP recording, first) and the --input-format flag lists them: those of
// nodb, then the two read from SQLite databases.
var Formats = slices.Concat(nodb.Formats, []replay.Format{opencode.Format, crush.Format})

// Sessions are the agents whose sessions the picker and `cardtui
// sessions` find, in the order help texts list them (the --agent flag's
// words): those of nodb, then the two whose sessions are SQLite
// databases. Each Source's Agent is the name of its format in Formats.
var Sessions = slices.Concat(nodb.Sessions, []sessions.Source{opencode.Sessions, crush.Sessions})

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
