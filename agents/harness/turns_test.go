package harness_test

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
)

// TestHarnessTurnFacts: each prompt's turn has the model of its
// request/header and the usage of its responses, cache reads counted in
// the input.
func TestHarnessTurnFacts(t *testing.T) {
	tr := replaytest.LoadLines(t, agentsOptions,
		`{"type":"session","version":0,"id":"s","createdAt":1783352113760,"cwd":"/p","delegationDepth":0}`,
		`{"type":"turn/start","data":{"turn":1}}`,
		`{"type":"user/message","data":{"content":[{"type":"text","text":"ONE"}],"source":{"kind":"user"},"role":"user","id":"u1"},"surfaceOp":"append"}`,
		`{"type":"request/header","data":{"header":{"config":{"provider":"p","model":"deepseek-v4-flash"},"system":"s","tools":"t"},"reason":"initial"}}`,
		`{"type":"assistant/chunk","data":{"turn":1,"step":1,"chunk":{"type":"usage","usage":{"inputTokens":2864,"outputTokens":20,"cacheReadTokens":0,"reasoningTokens":18}}}}`,
		`{"type":"turn/end","data":{"turn":1,"reason":{"kind":"completed"}}}`,
		`{"type":"turn/start","data":{"turn":2}}`,
		`{"type":"user/message","data":{"content":[{"type":"text","text":"TWO"}],"source":{"kind":"user"},"role":"user","id":"u2"},"surfaceOp":"append"}`,
		`{"type":"assistant/chunk","data":{"turn":2,"step":1,"chunk":{"type":"usage","usage":{"inputTokens":64,"outputTokens":21,"cacheReadTokens":2816,"reasoningTokens":18}}}}`,
		`{"type":"assistant/chunk","data":{"turn":2,"step":2,"chunk":{"type":"usage","usage":{"inputTokens":10,"outputTokens":5,"cacheReadTokens":2900}}}}`,
	)

	require.Empty(t, replaytest.Problems(tr), replaytest.Describe(tr))
	var turns []cards.Turn
	for _, m := range replaytest.Messages(tr, cards.RoleUser) {
		turns = append(turns, m.Turn)
	}
	assert.Equal(t, []cards.Turn{
		{Model: "deepseek-v4-flash", Usage: cards.Usage{Input: 2864, Output: 20, Reasoning: 18}},
		{Model: "deepseek-v4-flash", Usage: cards.Usage{Input: 5790, Cached: 5716, Output: 26, Reasoning: 18}},
	}, turns)
}

// TestHarnessTurnFactsOfSharedSessions reads the harness's real session
// logs, when they are there: a session whose log reports usage has its
// turns' tokens and model.
func TestHarnessTurnFactsOfSharedSessions(t *testing.T) {
	for _, file := range fixtureFiles(t) {
		if filepath.Base(file) != "multi-turn--session.jsonl" {
			continue
		}
		totals := cards.SessionTotals(loadFixture(t, file).tr.Entries)
		assert.Equal(t, 2, totals.Turns)
		assert.Equal(t, []string{"deepseek-v4-flash"}, totals.Models)
		assert.Equal(t, cards.Usage{Input: 5744, Cached: 2816, Output: 41, Reasoning: 36}, totals.Usage)
	}
}
