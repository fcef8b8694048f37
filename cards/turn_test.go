package cards_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/cardtui/cardtui/cards"
)

func TestSessionTotals(t *testing.T) {
	entries := []cards.Entry{
		cards.Notice{Text: "Claude Code 2.1.83 session"},
		cards.Message{Role: cards.RoleUser, Text: "one", Turn: cards.Turn{
			Model: "m1", Duration: time.Minute,
			Usage: cards.Usage{Input: 100, Cached: 40, Output: 10, Reasoning: 2}, CostUSD: 0.25,
		}},
		cards.Message{Role: cards.RoleAssistant, Text: "reply"},
		cards.Message{Role: cards.RoleUser, Text: "no facts"},
		cards.Message{Role: cards.RoleUser, Text: "two", Turn: cards.Turn{
			Model: "m2", Duration: time.Second,
			Usage: cards.Usage{Input: 50, Output: 5},
		}},
		cards.Message{Role: cards.RoleUser, Text: "three", Turn: cards.Turn{Model: "m1"}},
	}

	assert.Equal(t, cards.Totals{
		Turns: 3, Duration: time.Minute + time.Second,
		Usage: cards.Usage{Input: 150, Cached: 40, Output: 15, Reasoning: 2}, CostUSD: 0.25,
		Models: []string{"m1", "m2"},
	}, cards.SessionTotals(entries))
	assert.True(t, cards.SessionTotals(nil).IsZero())
	assert.Equal(t, 165, cards.SessionTotals(entries).Usage.Total())
}
