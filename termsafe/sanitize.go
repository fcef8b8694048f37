package termsafe

import (
	"net/url"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// Sanitising turns hostile text into text that is safe to write to a
// terminal. The pipeline is:
//
//  0. Text made only of printable characters that are graphemes of their
//     own (isPlainText) is returned as it is, without allocating.
//  1. normalizeControls: invalid UTF-8 becomes U+FFFD and every C1 control,
//     raw byte or UTF-8 encoded, becomes its 7-bit ESC equivalent, so that
//     a single 7-bit parser sees every sequence a terminal could act on.
//  2. Each line is split into tokens with ansi.DecodeSequence (nil parser:
//     with a *Parser it indexes past its parameter buffer and panics on more
//     than 32 parameters). A plain line is emitted directly.
//  3. Tokens are replayed on a one-line cell model (screenLine): printable
//     graphemes are written at the cursor, '\r' returns to column 0, tabs
//     move to the next multiple of 8, EL (ESC[K) and CHA (ESC[G) act on the
//     line, SGR updates the pen, everything else is dropped. Text mode keeps
//     the cursor moving forward only and drops SGR.
//  4. The line is emitted from its cells with canonical SGR transitions and a
//     closing reset, so every line is self-contained.
//
// Every step is linear in the size of the input, and a line costs about four
// bytes per cell: a cell is 32 bits without pointers (lineCell), kept in
// pages that padding shares (cellPages); styles are numbered once
// (styleTable), and the glyphs of overwritten cells are collected as the line
// goes (compactGlyphs).
//
// Escape and string sequences cannot span lines: an unterminated sequence
// loses the rest of its own line only.

const (
	// maxCellText caps the bytes zero-width attachments may add to one cell,
	// so that a flood of combining marks separated by dropped controls cannot
	// make attaching quadratic.
	maxCellText = 256
	// maxColonParam caps a colon-form SGR parameter (e.g. 38:2::r:g:b) that
	// is kept verbatim in the pen.
	maxColonParam = 48
	// TabStop is the distance between tab stops, in cells.
	TabStop = 8
	// maxClusterBytes bounds a grapheme cluster. A base rune with a million
	// combining marks, or emoji joined by ZWJ without end, is one cluster
	// that the width functions count as one or two cells while a terminal
	// draws it as it likes; the longest emoji sequences (a family with skin
	// tones) are 41 bytes. A longer cluster is shown as its first rune and
	// "…<N more bytes>".
	maxClusterBytes = 64
)

// SanitizeOutput makes the output of a program safe to show in a terminal
// pane. SGR sequences (ESC [ params m, params only digits, ';' and ':') are
// kept, re-encoded canonically; every other escape sequence, string sequence
// (OSC, DCS, APC, PM, SOS), C1 control (raw or UTF-8 encoded) and C0 control
// except '\n' is removed together with its parameters. Invalid UTF-8 becomes
// U+FFFD. A '\r' returns to the start of the line and later text overwrites
// earlier cells ("10%\r100%" -> "100%"); ESC[K and ESC[G are honoured the
// same way. Tabs expand to spaces up to the next multiple of 8 display cells.
// Bidi controls and invisible format characters are replaced by a visible
// "<U+XXXX>". Each output line is self-contained: SGR state open at the end
// of a line is reset there and re-opened at the start of the next one.
//
// The result contains no tab and no '\r', and SanitizeOutput is idempotent.
func SanitizeOutput(s string) string {
	return sanitize(s, outputMode)
}

// SanitizeText makes a text field (title, path, command, markdown text…)
// safe to show: it behaves like [SanitizeOutput] but removes SGR sequences
// too, so the result contains no ESC byte at all. Unlike SanitizeOutput it
// never lets later text overwrite earlier text, because a command or title
// that hides part of itself ("rm -rf ~ \x1b[2K\rls") is an attack, not a
// progress bar: a '\r' is shown as "<U+000D>" unless it ends a line, and
// ESC[K and ESC[G are simply removed.
func SanitizeText(s string) string {
	return sanitize(s, textMode)
}

// SafeURL reports whether raw is a URL that may be shown and turned into an
// OSC 8 hyperlink, and returns it normalised by [url.URL.String]. Only http
// and https URLs with a host, and file URLs without one (or localhost), are
// accepted; anything holding a
// control character (ESC, BEL, C1…), white space, invalid UTF-8, or a bidi or
// invisible format character is rejected.
func SafeURL(raw string) (string, bool) {
	if !urlTextSafe(raw) {
		return "", false
	}
	u, err := url.Parse(raw)
	if err != nil || !urlSchemeSafe(u) {
		return "", false
	}
	out := u.String()
	if !urlTextSafe(out) {
		return "", false
	}
	return out, true
}

// urlSchemeSafe accepts http(s) URLs with a host and file URLs of this
// machine: a file://host/… URL names a share on another machine, which
// opening it would reach (and send credentials to), so it is not linked.
func urlSchemeSafe(u *url.URL) bool {
	switch u.Scheme {
	case "http", "https":
		return u.Host != "" && u.Opaque == ""
	case "file":
		return u.Opaque == "" && (u.Host == "" || strings.EqualFold(u.Host, "localhost"))
	}
	return false
}

// urlTextSafe reports whether s is non-empty valid UTF-8 without controls,
// white space, or invisible characters.
func urlTextSafe(s string) bool {
	if s == "" || !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if unicode.IsControl(r) || unicode.IsSpace(r) || isInvisible(r) {
			return false
		}
	}
	return true
}

