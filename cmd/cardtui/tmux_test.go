package main

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/cardtui/cardtui/internal/testkit/gobuild"
	"github.com/cardtui/cardtui/internal/testkit/tmuxtest"
)

// TestTheStatusAndHelpLinesInATerminal opens the viewer on a session with
// a bad line at 40, 80 and 200 columns: the status line's counters and the
// help line's q and ? are on screen at every width.
func TestTheStatusAndHelpLinesInATerminal(t *testing.T) {
	t.Parallel()
	const path = "../../testdata/sessions/malformed-middle.jsonl"
	bin := gobuild.Program(t, ".")
	for _, width := range []int{40, 80, 200} {
		t.Run(fmt.Sprint(width), func(t *testing.T) {
			t.Parallel() // each waits on its own tmux session
			s := tmuxtest.Start(t, width, 24, nil, bin, "replay", "--theme", "dark", path)
			loaded := regexp.MustCompile(`^card \d+/\d+ · 1 problem`)
			screen := s.WaitFor("the session's cards, loaded", func(screen []string) bool {
				return loaded.MatchString(screen[len(screen)-2])
			})
			help, status := screen[len(screen)-1], screen[len(screen)-2]
			assert.True(t, strings.HasPrefix(help, "q quit • ? keys"), help)
			if width >= 80 {
				assert.Contains(t, status, "malformed-middle.jsonl", "the base name when there is room")
			}
			assert.NotContains(t, status, "testdata/", "never the path")

			s.Type("?")
			full := strings.Join(s.WaitForText("source "), "\n")
			assert.Contains(t, full, path[:min(width-len("source ")-1, len(path))], "the full help names the whole path")
			s.Type("q")
			s.WaitForText("[exited 1]") // the session had a bad line
		})
	}
}
