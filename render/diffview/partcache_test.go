package diffview

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/diffinput"
	"github.com/cardtui/cardtui/render/style"
)

// TestADiffIsComputedOnce draws a diff at two widths: the second drawing
// diffs nothing and is the same as a drawing with an empty cache.
func TestADiffIsComputedOnce(t *testing.T) {
	old := diffinput.GeneratedGo(300)
	diffs := []cards.FileDiff{wholeFile("gen.go", diffinput.JoinLines(old), diffinput.JoinLines(diffinput.ScatteredEdit(old, 5)))}
	partCache.clear()
	renderDiffs(diffs, themeOptions(style.Dark, 80, true))
	diffed := partCache.misses
	cached := renderDiffs(diffs, themeOptions(style.Light, 120, false))
	assert.Equal(t, diffed, partCache.misses, "the second drawing diffs nothing")

	partCache.clear()
	assert.Equal(t, renderDiffs(diffs, themeOptions(style.Light, 120, false)), cached)
	assert.Greater(t, partCache.misses, diffed)
}

// TestCachedHunksAreNotChanged builds a file of two parts, which changes
// the fold of the second part's first hunk, and the second part alone
// before and after: the cached hunks keep their own fold.
func TestCachedHunksAreNotChanged(t *testing.T) {
	positioned := func(start int, old, new string) cards.FileDiff {
		d := wholeFile("f.txt", old, new)
		d.OldStart, d.NewStart = start, start
		return d
	}
	first := positioned(1, "a\nb\nc\n", "a\nB\nc\n")
	second := positioned(40, strings.Repeat("x\n", 8), strings.Repeat("x\n", 4)+"y\n"+strings.Repeat("x\n", 3))
	partCache.clear()
	alone := Files([]cards.FileDiff{second})
	both := Files([]cards.FileDiff{first, second})
	require.Len(t, both, 1)
	require.Len(t, both[0].Hunks, 2)
	assert.NotEqual(t, alone[0].Hunks[0].Fold, both[0].Hunks[1].Fold, "the file folds the lines between its parts")
	assert.Equal(t, alone, Files([]cards.FileDiff{second}))
}
