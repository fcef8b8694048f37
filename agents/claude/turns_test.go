package claude_test

import (
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
)

// TestClaudeTurnFactsRecorded reads the turn facts of a session Claude
// Code 2.1.83 wrote: the header says where it ran; the prompt's turn has
// its time, the model and the tokens of its 13 responses, each once.
func TestClaudeTurnFactsRecorded(t *testing.T) {
	data, err := os.ReadFile("testdata/cc-2.1.83/187f5ed1-f05d-4997-836b-b1798a5dcf85.jsonl")
	require.NoError(t, err)
	tr := replaytest.LoadBytes(t, agentsOptions, data)

	assert.Equal(t, cards.Notice{Text: "Claude Code 2.1.83 session in /tmp/rec/claude-2.1.83/proj"}, tr.Entries[0])
	ps := replaytest.Messages(tr, cards.RoleUser)
	require.Len(t, ps, 1)
	turn := ps[0].Turn
	assert.Equal(t, time.Date(2026, 12, 4, 20, 0, 16, 869e6, time.UTC), turn.Start)
	assert.Equal(t, "claude-sonnet-4-6", turn.Model)
	assert.Equal(t, cards.Usage{Input: 6279, Output: 173}, turn.Usage)
	assert.Equal(t, 9619*time.Millisecond, turn.Duration, "to the turn's last line: this run wrote no turn_duration")
}

// TestClaudeTurnFacts checks how a turn's facts are gathered from made-up
// lines: a response's usage counted once however many lines repeat it,
// a sub-agent's left to its card, the duration of turn_duration.
func TestClaudeTurnFacts(t *testing.T) {
	const (
		user      = `{"type":"user","uuid":"u1","parentUuid":null,"sessionId":"s","version":"2.1.90","cwd":"/p","gitBranch":"main","timestamp":"2026-01-02T10:00:00Z","message":{"role":"user","content":"go"}}`
		reply1    = `{"type":"assistant","uuid":"a1","parentUuid":"u1","sessionId":"s","timestamp":"2026-01-02T10:00:05Z","message":{"id":"m1","model":"claude-opus-4-7","role":"assistant","content":[{"type":"thinking","thinking":"hm"}],"usage":{"input_tokens":10,"cache_creation_input_tokens":100,"cache_read_input_tokens":1000,"output_tokens":5}}}`
		reply1b   = `{"type":"assistant","uuid":"a2","parentUuid":"a1","sessionId":"s","timestamp":"2026-01-02T10:00:06Z","message":{"id":"m1","model":"claude-opus-4-7","role":"assistant","content":[{"type":"text","text":"done"}],"usage":{"input_tokens":10,"cache_creation_input_tokens":100,"cache_read_input_tokens":1000,"output_tokens":50}}}`
		sidechain = `{"type":"assistant","uuid":"x1","parentUuid":"a2","isSidechain":true,"sessionId":"s","timestamp":"2026-01-02T10:09:00Z","message":{"id":"m9","model":"claude-haiku-4-5","role":"assistant","content":[{"type":"text","text":"sub"}],"usage":{"input_tokens":7000,"output_tokens":7000}}}`
		duration  = `{"type":"system","subtype":"turn_duration","uuid":"d1","parentUuid":"a2","sessionId":"s","timestamp":"2026-01-02T10:00:07Z","durationMs":6500,"isMeta":false}`
	)
	tr := replaytest.LoadLines(t, agentsOptions, user, reply1, reply1b, sidechain, duration)

	require.Empty(t, replaytest.Problems(tr), replaytest.Describe(tr))
	assert.Equal(t, cards.Notice{Text: "Claude Code 2.1.90 session in /p (branch main)"}, tr.Entries[0])
	ps := replaytest.Messages(tr, cards.RoleUser)
	require.Len(t, ps, 1)
	assert.Equal(t, cards.Turn{
		Start: time.Date(2026, 1, 2, 10, 0, 0, 0, time.UTC), Model: "claude-opus-4-7",
		Duration: 6500 * time.Millisecond, Usage: cards.Usage{Input: 1110, Cached: 1000, Output: 50},
	}, ps[0].Turn)
	assert.NotContains(t, tr.Stats.Skipped, "system/turn_duration", "the turn's header says it")
}

// TestClaudeTurnFactsOfSharedSessions reads the real sessions of others,
// when they are there: every prompt that got an answer has a model.
func TestClaudeTurnFactsOfSharedSessions(t *testing.T) {
	for file, data := range claudeFixtures(t) {
		tr := loadClaudeFixture(t, file, data).tr
		totals := cards.SessionTotals(tr.Entries)
		assert.NotZero(t, totals.Turns, file)
		assert.NotEmpty(t, totals.Models, file)
		assert.Positive(t, totals.Usage.Total(), file)
	}
}

// TestClaudeTurnCostOfAStream: a stream-json run's result line says what
// the session cost. The stream has no prompt line (Claude Code writes
// none without --replay-user-messages; the first user lines are a
// sub-agent's, nested under its card), so the result's notice says it.
func TestClaudeTurnCostOfAStream(t *testing.T) {
	data, err := os.ReadFile("testdata/cc-2.1.83/stream.jsonl")
	require.NoError(t, err)
	tr := replaytest.LoadBytes(t, agentsOptions, data)

	assert.Empty(t, replaytest.Messages(tr, cards.RoleUser), "a sub-agent's prompt is not the user's")
	var notices []string
	for _, e := range tr.Entries {
		if n, ok := e.(cards.Notice); ok {
			notices = append(notices, n.Text)
		}
	}
	assert.Contains(t, notices, "Finished: success · 1 turn · 200ms · $0.0234")
}
