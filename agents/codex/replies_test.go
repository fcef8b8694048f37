package codex_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
)

// TestCodex169RepliesSayTimeAndModel: each reply carries the time of its
// line and the model of the turn_context before it; the session's totals
// still count the turns only.
func TestCodex169RepliesSayTimeAndModel(t *testing.T) {
	tr := loadCodex169(t, "codex-0.169.0")
	replies := replaytest.Messages(tr, cards.RoleAssistant)
	require.NotEmpty(t, replies)
	for _, m := range replies {
		assert.Equal(t, "gpt-5.5", m.Reply.Model, "%q", m.Text)
	}
	assert.Equal(t, time.Date(2026, 12, 4, 20, 3, 42, 160e6, time.UTC), replies[0].Reply.At.UTC())
	assert.Equal(t, len(replaytest.Messages(tr, cards.RoleUser)), cards.SessionTotals(tr.Entries).Turns, "replies are no turns")
	assert.Contains(t, replaytest.RenderPlain(tr, 100), "● Assistant · 20:03 · gpt-5.5\n")
}
