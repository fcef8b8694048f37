package termsafe

import (
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
)

// widthSamples are texts at the edges of Width's fast path: plain and
// SGR-styled ASCII it answers itself, and every near miss it must leave
// to ansi.
var widthSamples = []struct {
	text string
	fast bool
}{
	{"", true},
	{"func main() {", true},
	{"\x1b[31m- old line\x1b[m", true},
	{"\x1b[38;2;1;2;3;48:5:7mx\x1b[0m y", true},
	{"\x1b[mtrailing", true},
	{"e\u0301", false},     // a letter and its combining accent: one cell
	{"a\u200db", false},    // a zero-width joiner between letters
	{"日本", false},          // wide
	{"tab\there", false},   // a control byte
	{"del\x7f", false},     // DEL
	{"\x1b[31", false},     // unfinished SGR
	{"\x1b[1;31Hx", false}, // a CSI that is not SGR
	{"\x1b[?25lx", false},  // private parameters
	{"\x1b]8;;https://a\x07link\x1b]8;;\x07", false},
	{"\x1bMx", false},          // an escape that is not CSI
	{"x\x1b", false},           // a lone escape at the end
	{"\x1b[31mé\x1b[m", true},  // styled Latin
	{"╭─ ✎ title ─╮", true},    // box drawing and a glyph
	{"\u00ad", true},           // a soft hyphen: a cluster of its own
	{"🇫🇷", false},              // regional indicators
	{"\u1100\u1161", false},    // Hangul jamo
	{"\xff", false},            // not UTF-8
	{"👨\u200d👩\u200d👧", false}, // a ZWJ sequence: 2 cells by cluster, 6 by code point
	{"❤\ufe0f", false},         // a presentation selector: 2 cells by cluster, 1 by code point
}

// bothWidths is what Width must answer: the wider of the two ways a
// terminal counts.
func bothWidths(s string) int { return max(ansi.StringWidth(s), ansi.StringWidthWc(s)) }

func TestCellWidthIsTheWiderCount(t *testing.T) {
	for _, s := range widthSamples {
		_, fast := fastWidth(s.text)
		assert.Equal(t, s.fast, fast, "fast path taken for %q", s.text)
		assert.Equal(t, bothWidths(s.text), Width(s.text), "width of %q", s.text)
	}
	assert.Equal(t, 6, Width("👨\u200d👩\u200d👧"))
	assert.Equal(t, 2, Width("❤\ufe0f"))
}

// FuzzCellWidth checks that Width gives exactly the wider of
// ansi.StringWidth's and ansi.StringWidthWc's answers on any string, fast
// path or not.
func FuzzCellWidth(f *testing.F) {
	for _, s := range widthSamples {
		f.Add(s.text)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := Width(s), bothWidths(s); got != want {
			t.Fatalf("Width(%q) = %d, the wider count = %d", s, got, want)
		}
	})
}

// BenchmarkCellWidth measures a styled diff row both ways.
func BenchmarkCellWidth(b *testing.B) {
	row := "\x1b[38;2;200;80;80m-\x1b[m \x1b[2m  41\x1b[m \x1b[38;2;120;160;220mfunc\x1b[m (s Style) Render(strs ...string) string {"
	b.Run("Width", func(b *testing.B) {
		for b.Loop() {
			Width(row)
		}
	})
	b.Run("ansi.StringWidth", func(b *testing.B) {
		for b.Loop() {
			ansi.StringWidth(row)
		}
	})
}

// TestLoneRunesAddUp checks Width against ansi on every lone rune,
// beside ASCII, styles, itself and a few lone runes of every kind.
func TestLoneRunesAddUp(t *testing.T) {
	neighbours := []string{"é", "─", "✎", "✅", "…", "▶", "•", "日"}
	for r := range rune(loneRunes) {
		if _, lone := loneRuneWidth(r); !lone {
			continue
		}
		s := string(r)
		for _, text := range []string{"a" + s + "b" + s, "\x1b[1m" + s + "\x1b[m" + s + s} {
			if got, want := Width(text), ansi.StringWidth(text); got != want {
				t.Fatalf("Width(%q) = %d, ansi.StringWidth = %d", text, got, want)
			}
		}
		for _, n := range neighbours {
			if got, want := Width(s+n+s), ansi.StringWidth(s+n+s); got != want {
				t.Fatalf("Width(%q) = %d, ansi.StringWidth = %d", s+n+s, got, want)
			}
		}
	}
}

// TestTruncateFitsBothCounts: a cut line fits its width however the
// terminal counts, keeps its styles closed, and cuts plain text as ansi
// does.
func TestTruncateFitsBothCounts(t *testing.T) {
	line := "\x1b[1mfamily 👨\u200d👩\u200d👧\u200d👦👨\u200d👩\u200d👧\u200d👦 flags 🇫🇷🇩🇪 ❤\ufe0f❤\ufe0f 🏳\ufe0f\u200d🌈\x1b[0m"
	for width := 1; width <= bothWidths(line); width++ {
		cut := Truncate(line, width, "…")
		assert.LessOrEqual(t, bothWidths(cut), width, "%d: %q", width, cut)
		assert.Contains(t, cut, "\x1b[0m", "%d: the style is closed", width)
	}
	assert.Equal(t, line, Truncate(line, bothWidths(line), "…"))
	assert.Equal(t, ansi.Truncate("\x1b[31mplain text\x1b[m", 6, "…"), Truncate("\x1b[31mplain text\x1b[m", 6, "…"))
}
