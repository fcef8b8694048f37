package diffview_test

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/diffinput"
	"github.com/cardtui/cardtui/render"
)

// plainRows renders a result card without colour and returns its rows
// without the border.
func plainRows(t *testing.T, card cards.ToolCard) []string {
	t.Helper()
	out := render.Entry(card, render.Options{Width: 100, Profile: colorprofile.NoTTY, Theme: render.Dark, Terminal: true})
	var rows []string
	for row := range strings.SplitSeq(out, "\n") {
		rows = append(rows, strings.TrimRight(strings.Trim(row, "│"), " "))
	}
	return rows
}

// indexOf is the index of the first row that contains s, -1 if none does.
func indexOf(rows []string, s string) int {
	return slices.IndexFunc(rows, func(row string) bool { return strings.Contains(row, s) })
}

func TestRecordedHunksAreDrawnAsRecorded(t *testing.T) {
	rows := plainRows(t, diffinput.RecordedSample)
	first := indexOf(rows, "package server")
	require.GreaterOrEqual(t, first, 0, "all five recorded context lines are drawn, none folded:\n%s", strings.Join(rows, "\n"))
	assert.Equal(t, -1, indexOf(rows, "unchanged line"), "nothing of a recorded hunk is folded")
	order := []string{
		"- func Serve(addr string) error {", "+ func Serve(addr string, h http.Handler) error {",
		"- return http.ListenAndServe(addr, nil)", "+ return http.ListenAndServe(addr, h)",
	}
	at := -1
	for _, want := range order {
		i := slices.IndexFunc(rows, func(row string) bool { return strings.Contains(strings.Join(strings.Fields(row), " "), want) })
		require.Greater(t, i, at, "%q comes after the line recorded before it:\n%s", want, strings.Join(rows, "\n"))
		at = i
	}
	assert.GreaterOrEqual(t, indexOf(rows, "server.go  +2 -2"), 0, "the counts are the recorded lines'")

	recomputed := diffinput.RecordedSample
	recomputed.Result = cards.DiffResult{Title: "Edit server.go", Diffs: withoutLines(diffinput.RecordedHunks)}
	assert.NotEqual(t, plainRows(t, recomputed), rows, "the recorded hunks draw otherwise than a recompute")
}

// withoutLines drops the recorded lines of diffs.
func withoutLines(diffs []cards.FileDiff) []cards.FileDiff {
	out := slices.Clone(diffs)
	for i := range out {
		out[i].Lines = nil
	}
	return out
}

// bigRecordedHunk is a recorded hunk of n changed lines between kept
// ones, removals and additions interleaved.
func bigRecordedHunk(n int) cards.FileDiff {
	lines := make([]string, 0, 3*n)
	for i := range n {
		lines = append(lines, " kept line "+strconv.Itoa(i), "-old value "+strconv.Itoa(i), "+new value "+strconv.Itoa(i))
	}
	return diffinput.Recorded("big.go", 1, 1, lines...)
}

// BenchmarkRecordedHunk draws a 6,000-line recorded hunk as recorded;
// BenchmarkRecomputedHunk draws the same texts diffed with go-diff.
func BenchmarkRecordedHunk(b *testing.B) { benchmarkHunk(b, bigRecordedHunk(2000)) }

func BenchmarkRecomputedHunk(b *testing.B) {
	d := bigRecordedHunk(2000)
	d.Lines = nil
	benchmarkHunk(b, d)
}

func benchmarkHunk(b *testing.B, d cards.FileDiff) {
	card := cards.ToolCard{ID: "b", Call: cards.DiffCall{Title: "Edit big.go"}, Result: cards.DiffResult{Diffs: []cards.FileDiff{d}}}
	o := render.Options{Width: 120, Profile: colorprofile.TrueColor, Theme: render.Dark, Terminal: true, Expanded: true}
	for b.Loop() {
		render.Draw(card, o).Lines()
	}
}
