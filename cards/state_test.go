package cards_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
)

func TestToolCardState(t *testing.T) {
	code := func(n int) *int { return &n }
	cases := []struct {
		name string
		card cards.ToolCard
		want cards.State
	}{
		{"no result yet", cards.ToolCard{}, cards.StateRunning},
		{"asking the user", cards.ToolCard{Result: cards.GenericResult{}, Waiting: true}, cards.StateWaiting},
		{"rejected once asked", cards.ToolCard{Result: cards.GenericResult{}, Waiting: true, Outcome: cards.OutcomeRejected}, cards.StateRejected},
		{"ended without result", cards.ToolCard{Ended: true}, cards.StateNoResult},
		{"cut off before its result", cards.ToolCard{Ended: true, Outcome: cards.OutcomeInterrupted}, cards.StateInterrupted},
		{"returned", cards.ToolCard{Result: cards.GenericResult{}}, cards.StateDone},
		{"exit 0", cards.ToolCard{Result: cards.TerminalResult{ExitCode: code(0)}}, cards.StateDone},
		{"exit 2", cards.ToolCard{Result: cards.TerminalResult{ExitCode: code(2)}}, cards.StateFailed},
		{"killed", cards.ToolCard{Result: cards.TerminalResult{Signal: "SIGKILL"}}, cards.StateFailed},
		{"error", cards.ToolCard{Result: cards.GenericResult{}, Outcome: cards.OutcomeFailed}, cards.StateFailed},
		{"error that exited 0", cards.ToolCard{Result: cards.TerminalResult{ExitCode: code(0)}, Outcome: cards.OutcomeFailed}, cards.StateFailed},
		{"rejected", cards.ToolCard{Result: cards.GenericResult{}, Outcome: cards.OutcomeRejected}, cards.StateRejected},
		{"denied", cards.ToolCard{Result: cards.TerminalResult{ExitCode: code(1)}, Outcome: cards.OutcomeDenied}, cards.StateDenied},
		{"interrupted", cards.ToolCard{Result: cards.GenericResult{}, Outcome: cards.OutcomeInterrupted}, cards.StateInterrupted},
		{"output streaming", cards.ToolCard{Result: cards.TerminalResult{Output: "compiling\n", Running: true}}, cards.StateRunning},
		{"streamed, then ended without status", cards.ToolCard{Result: cards.TerminalResult{Output: "compiling\n"}}, cards.StateDone},
		{"streaming when the input ended", cards.ToolCard{Result: cards.TerminalResult{Running: true}, Ended: true}, cards.StateNoResult},
		{"streaming, cut off", cards.ToolCard{Result: cards.TerminalResult{Running: true}, Outcome: cards.OutcomeInterrupted}, cards.StateInterrupted},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, c.card.State())
		})
	}
}

func TestStateApplied(t *testing.T) {
	applied := map[cards.State]bool{}
	for s := cards.StateRunning; s <= cards.StateWaiting; s++ {
		applied[s] = s.Applied()
	}
	assert.Equal(t, map[cards.State]bool{
		cards.StateRunning: true, cards.StateNoResult: true, cards.StateDone: true,
		cards.StateFailed: false, cards.StateRejected: false, cards.StateDenied: false, cards.StateInterrupted: false,
		cards.StateWaiting: false,
	}, applied)
	assert.Equal(t, "waiting", cards.StateWaiting.String())
	assert.Equal(t, "no result", cards.StateNoResult.String())
	assert.Equal(t, "State(99)", cards.State(99).String())
}

func TestParseOutcome(t *testing.T) {
	for _, name := range []string{"done", "failed", "rejected", "denied", "interrupted"} {
		o, err := cards.ParseOutcome(name)
		require.NoError(t, err, name)
		assert.Equal(t, name, o.String())
	}
	done, err := cards.ParseOutcome("done")
	require.NoError(t, err)
	assert.Equal(t, cards.OutcomeDone, done, "done is the zero outcome")
	_, err = cards.ParseOutcome("Failed")
	assert.EqualError(t, err, `"Failed" is not one of "done", "failed", "rejected", "denied", "interrupted"`)
}
