package render

import (
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// stripSamples are lines strip takes itself (SGR, ASCII, UTF-8) and
// every near miss it leaves to ansi.Strip.
var stripSamples = []string{
	"", "plain", "\x1b[38;2;1;2;3mgreen\x1b[m and \x1b[1mbold\x1b[0m", "│ é 日本 ✅ │",
	"\x1b[31", "\x1b[1;31Hx", "\x1b]8;;https://a\x07link\x1b]8;;\x07", "tab\there", "del\x7f", "\xff", "x\x1b", "\u0085",
}

func TestStripIsAnsiStrip(t *testing.T) {
	for _, s := range stripSamples {
		if got, want := strip(s), ansi.Strip(s); got != want {
			t.Errorf("strip(%q) = %q, ansi.Strip = %q", s, got, want)
		}
	}
}

// FuzzStrip checks strip against ansi.Strip on any string.
func FuzzStrip(f *testing.F) {
	for _, s := range stripSamples {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := strip(s), ansi.Strip(s); got != want {
			t.Fatalf("strip(%q) = %q, ansi.Strip = %q", s, got, want)
		}
	})
}
