package diffview

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/colorprofile"

	"github.com/cardtui/cardtui/internal/testkit/diffinput"
	"github.com/cardtui/cardtui/render/style"
)

// BenchmarkHighlight lexes Go text as one side of a drawn hunk is
// lexed, reporting the cost of a line: the generated file of
// BenchmarkDiffCard and real code (this package's diff.go).
func BenchmarkHighlight(b *testing.B) {
	real, err := os.ReadFile("diff.go")
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct{ name, text string }{
		{"generated", diffinput.JoinLines(diffinput.GeneratedGo(2000))},
		{"diff.go", string(real)},
	} {
		b.Run(c.name, func(b *testing.B) {
			o := style.Options{Theme: style.Dark, Profile: colorprofile.TrueColor}
			lines := strings.Count(c.text, "\n")
			b.SetBytes(int64(len(c.text)))
			for b.Loop() {
				h := newHighlighter("x.go", o, nil)
				h.deadline = time.Now().Add(time.Hour)
				if h.lines(c.text) == nil {
					b.Fatal("not highlighted")
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*lines), "ns/line")
		})
	}
}
