package codex_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/cardtui/cardtui/agents/codex"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/producers"
)

func TestCodexOutcome(t *testing.T) {
	cases := []struct {
		output string
		want   cards.Outcome
	}{
		{"Exit code: 0\nOutput:\nok", cards.OutcomeDone},
		{"exec command rejected by user", cards.OutcomeRejected},
		{"patch rejected by user", cards.OutcomeRejected},
		{"This action was rejected due to unacceptable risk.\nReason: deletes the repository", cards.OutcomeDenied},
		{"failed in sandbox: sandbox denied exec error, exit code: 1", cards.OutcomeDenied},
		{"aborted", cards.OutcomeInterrupted},
		{"aborted by user after 3.2s", cards.OutcomeInterrupted},
		{"abortedness is a word", cards.OutcomeDone},
		{`{"output": "Failed to find expected lines in README.md", "metadata": {"exit_code": 1, "duration_seconds": 0.0}}`, cards.OutcomeFailed},
		{`{"output": "exec command rejected by user", "metadata": {"exit_code": -1, "duration_seconds": 0.0}}`, cards.OutcomeRejected},
		{"Process running with session ID 7\nOutput:\n", cards.OutcomeDone},
	}
	for _, c := range cases {
		r := producers.Result{Content: []cards.ContentBlock{cards.TextBlock{Text: c.output}}}
		assert.Equal(t, c.want, codex.Outcome(r), c.output)
	}
	failedPatch := producers.Result{Meta: json.RawMessage(`{"type":"patch_apply_end","success":false}`)}
	assert.Equal(t, cards.OutcomeFailed, codex.Outcome(failedPatch), "a patch that did not apply")
}
