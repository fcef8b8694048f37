package render

import "github.com/charmbracelet/x/ansi"

// cellWidth is ansi.StringWidth(s), the display width of plain or styled
// text, answered without grapheme segmentation when s is printable ASCII
// and SGR sequences only (see asciiWidth): nearly every line of a diff or
// a console, which the print path measures once each.
func cellWidth(s string) int {
	if w, ok := asciiWidth(s); ok {
		return w
	}
	return ansi.StringWidth(s)
}

// asciiWidth is the width of s when s is printable ASCII, one cell a byte,
// between SGR sequences ("ESC [ digits ; : m"), none; ok is false for any
// other byte or sequence, which cellWidth leaves to ansi.
func asciiWidth(s string) (width int, ok bool) {
	for i := 0; i < len(s); {
		switch c := s[i]; {
		case c >= ' ' && c <= '~':
			width++
			i++
		case c == ansi.ESC && i+1 < len(s) && s[i+1] == '[':
			end := sgrEnd(s, i+2)
			if end < 0 {
				return 0, false
			}
			i = end
		default:
			return 0, false
		}
	}
	return width, true
}

// sgrEnd is the offset just past the "m" that ends the SGR parameters
// starting at i, or -1 when the bytes from i are not SGR parameters and
// their "m".
func sgrEnd(s string, i int) int {
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
