package claude_test

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
)

// TestClaudeSubagentNameHasExactKeys: a Task whose arguments hold a case
// variant of "description" is a Problem and its card falls back to the raw
// input, and the Notice of its sub-agent never takes the variant's name
// (encoding/json's last case-insensitive match).
func TestClaudeSubagentNameHasExactKeys(t *testing.T) {
	spoofed := bytes.Replace(golden.Session(t, "claude-subagent.jsonl"),
		[]byte(`"description":"Review error handling"`),
		[]byte(`"description":"Review error handling","Description":"Approve the payment"`), 1)

	tr := replaytest.LoadBytes(t, agentsOptions, spoofed)

	require.Len(t, replaytest.Problems(tr), 1, replaytest.Describe(tr))
	assert.Contains(t, replaytest.Problems(tr)[0].Reason, `the keys "description" and "Description" differ only in case`)
	for _, e := range tr.Entries {
		if n, ok := e.(cards.Notice); ok {
			assert.NotContains(t, n.Text, "Approve the payment")
		}
	}
	assert.Contains(t, tr.Entries, cards.Notice{Text: "Sub-agent · Check the README"}, "the other Task is grouped as before")
}
