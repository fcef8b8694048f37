package codex_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/cardtui/cardtui/internal/testkit/replaytest"
)

// TestCodex169RepliesSayTimeAndModel: each reply carries the time of its
// line and the model of the turn_context before it; the session's totals
// still count the turns only.
func TestCodex169RepliesSayTimeAndModel(t *testing.T) {
	tr := loadCodex169(t, "codex-0.169.0")
	replaytest.CheckReplies(t, tr, "gpt-5.5", time.Date(2026, 12, 4, 20, 3, 42, 160e6, time.UTC))
	assert.Contains(t, replaytest.RenderPlain(tr, 100), "● Assistant · 20:03 · gpt-5.5\n")
}
