package viewer_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/cardtui/cardtui/internal/testkit/gobuild"
	"github.com/cardtui/cardtui/internal/testkit/tmuxtest"
)

// TestTheExampleHarnessEndsEveryCall runs examples/embed, the viewer
// embedded in a program of its own, in a terminal: every card it starts
// reaches its final state (the command's exit status, the edit done), no
// card is left running; q typed into the viewer's search is a letter of
// the query, and q outside it quits. (It lives here, beside the harness
// of example_harness_test.go, so that the example needs no test binary
// of its own.)
func TestTheExampleHarnessEndsEveryCall(t *testing.T) {
	bin := gobuild.Program(t, "../examples/embed")
	s := tmuxtest.Start(t, 80, 30, nil, bin)
	s.WaitFor("the edit ended", func(screen []string) bool {
		return regexp.MustCompile(`Edit count.go ─+ done ─╮`).MatchString(strings.Join(screen, "\n"))
	})
	done := strings.Join(s.Settle(), "\n")
	assert.NotContains(t, done, "running")
	assert.Contains(t, done, "exit 1", "the command's exit status")
	assert.Regexp(t, `Edit count.go ─+ done ─╮`, done)
	assert.Regexp(t, `Plan ─+ done ─╮`, done)
	assert.Contains(t, done, "Run the tests, fix what fails.", "the note is Markdown: no stars")
	assert.Contains(t, done, "q quit • ? keys", "the harness's help line, then the viewer's keys")

	s.TypeText("/q")
	s.WaitForText("/q")
	s.Type("Enter")
	s.WaitForText("n next match")
	s.Type("q")
	s.WaitForText("[exited 0]")
}
