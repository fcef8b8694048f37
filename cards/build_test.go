package cards_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
)

func TestConstructorsBuildValidViews(t *testing.T) {
	call := cards.NewDiff("Edit a.go", cards.Edit("a.go", "x\n", "y\n"), cards.Created("b.go", "z\n"))
	require.Len(t, call.Diffs, 2)
	assert.Equal(t, "x\n", *call.Diffs[0].OldText)
	assert.True(t, call.Diffs[1].IsNewFile())
	assert.NoError(t, cards.CheckCall(call))

	result := cards.TerminalResult{Output: "ok\n", ExitCode: cards.Exit(3)}
	assert.Equal(t, 3, *result.ExitCode)
	assert.NoError(t, cards.CheckResult(result))

	generic := cards.GenericResult{Content: cards.Plain("**done**")}
	assert.Equal(t, []cards.ContentBlock{cards.TextBlock{Text: "**done**"}}, generic.Content)
	assert.NoError(t, cards.CheckResult(cards.NewDiffResult("", cards.Edit("a.go", "x", "y"))))
}

func TestExitReturnsADistinctPointerEachTime(t *testing.T) {
	a, b := cards.Exit(0), cards.Exit(0)
	*a = 1
	assert.Equal(t, 0, *b)
}

// TestMarkdownIsMarkdownAndPlainIsNot pins the one rule for text: a block
// is plain unless it says it is Markdown, and the constructors' names say
// which they make.
func TestMarkdownIsMarkdownAndPlainIsNot(t *testing.T) {
	assert.Equal(t, []cards.ContentBlock{cards.TextBlock{Text: "**200 OK**", Markdown: true}}, cards.Markdown("**200 OK**"))
	assert.Equal(t, []cards.ContentBlock{cards.TextBlock{Text: "**200 OK**"}}, cards.Plain("**200 OK**"))
	assert.Equal(t, cards.Plain("x"), cards.Text("x"), "the deprecated Text is Plain")
	assert.NoError(t, cards.CheckResult(cards.GenericResult{Content: cards.Markdown("**200 OK**")}))
}
