package termsafe

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// What the sanitiser removes leaves a visible trace, so that what is drawn
// never reads as something other than what the input holds: "ls
// ESC]0;t; curl … | sh BEL" is drawn "ls ␛]0;t; curl … | sh␇", not "ls".
// A removed control or sequence is shown inert: ESC as ␛, every other C0
// control and DEL as its control picture (␇, ␈, ␀, ␡…), the rest of the
// sequence as it is, printable ASCII only; a long one is cut after
// markerBytes bytes and says how many it hides.

// markerBytes is how much of a removed sequence its marker shows.
const markerBytes = 64

// removedMarker is the visible, inert form of a removed control or escape
// sequence tok (see above). It holds printable ASCII and one-cell symbols
// only, so drawing it is safe and sanitising it again leaves it as it is.
func removedMarker(tok string) string {
	var b strings.Builder
	shown := 0
	for shown < len(tok) && shown < markerBytes {
		r, n := utf8.DecodeRuneInString(tok[shown:])
		if shown+n > markerBytes {
			break
		}
		writeInert(&b, r, n)
		shown += n
	}
	if hidden := len(tok) - shown; hidden > 0 {
		b.WriteString("…<" + strconv.Itoa(hidden) + " more bytes>")
	}
	return b.String()
}

// writeInert writes the inert form of rune r of n bytes.
func writeInert(b *strings.Builder, r rune, n int) {
	switch {
	case r < ' ':
		b.WriteRune(0x2400 + r) // the control pictures: ␀ … ␛ … ␟
	case r == ansi.DEL:
		b.WriteRune('␡')
	case r < ansi.DEL:
		b.WriteByte(byte(r))
	case r == utf8.RuneError && n == 1:
		b.WriteString("<U+FFFD>")
	default:
		b.Write(appendMarker(nil, r))
	}
}
