package acp_test

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/agents/nodb"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
	"github.com/cardtui/cardtui/replay"
)

// TestReplayedHistoryAsTheAgentsUIShowsIt: the history an agent replays
// on session/load shows the user's prompts as the agent's own UI does —
// Gemini CLI's <session_context> turn as context and its notes of tool
// results not at all, Claude Code's command tags as the command typed.
func TestReplayedHistoryAsTheAgentsUIShowsIt(t *testing.T) {
	messages := func(path string) (user, context []string) {
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		tr := replaytest.Load(t, nodb.Options(replay.Auto), string(data))
		for _, m := range replaytest.Messages(tr, cards.RoleUser) {
			user = append(user, m.Text)
		}
		for _, m := range replaytest.Messages(tr, cards.RoleContext) {
			context = append(context, m.Text)
		}
		return user, context
	}

	user, context := messages("testdata/gemini-0.61.0/resume.jsonl")
	require.NotEmpty(t, user)
	assert.True(t, strings.HasPrefix(user[0], "Tidy the calculator"), user[0])
	for _, u := range user {
		assert.NotContains(t, u, "<session_context>")
		assert.NotContains(t, u, "[Function Response:")
	}
	require.NotEmpty(t, context)
	assert.Contains(t, context[0], "<session_context>")

	user, _ = messages("testdata/claude-agent-acp-0.23.1/resume.jsonl")
	require.NotEmpty(t, user)
	assert.Equal(t, "/model default\n\nSet model to claude-sonnet-4-6\n\n"+
		"Clean up the calculator in this folder [acp]: plan, read, search, fix, check, take notes, and report in Markdown.", user[0],
		"the command typed, its output, then the prompt the adapter merged into one message")
	for _, u := range user {
		assert.NotContains(t, u, "<command-")
	}
}
