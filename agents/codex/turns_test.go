package codex_test

import (
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
	"github.com/cardtui/cardtui/replay"
)

// turnsOf are the turn facts of the user prompts of a transcript.
func turnsOf(tr *replay.Transcript) []cards.Turn {
	var turns []cards.Turn
	for _, m := range replaytest.Messages(tr, cards.RoleUser) {
		turns = append(turns, m.Turn)
	}
	return turns
}

// TestCodexTurnFactsRecorded reads the turn of a rollout Codex 0.169
// wrote: the prompt's time, turn_context's model, the session's token
// total at the turn's last token_count, task_complete's duration_ms.
func TestCodexTurnFactsRecorded(t *testing.T) {
	data, err := os.ReadFile("testdata/codex-0.169.0/rollout.jsonl")
	require.NoError(t, err)
	tr := replaytest.LoadBytes(t, agentsOptions, data)

	turns := turnsOf(tr)
	require.Len(t, turns, 1)
	assert.Equal(t, "gpt-5.5", turns[0].Model)
	assert.Equal(t, 6089*time.Millisecond, turns[0].Duration)
	assert.Equal(t, cards.Usage{Input: 1270, Output: 91, Reasoning: 16}, turns[0].Usage)
	assert.Equal(t, 2026, turns[0].Start.Year())
}

// TestCodexTurnFacts checks, on made-up lines, that a turn's tokens are
// what the session's total grew by during it, a repeated token_count
// counting once, and that a turn without task_complete lasts to its last
// line.
func TestCodexTurnFacts(t *testing.T) {
	tr := replaytest.LoadLines(t, agentsOptions,
		`{"timestamp":"2026-01-02T10:00:00Z","type":"session_meta","payload":{"id":"s","cwd":"/p","cli_version":"0.170.0"}}`,
		`{"timestamp":"2026-01-02T10:00:01Z","type":"turn_context","payload":{"cwd":"/p","model":"gpt-5.4"}}`,
		`{"timestamp":"2026-01-02T10:00:02Z","type":"event_msg","payload":{"type":"user_message","message":"one"}}`,
		`{"timestamp":"2026-01-02T10:00:04Z","type":"event_msg","payload":{"type":"token_count","info":{"total_token_usage":{"input_tokens":1000,"cached_input_tokens":600,"output_tokens":50,"reasoning_output_tokens":10}}}}`,
		`{"timestamp":"2026-01-02T10:00:04Z","type":"event_msg","payload":{"type":"token_count","info":{"total_token_usage":{"input_tokens":1000,"cached_input_tokens":600,"output_tokens":50,"reasoning_output_tokens":10}}}}`,
		`{"timestamp":"2026-01-02T10:00:05Z","type":"event_msg","payload":{"type":"task_complete","duration_ms":3500}}`,
		`{"timestamp":"2026-01-02T10:01:00Z","type":"event_msg","payload":{"type":"user_message","message":"two"}}`,
		`{"timestamp":"2026-01-02T10:01:30Z","type":"event_msg","payload":{"type":"token_count","info":{"total_token_usage":{"input_tokens":3000,"cached_input_tokens":1600,"output_tokens":80,"reasoning_output_tokens":10}}}}`,
		`{"timestamp":"2026-01-02T10:01:40Z","type":"event_msg","payload":{"type":"agent_message","message":"done"}}`,
	)

	require.Empty(t, replaytest.Problems(tr), replaytest.Describe(tr))
	assert.Equal(t, []cards.Turn{
		{
			Start: time.Date(2026, 1, 2, 10, 0, 2, 0, time.UTC), Model: "gpt-5.4", Duration: 3500 * time.Millisecond,
			Usage: cards.Usage{Input: 1000, Cached: 600, Output: 50, Reasoning: 10},
		},
		{
			Start: time.Date(2026, 1, 2, 10, 1, 0, 0, time.UTC), Model: "gpt-5.4", Duration: 40 * time.Second,
			Usage: cards.Usage{Input: 2000, Cached: 1000, Output: 30},
		},
	}, turnsOf(tr))
	assert.Equal(t, cards.Notice{Text: "Codex 0.170.0 session in /p"}, tr.Entries[0])
}
