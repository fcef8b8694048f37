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
