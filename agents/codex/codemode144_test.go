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
