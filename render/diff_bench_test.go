package render

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render/style"
)

// generatedGo is a Go source file of n lines made of small functions, each
// line distinct enough that the diff has to work for its matches.
func generatedGo(n int) []string {
	lines := []string{"package gen", ""}
	for i := 0; len(lines) < n; i++ {
		lines = append(lines,
			fmt.Sprintf("// F%d folds x with the constant %d.", i, i*7),
			fmt.Sprintf("func F%d(x int) int {", i),
			fmt.Sprintf("\tif x > %d {", i),
			fmt.Sprintf("\t\treturn x - %d", i*3),
			"\t}",
			fmt.Sprintf("\treturn x + %d", i*5),
			"}",
			"")
	}
	return lines[:n]
}

// scatteredEdit changes about 5% of the lines in small hunks spread over
// the file: two lines modified, two inserted or two deleted, about every
// 40 lines. The seed makes it deterministic.
func scatteredEdit(lines []string, seed uint64) []string {
	r := rand.New(rand.NewPCG(seed, seed))
	out := make([]string, 0, len(lines)+len(lines)/20)
	for i := 0; i < len(lines); i++ {
		if r.IntN(40) != 0 || i+2 > len(lines) {
			out = append(out, lines[i])
			continue
		}
		switch r.IntN(3) {
		case 0:
			out = append(out, lines[i]+" // changed", lines[i+1]+" // changed")
		case 1:
			out = append(out, lines[i], "\t// inserted note", fmt.Sprintf("\t_ = %d", i), lines[i+1])
		case 2: // both lines deleted
		}
		i++
	}
	return out
}

// joinLines joins lines into a text with a final newline.
func joinLines(lines []string) string { return strings.Join(lines, "\n") + "\n" }

// diffCard is a tool card proposing one whole-file diff, numbered from 1.
func diffCard(path, old, new string) cards.ToolCard {
	return cards.ToolCard{ID: "b", Tool: "edit", Call: cards.DiffCall{Title: "Edit " + path,
		Diffs: []cards.FileDiff{{Path: path, OldText: &old, NewText: new, OldStart: 1, NewStart: 1}}}}
}

// BenchmarkDiffCard renders a whole diff card, expanded, at width 120 in
// true colour: generated Go files of 10,000 and 100,000 lines with about 5%
// of their lines changed in scattered hunks, a small 50-line edit, and a
// 10,000-line file rewritten with other code (the worst case of a Myers
// diff when nothing is left out of it). The 10,000-line diff draws 1,967
// lines, the 100,000-line one 20,409, all with syntax colours.
func BenchmarkDiffCard(b *testing.B) {
	o := style.Options{Width: 120, Profile: colorprofile.TrueColor, Theme: style.Dark, Terminal: true, Hyperlinks: true, Expanded: true}
	small := generatedGo(50)
	cases := []struct {
		name     string
		old, new []string
	}{
		{"edit-50", small, smallEdit(small)},
		{"lines=10000", generatedGo(10_000), scatteredEdit(generatedGo(10_000), 1)},
		{"lines=100000", generatedGo(100_000), scatteredEdit(generatedGo(100_000), 2)},
		{"rewrite-10000", generatedGo(10_000), renamed(generatedGo(10_000))},
	}
	for _, c := range cases {
		card := diffCard("gen/gen.go", joinLines(c.old), joinLines(c.new))
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = Entry(card, o)
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
		old := generatedGo(c.n)
		card := diffCard("gen/gen.go", joinLines(old), joinLines(scatteredEdit(old, c.seed)))
		b.Run(fmt.Sprintf("lines=%d", c.n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = Entry(card, o)
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
