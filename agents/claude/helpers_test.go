package claude_test

import (
	"github.com/cardtui/cardtui/agents/nodb"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/replay"
)

// agentsOptions detects every agent's format.
var agentsOptions = replay.Options{Formats: nodb.Formats}

// ptr is a pointer to v.
func ptr[T any](v T) *T { return &v }

// withoutTurns is entries with the facts of their turns left out, to
// compare what the tests of other things expect.
func withoutTurns(entries []cards.Entry) []cards.Entry {
	out := make([]cards.Entry, len(entries))
	for i, e := range entries {
		if m, ok := e.(cards.Message); ok {
			m.Turn = cards.Turn{}
			e = m
		}
		out[i] = e
	}
	return out
}
