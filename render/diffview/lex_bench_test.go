package diffview

import (
	"fmt"
	"testing"
	"time"

	"github.com/charmbracelet/colorprofile"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/benchinput"
	"github.com/cardtui/cardtui/render/style"
)

// BenchmarkHunkSyntax colours the drawn hunks of the table's generated
// diffs, expanded (one hunk of the whole file), as a first drawing does:
// with runCache emptied, so that every side is lexed.
func BenchmarkHunkSyntax(b *testing.B) {
	for _, n := range []int{10_000, 100_000} {
		old := benchinput.GoSource(n)
		f := Files([]cards.FileDiff{wholeFile("main.go", old, benchinput.ChangeEvery(old, 20))})[0]
		o := style.Options{Theme: style.Dark, Profile: colorprofile.TrueColor, Expanded: true}
		parts := partsInRows(f, f.lineCount()+len(f.Hunks))
		b.Run(fmt.Sprintf("%dk", n/1000), func(b *testing.B) {
			for b.Loop() {
				runCache.clear()
				h := newHighlighter(f.Path, o, parts)
				h.deadline = time.Now().Add(time.Hour)
				for _, p := range parts {
					h.hunk(p)
				}
			}
		})
	}
}
