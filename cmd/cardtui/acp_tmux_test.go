package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/internal/testkit"
	"github.com/cardtui/cardtui/internal/testkit/acptest"
	"github.com/cardtui/cardtui/internal/testkit/gobuild"
	"github.com/cardtui/cardtui/internal/testkit/tmuxtest"
)

func TestACPLiveWithTheExampleAgent(t *testing.T) {
	testkit.SkipLong(t, "the example agent takes seconds per turn")
	t.Parallel()
	agent := acptest.ExampleAgent(t)
	dir := t.TempDir()
	bin := gobuild.Program(t, ".")
	for _, tc := range []struct {
		name, key, reply, choice string
	}{
		{"enter allows", "Enter", "successfully updated", "Allowed: Allow this change (allow once)"},
		{"esc rejects", "Escape", "skip the configuration update", "Rejected: Skip this change (reject once)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel() // each waits on its own agent and tmux session
			record := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "-")+".jsonl")
			s := tmuxtest.Start(t, 120, 50, nil, bin, "acp", "--cwd", t.TempDir(), "--record", record, "--", agent)
			s.SetPatience(30 * time.Second) // the agent pauses for seconds on purpose
			s.WaitForText("ready")
			s.Type("improve the config", "Enter")
			s.WaitForText("Reading project files")
			// Nothing typed for half a second: the request has the keys, no ctrl+y needed.
			s.WaitForText("1. Allow this change", "2. Skip this change", "Answer: 1 Allow this change")
			s.Type(tc.key)
			live := strings.Join(s.WaitForText(tc.reply, tc.choice), "\n")
			s.Type("C-d")
			s.WaitForText("[exited 0]")

			out, err := exec.Command(bin, "replay", "--print", "--format", "plain", "--width", "119", record).CombinedOutput()
			require.NoError(t, err, "%s", out)
			for _, text := range []string{"Reading project files", "Modifying critical configuration file", tc.choice, tc.reply} {
				assert.Contains(t, live, text)
				assert.Contains(t, string(out), text, "the replay prints the cards of the live session")
			}
			assert.Equal(t, cardLines(live), cardLines(string(out))[len(cardLines(string(out)))-len(cardLines(live)):],
				"the cards on the live screen are the last cards the replay prints")
		})
	}
}

// cardLines are the lines of the cards on a screen or in a print: the
// framed rows, without the focus gutter and trailing space.
func cardLines(text string) []string {
	var lines []string
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(strings.TrimPrefix(strings.TrimPrefix(line, "┃"), " "), " ")
		if strings.HasPrefix(line, "│") || strings.HasPrefix(line, "╭") || strings.HasPrefix(line, "╰") {
			lines = append(lines, line)
		}
	}
	return lines
}
