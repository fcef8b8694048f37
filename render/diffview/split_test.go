package diffview_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render/diffview"
	"github.com/cardtui/cardtui/render/style"
	"github.com/cardtui/cardtui/render/textcut"
)

// splitOptions are plain options that force the split layout.
func splitOptions(width int, expanded bool) style.Options {
	o := plainOptions(width, expanded)
	o.DiffLayout = style.DiffSplit
	return o
}

// TestSplitRowsShowEveryLineOncePerSide checks, over random diffs, that
// the split layout puts every old line (context or removed) once on the
// left and every new line once on the right, in order, and faces paired
// lines with each other.
func TestSplitRowsShowEveryLineOncePerSide(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(5, 8))
	for i := range 1000 {
		old, new := randomText(r, 30), randomText(r, 30)
		for _, h := range diffview.Files([]cards.FileDiff{wholeFile("f", old, new)})[0].Hunks {
			d := diffview.Decorate(h.Lines, nil)
			var left, right []int
			for _, row := range diffview.SplitRows(d) {
				require.False(t, row.Left < 0 && row.Right < 0, "pair %d: an empty row", i)
				if row.Left >= 0 {
					require.NotEqual(t, diffview.LineAdded, d.Lines[row.Left].Kind)
					left = append(left, row.Left)
				}
				if row.Right >= 0 {
					require.NotEqual(t, diffview.LineRemoved, d.Lines[row.Right].Kind)
					right = append(right, row.Right)
				}
				if row.Left >= 0 && row.Right >= 0 && row.Left != row.Right {
					require.Equal(t, row.Right, d.Partner[row.Left], "pair %d: only partners face each other", i)
				}
			}
			require.Equal(t, linesOfKinds(d.Lines, diffview.LineContext, diffview.LineRemoved), left, "pair %d: left side", i)
			require.Equal(t, linesOfKinds(d.Lines, diffview.LineContext, diffview.LineAdded), right, "pair %d: right side", i)
		}
	}
}

// linesOfKinds are the indices of the lines of the two kinds, in order.
func linesOfKinds(lines []diffview.Line, a, b diffview.LineKind) []int {
	var out []int
	for i, l := range lines {
		if l.Kind == a || l.Kind == b {
			out = append(out, i)
		}
	}
	return out
}

func TestSplitCard(t *testing.T) {
	old := "keep\nold one\nremoved only\nkeep too\n"
	new := "keep\nnew one\nkeep too\nadded only\n"
	card := renderDiffs([]cards.FileDiff{{Path: "s.txt", OldText: &old, NewText: new, OldStart: 1, NewStart: 1}}, splitOptions(100, false))
	requireWithin(t, card, 100)
	rows := bodyRows(card)
	half := diffview.SplitHalves(textcut.InnerWidth(splitOptions(100, false)))
	side := func(row string) (string, string) {
		l, r, ok := strings.Cut(row, "│")
		require.True(t, ok, "no rule in %q", row)
		require.Equal(t, half, len(l), "the left half has a fixed width: %q", row)
		return strings.TrimRight(l, " "), strings.TrimPrefix(r, " ")
	}
	want := [][2]string{
		{"1   keep", "1   keep"},
		{"2 - old one", "2 + new one"},
		{"3 - removed only", ""},
		{"4   keep too", "3   keep too"},
		{"", "4 + added only"},
	}
	require.Len(t, rows, 2+len(want)+2)
	for i, w := range want {
		l, r := side(rows[2+i])
		assert.Equal(t, w, [2]string{l, r}, "row %d", i)
	}
}

func TestSplitCardWrapsEachHalf(t *testing.T) {
	long := strings.Repeat("word ", 30)
	diffs := []cards.FileDiff{wholeFile("w.txt", "short\n"+long+"\n", "short!\n"+long+"x\n")}
	for _, width := range []int{160, 200} {
		o := splitOptions(width, true)
		card := renderDiffs(diffs, o)
		requireWithin(t, card, width)
		rows := bodyRows(card)
		assert.Contains(t, rows[1], "- short")
		assert.Contains(t, rows[1], "+ short!")
		assert.Contains(t, rows[2], "- word word")
		assert.Contains(t, rows[3], "↪")
		collapsed := renderDiffs(diffs, splitOptions(width, false))
		assert.Contains(t, collapsed, "↪", "a changed line takes up to three rows collapsed")
		cut := renderDiffs([]cards.FileDiff{wholeFile("w.txt", "a\n", "a\n"+strings.Repeat(long, 8)+"\n")}, splitOptions(width, false))
		assert.Contains(t, cut, "…", "and is cut after them")
	}
}

func TestSplitLayoutChoice(t *testing.T) {
	diffs := []cards.FileDiff{wholeFile("c.txt", "a\nb\n", "a\nc\n")}
	isSplit := func(o style.Options) bool { return strings.Contains(bodyRows(renderDiffs(diffs, o))[2], "│") }
	auto := plainOptions(style.SplitMinWidth, false)
	assert.True(t, isSplit(auto), "auto splits from SplitMinWidth")
	auto.Width = style.SplitMinWidth - 1
	assert.False(t, isSplit(auto), "and not below")
	forced := splitOptions(80, false)
	assert.True(t, isSplit(forced))
	forced.Width = 40
	assert.False(t, isSplit(forced), "halves narrower than minSplitHalf are unified")
	unified := plainOptions(200, false)
	unified.DiffLayout = style.DiffUnified
	assert.False(t, isSplit(unified))

	oneSided := renderDiffs([]cards.FileDiff{{Path: "n.txt", NewText: "x\ny\n"}, wholeFile("d.txt", "a\nb\n", "a\n")}, splitOptions(120, false))
	for _, row := range bodyRows(oneSided) {
		assert.NotContains(t, row, "│", "a file with one side is unified")
	}
}
