package diffview_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cardtui/cardtui/internal/testkit"
	"github.com/cardtui/cardtui/internal/testkit/diffinput"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render/diffview"
)

// lcsLength is the length of a longest common subsequence of a and b, by
// dynamic programming.
func lcsLength(a, b []string) int {
	prev, cur := make([]int, len(b)+1), make([]int, len(b)+1)
	for i := range a {
		for j := range b {
			if a[i] == b[j] {
				cur[j+1] = prev[j] + 1
			} else {
				cur[j+1] = max(prev[j+1], cur[j])
			}
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// applyFile replays a file's model on the old lines: folded lines are
// copied, context and removed lines must match the old text, added lines
// are inserted. It returns the new lines the model describes.
func applyFile(t *testing.T, f diffview.File, old []string) []string {
	t.Helper()
	out := []string{}
	pos := 0
	for _, h := range f.Hunks {
		require.NotEqual(t, diffview.UnknownFold, h.Fold)
		out = append(out, old[pos:pos+h.Fold]...)
		pos += h.Fold
		for _, l := range h.Lines {
			switch l.Kind {
			case diffview.LineAdded:
				out = append(out, l.Text)
			case diffview.LineContext:
				require.Equal(t, old[pos], l.Text, "context line %d", pos+1)
				out = append(out, l.Text)
				pos++
			case diffview.LineRemoved:
				require.Equal(t, old[pos], l.Text, "removed line %d", pos+1)
				pos++
			}
		}
	}
	require.NotEqual(t, diffview.UnknownFold, f.Trailing)
	out = append(out, old[pos:pos+f.Trailing]...)
	require.Equal(t, len(old), pos+f.Trailing, "the model must cover every old line")
	return out
}

// bareLines are the lines of s without their line breaks.
func bareLines(s string) []string {
	lines := diffview.SplitLines(s)
	for i, l := range lines {
		lines[i] = strings.TrimSuffix(l, "\n")
	}
	return lines
}

// randomText is up to maxLines lines, most drawn from a small alphabet so
// that old and new share many lines, some likely on one side only; the
// final newline is random.
func randomText(r *rand.Rand, maxLines int) string {
	words := []string{"a", "b", "c", "d", "}", "", "return x"}
	n := r.IntN(maxLines + 1)
	lines := make([]string, n)
	for i := range lines {
		lines[i] = words[r.IntN(len(words))]
		if r.IntN(5) == 0 {
			lines[i] = fmt.Sprintf("u%d", r.IntN(100))
		}
	}
	s := strings.Join(lines, "\n")
	if n > 0 && r.IntN(4) != 0 {
		s += "\n"
	}
	return s
}

func TestDiffCountsAreMinimal(t *testing.T) {
	pairs := []struct{ old, new string }{
		{"", "a\n"},
		{"a\n", ""},
		{"a\nb\nc\n", "a\nc\n"},
		{"a\nb\nc\n", "c\nb\na\n"},
		{"a\nb\nc\na\nb\nb\na\n", "c\nb\na\nb\na\nc\n"},
		{"x\ny\nz\n", "x\ny\nz"},
		{goOldSample, goNewSample},
	}
	for _, p := range pairs {
		f := diffview.Files([]cards.FileDiff{wholeFile("f", p.old, p.new)})[0]
		old, new := diffview.SplitLines(p.old), diffview.SplitLines(p.new)
		lcs := lcsLength(old, new)
		assert.Equal(t, len(new)-lcs, f.Added, "added lines of %q -> %q", p.old, p.new)
		assert.Equal(t, len(old)-lcs, f.Removed, "removed lines of %q -> %q", p.old, p.new)
	}
}

// fragmentLines are the lines of a fragment's two sides as they are
// compared: when neither ends with a newline, the last lines compare as
// if both did.
func fragmentLines(old, new string) ([]string, []string) {
	if old != "" && new != "" && !diffview.EndsWithNewline(old) && !diffview.EndsWithNewline(new) {
		old, new = old+"\n", new+"\n"
	}
	return diffview.SplitLines(old), diffview.SplitLines(new)
}

func TestFragmentWithoutFinalNewlines(t *testing.T) {
	old := "# calc"
	f := diffview.Files([]cards.FileDiff{{Path: "README.md", OldText: &old, NewText: "# calc\n\nStatus: done.\nOwner: me."}})[0]
	assert.Equal(t, 3, f.Added, "an edit that appends lines after its old string adds them")
	assert.Equal(t, 0, f.Removed, "and keeps the old string")
	numbered := diffview.Files([]cards.FileDiff{{Path: "f", OldText: &old, NewText: "# calc\nx", OldStart: 1, NewStart: 1}})[0]
	assert.Equal(t, 1, numbered.Removed, "a whole file's missing final newline is a change, as git shows it")
}

// TestDiffModelProperties checks, over random pairs of texts, that the
// model turns the old lines into the new ones, that its counts are those
// of a minimal diff, and that hunks keep at most diffContext lines of
// context at their edges.
func TestDiffModelProperties(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(7, 11))
	for i := range 2000 {
		old, new := randomText(r, 30), randomText(r, 30)
		f := diffview.Files([]cards.FileDiff{wholeFile("f", old, new)})[0]
		require.Equal(t, bareLines(new), applyFile(t, f, bareLines(old)), "pair %d: %q -> %q", i, old, new)
		oldLines, newLines := fragmentLines(old, new)
		lcs := lcsLength(oldLines, newLines)
		require.Equal(t, len(newLines)-lcs, f.Added, "pair %d", i)
		require.Equal(t, len(oldLines)-lcs, f.Removed, "pair %d", i)
		for _, h := range f.Hunks {
			require.LessOrEqual(t, leadingContext(h.Lines), diffview.Context)
			require.LessOrEqual(t, leadingContext(reversed(h.Lines)), diffview.Context)
		}
	}
}

// leadingContext counts the context lines at the start of lines.
func leadingContext(lines []diffview.Line) int {
	n := 0
	for n < len(lines) && lines[n].Kind == diffview.LineContext {
		n++
	}
	return n
}

// reversed is lines in reverse order.
func reversed(lines []diffview.Line) []diffview.Line {
	out := make([]diffview.Line, len(lines))
	for i, l := range lines {
		out[len(lines)-1-i] = l
	}
	return out
}

// TestDiffLargeFileRoundTrip checks the model of a 100,000-line edit: more
// distinct lines than fit in go-diff's one- to three-byte line encoding.
func TestDiffLargeFileRoundTrip(t *testing.T) {
	testkit.SkipLong(t, "a 100,000-line file")
	old := diffinput.GeneratedGo(100_000)
	edited := diffinput.ScatteredEdit(old, 3)
	f := diffview.Files([]cards.FileDiff{wholeFile("gen.go", diffinput.JoinLines(old), diffinput.JoinLines(edited))})[0]
	require.Equal(t, edited, applyFile(t, f, old))
	if f.Rough {
		// The line diff ran out of its time budget (a loaded machine): the
		// rest of the file is one change, still applied exactly above.
		t.Logf("the diff is rough: %d hunks", len(f.Hunks))
		return
	}
	assert.Greater(t, len(f.Hunks), 1000)
}

func TestDiffModelNumbers(t *testing.T) {
	old := "a\nb\nc\nd\ne\nf\ng\n"
	applied := cards.FileDiff{Path: "f", OldText: &old, NewText: "a\nb\nc\nD\ne\nf\ng\n", OldStart: 10, NewStart: 12}
	h := diffview.Files([]cards.FileDiff{applied})[0].Hunks
	require.Len(t, h, 1)
	assert.Equal(t, "@@ -10,7 +12,7 @@", diffview.HunkHeader(h[0]))
	assert.Equal(t, diffview.Line{Kind: diffview.LineRemoved, Text: "d", Old: 13}, h[0].Lines[3])
	assert.Equal(t, diffview.Line{Kind: diffview.LineAdded, Text: "D", New: 15}, h[0].Lines[4])

	unknown := diffview.Files([]cards.FileDiff{wholeFile("f", old, "a\nb\nc\nD\ne\nf\ng\n")})[0].Hunks[0]
	for _, l := range unknown.Lines {
		assert.Zero(t, l.Old+l.New, "no numbers without starts")
	}
	assert.False(t, unknown.KnownStarts())

	created := diffview.Files([]cards.FileDiff{{Path: "n", NewText: "x\ny\n"}})[0].Hunks[0]
	assert.Equal(t, []int{1, 2}, []int{created.Lines[0].New, created.Lines[1].New})
	assert.Equal(t, "@@ -0,0 +1,2 @@", diffview.HunkHeader(created))
}

func TestDiffModelFolds(t *testing.T) {
	old := diffinput.Numbered("line", 30)
	new := strings.Replace(strings.Replace(old, "line 6\n", "six\n", 1), "line 25\n", "twenty-five\n", 1)
	f := diffview.Files([]cards.FileDiff{wholeFile("f", old, new)})[0]
	require.Len(t, f.Hunks, 2)
	assert.Equal(t, 2, f.Hunks[0].Fold, "lines 1 and 2 are folded above the first hunk")
	assert.Equal(t, 12, f.Hunks[1].Fold, "lines 10 to 21 are folded between the hunks")
	assert.Equal(t, 2, f.Trailing, "lines 29 and 30 are folded at the end")

	new = strings.Replace(strings.Replace(old, "line 5\n", "five\n", 1), "line 26\n", "twenty-six\n", 1)
	f = diffview.Files([]cards.FileDiff{wholeFile("f", old, new)})[0]
	require.Len(t, f.Hunks, 2)
	assert.Equal(t, 0, f.Hunks[0].Fold, "a fold never hides a single line: line 1 is shown")
	assert.Equal(t, 0, f.Trailing, "line 30 is shown")
	assert.Equal(t, "line 1", f.Hunks[0].Lines[0].Text)
}

func TestDiffModelGroupsAppliedHunks(t *testing.T) {
	a, b := "p\nq\nr\nx\ns\nt\nu\n", "g\nh\ni\ny\nj\nk\nl\n"
	files := diffview.Files([]cards.FileDiff{
		{Path: "c.go", OldText: &a, NewText: strings.Replace(a, "x", "X", 1), OldStart: 10, NewStart: 10},
		{Path: "other.go", OldText: &a, NewText: a + "z\n"},
		{Path: "c.go", OldText: &b, NewText: strings.Replace(b, "y", "Y\nY2", 1), OldStart: 40, NewStart: 40},
	})
	require.Len(t, files, 2)
	c := files[0]
	assert.Equal(t, "c.go", c.Path)
	require.Len(t, c.Hunks, 2)
	assert.Equal(t, []int{3, 2}, []int{c.Added, c.Removed})
	assert.Equal(t, 23, c.Hunks[1].Fold, "lines 17 to 39 lie between the hunks")

	noStart := diffview.Files([]cards.FileDiff{wholeFile("c.go", a, "p\n"), wholeFile("c.go", b, "g\n")})[0]
	assert.Equal(t, diffview.UnknownFold, noStart.Hunks[1].Fold)
}

const goOldSample = "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Println(\"hello\")\n}\n"

const goNewSample = "package main\n\nimport (\n\t\"fmt\"\n\t\"os\"\n)\n\nfunc main() {\n\tfmt.Println(\"hello, world\")\n\tos.Exit(run())\n}\n"
