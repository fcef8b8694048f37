package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/cardtui/cardtui/internal/testkit/fakehome"
	"github.com/cardtui/cardtui/internal/testkit/gobuild"
	"github.com/cardtui/cardtui/internal/testkit/tmuxtest"
)

// startInHome runs `cardtui` with no argument in a terminal of 100×30,
// in dir, with home as the user's home and no agent home moved.
func startInHome(t *testing.T, home, dir string) *tmuxtest.Session {
	bin := gobuild.Program(t, ".")
	env := []string{"HOME=" + home, "XDG_CACHE_HOME=" + t.TempDir(), "CLAUDE_CONFIG_DIR=", "CODEX_HOME=", "DSH_HOME=", "XDG_DATA_HOME=", "NO_COLOR="}
	return tmuxtest.Start(t, 100, 30, env, "sh", "-c", `cd "$0" && exec "$1" --theme dark`, dir, bin)
}

// TestPickerInATerminal runs cardtui with no input in a fake home: the
// picker opens on the project's sessions, a filter narrows them, enter
// opens the one left in the viewer, esc returns to the list and q quits.
func TestPickerInATerminal(t *testing.T) {
	t.Parallel()
	h := fakehome.New(t)
	s := startInHome(t, h.Dir, h.Project)

	screen := strings.Join(s.WaitForText("Sessions of ~/src/tally"), "\n")
	assert.Contains(t, screen, claudeLabel)
	assert.Contains(t, screen, codexLabel)

	s.Type("/")
	s.TypeText("tests fail")
	screen = strings.Join(s.WaitForText("1 filtered"), "\n")
	assert.NotContains(t, screen, claudeLabel, "the filter narrowed the list")

	s.Type("Enter")
	s.Settle()
	s.Type("Enter")
	screen = strings.Join(s.WaitFor("the viewer", func(screen []string) bool {
		text := strings.Join(screen, "\n")
		return strings.Contains(text, "▌ The tests fail since the last commit.") && !strings.Contains(text, "Sessions of")
	}), "\n")
	assert.Contains(t, screen, "rollout-2025-10-06T09-14-02-0199a213.jsonl", "the viewer's status line names the session")
	assert.NotContains(t, screen, "Sessions of", "the viewer has the window")

	s.Type("Escape")
	screen = strings.Join(s.WaitForText("Sessions of ~/src/tally"), "\n")
	assert.Contains(t, screen, "1 filtered", "back to the list as it was left")

	s.Type("q")
	s.WaitForText("[exited 0]")
}

// TestNoSessionsInATerminal runs cardtui with no input in an empty home:
// the demo opens, under a notice that says where cardtui looked.
func TestNoSessionsInATerminal(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	s := startInHome(t, home, home)

	screen := strings.Join(s.WaitForText("cardtui found no sessions in"), "\n")
	assert.Contains(t, screen, home+"/.claude/projects/")
	assert.Contains(t, screen, "this is the built-in")
	s.Type("q")
	s.WaitForText("[exited 0]")
}
