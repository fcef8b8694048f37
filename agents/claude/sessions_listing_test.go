package claude_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/cardtui/cardtui/agents/claude"
	"github.com/cardtui/cardtui/sessions"
)

// TestListedSubagentCallsCountOnce: Claude Code 2.1.332 writes a
// sub-agent's calls only to <session>/subagents/, so the listing, which
// reads a session with the viewer's decoder, must give it the session's
// path to count them (12 calls of the session itself, 3 of its
// sub-agents); the model is the turns'.
func TestListedSubagentCallsCountOnce(t *testing.T) {
	s := sessions.Read("testdata/cc-2.1.332/5abf7094-c675-4192-a199-80fd8b362245.jsonl", claude.Sessions)
	assert.Empty(t, s.Problem)
	assert.Equal(t, 15, s.ToolCalls)
	assert.Equal(t, "claude-sonnet-4-6", s.Model)
}
