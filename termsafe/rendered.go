package termsafe

import (
	"html"
	"strconv"
	"strings"
	"sync/atomic"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"

	"github.com/cardtui/cardtui/internal/lazyregexp"
)

// Sanitising what a renderer is given is not enough: glamour decodes
// character references, so "&#x1b;]0;PWNED&#7;" in sanitised Markdown
// comes out as a real OSC sequence. Two guards stand between a renderer
// and the terminal:
//
//   - EscapeControlReferences, before glamour: a character reference that
//     stands for a control, a C1 control or an invisible character has its
//     "&" escaped, so glamour shows the reference as text ("&#x1b;") and
//     never decodes it;
//   - NeutralizeRendered, after glamour and on every finished line: SGR and
//     OSC 8 hyperlinks pass (keepLinks judges the links), and every other
//     escape sequence, control, C1 control, bidi control or invisible
//     character that a renderer let through is shown as its marker.

// characterReference matches an HTML character reference as CommonMark
// reads one: decimal, hexadecimal or named.
var characterReference = lazyregexp.New(`&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});`)

// EscapeControlReferences escapes the character references of Markdown
// text that stand for a rune that may not reach the terminal, writing amp
// for their "&": "&amp;" for glamour, which decodes references even in
// code spans, `\&` for the Markdown export, read by CommonMark renderers.
func EscapeControlReferences(md, amp string) string {
	if !strings.Contains(md, "&") {
		return md
	}
	return characterReference().ReplaceAllStringFunc(md, func(ref string) string {
		if referenceIsSafe(ref) {
			return ref
		}
		return amp + ref[1:]
	})
}

// referenceIsSafe reports whether the character reference ref stands for
// printable, visible text (or for nothing glamour would decode).
func referenceIsSafe(ref string) bool {
	text := html.UnescapeString(ref)
	if num, ok := strings.CutPrefix(ref, "&#"); ok {
		text = numericReference(strings.TrimSuffix(num, ";"))
	}
	for _, r := range text {
		if r < ' ' || (r >= ansi.DEL && r < 0xA0) || isInvisible(r) {
			return false
		}
	}
	return true
}

// numericReference is the rune a numeric reference's digits ("27",
// "x1b") stand for, as text; U+FFFD when it is out of range.
func numericReference(digits string) string {
	base := 10
	if d, hex := strings.CutPrefix(strings.ToLower(digits), "x"); hex {
		digits, base = d, 16
	}
	n, err := strconv.ParseUint(digits, base, 32)
	if err != nil || n > utf8.MaxRune {
		return string(utf8.RuneError)
	}
	return string(rune(n))
}

// NeutralizeRendered makes a line a renderer drew safe: SGR sequences and
// OSC 8 hyperlinks are kept, any other escape sequence, control or
// invisible rune is replaced by its marker. A line without any is
// returned as it is.
func NeutralizeRendered(line string) string {
	if !needsNeutralizing(line) {
		return line
	}
	var b strings.Builder
	prev := rune(-1)
	for at := 0; at < len(line); {
		c := line[at]
		if c >= ' ' && c < ansi.DEL {
			b.WriteByte(c)
			prev = rune(c)
			at++
			continue
		}
		if c == ansi.ESC {
			_, _, n, state := ansi.DecodeSequence(line[at:], ansi.NormalState, nil)
			n = max(n, 1)
			seq := line[at : at+n]
			if keptSequence(seq, state) {
				b.WriteString(seq)
			} else {
				b.WriteString(removedMarker(seq))
			}
			at += n
			continue
		}
		r, n := utf8.DecodeRuneInString(line[at:])
		switch {
		case c < utf8.RuneSelf, r >= 0x80 && r <= 0x9F, r == utf8.RuneError && n == 1:
			b.WriteString(removedMarker(line[at : at+n]))
		case unsafeRune(prev, r, n):
			b.Write(appendMarker(nil, r))
		default:
			b.WriteString(line[at : at+n])
		}
		prev = r
		at += n
	}
	return b.String()
}

// needsNeutralizing reports whether line holds anything but printable
// ASCII, SGR sequences and visible runes.
func needsNeutralizing(line string) bool {
	prev := rune(-1)
	for at := 0; at < len(line); {
		c := line[at]
		switch {
		case c >= ' ' && c < ansi.DEL:
			prev = rune(c)
			at++
			continue
		case c == ansi.ESC:
			_, _, n, state := ansi.DecodeSequence(line[at:], ansi.NormalState, nil)
			if !keptSequence(line[at:at+max(n, 1)], state) {
				return true
			}
			at += max(n, 1)
			continue
		case c < utf8.RuneSelf:
			return true
		}
		r, n := utf8.DecodeRuneInString(line[at:])
		if unsafeRune(prev, r, n) {
			return true
		}
		prev = r
		at += n
	}
	return false
}

// unsafeRune reports whether the non-ASCII rune r of n bytes, after prev,
// is a C1 control, invalid UTF-8 or an invisible rune.
func unsafeRune(prev, r rune, n int) bool {
	return (r >= 0x80 && r <= 0x9F) || (r == utf8.RuneError && n == 1) || (invisible(r) && !emojiPresentation(prev, r))
}

// invisibleClass remembers isInvisible for the runes below loneRunes: 0
// when not asked yet, 1 for visible, 2 for invisible. Every non-ASCII rune
// of every finished line is asked about, and unicode.Is walks its tables.
var invisibleClass [loneRunes]atomic.Uint32

// invisible is isInvisible(r), remembered.
func invisible(r rune) bool {
	if r < 0 || r >= loneRunes {
		return isInvisible(r)
	}
	class := invisibleClass[r].Load()
	if class == 0 {
		class = 1
		if isInvisible(r) {
			class = 2
		}
		invisibleClass[r].Store(class)
	}
	return class == 2
}

// keptSequence reports whether the escape sequence seq, decoded in state,
// is a whole SGR sequence or OSC 8 hyperlink.
func keptSequence(seq string, state byte) bool {
	_, isLink := HyperlinkTarget(seq)
	return state == ansi.NormalState && (IsSGRSequence(seq) || isLink)
}

// IsSGRSequence reports whether seq is one SGR sequence.
func IsSGRSequence(seq string) bool {
	return len(seq) >= 3 && seq[0] == ansi.ESC && seq[1] == '[' && seq[len(seq)-1] == 'm' && isSGRParams(seq[2:len(seq)-1])
}

// HyperlinkTarget returns the URL of an OSC 8 sequence ("" for the one that
// ends a link); isLink is false for anything else.
func HyperlinkTarget(seq string) (uri string, isLink bool) {
	payload, ok := strings.CutPrefix(seq, "\x1b]8;")
	if !ok {
		return "", false
	}
	payload = strings.TrimSuffix(strings.TrimSuffix(payload, "\x07"), "\x1b\\")
	_, uri, _ = strings.Cut(payload, ";")
	return uri, true
}
