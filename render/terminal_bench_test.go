package render_test

import (
	"strings"
	"testing"

	"github.com/cardtui/cardtui/render"
)

// benchTerminal renders a terminal card with output b.N times.
func benchTerminal(b *testing.B, output string, o render.Options) {
	c := termCard("make test", output, intPtr(0))
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		render.Entry(c, o)
	}
}

// BenchmarkTerminalCard renders a card with 2,000 lines of coloured
// output at width 120, collapsed and expanded.
func BenchmarkTerminalCard(b *testing.B) {
	output := strings.Repeat("\x1b[32mok\x1b[0m  github.com/cardtui/cardtui/render\t0.412s\tcoverage: 87.5% of statements\n", 2000)
	for _, expanded := range []struct {
		name string
		on   bool
	}{{"collapsed", false}, {"expanded", true}} {
		b.Run(expanded.name, func(b *testing.B) {
			o := termColorOpts(120)
			o.Expanded = expanded.on
			benchTerminal(b, output, o)
		})
	}
}

// BenchmarkTerminalHuge renders collapsed cards whose output is 1,000,000
// lines, or a single line of 10 MB.
func BenchmarkTerminalHuge(b *testing.B) {
	b.Run("million-lines", func(b *testing.B) {
		benchTerminal(b, numbered("line", 1_000_000)+"\n", termColorOpts(120))
	})
	b.Run("10MB-line", func(b *testing.B) {
		benchTerminal(b, strings.Repeat("0123456789abcdef", 10<<20/16), termColorOpts(120))
	})
}
