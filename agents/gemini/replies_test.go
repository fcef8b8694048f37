package gemini_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
)

// TestRecordedRepliesSayTimeAndModel: each reply of the recorded chat
// carries its message's timestamp and model.
func TestRecordedRepliesSayTimeAndModel(t *testing.T) {
	tr := replaytest.LoadFile(t, autoOptions, chat)
	replaytest.CheckReplies(t, tr, "gemini-2.5-flash", time.Date(2026, 12, 4, 20, 10, 49, 624e6, time.UTC))
	assert.Contains(t, replaytest.RenderPlain(tr, 80), "● Assistant · 20:10 · gemini-2.5-flash\n  Let me read the calculator.")
}

// TestRecordedSessionContextIsInternal: the session context Gemini CLI
// sends as the first user turn, which its UI never draws, is hidden with
// the other agents' internals.
func TestRecordedSessionContextIsInternal(t *testing.T) {
	first := replaytest.LoadFile(t, autoOptions, chat).Entries[0].(cards.Message)
	require.Equal(t, cards.RoleContext, first.Role)
	assert.True(t, cards.IsInternal(first))
}

// TestRecordedPromptSaysItsTurn: the prompt carries its turn's facts as
// Claude's and Codex's do: when it was sent, the model, how long the
// agent worked (to its last reply) and the tokens of the turn's replies,
// each message counted once however often it was written.
func TestRecordedPromptSaysItsTurn(t *testing.T) {
	tr := replaytest.LoadFile(t, autoOptions, chat)
	prompts := replaytest.Messages(tr, cards.RoleUser)
	require.Len(t, prompts, 1)
	start := time.Date(2026, 12, 4, 20, 10, 48, 790e6, time.UTC)
	assert.Equal(t, cards.Turn{
		Start: start, Model: "gemini-2.5-flash",
		Duration: time.Date(2026, 12, 4, 20, 10, 53, 813e6, time.UTC).Sub(start),
		Usage:    cards.Usage{Input: 1392, Output: 43},
	}, cards.Turn{Start: prompts[0].Turn.Start.UTC(), Model: prompts[0].Turn.Model, Duration: prompts[0].Turn.Duration, Usage: prompts[0].Turn.Usage})
	assert.Contains(t, replaytest.RenderPlain(tr, 80), "▌ You · 20:10 · gemini-2.5-flash · 5s · 1.4k tokens\n")
}
