package termsafe

import (
	"sync/atomic"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// Width is ansi.StringWidth(s), the display width of plain or styled
// text, answered without grapheme segmentation when s is printable ASCII,
// lone runes (see loneRuneWidth) and SGR sequences only (see fastWidth):
// nearly every line of a diff, a console or a card's frame, which the
// print path measures once each.
func Width(s string) int {
	if w, ok := fastWidth(s); ok {
		return w
	}
	return ansi.StringWidth(s)
}

// fastWidth is the width of s when s is printable ASCII, one cell a byte,
// and lone runes, between SGR sequences ("ESC [ digits ; : m"), none; ok
// is false for any other byte, rune or sequence, which Width leaves
// to ansi.
func fastWidth(s string) (width int, ok bool) {
	for i := 0; i < len(s); {
		switch c := s[i]; {
		case c >= ' ' && c <= '~':
			width++
			i++
		case c == ansi.ESC && i+1 < len(s) && s[i+1] == '[':
			end := SGREnd(s, i+2)
			if end < 0 {
				return 0, false
			}
			i = end
		case c >= utf8.RuneSelf:
			r, n := utf8.DecodeRuneInString(s[i:])
			w, lone := loneRuneWidth(r)
			if !lone {
				return 0, false
			}
			width += w
			i += n
		default:
			return 0, false
		}
	}
	return width, true
}

// SGREnd is the offset just past the "m" that ends the SGR parameters
// starting at i, or -1 when the bytes from i are not SGR parameters and
// their "m".
func SGREnd(s string, i int) int {
	for ; i < len(s); i++ {
		switch c := s[i]; {
		case c == 'm':
			return i + 1
		case (c < '0' || c > '9') && c != ';' && c != ':':
			return -1
		}
	}
	return -1
}

// loneRunes is the end of the runes loneRuneWidth remembers: Latin,
// punctuation, arrows, box drawing, shapes and dingbats, what cards draw.
const loneRunes = 0x3000

// loneRuneClass remembers, for each rune below loneRunes, 0 when it has
// not been looked at, 1 when it is not lone, or 2 plus its width.
var loneRuneClass [loneRunes]atomic.Uint32

// loneRuneWidth is the width of r, and whether r is lone: a grapheme
// cluster of its own whatever printable ASCII or lone rune stands on
// either side (no combining mark, joiner, control, Hangul jamo or
// regional indicator), so that the width of a string of them is the sum
// of theirs. ansi answers both, once a rune.
func loneRuneWidth(r rune) (width int, lone bool) {
	if r >= loneRunes {
		return 0, false
	}
	class := loneRuneClass[r].Load()
	if class == 0 {
		class = 1
		if runeIsLone(r) {
			class = 2 + uint32(ansi.StringWidth(string(r)))
		}
		loneRuneClass[r].Store(class)
	}
	return int(class) - 2, class >= 2
}

// runeIsLone asks ansi's grapheme segmentation whether r breaks from an
// ASCII letter on either side and from itself. Every rule that joins two
// runes (GB3–GB9c, GB11–GB13) joins one of these pairs when it applies
// to r at all: a rune that passes has the class "any", and is not a
// pictograph's joiner.
func runeIsLone(r rune) bool {
	s := string(r)
	first := func(t string) string {
		cluster, _ := ansi.FirstGraphemeCluster(t, ansi.GraphemeWidth)
		return cluster
	}
	return first(s+"a") == s && first("a"+s) == "a" && first(s+s) == s
}
