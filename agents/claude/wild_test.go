package claude_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
	"github.com/cardtui/cardtui/replay"
)

// wildSession is a transcript in the shapes Claude Code 2.1 writes for an
// API error it retries, a Skill call and two MCP tools' calls.
const wildSession = "testdata/wild/session.jsonl"

func loadWild(t *testing.T) *replay.Transcript {
	t.Helper()
	tr := replaytest.LoadFile(t, agentsOptions, wildSession)
	assert.Empty(t, replaytest.Problems(tr))
	return tr
}

func TestWildSession(t *testing.T) {
	golden.Assert(t, "session-100.txt", replaytest.RenderPlain(loadWild(t), 100))
}

func TestAPIErrorLinesAreNotices(t *testing.T) {
	var notices []string
	for _, e := range loadWild(t).Entries {
		if n, ok := e.(cards.Notice); ok {
			notices = append(notices, n.Text)
		}
	}
	assert.Equal(t, []string{
		"Claude Code 2.1.126 session in /w (branch main)",
		"API Error (529 Overloaded) · Retrying in 1 seconds… (attempt 1/10)",
		"API Error (401 Invalid API key) · Retrying in 1 seconds… (attempt 2/10)",
	}, notices)
}

func TestSkillAndMCPCalls(t *testing.T) {
	titles := map[string]string{}
	for _, c := range replaytest.ToolCards(loadWild(t)) {
		titles[c.ID] = replaytest.CallTitle(c.Call)
	}
	assert.Equal(t, map[string]string{
		"toolu_skill": "Skill apply-grant",
		"toolu_mcp":   "plugin_claude-mem_mcp-search - smart_search (MCP)",
		"toolu_gmail": "claude_ai_Gmail - authenticate (MCP)",
	}, titles)
}
