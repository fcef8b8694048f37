package diffview_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/diffinput"
	"github.com/cardtui/cardtui/render"
	"github.com/cardtui/cardtui/render/style"
)

// diffCard is a tool card proposing one whole-file diff, numbered from 1.
func diffCard(path, old, new string) cards.ToolCard {
	return cards.ToolCard{ID: "b", Tool: "edit", Call: cards.DiffCall{
		Title: "Edit " + path,
		Diffs: []cards.FileDiff{{Path: path, OldText: &old, NewText: new, OldStart: 1, NewStart: 1}},
	}}
}

// BenchmarkDiffCard renders a whole diff card, expanded, at width 120 in
// true colour: generated Go files of 10,000 and 100,000 lines with about 5%
// of their lines changed in scattered hunks, a small 50-line edit, and a
// 10,000-line file rewritten with other code (the worst case of a Myers
// diff when nothing is left out of it). The 10,000-line diff draws 1,967
// lines, the 100,000-line one 20,409, all with syntax colours.
func BenchmarkDiffCard(b *testing.B) {
	o := style.Options{Width: 120, Profile: colorprofile.TrueColor, Theme: style.Dark, Terminal: true, Hyperlinks: true, Expanded: true}
	small := diffinput.GeneratedGo(50)
	cases := []struct {
		name     string
		old, new []string
	}{
		{"edit-50", small, smallEdit(small)},
		{"lines=10000", diffinput.GeneratedGo(10_000), diffinput.ScatteredEdit(diffinput.GeneratedGo(10_000), 1)},
		{"lines=100000", diffinput.GeneratedGo(100_000), diffinput.ScatteredEdit(diffinput.GeneratedGo(100_000), 2)},
		{"rewrite-10000", diffinput.GeneratedGo(10_000), renamed(diffinput.GeneratedGo(10_000))},
	}
	for _, c := range cases {
		card := diffCard("gen/gen.go", diffinput.JoinLines(c.old), diffinput.JoinLines(c.new))
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = render.Entry(card, o)
			}
		})
	}
}

// BenchmarkDiffCardSplit renders the scattered edits of BenchmarkDiffCard
// side by side at width 200.
func BenchmarkDiffCardSplit(b *testing.B) {
	o := style.Options{Width: 200, Profile: colorprofile.TrueColor, Theme: style.Dark, Terminal: true, Hyperlinks: true, Expanded: true}
	for _, c := range []struct {
		n    int
		seed uint64
	}{{10_000, 1}, {100_000, 2}} {
		old := diffinput.GeneratedGo(c.n)
		card := diffCard("gen/gen.go", diffinput.JoinLines(old), diffinput.JoinLines(diffinput.ScatteredEdit(old, c.seed)))
		b.Run(fmt.Sprintf("lines=%d", c.n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = render.Entry(card, o)
			}
		})
	}
}

// smallEdit changes one line and inserts one in the middle of a short file.
func smallEdit(lines []string) []string {
	out := append([]string{}, lines...)
	mid := len(out) / 2
	out[mid] += " // reviewed"
	return append(out[:mid+1], append([]string{"\t// a new comment"}, out[mid+1:]...)...)
}

// renamed is the file with every function renamed and its constants
// changed: a rewrite that keeps only the braces and blank lines.
func renamed(lines []string) []string {
	r := strings.NewReplacer("F", "G", "x", "y")
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = r.Replace(l)
	}
	return out
}
