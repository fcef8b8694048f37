package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestACPRecordedSettingsAndResume prints what the real agents recorded
// when the composer switched their model and mode (/model, /mode, each
// a notice of what it became) and when `cardtui acp --resume` continued
// the session (session/load: the history replays as the conversation and
// its cards, the user's prompts as the user's, and the notice that it was
// loaded — Gemini CLI answers the load before it replays the history).
func TestACPRecordedSettingsAndResume(t *testing.T) {
	for _, tc := range []struct {
		recording string
		want      []string
	}{
		{"claude-agent-acp-0.23.1/session.jsonl", []string{"─ Model: Haiku ─", "─ Mode: Plan Mode ─"}},
		{"codex-acp-0.16.0/session.jsonl", []string{"─ Model: GPT-5.4-Mini ─"}},
		{"gemini-0.61.0/session.jsonl", []string{"─ Model: gemini-2.5-pro ─", "─ Mode: Plan ─"}},
		{"claude-agent-acp-0.23.1/resume.jsonl", []string{"Clean up the calculator", "exit 1", "╭─ ✎ Write notes.md", "removed the TODO in sub()", "loaded. ─"}},
		{"gemini-0.61.0/resume.jsonl", []string{"loaded. ─", "▌ Tidy the calculator", "╭─ ✎ WriteFile", "removed the TODO in sub()"}},
		{"opencode-1.18.33/resume.jsonl", []string{"▌ Tidy the calculator", "exit 2", "removed the TODO in sub()", "loaded. ─"}},
		{"codex-acp-0.16.0/resume.jsonl", []string{"Tidy the calculator", "Go on with the rest of the plan.", "╭─ ✎ Edit notes.md", "removed the TODO in sub()", "loaded. ─"}},
	} {
		t.Run(tc.recording, func(t *testing.T) {
			path := filepath.Join("..", "..", "agents", "acp", "testdata", tc.recording)
			var stdout, stderr bytes.Buffer
			code := run([]string{"replay", "--print", "--color", "never", "--width", "120", path}, strings.NewReader(""), &stdout, &stderr)
			assert.Equal(t, exitOK, code, stderr.String())
			last := -1
			for _, w := range tc.want {
				i := strings.Index(stdout.String(), w)
				assert.Greater(t, i, last, "%q comes after the lines before it", w)
				last = max(i, last)
			}
		})
	}
}
