package claude_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/cardtui/cardtui/agents/claude"
	"github.com/cardtui/cardtui/cards"
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
		{`"<tool_use_error>File is in a directory that is denied by your permission settings.</tool_use_error>"`, ``, true, cards.OutcomeDenied},
		{`"Edit in '/p/README.md' was blocked by a deny rule"`, ``, true, cards.OutcomeDenied},
		{`"Read targeting '/etc/passwd' was blocked. For security, Claude Code may only access files in the allowed working directories for this session."`, ``, true, cards.OutcomeDenied},
		{`"WebFetch needs approval (asked by a PreToolUse hook)"`, ``, true, cards.OutcomeDenied},
		{`"User refused permission to run tool"`, ``, true, cards.OutcomeRejected},
	}
	for _, c := range cases {
		r := claude.ToolResult(json.RawMessage(c.content), c.isError, json.RawMessage(c.meta))
		assert.Equal(t, c.want, r.Outcome, c.content)
	}
}
