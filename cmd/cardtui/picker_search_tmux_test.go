package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/cardtui/cardtui/internal/testkit/fakehome"
	"github.com/cardtui/cardtui/internal/testkit/gobuild"
	"github.com/cardtui/cardtui/internal/testkit/tmuxtest"
)

// longSession writes a Claude Code session into the project of h: a
// prompt, then calls commands, the commands numbered 0 to n-1, each
// with its output; only command deep prints word.
func longSession(t *testing.T, h fakehome.Home, calls, deep int, word string) {
	dir := filepath.Join(h.Roots["claude"], "projects", strings.ReplaceAll(h.Project, "/", "-"))
	head := fmt.Sprintf(`"cwd":%q,"sessionId":"5e55","timestamp":"2026-01-03T10:00:00.000Z"`, h.Project)
	var b strings.Builder
	fmt.Fprintf(&b, `{"type":"user",%s,"uuid":"p","parentUuid":null,"message":{"role":"user","content":"run the steps one by one"}}`+"\n", head)
	for i := range calls {
		output := fmt.Sprintf("step %d done", i)
		if i == deep {
			output = fmt.Sprintf("step %d found the %s in the logs", i, word)
		}
		fmt.Fprintf(&b, `{"type":"assistant",%s,"uuid":"a%d","message":{"id":"m%d","type":"message","role":"assistant","model":"claude-sonnet-4-5","content":[{"type":"tool_use","id":"t%d","name":"Bash","input":{"command":"./step %d","description":"Run step %d"}}]}}`+"\n",
			head, i, i, i, i, i)
		fmt.Fprintf(&b, `{"type":"user",%s,"uuid":"r%d","message":{"role":"user","content":[{"tool_use_id":"t%d","type":"tool_result","content":%q}]}}`+"\n",
			head, i, i, output)
	}
	fakehome.Write(t, filepath.Join(dir, "5e55aaaa-0000-4000-8000-000000000000.jsonl"), b.String(), time.Date(2026, 1, 3, 10, 0, 0, 0, time.UTC))
}

// TestPickerSearchOpensAtTheCard runs the picker at 80×24: s searches
// what happened in the sessions, a word only one command's output holds,
// deep in a session, finds that line; enter opens the session in the
// viewer with that command's card at the top and focused; esc comes back
// to the search with its hits; esc again to the list.
func TestPickerSearchOpensAtTheCard(t *testing.T) {
	t.Parallel()
	h := fakehome.New(t)
	longSession(t, h, 400, 331, "quokkaborealis")
	bin := gobuild.Program(t, ".")
	env := []string{"HOME=" + h.Dir, "XDG_CACHE_HOME=" + t.TempDir(), "CLAUDE_CONFIG_DIR=", "CODEX_HOME=", "DSH_HOME=", "NO_COLOR="}
	s := tmuxtest.Start(t, 80, 24, env, "sh", "-c", `cd "$0" && exec "$1" --theme dark`, h.Project, bin)
	s.WaitForText("Sessions of ~/src/tally")

	s.Type("s")
	s.WaitForText("Search what happened in the sessions of ~/src/tally")
	s.TypeText("quokkaborealis")
	screen := s.WaitForText("1 line")
	hit := rowHolding(screen, "quokkaborealis")
	assert.True(t, strings.HasPrefix(hit, "▌ run the steps"), screen)
	assert.Contains(t, hit, " · Run step 331 · ")

	s.Type("Enter")
	screen = s.WaitFor("the viewer at the card", func(screen []string) bool {
		return strings.Contains(strings.Join(screen, "\n"), "5e55aaaa") && strings.Contains(screen[0], "Run step 331")
	})
	assert.True(t, strings.HasPrefix(screen[0], "┃"), "the card at the top is focused:\n"+strings.Join(screen, "\n"))
	assert.NotContains(t, strings.Join(screen, "\n"), "Run step 330", "the card before it is above the screen")

	s.Type("Escape")
	screen = s.WaitForText("Search what happened")
	assert.Contains(t, strings.Join(screen, "\n"), "> quokkaborealis", "the query is kept")
	assert.True(t, strings.HasPrefix(rowHolding(screen, "quokkaborealis"), "▌ "), "and the hit selected")

	s.Type("Escape")
	s.WaitForText("Sessions of ~/src/tally")
	s.Type("q")
	s.WaitForText("[exited 0]")
}

// rowHolding is the first row of screen that holds text after its first
// three rows (the title, the query and the count).
func rowHolding(screen []string, text string) string {
	for _, row := range screen[min(3, len(screen)):] {
		if strings.Contains(row, text) {
			return row
		}
	}
	return ""
}