// isInvisible reports whether r is a bidi control or an invisible character
// that is shown as "<U+XXXX>": every format character (Cf: bidi controls,
// U+200B, U+2060, U+FEFF, U+00AD, tag characters…) except ZWNJ and ZWJ, which
// scripts and emoji sequences need, plus the line and paragraph separators,
// the blank Hangul fillers and the invisible marks (invisibleMarks). An
// emoji's presentation selector is kept by the callers (emojiPresentation).
func isInvisible(r rune) bool {
	switch r {
	case 0x200C, 0x200D:
		return false
	case 0x2028, 0x2029, 0x115F, 0x1160, 0x3164, 0xFFA0:
		return true
	}
	return r >= 0xAD && (unicode.Is(unicode.Cf, r) || unicode.Is(invisibleMarks, r))
}

// invisibleMarks are the marks that draw nothing and can make two names
// that look alike differ: the variation selectors, the combining grapheme
// joiner, the Khmer inherent vowels and the Mongolian free variation
// selectors.
var invisibleMarks = &unicode.RangeTable{
	R16: []unicode.Range16{
		{Lo: 0x034F, Hi: 0x034F, Stride: 1},
		{Lo: 0x17B4, Hi: 0x17B5, Stride: 1},
		{Lo: 0x180B, Hi: 0x180F, Stride: 1},
		{Lo: 0xFE00, Hi: 0xFE0F, Stride: 1},
	},
	R32: []unicode.Range32{{Lo: 0xE0100, Hi: 0xE01EF, Stride: 1}},
}

// emojiPresentation reports whether r, following base, is the text or
// emoji presentation selector (U+FE0E, U+FE0F) of an emoji or a keycap
// base: "❤️" keeps its selector, which is how it is drawn in colour.
func emojiPresentation(base, r rune) bool {
	if r != 0xFE0E && r != 0xFE0F {
		return false
	}
	switch {
	case base == '#' || base == '*' || (base >= '0' && base <= '9'):
		return true
	case base == 0xA9 || base == 0xAE || base == 0x203C || base == 0x2049 || base == 0x2122 || base == 0x2139:
		return true
	}
	return (base >= 0x2190 && base <= 0x2BFF) || (base >= 0x3030 && base <= 0x3299) || (base >= 0x1F000 && base <= 0x1FAFF)
}

// c1Forms maps a C1 control (0x80-0x9F) to its 7-bit form ESC Fe. CSI
// gets a '?' private marker: the parser then consumes exactly the same
// parameters, but an 8-bit CSI can never pass for SGR and is always removed.
var c1Forms = func() (t [32]string) {
	for i := range t {
		t[i] = string([]byte{ansi.ESC, byte(0x40 + i)})
	}
	t[ansi.CSI-0x80] += "?"
	return t
}()

