package producers_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/producers"
)

func TestClaudeOutcome(t *testing.T) {
	cases := []struct {
		content, meta string
		isError       bool
		want          cards.Outcome
	}{
		{`"ok"`, ``, false, cards.OutcomeDone},
		{`"<tool_use_error>File has not been read yet.</tool_use_error>"`, ``, true, cards.OutcomeFailed},
		{`"The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed."`, ``, true, cards.OutcomeRejected},
		{`[{"type":"text","text":"[Request interrupted by user for tool use]"}]`, ``, true, cards.OutcomeInterrupted},
		{`"Claude requested permissions to write to /p/CLAUDE.md, but you haven't granted it yet."`, ``, true, cards.OutcomeDenied},
		{`"Permission to use Bash with command rm -rf / has been denied."`, ``, true, cards.OutcomeDenied},
		{`"The user doesn't want to proceed with this tool use."`, ``, false, cards.OutcomeDone},
		{`""`, `{"stdout":"","stderr":"","interrupted":true}`, false, cards.OutcomeInterrupted},
	}
	for _, c := range cases {
		r := producers.ClaudeResult(json.RawMessage(c.content), c.isError, json.RawMessage(c.meta))
		assert.Equal(t, c.want, r.Outcome, c.content)
	}
}

func TestHarnessOutcome(t *testing.T) {
	cases := []struct {
		text, err string
		isError   bool
		want      cards.Outcome
	}{
		{"fine", ``, false, cards.OutcomeDone},
		{"Error: cannot read", `{"name":"FsError","code":"FS_NOT_FOUND"}`, true, cards.OutcomeFailed},
		{"Error: tool call aborted", `{"name":"AbortError","code":"ABORTED"}`, true, cards.OutcomeInterrupted},
		{`Error: the user rejected tool "bash"`, ``, true, cards.OutcomeRejected},
		{"Error: bash is disabled by policy in this session", ``, true, cards.OutcomeDenied},
		{"tool output rejected by codex policy: summarize instead", ``, true, cards.OutcomeDenied},
		{"nothing said", `{"name":"Oops"}`, false, cards.OutcomeFailed},
	}
	for _, c := range cases {
		content, _ := json.Marshal([]map[string]string{{"type": "text", "text": c.text}})
		r := producers.NewResult(content, c.isError, json.RawMessage(c.err), nil)
		assert.Equal(t, c.want, r.Outcome, c.text)
	}
}

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
		assert.Equal(t, c.want, producers.CodexOutcome(r), c.output)
	}
	failedPatch := producers.Result{Meta: json.RawMessage(`{"type":"patch_apply_end","success":false}`)}
	assert.Equal(t, cards.OutcomeFailed, producers.CodexOutcome(failedPatch), "a patch that did not apply")
}
