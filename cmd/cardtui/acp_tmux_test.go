package main

import (
	"fmt"
	"os"
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
)

// tmuxScreen is a detached tmux session on a server of its own, running
// one command.
type tmuxScreen struct {
	t      *testing.T
	socket string
}

// startTmux runs command in a detached 120×50 tmux session; when the
// command ends the pane says "exited N".
func startTmux(t *testing.T, command string) *tmuxScreen {
	t.Helper()
	testkit.SkipLong(t, "runs the front-end in tmux")
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed: the live `cardtui acp` test drives the front-end in tmux (.ci/run installs it)")
	}
	s := &tmuxScreen{t: t, socket: fmt.Sprintf("cardtui-test-%d-%d", os.Getpid(), time.Now().UnixNano())}
	s.run("-f", "/dev/null", "new-session", "-d", "-x", "120", "-y", "50", command+`; echo "exited $?"; sleep 600`)
	t.Cleanup(func() { _ = exec.Command("tmux", "-L", s.socket, "kill-server").Run() })
	return s
}

func (s *tmuxScreen) run(args ...string) string {
	s.t.Helper()
	out, err := exec.Command("tmux", append([]string{"-L", s.socket}, args...)...).CombinedOutput()
	require.NoError(s.t, err, "tmux %s: %s", strings.Join(args, " "), out)
	return string(out)
}

// keys sends keys as tmux send-keys names them.
func (s *tmuxScreen) keys(keys ...string) {
	s.run(append([]string{"send-keys", "-t", "0"}, keys...)...)
}

// screen is the pane's text.
func (s *tmuxScreen) screen() string { return s.run("capture-pane", "-p", "-t", "0") }

// waitFor waits until the screen shows every text.
func (s *tmuxScreen) waitFor(texts ...string) string {
	s.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		screen := s.screen()
		missing := ""
		for _, text := range texts {
			if !strings.Contains(screen, text) {
				missing = text
				break
			}
		}
		if missing == "" {
			return screen
		}
		if time.Now().After(deadline) {
			require.FailNow(s.t, "the screen does not show "+missing, "%s", screen)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

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
			t.Parallel() // each waits on its own agent and tmux server
			record := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "-")+".jsonl")
			s := startTmux(t, fmt.Sprintf("%s acp --cwd %s --record %s -- %s", bin, t.TempDir(), record, agent))
			s.waitFor("ready")
			s.keys("improve the config", "Enter")
			s.waitFor("Reading project files")
			// Nothing typed for half a second: the request has the keys, no ctrl+y needed.
			s.waitFor("1. Allow this change", "2. Skip this change", "Answer: 1 Allow this change")
			s.keys(tc.key)
			live := s.waitFor(tc.reply, tc.choice)
			s.keys("C-d")
			s.waitFor("exited 0")

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