// normalizeControls replaces invalid UTF-8 by U+FFFD and C1 controls, raw
// or UTF-8 encoded, by their 7-bit equivalents.
func normalizeControls(s string) string {
	if isNormalized(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1 && s[i] >= 0x80 && s[i] <= 0x9F:
			b.WriteString(c1Forms[s[i]-0x80])
		case r == utf8.RuneError && n == 1:
			b.WriteRune(utf8.RuneError)
		case r >= 0x80 && r <= 0x9F:
			b.WriteString(c1Forms[r-0x80])
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// isNormalized reports whether s is valid UTF-8 without C1 controls.
func isNormalized(s string) bool {
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if (r == utf8.RuneError && n == 1) || r <= 0x9F {
			return false
		}
		i += n
	}
	return true
}

// sanitizeMode selects what a sanitising pass keeps and honours.
type sanitizeMode struct {
	keepSGR   bool // keep SGR sequences
	overwrite bool // honour '\r', ESC[K and ESC[G (else show '\r')
}

var (
	outputMode = sanitizeMode{keepSGR: true, overwrite: true}
	textMode   = sanitizeMode{}
)

// sgrReset is the SGR sequence that ends every styled line.
const sgrReset = "\x1b[m"

// sanitizer holds the state of one sanitising pass.
type sanitizer struct {
	sanitizeMode
	pen sgrPen
	key []byte // the pen's style key, reused
	// markerRune's marker is markerText, kept for floods of one rune.
	markerRune rune
	markerText string
	style      uint32 // the number of key in styles
	styles     styleTable
	row        screenLine
	out        strings.Builder
}

// sanitize runs the whole pipeline.
func sanitize(s string, m sanitizeMode) string {
	return sanitizeWith(s, m, maxASCIIStyle)
}

// sanitizeWith runs the whole pipeline, packing the styles numbered up to
// inlineStyles, at most, into the cells (see lineCell).
func sanitizeWith(s string, m sanitizeMode, inlineStyles uint32) string {
	plain := plainPrefix(s)
	if plain == len(s) {
		return s
	}
	if IsTabbedASCII(s) {
		return expandTabs(s)
	}
	s = normalizeControls(s) // keeps the plain prefix as it is
	z := &sanitizer{sanitizeMode: m, styles: newStyleTable(), row: newScreenLine(inlineStyles)}
	z.out.Grow(len(s) + len(s)/8)
	for at := 0; ; {
		line, _, more := strings.Cut(s[at:], "\n")
		if at > 0 {
			z.out.WriteByte('\n')
		}
		if end := at + len(line); end <= plain || (at > plain && isPlainText(line)) {
			z.plainLine(line)
		} else {
			z.line(line)
		}
		if !more {
			return z.out.String()
		}
		at += len(line) + 1
	}
}

// isPlainText reports whether sanitising leaves s as it is: it holds only
// '\n', printable ASCII and plainRunes, each of which is a grapheme cluster
// of its own, so there is no escape, control, tab, invalid UTF-8, invisible
// rune or zero-width cluster to act on.
func isPlainText(s string) bool {
	return plainPrefix(s) == len(s)
}

// plainPrefix returns the length of the longest prefix of s that
// isPlainText.
func plainPrefix(s string) int {
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if (c < ' ' || c == ansi.DEL) && c != '\n' {
				return i
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if !unicode.Is(plainRunes, r) {
			return i
		}
		i += n
	}
	return len(s)
}

// IsTabbedASCII reports whether s holds only printable ASCII, tabs and
// '\n': source code indented with tabs, which the cell model would only
// pad to the tab stops (see expandTabs).
func IsTabbedASCII(s string) bool {
	for i := range len(s) {
		if c := s[i]; (c < ' ' || c >= ansi.DEL) && c != '\t' && c != '\n' {
			return false
		}
	}
	return true
}

// expandTabs sanitises text that IsTabbedASCII, in either mode: each tab
// becomes the spaces up to the next tab stop of its line, as on the cell
// model, without building one.
func expandTabs(s string) string {
	var b strings.Builder
	b.Grow(len(s) + (TabStop-1)*strings.Count(s, "\t"))
	for line := range strings.Lines(s) {
		col := 0
		for {
			part, after, tab := strings.Cut(line, "\t")
			b.WriteString(part)
			if !tab {
				break
			}
			col += len(part)
			n := TabStop - col%TabStop
			b.WriteString(BlankText[:n])
			col += n
			line = after
		}
	}
	return b.String()
}

// plainRunes are common visible runes (Latin, Greek, Cyrillic, punctuation,
// symbols, box drawing, CJK, kana, Hangul syllables, fullwidth forms and
// emoji) that never join a neighbour from this table or printable ASCII into
// one grapheme cluster and are one or two cells wide.
// TestPlainRunesAreSingleClusters checks every one of them.
var plainRunes = &unicode.RangeTable{
	R16: []unicode.Range16{
		{Lo: 0x00A0, Hi: 0x00AC, Stride: 1},
		{Lo: 0x00AE, Hi: 0x024F, Stride: 1},
		{Lo: 0x0384, Hi: 0x0482, Stride: 1},
		{Lo: 0x048A, Hi: 0x052F, Stride: 1},
		{Lo: 0x2010, Hi: 0x2027, Stride: 1},
		{Lo: 0x2030, Hi: 0x205E, Stride: 1},
		{Lo: 0x20A0, Hi: 0x20C0, Stride: 1},
		{Lo: 0x2100, Hi: 0x214F, Stride: 1},
		{Lo: 0x2190, Hi: 0x23FF, Stride: 1},
		{Lo: 0x2460, Hi: 0x27BF, Stride: 1},
		{Lo: 0x3000, Hi: 0x3029, Stride: 1},
		{Lo: 0x3030, Hi: 0x303F, Stride: 1},
		{Lo: 0x3041, Hi: 0x3096, Stride: 1},
		{Lo: 0x30A0, Hi: 0x30FF, Stride: 1},
		{Lo: 0x4E00, Hi: 0x9FFF, Stride: 1},
		{Lo: 0xAC00, Hi: 0xD7A3, Stride: 1},
		{Lo: 0xFF01, Hi: 0xFF60, Stride: 1},
		{Lo: 0xFFE0, Hi: 0xFFE6, Stride: 1},
	},
	R32: []unicode.Range32{
		{Lo: 0x1F300, Hi: 0x1F3FA, Stride: 1},
		{Lo: 0x1F400, Hi: 0x1F64F, Stride: 1},
		{Lo: 0x1F680, Hi: 0x1F6FF, Stride: 1},
		{Lo: 0x1F900, Hi: 0x1F9FF, Stride: 1},
	},
}

// line tokenises one line, replays it on the cell model and emits it.
func (z *sanitizer) line(line string) {
	z.row.text = line
	for i := 0; i < len(line); {
		if n := printableASCIIPrefix(line[i:]); n > 0 {
			// Fast path: the decoder returns printable ASCII byte by byte.
			z.row.putASCII(line[i:i+n], z.style)
			i += n
			continue
		}
		if r, n := utf8.DecodeRuneInString(line[i:]); unicode.Is(loneInvisibles, r) {
			// Fast path: the decoder returns it alone, to be shown.
			z.marker(r)
			i += n
			continue
		}
		_, w, n, state := ansi.DecodeSequence(line[i:], ansi.NormalState, nil)
		n = max(n, 1)
		if state == ansi.NormalState {
			z.token(i, n, w)
		} else {
			z.removed(line[i : i+n]) // unterminated: the rest of the line
		}
		i += n
	}
	z.row.emit(&z.out, z.styles.keys)
}

// printableASCIIPrefix returns the length of the printable ASCII prefix of s.
func printableASCIIPrefix(s string) int {
	for i := range len(s) {
		if s[i] < ' ' || s[i] >= ansi.DEL {
			return i
		}
	}
	return len(s)
}

// loneInvisibles are the common invisible runes (bidi controls and marks,
// the zero-width space, the word joiner and invisible operators, the soft
// hyphen, the BOM, the line and paragraph separators) that are always a
// grapheme cluster of their own.
// TestLoneInvisiblesAreAlone checks every one of them.
var loneInvisibles = &unicode.RangeTable{
	R16: []unicode.Range16{
		{Lo: 0x00AD, Hi: 0x00AD, Stride: 1},
		{Lo: 0x061C, Hi: 0x061C, Stride: 1},
		{Lo: 0x180E, Hi: 0x180E, Stride: 1},
		{Lo: 0x200B, Hi: 0x200B, Stride: 1},
		{Lo: 0x200E, Hi: 0x200F, Stride: 1},
		{Lo: 0x2028, Hi: 0x202E, Stride: 1},
		{Lo: 0x2060, Hi: 0x2064, Stride: 1},
		{Lo: 0x2066, Hi: 0x206F, Stride: 1},
		{Lo: 0xFEFF, Hi: 0xFEFF, Stride: 1},
		{Lo: 0xFFF9, Hi: 0xFFFB, Stride: 1},
	},
}

// plainLine emits a line that isPlainText in the current style.
func (z *sanitizer) plainLine(line string) {
	if line == "" || z.style == 0 {
		z.out.WriteString(line)
		return
	}
	writeTransition(&z.out, "", z.styles.keys[z.style])
	z.out.WriteString(line)
	z.out.WriteString(sgrReset)
}

// token handles the decoded token of n bytes at offset at of the line, of
// width w.
func (z *sanitizer) token(at, n, w int) {
	tok := z.row.text[at : at+n]
	switch c := tok[0]; {
	case c == ansi.ESC:
		z.escape(tok)
	case c == '\t':
		z.row.tab()
	case c == '\r':
		z.carriageReturn(at+n == len(z.row.text))
	case c >= 0xC0:
		z.cluster(at, n, w)
	default: // a C0 control or DEL
		z.removed(tok)
	}
}

// carriageReturn returns to column 0, or, when overwriting is off, shows
// the '\r' unless it ends the line (as in "\r\n").
func (z *sanitizer) carriageReturn(last bool) {
	switch {
	case z.overwrite:
		z.row.col = 0
	case !last:
		z.marker('\r')
	}
}

// escape keeps SGR (in the pen; in text mode it is dropped, as colour
// only), applies EL and CHA to the line in output mode, and shows every
// other sequence inert, as a marker.
func (z *sanitizer) escape(tok string) {
	if len(tok) < 3 || tok[1] != '[' {
		z.removed(tok)
		return
	}
	params, final := tok[2:len(tok)-1], tok[len(tok)-1]
	if !isSGRParams(params) || (final != 'm' && !z.overwrite) {
		z.removed(tok)
		return
	}
	switch final {
	case 'm':
		if z.keepSGR {
			z.pen.apply(params)
			z.key = z.pen.appendKey(z.key[:0])
			z.style = z.styles.intern(z.key)
		}
	case 'K':
		z.row.erase(sgrNumber(params))
	case 'G':
		z.row.moveTo(sgrNumber(params) - 1)
	default:
		z.removed(tok)
	}
}

// removed writes the marker of a removed control or sequence (see
// removedMarker) at the cursor.
func (z *sanitizer) removed(tok string) {
	for _, r := range removedMarker(tok) {
		if r < utf8.RuneSelf {
			z.row.put(asciiText(byte(r)), 1, z.style)
		} else {
			z.row.put(runeText(r), 1, z.style)
		}
	}
}

// isSGRParams reports whether p holds only digits, ';' and ':'.
func isSGRParams(p string) bool {
	for i := range len(p) {
		if (p[i] < '0' || p[i] > '9') && p[i] != ';' && p[i] != ':' {
			return false
		}
	}
	return true
}

// cluster writes the grapheme cluster of n bytes at offset at of the line,
// of width w.
func (z *sanitizer) cluster(at, n, w int) {
	g := z.row.text[at : at+n]
	switch {
	case n > maxClusterBytes:
		_, first := utf8.DecodeRuneInString(g)
		z.runes(at, first)
		z.row.put(runeText('…'), 1, z.style)
		z.row.putASCII("<"+strconv.Itoa(n-first)+" more bytes>", z.style)
	case !plainCluster(g, w):
		z.runes(at, n)
	case w == 0:
		z.row.attach(g, z.style)
	default:
		z.row.put(z.row.textAt(at, n), w, z.style)
	}
}

// plainCluster reports whether g can be written as a whole: valid UTF-8, no
// control or invisible rune, and, when it is zero-width, no visible rune.
func plainCluster(g string, w int) bool {
	base := rune(-1)
	for i := 0; i < len(g); {
		r, n := utf8.DecodeRuneInString(g[i:])
		if !printableRune(r, n) || (isInvisible(r) && !emojiPresentation(base, r)) {
			return false
		}
		base = r
		if w == 0 && n < len(g) && ansi.StringWidth(g[i:i+n]) > 0 {
			return false
		}
		i += n
	}
	return true
}

// printableRune reports whether the decoded rune r of size n is valid and
// not a control.
func printableRune(r rune, n int) bool {
	if r == utf8.RuneError && n == 1 {
		return false
	}
	return r >= ' ' && (r < ansi.DEL || r >= 0xA0)
}

// runes writes the n bytes at offset at of the line rune by rune, dropping
// controls and showing invisible runes.
func (z *sanitizer) runes(at, n int) {
	for i := at; i < at+n; {
		r, size := utf8.DecodeRuneInString(z.row.text[i : at+n])
		sub := z.row.text[i : i+size]
		i += size
		switch {
		case !printableRune(r, size):
			z.removed(sub)
		case isInvisible(r):
			z.marker(r)
		default:
			z.printRune(r, sub)
		}
	}
}

// printRune writes the visible rune r, whose text is s, attaching it when
// it is zero-width.
func (z *sanitizer) printRune(r rune, s string) {
	if w := ansi.StringWidth(s); w > 0 {
		z.row.put(runeText(r), w, z.style)
	} else {
		z.row.attach(s, z.style)
	}
}

// marker writes "<U+XXXX>", the visible form of a rune that must not act.
func (z *sanitizer) marker(r rune) {
	if r != z.markerRune || z.markerText == "" {
		z.markerRune, z.markerText = r, string(appendMarker(nil, r))
	}
	z.row.putASCII(z.markerText, z.style)
}

// appendMarker appends "<U+XXXX>" for r: at least four upper-case hex digits.
func appendMarker(b []byte, r rune) []byte {
	const hexDigits = "0123456789ABCDEF"
	digits := 4
	for r>>(4*digits) != 0 {
		digits++
	}
	b = append(b, "<U+"...)
	for k := digits - 1; k >= 0; k-- {
		b = append(b, hexDigits[r>>(4*k)&0xF])
	}
	return append(b, '>')
}

// styleTable numbers the styles (canonical SGR parameter strings) a pass
// meets, so that cells hold a small number instead of a string.
type styleTable struct {
	keys []string // keys[i] is style i; style 0 is the default style ""
	ids  map[string]uint32
}

// newStyleTable returns a table that knows the default style only.
func newStyleTable() styleTable {
	return styleTable{keys: []string{""}, ids: map[string]uint32{"": 0}}
}

// intern returns the number of style key, numbering it if it is new.
func (t *styleTable) intern(key []byte) uint32 {
	id, ok := t.ids[string(key)]
	if !ok {
		id = uint32(len(t.keys))
		t.keys = append(t.keys, string(key))
		t.ids[t.keys[id]] = id
	}
	return id
}

// lineCell is one display cell of a line, packed into 32 bits so that a line
// of millions of cells stays small and holds no pointer for the garbage
// collector to scan:
//
//   - glyphCell | i: the glyph screenLine.glyphs[i];
//   - runeCell | style<<runeBits | r: the rune r alone, in a style numbered
//     up to maxRuneStyle;
//   - style<<asciiBits | c: the printable ASCII byte c, in a style numbered
//     up to maxASCIIStyle.
//
// The zero cell, rightHalf, is the right half of a wide grapheme, which
// always has the style of the grapheme on its left. Glyph indices fit: the
// glyph table stays under twice the cells of the line (plus glyphSlack).
type lineCell uint32

const (
	glyphCell lineCell = 1 << 31
	runeCell  lineCell = 1 << 30
	runeBits           = 21
	runeMask  lineCell = 1<<runeBits - 1
	asciiBits          = 7
	asciiMask lineCell = 1<<asciiBits - 1
	rightHalf lineCell = 0
	// maxRuneStyle and maxASCIIStyle are the largest style numbers the
	// inline cells hold.
	maxRuneStyle  = 1<<(30-runeBits) - 1
	maxASCIIStyle = 1<<(30-asciiBits) - 1
	// glyphSlack is how many unused glyphs a line may accumulate, beyond as
	// many as it has cells, before they are collected.
	glyphSlack = 1024
)

// blankCell is a space in the default style, the padding of a line.
const blankCell = lineCell(' ')

// Cells are stored in pages of pageSize cells, allocated up to maxPageBatch
// at a time.
const (
	pageBits     = 6
	pageSize     = 1 << pageBits
	pageMask     = pageSize - 1
	maxPageBatch = 1024
)

// cellPage is one page of cells.
type cellPage [pageSize]lineCell

// blankPage is a page of padding shared by every line: cellPages copies it
// before writing a cell of it, so it is never written to.
var blankPage = func() *cellPage {
	p := new(cellPage)
	for i := range p {
		p[i] = blankCell
	}
	return p
}()

// BlankText is the text of a blankPage.
var BlankText = strings.Repeat(" ", pageSize)

// cellPages holds the cells of a line in pages: a long line grows without
// copying, and padding shares blankPage until one of its cells is written,
// so that a flood of tabs costs a pointer per pageSize cells.
type cellPages struct {
	pages []*cellPage // the pages in use: n cells, rounded up
	n     int
	free  []*cellPage // pages released, to reuse
}

// len returns the number of cells.
func (p *cellPages) len() int { return p.n }

// at returns cell i.
func (p *cellPages) at(i int) lineCell { return p.pages[i>>pageBits][i&pageMask] }

// set writes cell i.
func (p *cellPages) set(i int, c lineCell) { p.writable(i >> pageBits)[i&pageMask] = c }

// writable returns page k, copying it first if it is the shared blankPage.
func (p *cellPages) writable(k int) *cellPage {
	page := p.pages[k]
	if page == blankPage {
		page = p.newPage()
		*page = *blankPage
		p.pages[k] = page
	}
	return page
}

// newPage returns a page to write, reusing a released one if it can. It
// allocates pages in batches as large as the line so far (up to
// maxPageBatch), so that a long line takes few allocations.
func (p *cellPages) newPage() *cellPage {
	if len(p.free) == 0 {
		batch := make([]cellPage, min(max(len(p.pages), 1), maxPageBatch))
		for i := range batch {
			p.free = append(p.free, &batch[i])
		}
	}
	page := p.free[len(p.free)-1]
	p.free = p.free[:len(p.free)-1]
	return page
}

// push appends cell c.
func (p *cellPages) push(c lineCell) {
	if p.n == len(p.pages)<<pageBits {
		p.pages = append(p.pages, p.newPage())
	}
	p.set(p.n, c)
	p.n++
}

// pushASCII appends the printable ASCII bytes s, each as pen | byte, a
// page at a time.
func (p *cellPages) pushASCII(s string, pen lineCell) {
	for s != "" {
		if p.n == len(p.pages)<<pageBits {
			p.pages = append(p.pages, p.newPage())
		}
		page := p.writable(p.n >> pageBits)[p.n&pageMask:]
		k := min(len(s), len(page))
		for i, c := range []byte(s[:k]) {
			page[i] = pen | lineCell(c)
		}
		p.n += k
		s = s[k:]
	}
}

// padTo appends blank cells up to n cells. Padding that starts a page
// starts it as blankPage, and padding a blankPage only counts its cells.
func (p *cellPages) padTo(n int) {
	for p.n < n {
		if p.n == len(p.pages)<<pageBits {
			p.pages = append(p.pages, blankPage)
		}
		if p.pages[len(p.pages)-1] == blankPage {
			p.n = min(n, len(p.pages)<<pageBits)
		} else {
			p.push(blankCell)
		}
	}
}

// truncate keeps the first n cells and releases the pages past them.
func (p *cellPages) truncate(n int) {
	keep := (n + pageMask) >> pageBits
	for _, page := range p.pages[keep:] {
		if page != blankPage {
			p.free = append(p.free, page)
		}
	}
	clear(p.pages[keep:])
	p.pages, p.n = p.pages[:keep], n
}

// used returns the cells of page k that are in use.
func (p *cellPages) used(k int) []lineCell {
	return p.pages[k][:min(pageSize, p.n-k<<pageBits)]
}

// textRef locates the base text of a cell, n bytes: text[off:off+n] of the
// line, or, when off is negative, the rune -1-off.
type textRef struct{ off, n int }

// runeText is the textRef of rune r.
func runeText(r rune) textRef {
	return textRef{-1 - int(r), utf8.RuneLen(r)}
}

// asciiText is the textRef of the ASCII byte c.
func asciiText(c byte) textRef {
	return runeText(rune(c))
}

// cellGlyph is a cell that does not fit inline: a grapheme of several runes,
// a rune with zero-width clusters attached, or one in a style numbered above
// the inline limits.
type cellGlyph struct {
	text  textRef
	style uint32
	att   int32 // 1 + index in screenLine.atts of the attached clusters, 0 if none
}

// screenLine is the line being built: its cells, the glyphs they use, and
// the cursor column. Invariant: the first cell is never a right half, and
// every right half follows its grapheme's first cell.
type screenLine struct {
	text        string // the line the glyphs' text refers to
	cells       cellPages
	glyphs      []cellGlyph
	atts        [][]byte // zero-width clusters attached to glyphs
	spareGlyphs []cellGlyph
	spareAtts   [][]byte
	freeAtts    [][]byte // attachment buffers to reuse
	col         int
	asciiStyles uint32 // the styles an ASCII cell holds inline: up to this
	runeStyles  uint32 // the same for a rune cell
}

// newScreenLine returns an empty line whose inline cells hold the styles
// numbered up to inlineStyles, at most.
func newScreenLine(inlineStyles uint32) screenLine {
	return screenLine{asciiStyles: min(inlineStyles, maxASCIIStyle), runeStyles: min(inlineStyles, maxRuneStyle)}
}

// textAt returns the textRef of the n bytes at offset at of the line,
// a runeText when they are a single rune.
func (l *screenLine) textAt(at, n int) textRef {
	if r, size := utf8.DecodeRuneInString(l.text[at : at+n]); size == n {
		return runeText(r)
	}
	return textRef{at, n}
}

// cell returns the cell for text t in style.
func (l *screenLine) cell(t textRef, style uint32) lineCell {
	if t.off < 0 {
		switch r := lineCell(-1 - t.off); {
		case r < utf8.RuneSelf && style <= l.asciiStyles:
			return lineCell(style)<<asciiBits | r
		case style <= l.runeStyles:
			return runeCell | lineCell(style)<<runeBits | r
		}
	}
	return l.newGlyph(cellGlyph{text: t, style: style})
}

// newGlyph stores g and returns its cell. When the line has collected many
// glyphs that no cell uses any more (overwritten, erased), it first
// collects them: a glyph index held across this call is invalid after it.
func (l *screenLine) newGlyph(g cellGlyph) lineCell {
	if len(l.glyphs) >= 2*l.cells.len()+glyphSlack {
		l.compactGlyphs()
	}
	l.glyphs = append(l.glyphs, g)
	return glyphCell | lineCell(len(l.glyphs)-1)
}

// compactGlyphs drops the glyphs and attachments no cell uses. Each cell
// uses a glyph of its own, so at least half of the glyphs go, which keeps
// collecting linear. The tables are double-buffered so that collecting does
// not allocate again and again.
func (l *screenLine) compactGlyphs() {
	glyphs, atts := l.spareGlyphs[:0], l.spareAtts[:0]
	for k, page := range l.cells.pages {
		if page == blankPage {
			continue
		}
		cells := l.cells.used(k)
		for i, c := range cells {
			if c&glyphCell == 0 {
				continue
			}
			g := l.glyphs[c&^glyphCell]
			if g.att != 0 {
				atts = append(atts, l.atts[g.att-1])
				l.atts[g.att-1] = nil
				g.att = int32(len(atts))
			}
			glyphs = append(glyphs, g)
			cells[i] = glyphCell | lineCell(len(glyphs)-1)
		}
	}
	l.releaseAtts()
	l.glyphs, l.spareGlyphs = glyphs, l.glyphs
	l.atts, l.spareAtts = atts, l.atts
}

// releaseAtts empties atts, keeping the buffers of its attachments, which
// no glyph uses any more, for new attachments.
func (l *screenLine) releaseAtts() {
	for _, a := range l.atts {
		if a != nil {
			l.freeAtts = append(l.freeAtts, a[:0])
		}
	}
	clear(l.atts)
	l.atts = l.atts[:0]
}

// glyphOf returns the contents of cell c, which is not a right half.
func (l *screenLine) glyphOf(c lineCell) cellGlyph {
	switch {
	case c&glyphCell != 0:
		return l.glyphs[c&^glyphCell]
	case c&runeCell != 0:
		return cellGlyph{text: runeText(rune(c & runeMask)), style: uint32(c&^runeCell) >> runeBits}
	}
	return cellGlyph{text: asciiText(byte(c & asciiMask)), style: uint32(c >> asciiBits)}
}

// textLen is the length in bytes of the text of glyph g.
func (l *screenLine) textLen(g cellGlyph) int {
	if g.att == 0 {
		return g.text.n
	}
	return g.text.n + len(l.atts[g.att-1])
}

// put writes the text t of width w at the cursor and advances it.
func (l *screenLine) put(t textRef, w int, style uint32) {
	if w == 1 && l.col == l.cells.len() {
		c := l.cell(t, style)
		l.cells.push(c)
		l.col++
		return
	}
	l.cells.padTo(l.col)
	end := l.col + w
	l.splitWide(l.col)
	l.splitWide(end)
	for l.cells.len() < end {
		l.cells.push(rightHalf)
	}
	c := l.cell(t, style)
	l.cells.set(l.col, c)
	for i := l.col + 1; i < end; i++ {
		l.cells.set(i, rightHalf)
	}
	l.col = end
}

// putASCII writes the printable ASCII bytes s at the cursor, as inline
// cells. It does what a put per byte does: only the wide graphemes at the
// two ends of the overwritten cells can be split, and the cells in between
// are overwritten anyway.
func (l *screenLine) putASCII(s string, style uint32) {
	if style > l.asciiStyles {
		for i := range len(s) {
			l.put(asciiText(s[i]), 1, style)
		}
		return
	}
	pen := lineCell(style) << asciiBits
	if k := min(len(s), l.cells.len()-l.col); k > 0 {
		l.splitWide(l.col)
		l.splitWide(l.col + k)
		for i, c := range []byte(s[:k]) {
			l.cells.set(l.col+i, pen|lineCell(c))
		}
		l.col += k
		s = s[k:]
	}
	l.cells.pushASCII(s, pen)
	l.col += len(s)
}

// attach appends a zero-width cluster to the grapheme before the cursor, or
// gives it a space to sit on when there is none.
func (l *screenLine) attach(g string, style uint32) {
	i := l.col - 1
	if i < 0 || i >= l.cells.len() {
		l.put(asciiText(' '), 1, style)
		l.addAttachment(l.col-1, g)
		return
	}
	for i > 0 && l.cells.at(i) == rightHalf {
		i--
	}
	if l.textLen(l.glyphOf(l.cells.at(i)))+len(g) <= maxCellText {
		l.addAttachment(i, g)
	}
}

// addAttachment appends g to the text of cell i, turning it into a glyph
// if it is inline.
func (l *screenLine) addAttachment(i int, g string) {
	c := l.cells.at(i)
	if c&glyphCell == 0 {
		c = l.newGlyph(l.glyphOf(c))
		l.cells.set(i, c)
	}
	gl := &l.glyphs[c&^glyphCell]
	if gl.att == 0 {
		var buf []byte
		if n := len(l.freeAtts); n > 0 {
			buf, l.freeAtts = l.freeAtts[n-1], l.freeAtts[:n-1]
		}
		l.atts = append(l.atts, buf)
		gl.att = int32(len(l.atts))
	}
	l.atts[gl.att-1] = append(l.atts[gl.att-1], g...)
}

// splitWide blanks the wide grapheme whose right half is at column i, if
// any, because part of it is about to be overwritten or erased.
func (l *screenLine) splitWide(i int) {
	if i >= l.cells.len() || l.cells.at(i) != rightHalf {
		return
	}
	for i > 0 && l.cells.at(i) == rightHalf {
		i--
	}
	style := l.glyphOf(l.cells.at(i)).style
	for {
		c := l.cell(asciiText(' '), style)
		l.cells.set(i, c)
		if i++; i >= l.cells.len() || l.cells.at(i) != rightHalf {
			return
		}
	}
}

// tab moves the cursor to the next tab stop, padding the line with spaces.
func (l *screenLine) tab() {
	l.col = (l.col/TabStop + 1) * TabStop
	l.cells.padTo(l.col)
}

// erase implements EL: 0 erases from the cursor to the end of the line, 2
// the whole line (and, unlike a terminal, returns to column 0, so that
// repeated erasing cannot make padding quadratic). EL 1 is ignored.
func (l *screenLine) erase(mode int) {
	switch mode {
	case 0:
		if l.col < l.cells.len() {
			l.splitWide(l.col)
			l.cells.truncate(l.col)
		}
	case 2:
		l.clear()
	}
}

// moveTo implements CHA: the cursor goes to column col, but never past the
// end of the text written so far.
func (l *screenLine) moveTo(col int) {
	l.col = min(max(col, 0), l.cells.len())
}

// clear empties the line and returns the cursor to column 0.
func (l *screenLine) clear() {
	l.releaseAtts()
	l.cells.truncate(0)
	l.glyphs, l.col = l.glyphs[:0], 0
}

// emit writes the line with minimal SGR transitions between the styles
// numbered in keys, closes any open style and clears the line.
func (l *screenLine) emit(out *strings.Builder, keys []string) {
	// A cell writes at least a byte, and growing once for a giant line
	// avoids growing, copying and discarding the output again and again.
	out.Grow(l.cells.len())
	cur := uint32(0)
	for k, page := range l.cells.pages {
		cells := l.cells.used(k)
		if page == blankPage {
			cur = switchStyle(out, keys, cur, 0)
			out.WriteString(BlankText[:len(cells)])
			continue
		}
		for _, c := range cells {
			switch {
			case c == rightHalf:
			case c&(glyphCell|runeCell) == 0:
				cur = switchStyle(out, keys, cur, uint32(c>>asciiBits))
				out.WriteByte(byte(c & asciiMask))
			default:
				g := l.glyphOf(c)
				cur = switchStyle(out, keys, cur, g.style)
				l.writeText(out, g)
			}
		}
	}
	switchStyle(out, keys, cur, 0)
	l.clear()
}

// switchStyle writes the transition from style from to style to, numbered
// in keys, if they differ, and returns to.
func switchStyle(out *strings.Builder, keys []string, from, to uint32) uint32 {
	if from != to {
		writeTransition(out, keys[from], keys[to])
	}
	return to
}

// writeText writes the text of glyph g.
func (l *screenLine) writeText(out *strings.Builder, g cellGlyph) {
	if g.text.off < 0 {
		out.WriteRune(rune(-1 - g.text.off))
	} else {
		out.WriteString(l.text[g.text.off : g.text.off+g.text.n])
	}
	if g.att != 0 {
		out.Write(l.atts[g.att-1])
	}
}

// writeTransition writes the SGR sequence that changes style from to to.
func writeTransition(out *strings.Builder, from, to string) {
	switch {
	case to == "":
		out.WriteString(sgrReset)
	case from == "":
		out.WriteString("\x1b[")
		out.WriteString(to)
		out.WriteByte('m')
	default:
		out.WriteString("\x1b[0;")
		out.WriteString(to)
		out.WriteByte('m')
	}
}

// SGR pen slots, in the order they are encoded.
const (
	penSlotBold = iota
	penSlotFaint
	penSlotItalic
	penSlotUnderline
	penSlotBlink
	penSlotReverse
	penSlotConceal
	penSlotStrike
	penSlotOverline
	penSlotFg
	penSlotBg
	penSlotUnderlineColor
	numPenSlots
)

// sgrSimple is what a simple SGR parameter does: set slot to value ("" clears).
type sgrSimple struct {
	slot  int
	value string
}

// sgrSimples lists the simple SGR parameters the pen models; colours and 22
// are handled in code, unknown parameters are ignored.
var sgrSimples = map[int]sgrSimple{
	1: {penSlotBold, "1"}, 2: {penSlotFaint, "2"}, 3: {penSlotItalic, "3"},
	4: {penSlotUnderline, "4"}, 21: {penSlotUnderline, "21"}, 5: {penSlotBlink, "5"},
	6: {penSlotBlink, "6"}, 7: {penSlotReverse, "7"}, 8: {penSlotConceal, "8"},
	9: {penSlotStrike, "9"}, 53: {penSlotOverline, "53"},
	23: {penSlotItalic, ""}, 24: {penSlotUnderline, ""}, 25: {penSlotBlink, ""},
	27: {penSlotReverse, ""}, 28: {penSlotConceal, ""}, 29: {penSlotStrike, ""},
	55: {penSlotOverline, ""}, 39: {penSlotFg, ""}, 49: {penSlotBg, ""},
	59: {penSlotUnderlineColor, ""},
}

// sgrColorSlots maps the extended colour introducers to their slots.
var sgrColorSlots = map[int]int{38: penSlotFg, 48: penSlotBg, 58: penSlotUnderlineColor}

// sgrPen is the SGR state: one canonical parameter string per slot.
type sgrPen struct {
	slot  [numPenSlots]string
	items []string // the parameters being applied, reused
}

// apply applies the parameters of one SGR sequence.
func (p *sgrPen) apply(params string) {
	p.items = p.items[:0]
	for more := true; more; {
		var item string
		item, params, more = strings.Cut(params, ";")
		p.items = append(p.items, item)
	}
	for i := 0; i < len(p.items); i++ {
		i += p.applyItem(p.items, i)
	}
}

// applyItem applies items[i] and returns how many following items it used.
func (p *sgrPen) applyItem(items []string, i int) int {
	if strings.Contains(items[i], ":") {
		p.applyColon(items[i])
		return 0
	}
	n := sgrNumber(items[i])
	slot, isColor := sgrColorSlots[n]
	if !isColor {
		p.applySimple(n)
		return 0
	}
	color, used := extendedColor(n, items[i+1:])
	if color != "" {
		p.slot[slot] = color
	}
	return used
}

// applySimple applies a parameter without sub-parameters.
func (p *sgrPen) applySimple(n int) {
	switch {
	case n == 0:
		p.slot = [numPenSlots]string{}
	case n == 22:
		p.slot[penSlotBold], p.slot[penSlotFaint] = "", ""
	case n >= 30 && n <= 37, n >= 90 && n <= 97:
		p.slot[penSlotFg] = strconv.Itoa(n)
	case n >= 40 && n <= 47, n >= 100 && n <= 107:
		p.slot[penSlotBg] = strconv.Itoa(n)
	default:
		if a, ok := sgrSimples[n]; ok {
			p.slot[a.slot] = a.value
		}
	}
}

// applyColon applies a colon-form parameter (4:3, 38:2::r:g:b, …), kept
// verbatim.
func (p *sgrPen) applyColon(item string) {
	if len(item) > maxColonParam {
		return
	}
	head, sub, _ := strings.Cut(item, ":")
	switch n := sgrNumber(head); n {
	case 4:
		if sgrNumber(sub) == 0 {
			p.slot[penSlotUnderline] = ""
		} else {
			p.slot[penSlotUnderline] = item
		}
	case 38, 48, 58:
		p.slot[sgrColorSlots[n]] = item
	}
}

// extendedColor parses the arguments of a semicolon-form colour introduced
// by n, 38, 48 or 58 ("5;n" or "2;r;g;b"); it returns the canonical form of
// the whole colour ("" if invalid) and how many arguments it used.
func extendedColor(n int, args []string) (string, int) {
	if len(args) == 0 {
		return "", 0
	}
	kind := sgrNumber(args[0])
	want := 0
	switch kind {
	case 5:
		want = 2 // 5;n
	case 2:
		want = 4 // 2;r;g;b
	default:
		return "", 0
	}
	if len(args) < want {
		return "", len(args)
	}
	var buf [len("38;2;255;255;255")]byte
	b := strconv.AppendInt(buf[:0], int64(n), 10)
	b = strconv.AppendInt(append(b, ';'), int64(kind), 10)
	for _, a := range args[1:want] {
		v := sgrNumber(a)
		if v < 0 || v > 255 {
			return "", want
		}
		b = strconv.AppendInt(append(b, ';'), int64(v), 10)
	}
	return string(b), want
}

// appendKey appends the style key, the set slots joined by ';' in slot
// order ("" for the default style).
func (p *sgrPen) appendKey(b []byte) []byte {
	start := len(b)
	for _, v := range p.slot {
		if v == "" {
			continue
		}
		if len(b) > start {
			b = append(b, ';')
		}
		b = append(b, v...)
	}
	return b
}

// sgrNumber parses a decimal parameter: "" is 0, anything that is not
// digits or is too large is -1.
func sgrNumber(s string) int {
	s = strings.TrimLeft(s, "0")
	if len(s) > 6 {
		return -1
	}
	n := 0
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return -1
		}
		n = n*10 + int(s[i]-'0')
	}
	return n
}
