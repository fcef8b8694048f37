package diffview

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/charmbracelet/colorprofile"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render/style"
)

// Helpers the tests of the diff view share with render's tests of the diff
// card, which keep their own copies: a test package cannot import another's
// test files.

// renderDiffs draws the body of a diff card of diffs, as render frames it
// in a diff call card.
func renderDiffs(diffs []cards.FileDiff, o style.Options) string {
	return strings.Join(Body(diffs, o), "\n")
}

// colorOptions are true-colour options with hyperlinks.
func colorOptions(width int) style.Options {
	return style.Options{Width: width, Profile: colorprofile.TrueColor, Theme: style.Dark, Terminal: true, Hyperlinks: true}
}

// wholeFile is a FileDiff of a modified file.
func wholeFile(path, old, new string) cards.FileDiff {
	return cards.FileDiff{Path: path, OldText: &old, NewText: new}
}

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
