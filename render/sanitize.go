package render

import (
	"fmt"
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
//  1. normalizeControls: invalid UTF-8 becomes U+FFFD and every C1 control,
//     raw byte or UTF-8 encoded, becomes its 7-bit ESC equivalent, so that
//     a single 7-bit parser sees every sequence a terminal could act on.
//  2. Each line is split into tokens with ansi.DecodeSequence (nil parser:
//     with a *Parser it indexes past its parameter buffer and panics on more
//     than 32 parameters).
//  3. Tokens are replayed on a one-line cell model (screenLine): printable
//     graphemes are written at the cursor, '\r' returns to column 0, tabs
//     move to the next multiple of 8, EL (ESC[K) and CHA (ESC[G) act on the
//     line, SGR updates the pen, everything else is dropped. Text mode keeps
//     the cursor moving forward only and drops SGR.
//  4. The line is emitted from its cells with canonical SGR transitions and a
//     closing reset, so every line is self-contained.
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
	// tabStop is the distance between tab stops, in cells.
	tabStop = 8
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
// and https URLs with a host, and file URLs, are accepted; anything holding a
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

// urlSchemeSafe accepts http(s) URLs with a host and file URLs.
func urlSchemeSafe(u *url.URL) bool {
	switch u.Scheme {
	case "http", "https":
		return u.Host != "" && u.Opaque == ""
	case "file":
		return u.Opaque == ""
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
// scripts and emoji sequences need, plus the line and paragraph separators
// and the blank Hangul fillers.
func isInvisible(r rune) bool {
	switch r {
	case 0x200C, 0x200D:
		return false
	case 0x2028, 0x2029, 0x115F, 0x1160, 0x3164, 0xFFA0:
		return true
	}
	return r >= 0xAD && unicode.Is(unicode.Cf, r)
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

// sanitizer holds the state of one sanitising pass.
type sanitizer struct {
	sanitizeMode
	pen sgrPen
	row screenLine
	out strings.Builder
}

// sanitize runs the whole pipeline.
func sanitize(s string, m sanitizeMode) string {
	s = normalizeControls(s)
	z := &sanitizer{sanitizeMode: m}
	z.out.Grow(len(s) + len(s)/8)
	for first := true; ; first = false {
		line, rest, more := strings.Cut(s, "\n")
		if !first {
			z.out.WriteByte('\n')
		}
		z.line(line)
		if !more {
			return z.out.String()
		}
		s = rest
	}
}

// line tokenises one line, replays it on the cell model and emits it.
func (z *sanitizer) line(line string) {
	for line != "" {
		if c := line[0]; c >= ' ' && c < ansi.DEL {
			// Fast path: the decoder returns printable ASCII byte by byte.
			z.row.put(line[:1], 1, z.pen.key)
			line = line[1:]
			continue
		}
		_, w, n, state := ansi.DecodeSequence(line, ansi.NormalState, nil)
		n = max(n, 1)
		if state == ansi.NormalState {
			z.token(line[:n], w, n == len(line))
		} // else: unterminated sequence, dropped with the rest of the line
		line = line[n:]
	}
	z.row.emit(&z.out)
}

// token handles one decoded token of width w; last tells whether it ends
// the line.
func (z *sanitizer) token(tok string, w int, last bool) {
	switch c := tok[0]; {
	case c == ansi.ESC:
		z.escape(tok)
	case c == '\t':
		z.row.tab()
	case c == '\r':
		z.carriageReturn(last)
	case c >= ' ' && c < ansi.DEL:
		z.row.put(tok, 1, z.pen.key)
	case c >= 0xC0:
		z.cluster(tok, w)
	} // else: a C0 control, DEL or a stray byte, dropped
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

// escape keeps SGR (in the pen), applies EL and CHA to the line and drops
// every other sequence.
func (z *sanitizer) escape(tok string) {
	if len(tok) < 3 || tok[1] != '[' {
		return
	}
	params, final := tok[2:len(tok)-1], tok[len(tok)-1]
	if !isSGRParams(params) || (final != 'm' && !z.overwrite) {
		return
	}
	switch final {
	case 'm':
		if z.keepSGR {
			z.pen.apply(params)
		}
	case 'K':
		z.row.erase(sgrNumber(params))
	case 'G':
		z.row.moveTo(sgrNumber(params) - 1)
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

// cluster writes a grapheme cluster of width w.
func (z *sanitizer) cluster(g string, w int) {
	switch {
	case !plainCluster(g, w):
		z.runes(g)
	case w == 0:
		z.row.attach(g, z.pen.key)
	default:
		z.row.put(g, w, z.pen.key)
	}
}

// plainCluster reports whether g can be written as a whole: valid UTF-8, no
// control or invisible rune, and, when it is zero-width, no visible rune.
func plainCluster(g string, w int) bool {
	for i := 0; i < len(g); {
		r, n := utf8.DecodeRuneInString(g[i:])
		if !printableRune(r, n) || isInvisible(r) {
			return false
		}
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

// runes writes g rune by rune, dropping controls and showing invisible runes.
func (z *sanitizer) runes(g string) {
	for i := 0; i < len(g); {
		r, n := utf8.DecodeRuneInString(g[i:])
		sub := g[i : i+n]
		i += n
		switch {
		case !printableRune(r, n):
		case isInvisible(r):
			z.marker(r)
		case ansi.StringWidth(sub) == 0:
			z.row.attach(sub, z.pen.key)
		default:
			z.row.put(sub, ansi.StringWidth(sub), z.pen.key)
		}
	}
}

// marker writes "<U+XXXX>", the visible form of a rune that must not act.
func (z *sanitizer) marker(r rune) {
	m := fmt.Sprintf("<U+%04X>", r)
	for i := range len(m) {
		z.row.put(m[i:i+1], 1, z.pen.key)
	}
}

// lineCell is one display cell of a line. g is the grapheme drawn from this
// cell ("" marks the right half of a wide grapheme); style is the canonical
// SGR parameter string it is drawn with ("" for the default style).
type lineCell struct {
	g, style string
}

// screenLine is the line being built: its cells and the cursor column.
// Invariant: the first cell is never a right half, and every right half
// follows its grapheme's first cell.
type screenLine struct {
	cells []lineCell
	col   int
}

// put writes grapheme g of width w at the cursor and advances it.
func (l *screenLine) put(g string, w int, style string) {
	if w == 1 && l.col == len(l.cells) {
		l.cells = append(l.cells, lineCell{g, style})
		l.col++
		return
	}
	l.padTo(l.col)
	end := l.col + w
	l.splitWide(l.col)
	l.splitWide(end)
	for len(l.cells) < end {
		l.cells = append(l.cells, lineCell{})
	}
	l.cells[l.col] = lineCell{g, style}
	for i := l.col + 1; i < end; i++ {
		l.cells[i] = lineCell{"", style}
	}
	l.col = end
}

// attach appends a zero-width cluster to the grapheme before the cursor, or
// gives it a space to sit on when there is none.
func (l *screenLine) attach(g, style string) {
	i := l.col - 1
	if i < 0 || i >= len(l.cells) {
		l.put(" "+g, 1, style)
		return
	}
	for i > 0 && l.cells[i].g == "" {
		i--
	}
	if len(l.cells[i].g)+len(g) <= maxCellText {
		l.cells[i].g += g
	}
}

// splitWide blanks the wide grapheme whose right half is at column i, if
// any, because part of it is about to be overwritten or erased.
func (l *screenLine) splitWide(i int) {
	if i >= len(l.cells) || l.cells[i].g != "" {
		return
	}
	for i > 0 && l.cells[i].g == "" {
		i--
	}
	l.cells[i].g = " "
	for i++; i < len(l.cells) && l.cells[i].g == ""; i++ {
		l.cells[i].g = " "
	}
}

// padTo extends the line with default-style spaces up to column n.
func (l *screenLine) padTo(n int) {
	for len(l.cells) < n {
		l.cells = append(l.cells, lineCell{" ", ""})
	}
}

// tab moves the cursor to the next tab stop, padding the line with spaces.
func (l *screenLine) tab() {
	l.col = (l.col/tabStop + 1) * tabStop
	l.padTo(l.col)
}

// erase implements EL: 0 erases from the cursor to the end of the line, 2
// the whole line (and, unlike a terminal, returns to column 0, so that
// repeated erasing cannot make padding quadratic). EL 1 is ignored.
func (l *screenLine) erase(mode int) {
	switch mode {
	case 0:
		if l.col < len(l.cells) {
			l.splitWide(l.col)
			l.cells = l.cells[:l.col]
		}
	case 2:
		l.cells, l.col = l.cells[:0], 0
	}
}

// moveTo implements CHA: the cursor goes to column col, but never past the
// end of the text written so far.
func (l *screenLine) moveTo(col int) {
	l.col = min(max(col, 0), len(l.cells))
}

// emit writes the line with minimal SGR transitions, closes any open style
// and resets the line.
func (l *screenLine) emit(out *strings.Builder) {
	cur := ""
	for _, c := range l.cells {
		if c.g == "" {
			continue
		}
		if c.style != cur {
			writeTransition(out, cur, c.style)
			cur = c.style
		}
		out.WriteString(c.g)
	}
	if cur != "" {
		out.WriteString("\x1b[m")
	}
	l.cells, l.col = l.cells[:0], 0
}

// writeTransition writes the SGR sequence that changes style from to to.
func writeTransition(out *strings.Builder, from, to string) {
	switch {
	case to == "":
		out.WriteString("\x1b[m")
	case from == "":
		out.WriteString("\x1b[" + to + "m")
	default:
		out.WriteString("\x1b[0;" + to + "m")
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

// sgrPen is the SGR state: one canonical parameter string per slot, and key,
// their encoding ("" for the default style).
type sgrPen struct {
	slot [numPenSlots]string
	key  string
}

// apply applies the parameters of one SGR sequence.
func (p *sgrPen) apply(params string) {
	items := strings.Split(params, ";")
	for i := 0; i < len(items); i++ {
		i += p.applyItem(items, i)
	}
	p.key = p.encode()
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
	color, used := extendedColor(items[i+1:])
	if color != "" {
		p.slot[slot] = strconv.Itoa(n) + ";" + color
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

// extendedColor parses the arguments of a semicolon-form 38/48/58
// ("5;n" or "2;r;g;b"); it returns the canonical form ("" if invalid) and
// how many items it used.
func extendedColor(args []string) (string, int) {
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
	parts := []string{strconv.Itoa(kind)}
	for _, a := range args[1:want] {
		v := sgrNumber(a)
		if v < 0 || v > 255 {
			return "", want
		}
		parts = append(parts, strconv.Itoa(v))
	}
	return strings.Join(parts, ";"), want
}

// encode joins the set slots in slot order.
func (p *sgrPen) encode() string {
	var parts []string
	for _, v := range p.slot {
		if v != "" {
			parts = append(parts, v)
		}
	}
	return strings.Join(parts, ";")
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
