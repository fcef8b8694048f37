package claude_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/cardtui/cardtui/internal/testkit/replaytest"
)

// TestClaude21RepliesSayTimeAndModel: each reply carries the time and
// model of its assistant line, as Claude Code's detailed view gives them,
// a sub-agent's too; the session's totals still count the turns only.
func TestClaude21RepliesSayTimeAndModel(t *testing.T) {
	tr := transcript21(t, "2.1.332")
	replaytest.CheckReplies(t, tr, "claude-sonnet-4-6", time.Date(2026, 12, 4, 20, 0, 57, 635e6, time.UTC))
	for _, m := range childMessages(agentCard(t, tr, "Survey TODOs")) {
		assert.Equal(t, "claude-sonnet-4-6", m.Reply.Model, "a sub-agent's reply %q", m.Text)
	}
	out := replaytest.RenderPlain(tr, 100)
	assert.Contains(t, out, "● Assistant · 20:00 · sonnet-4.6\n  Let me look at the code first.")
}
