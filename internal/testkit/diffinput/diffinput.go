// Package diffinput holds the inputs of the tests and benchmarks of the
// diff card (render) and of the diff view (render/diffview): Go source of
// any length and scattered edits of it to diff, and the diff cards their
// golden tests pin (Samples). It imports only the standard library and
// cards, so that the internal tests of both packages may use it.
package diffinput

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// GeneratedGo is a Go source file of n lines made of small functions, each
// line distinct enough that the diff has to work for its matches.
func GeneratedGo(n int) []string {
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

// ScatteredEdit changes about 5% of the lines in small hunks spread over
// the file: two lines modified, two inserted or two deleted, about every
// 40 lines. The seed makes it deterministic.
func ScatteredEdit(lines []string, seed uint64) []string {
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

// JoinLines joins lines into a text with a final newline.
func JoinLines(lines []string) string { return strings.Join(lines, "\n") + "\n" }
