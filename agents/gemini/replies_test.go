package gemini_test

import (
	"os"
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
	data, err := os.ReadFile(chat)
	require.NoError(t, err)
	tr := replaytest.LoadBytes(t, autoOptions, data)
	replies := replaytest.Messages(tr, cards.RoleAssistant)
	require.NotEmpty(t, replies)
	for _, m := range replies {
		assert.Equal(t, "gemini-2.5-flash", m.Reply.Model, "%q", m.Text)
	}
	assert.Equal(t, time.Date(2026, 12, 4, 20, 10, 49, 624e6, time.UTC), replies[0].Reply.At.UTC())
	assert.Contains(t, replaytest.RenderPlain(tr, 80), "● Assistant · 20:10 · gemini-2.5-flash\n  Let me read the calculator.")
}

// TestRecordedSessionContextIsInternal: the session context Gemini CLI
// sends as the first user turn, which its UI never draws, is hidden with
// the other agents' internals.
func TestRecordedSessionContextIsInternal(t *testing.T) {
	data, err := os.ReadFile(chat)
	require.NoError(t, err)
	tr := replaytest.LoadBytes(t, autoOptions, data)
	first := tr.Entries[0].(cards.Message)
	require.Equal(t, cards.RoleContext, first.Role)
	assert.True(t, cards.IsInternal(first))
}
