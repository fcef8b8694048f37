// Package views reads the view stream (Format, --input-format "views"),
// the one log format of agents/ that no agent writes: a harness that
// computes its tools' views itself writes one JSON line per call, result
// or message, each carrying a view of the cards union as it is — no
// producer turns a tool's arguments back into a card. Its lines are
// decoded strictly, ahead of the transcript (replay.Pipeline): a line
// with a field too many or too few becomes a Problem that says which.
//
// It lives beside the agents because it is a row of agents.Formats, and
// its folder is named by its format, as theirs are; it has no sessions
// of its own to list.
package views
