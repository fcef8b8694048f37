package termsafe

import (
	"strings"
	"sync/atomic"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// Width is the display width of plain or styled text in either way a
// terminal counts cells: the wider of ansi.StringWidth (grapheme clusters,
// as terminals with mode 2027 count: kitty, WezTerm, Ghostty) and
// ansi.StringWidthWc (code points, as xterm, VTE and tmux count), which
// part for an emoji ZWJ sequence (👨‍👩‍👧‍👦: 2 cells or 8) or a presentation
// selector (❤️: 2 or 1). A line laid out by it fits in both. It is
// answered without grapheme segmentation when s is printable ASCII, lone
// runes (see loneRuneWidth) and SGR sequences only (see fastWidth):
// nearly every line of a diff, a console or a card's frame, which the
// print path measures once each.
func Width(s string) int {
	if w, ok := fastWidth(s); ok {
		return w
	}
	return max(ansi.StringWidth(s), ansi.StringWidthWc(s))
}

// FirstCluster is the first grapheme cluster of s and its width as Width
// measures it.
func FirstCluster(s string) (cluster string, width int) {
	cluster, width = ansi.FirstGraphemeCluster(s, ansi.GraphemeWidth)
	return cluster, ClusterWidth(cluster, width)
}

// ClusterWidth is the width of a grapheme cluster as Width measures it,
// given w, its width by clusters: the wider of that and the cells a
// terminal that counts code points gives it. Every cut and wrap of a
// line measures its clusters with it, so that they agree cell for cell.
func ClusterWidth(cluster string, w int) int {
	if len(cluster) == 1 { // ASCII: both counts agree
		return w
	}
	return max(w, ansi.StringWidthWc(cluster))
}

// Truncate cuts styled text to at most width cells as Width measures
// them, ending it with tail when it cuts; the escape sequences after the
// cut stay, so that the styles it opened are closed.
func Truncate(s string, width int, tail string) string {
	if Width(s) <= width {
		return s
	}
	room := width - Width(tail)
	if room < 0 {
		return ""
	}
	var b strings.Builder
	used, cut := 0, false
	for i := 0; i < len(s); {
		seq, w, n, _ := ansi.DecodeSequence(s[i:], ansi.NormalState, nil)
		n = max(n, 1)
		i += n
		if seq != "" && seq[0] == ansi.ESC {
			b.WriteString(seq)
			continue
		}
		if w > 0 {
			w = ClusterWidth(seq, w)
		}
		if !cut && used+w > room {
			cut = true
			b.WriteString(tail)
		}
		if !cut {
			used += w
			b.WriteString(seq)
		}
	}
	return b.String()
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
// regional indicator) that both ways of counting give the same width, so
// that the width of a string of them is the sum of theirs. ansi answers
// both, once a rune.
func loneRuneWidth(r rune) (width int, lone bool) {
	if r >= loneRunes {
		return 0, false
	}
	class := loneRuneClass[r].Load()
	if class == 0 {
		class = 1
		if w := ansi.StringWidth(string(r)); runeIsLone(r) && w == ansi.StringWidthWc(string(r)) {
			class = 2 + uint32(w)
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
