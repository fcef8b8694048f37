package markdown_test

import (
	"strings"
	"testing"

	"github.com/cardtui/cardtui/render/markdown"
)

// Output bounds of FuzzMarkdownRatio: what glamour draws of a text is at
// most outputRatio bytes (SGR colours included) for each byte of it, plus
// outputSlack.
const (
	outputRatio = 64
	outputSlack = 8 << 10
)

// FuzzMarkdownRatio draws Markdown at a width and checks that the output
// grows with the input at most linearly: nested quotes and lists, whose
// margins glamour multiplied without end, are bounded before glamour.
func FuzzMarkdownRatio(f *testing.F) {
	quotes, list := nested(100)
	for _, seed := range []string{
		quotes, list, strings.Repeat("> ", 40) + "x", "- a\n  - b\n    > c\n    > > d\n", "1. x\n   1. y\n      1. z\n",
		strings.Repeat("* ", 60) + "item", "[a](https://e.example) **b** `c`",
	} {
		f.Add(seed, uint8(80))
		f.Add(seed, uint8(20))
	}
	o := boundsOptions()
	f.Fuzz(func(t *testing.T, md string, w uint8) {
		if len(md) > 4<<10 {
			return
		}
		width := 10 + int(w)
		out := strings.Join(markdown.Lines(md, width, o), "\n")
		if limit := outputRatio*len(md) + outputSlack; len(out) > limit {
			t.Errorf("%d bytes of Markdown drew %d bytes at width %d, more than %d", len(md), len(out), width, limit)
		}
	})
}
