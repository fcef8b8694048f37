package codex_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
)

// TestCodeModeScriptsAsTheirCalls: a code-mode script that makes one
// call is shown as Codex shows that call — the command it ran, decoded,
// with the exit code of the result object it printed; "Edit <file>" for
// a patch, whose diff is its own event's card only; the queries of a web
// search — never as its JavaScript.
func TestCodeModeScriptsAsTheirCalls(t *testing.T) {
	tr := loadCodex169(t, "code-mode-0.144")
	require.Empty(t, replaytest.Problems(tr))
	rendered := replaytest.RenderPlain(tr, 100)
	golden.Assert(t, "code-mode-0.144.w100.txt", rendered)
	assert.NotContains(t, rendered, "Run JavaScript")
	assert.NotContains(t, rendered, `\\n`, "the command as it ran, no JSON escapes left")

	cs := replaytest.ToolCards(tr)
	require.Len(t, cs, 3)
	assert.Equal(t, cards.TerminalCall{Title: `rgx --version && printf '\n-- done --\n'`, Cwd: "/w"}, cs[0].Call)
	out := cs[0].Result.(cards.TerminalResult)
	assert.Equal(t, "bash: line 1: rgx: command not found\n", out.Output)
	assert.Equal(t, ptr(127), out.ExitCode)
	assert.Equal(t, cards.StateFailed, cs[0].State())

	assert.Equal(t, cards.GenericCall{Title: "Edit calc.py", Kind: cards.KindEdit}, cs[1].Call)
	assert.Len(t, cs[1].Children, 1, "the diff, once")
	assert.Equal(t, `Search the web for "python operator module" and 1 more query`, replaytest.CallTitle(cs[2].Call))
}

// TestRewriteAndWebSearches: a patch that deletes a file and adds it
// again rewrites it (no "new file"); a web search shows every query it
// ran, an opened page its address, a search in a page its pattern.
func TestRewriteAndWebSearches(t *testing.T) {
	tr := loadCodex169(t, "patch-rewrite")
	require.Empty(t, replaytest.Problems(tr))
	golden.Assert(t, "patch-rewrite.w100.txt", replaytest.RenderPlain(tr, 100))

	cs := replaytest.ToolCards(tr)
	require.Len(t, cs, 4)
	patch := cs[0].Call.(cards.DiffCall)
	assert.Equal(t, "Edit calc.py", patch.Title)
	require.Len(t, patch.Diffs, 1)
	assert.False(t, patch.Diffs[0].Created(), "the file was there before")

	search := cs[1].Call.(cards.GenericCall)
	assert.Equal(t, `Search the web for "python operator module" and 2 more queries`, search.Title)
	assert.Equal(t, []cards.ContentBlock{cards.TextBlock{Text: "python operator module\npython functools reduce\npython math fsum"}}, search.Content)
	assert.Equal(t, "Open https://docs.python.org/3/library/operator.html", replaytest.CallTitle(cs[2].Call))
	assert.Equal(t, "Find 'add' in https://docs.python.org/3/library/operator.html", replaytest.CallTitle(cs[3].Call))
}
