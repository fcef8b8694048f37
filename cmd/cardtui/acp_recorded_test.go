package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestACPRecordingsPrint prints the recordings of the real agents over
// ACP as `cardtui replay --print` does: the failing command shows its
// exit status, the rejected edit is not applied, the Claude sub-agent's
// read is nested in its Agent card, Gemini writes its new file.
func TestACPRecordingsPrint(t *testing.T) {
	for name, want := range map[string][]string{
		"claude-agent-acp-0.23.1": {"exit 1", "✗ Not applied: the change was rejected", "│ ╭─ ◉ Read README.md"},
		"codex-acp-0.16.0":        {"exit 1", "✗ Not applied: the change was rejected", "$ grep -rn TODO ."},
		"opencode-1.18.33":        {"exit 2", "✗ Not applied: the change was rejected", "@@ -5,6 +5,5 @@"},
		"gemini-0.61.0":           {"✗ Not applied: the change was rejected", "│ + # Notes"},
		"harness-0.1.1-rc.2":      {"Tool call call_fake000011, which the agent did not describe", "─ Allowed: Allow once ─", "no result ─╮"},
	} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join("..", "..", "agents", "acp", "testdata", name, "session.jsonl")
			var stdout, stderr bytes.Buffer
			code := run([]string{"replay", "--print", "--color", "never", "--width", "120", "--expand", path}, strings.NewReader(""), &stdout, &stderr)
			assert.Equal(t, exitOK, code, stderr.String())
			for _, w := range want {
				assert.Contains(t, stdout.String(), w)
			}
		})
	}
}

// TestHarnessLogPrint prints the deepseek harness's own session log of the
// run recorded over ACP: what its ACP server never sends is there — the
// sandbox's denial, the command's exit status, the rejected and the
// allowed escalations, the new file.
func TestHarnessLogPrint(t *testing.T) {
	path := filepath.Join("..", "..", "agents", "harness", "testdata", "acp-demo-0.1.1-rc.2", "session.jsonl")
	var stdout, stderr bytes.Buffer
	code := run([]string{"replay", "--print", "--color", "never", "--width", "120", "--expand", path}, strings.NewReader(""), &stdout, &stderr)
	assert.Equal(t, exitOK, code, stderr.String())
	for _, w := range []string{
		"✗ Not applied: the change was denied", "✗ Not applied: the change was rejected",
		"─ Approval: allowed once ─", "exit 2 ─╮", "notes.md  new file", "[ ] Fix sub()",
	} {
		assert.Contains(t, stdout.String(), w)
	}
}
