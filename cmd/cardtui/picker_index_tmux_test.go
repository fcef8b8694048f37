package main

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/internal/testkit"
	"github.com/cardtui/cardtui/internal/testkit/benchinput"
	"github.com/cardtui/cardtui/internal/testkit/gobuild"
	"github.com/cardtui/cardtui/internal/testkit/tmuxtest"
)

// generatedHome writes a home of n sessions cloned from the recorded
// ones, of about size bytes each, and returns its directory.
func generatedHome(t *testing.T, n, size int) string {
	t.Helper()
	samples, err := benchinput.HomeSamples("../..")
	require.NoError(t, err)
	home := t.TempDir()
	_, err = benchinput.Home(home, n, size, samples, time.Date(2026, 12, 4, 20, 0, 0, 0, time.UTC))
	require.NoError(t, err)
	return home
}

// TestPickerRowsBeforeTheIndex runs the picker on a cold cache over 300
// sessions: it shows rows while the index is still being made, and the
// session opened then is the one opened once the index is done.
func TestPickerRowsBeforeTheIndex(t *testing.T) {
	testkit.SkipLong(t, "writes 300 sessions and runs the picker in tmux")
	t.Parallel()
	home := generatedHome(t, 300, 100<<10)
	bin := gobuild.Program(t, ".")
	env := []string{"HOME=" + home, "XDG_CACHE_HOME=" + t.TempDir(), "CLAUDE_CONFIG_DIR=", "CODEX_HOME=", "DSH_HOME=", "NO_COLOR="}
	s := tmuxtest.Start(t, 100, 30, env, "sh", "-c", `cd "$0" && exec "$1" --theme dark`, home, bin)

	screen := strings.Join(s.WaitForText("indexing "), "\n")
	assert.Regexp(t, `All sessions · indexing \d+ of 300`, screen)
	assert.Contains(t, screen, "Clean up the calculator", "a first prompt from a file's head")
	before := openFirst(s)
	assert.Regexp(t, `session in /home/dev/project\d\d`, strings.Join(before, "\n"))
	s.Type("Escape")
	s.WaitForText("All sessions")
	for deadline := time.Now().Add(2 * time.Minute); strings.Contains(strings.Join(s.Screen(), "\n"), "indexing"); time.Sleep(200 * time.Millisecond) {
		require.True(t, time.Now().Before(deadline), "the index is never done")
	}
	assert.Equal(t, before, openFirst(s))
	s.Type("q")
}

// openFirst opens the selected session and returns the viewer's screen
// once it is still.
func openFirst(s *tmuxtest.Session) []string {
	s.Type("Enter")
	s.WaitFor("the viewer", func(screen []string) bool { return !strings.Contains(strings.Join(screen, "\n"), "All sessions") })
	return s.Settle()
}
