package codex_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
)

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
