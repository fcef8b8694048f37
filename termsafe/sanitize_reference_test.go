package termsafe

// This file is the sanitiser as it was before it was made linear, kept only
// as the oracle of TestSanitizeMatchesReference and the fuzz targets: every
// identifier carries a "ref" prefix, and SafeURL, which did not change, is
// left out. Do not change it but where the specification changes: removed
// controls and sequences leave a marker (removedMarker, shared with the
// sanitiser; its text is tested on its own).

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// Sanitising turns hostile text into text that is safe to write to a
// terminal. The pipeline is:
//
//  1. refNormalizeControls: invalid UTF-8 becomes U+FFFD and every C1 control,
//     raw byte or UTF-8 encoded, becomes its 7-bit ESC equivalent, so that
//     a single 7-bit parser sees every sequence a terminal could act on.
//  2. Each line is split into tokens with ansi.DecodeSequence (nil parser:
//     with a *Parser it indexes past its parameter buffer and panics on more
//     than 32 parameters).
//  3. Tokens are replayed on a one-line cell model (refScreenLine): printable
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
	// refMaxCellText caps the bytes zero-width attachments may add to one cell,
	// so that a flood of combining marks separated by dropped controls cannot
	// make attaching quadratic.
	refMaxCellText = 256
	// refMaxColonParam caps a colon-form SGR parameter (e.g. 38:2::r:g:b) that
	// is kept verbatim in the pen.
	refMaxColonParam = 48
	// refTabStop is the distance between tab stops, in cells.
	refTabStop = 8
)

// refSanitizeOutput makes the output of a program safe to show in a terminal
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
// The result contains no tab and no '\r', and refSanitizeOutput is idempotent.
func refSanitizeOutput(s string) string {
	return refSanitize(s, refOutputMode)
}

// refSanitizeText makes a text field (title, path, command, markdown text…)
// safe to show: it behaves like [refSanitizeOutput] but removes SGR sequences
// too, so the result contains no ESC byte at all. Unlike refSanitizeOutput it
// never lets later text overwrite earlier text, because a command or title
// that hides part of itself ("rm -rf ~ \x1b[2K\rls") is an attack, not a
// progress bar: a '\r' is shown as "<U+000D>" unless it ends a line, and
// ESC[K and ESC[G are simply removed.
func refSanitizeText(s string) string {
	return refSanitize(s, refTextMode)
}

// refIsInvisible reports whether r is a bidi control or an invisible character
// that is shown as "<U+XXXX>": every format character (Cf: bidi controls,
// U+200B, U+2060, U+FEFF, U+00AD, tag characters…) except ZWNJ and ZWJ, which
// scripts and emoji sequences need, plus the line and paragraph separators
// and the blank Hangul fillers.
func refIsInvisible(r rune) bool {
	switch r {
	case 0x200C, 0x200D:
		return false
	case 0x2028, 0x2029, 0x115F, 0x1160, 0x3164, 0xFFA0:
		return true
	}
	return r >= 0xAD && (unicode.Is(unicode.Cf, r) || unicode.Is(invisibleMarks, r))
}

// refC1Forms maps a C1 control (0x80-0x9F) to its 7-bit form ESC Fe. CSI
// gets a '?' private marker: the parser then consumes exactly the same
// parameters, but an 8-bit CSI can never pass for SGR and is always removed.
var refC1Forms = func() (t [32]string) {
	for i := range t {
		t[i] = string([]byte{ansi.ESC, byte(0x40 + i)})
	}
	t[ansi.CSI-0x80] += "?"
	return t
}()

// refNormalizeControls replaces invalid UTF-8 by U+FFFD and C1 controls, raw
// or UTF-8 encoded, by their 7-bit equivalents.
func refNormalizeControls(s string) string {
	if refIsNormalized(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1 && s[i] >= 0x80 && s[i] <= 0x9F:
			b.WriteString(refC1Forms[s[i]-0x80])
		case r == utf8.RuneError && n == 1:
			b.WriteRune(utf8.RuneError)
		case r >= 0x80 && r <= 0x9F:
			b.WriteString(refC1Forms[r-0x80])
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// refIsNormalized reports whether s is valid UTF-8 without C1 controls.
func refIsNormalized(s string) bool {
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

// refSanitizeMode selects what a sanitising pass keeps and honours.
type refSanitizeMode struct {
	keepSGR   bool // keep SGR sequences
	overwrite bool // honour '\r', ESC[K and ESC[G (else show '\r')
}

var (
	refOutputMode = refSanitizeMode{keepSGR: true, overwrite: true}
	refTextMode   = refSanitizeMode{}
)

// refSanitizer holds the state of one sanitising pass.
type refSanitizer struct {
	refSanitizeMode
	pen refSgrPen
	row refScreenLine
	out strings.Builder
}

// refSanitize runs the whole pipeline.
func refSanitize(s string, m refSanitizeMode) string {
	s = refNormalizeControls(s)
	z := &refSanitizer{refSanitizeMode: m}
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
func (z *refSanitizer) line(line string) {
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
		} else {
			z.removed(line[:n]) // unterminated: the rest of the line
		}
		line = line[n:]
	}
	z.row.emit(&z.out)
}

// token handles one decoded token of width w; last tells whether it ends
// the line.
func (z *refSanitizer) token(tok string, w int, last bool) {
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
	default: // a C0 control or DEL
		z.removed(tok)
	}
}

// removed writes the marker of a removed control or sequence.
func (z *refSanitizer) removed(tok string) {
	for _, r := range removedMarker(tok) {
		z.row.put(string(r), 1, z.pen.key)
	}
}

// carriageReturn returns to column 0, or, when overwriting is off, shows
// the '\r' unless it ends the line (as in "\r\n").
func (z *refSanitizer) carriageReturn(last bool) {
	switch {
	case z.overwrite:
		z.row.col = 0
	case !last:
		z.marker('\r')
	}
}

// escape keeps SGR (in the pen), applies EL and CHA to the line and drops
// every other sequence.
func (z *refSanitizer) escape(tok string) {
	if len(tok) < 3 || tok[1] != '[' {
		z.removed(tok)
		return
	}
	params, final := tok[2:len(tok)-1], tok[len(tok)-1]
	if !refIsSGRParams(params) || (final != 'm' && !z.overwrite) {
		z.removed(tok)
		return
	}
	switch final {
	case 'm':
		if z.keepSGR {
			z.pen.apply(params)
		}
	case 'K':
		z.row.erase(refSgrNumber(params))
	case 'G':
		z.row.moveTo(refSgrNumber(params) - 1)
	default:
		z.removed(tok)
	}
}

// refIsSGRParams reports whether p holds only digits, ';' and ':'.
func refIsSGRParams(p string) bool {
	for i := range len(p) {
		if (p[i] < '0' || p[i] > '9') && p[i] != ';' && p[i] != ':' {
			return false
		}
	}
	return true
}

// cluster writes a grapheme cluster of width w.
func (z *refSanitizer) cluster(g string, w int) {
	switch {
	case len(g) > maxClusterBytes:
		_, first := utf8.DecodeRuneInString(g)
		z.runes(g[:first])
		for _, r := range fmt.Sprintf("…<%d more bytes>", len(g)-first) {
			z.row.put(string(r), 1, z.pen.key)
		}
	case !refPlainCluster(g, w):
		z.runes(g)
	case w == 0:
		z.row.attach(g, z.pen.key)
	default:
		z.row.put(g, w, z.pen.key)
	}
}

// refPlainCluster reports whether g can be written as a whole: valid UTF-8, no
// control or invisible rune, and, when it is zero-width, no visible rune.
func refPlainCluster(g string, w int) bool {
	base := rune(-1)
	for i := 0; i < len(g); {
		r, n := utf8.DecodeRuneInString(g[i:])
		if !refPrintableRune(r, n) || (refIsInvisible(r) && !emojiPresentation(base, r)) {
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

// refPrintableRune reports whether the decoded rune r of size n is valid and
// not a control.
func refPrintableRune(r rune, n int) bool {
	if r == utf8.RuneError && n == 1 {
		return false
	}
	return r >= ' ' && (r < ansi.DEL || r >= 0xA0)
}

// runes writes g rune by rune, dropping controls and showing invisible runes.
func (z *refSanitizer) runes(g string) {
	for i := 0; i < len(g); {
		r, n := utf8.DecodeRuneInString(g[i:])
		sub := g[i : i+n]
		i += n
		switch {
		case !refPrintableRune(r, n):
			z.removed(sub)
		case refIsInvisible(r):
			z.marker(r)
		case ansi.StringWidth(sub) == 0:
			z.row.attach(sub, z.pen.key)
		default:
			z.row.put(sub, ansi.StringWidth(sub), z.pen.key)
		}
	}
}

// marker writes "<U+XXXX>", the visible form of a rune that must not act.
func (z *refSanitizer) marker(r rune) {
	m := fmt.Sprintf("<U+%04X>", r)
	for i := range len(m) {
		z.row.put(m[i:i+1], 1, z.pen.key)
	}
}

// refLineCell is one display cell of a line. g is the grapheme drawn from this
// cell ("" marks the right half of a wide grapheme); style is the canonical
// SGR parameter string it is drawn with ("" for the default style).
type refLineCell struct {
	g, style string
}

// refScreenLine is the line being built: its cells and the cursor column.
// Invariant: the first cell is never a right half, and every right half
// follows its grapheme's first cell.
type refScreenLine struct {
	cells []refLineCell
	col   int
}

// put writes grapheme g of width w at the cursor and advances it.
func (l *refScreenLine) put(g string, w int, style string) {
	if w == 1 && l.col == len(l.cells) {
		l.cells = append(l.cells, refLineCell{g, style})
		l.col++
		return
	}
	l.padTo(l.col)
	end := l.col + w
	l.splitWide(l.col)
	l.splitWide(end)
	for len(l.cells) < end {
		l.cells = append(l.cells, refLineCell{})
	}
	l.cells[l.col] = refLineCell{g, style}
	for i := l.col + 1; i < end; i++ {
		l.cells[i] = refLineCell{"", style}
	}
	l.col = end
}

// attach appends a zero-width cluster to the grapheme before the cursor, or
// gives it a space to sit on when there is none.
func (l *refScreenLine) attach(g, style string) {
	i := l.col - 1
	if i < 0 || i >= len(l.cells) {
		l.put(" "+g, 1, style)
		return
	}
	for i > 0 && l.cells[i].g == "" {
		i--
	}
	if len(l.cells[i].g)+len(g) <= refMaxCellText {
		l.cells[i].g += g
	}
}

// splitWide blanks the wide grapheme whose right half is at column i, if
// any, because part of it is about to be overwritten or erased.
func (l *refScreenLine) splitWide(i int) {
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
func (l *refScreenLine) padTo(n int) {
	for len(l.cells) < n {
		l.cells = append(l.cells, refLineCell{" ", ""})
	}
}

// tab moves the cursor to the next tab stop, padding the line with spaces.
func (l *refScreenLine) tab() {
	l.col = (l.col/refTabStop + 1) * refTabStop
	l.padTo(l.col)
}

// erase implements EL: 0 erases from the cursor to the end of the line, 2
// the whole line (and, unlike a terminal, returns to column 0, so that
// repeated erasing cannot make padding quadratic). EL 1 is ignored.
func (l *refScreenLine) erase(mode int) {
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
func (l *refScreenLine) moveTo(col int) {
	l.col = min(max(col, 0), len(l.cells))
}

// emit writes the line with minimal SGR transitions, closes any open style
// and resets the line.
func (l *refScreenLine) emit(out *strings.Builder) {
	cur := ""
	for _, c := range l.cells {
		if c.g == "" {
			continue
		}
		if c.style != cur {
			refWriteTransition(out, cur, c.style)
			cur = c.style
		}
		out.WriteString(c.g)
	}
	if cur != "" {
		out.WriteString("\x1b[m")
	}
	l.cells, l.col = l.cells[:0], 0
}

// refWriteTransition writes the SGR sequence that changes style from to to.
func refWriteTransition(out *strings.Builder, from, to string) {
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
	refPenSlotBold = iota
	refPenSlotFaint
	refPenSlotItalic
	refPenSlotUnderline
	refPenSlotBlink
	refPenSlotReverse
	refPenSlotConceal
	refPenSlotStrike
	refPenSlotOverline
	refPenSlotFg
	refPenSlotBg
	refPenSlotUnderlineColor
	refNumPenSlots
)

// refSgrSimple is what a simple SGR parameter does: set slot to value ("" clears).
type refSgrSimple struct {
	slot  int
	value string
}

// refSgrSimples lists the simple SGR parameters the pen models; colours and 22
// are handled in code, unknown parameters are ignored.
var refSgrSimples = map[int]refSgrSimple{
	1: {refPenSlotBold, "1"}, 2: {refPenSlotFaint, "2"}, 3: {refPenSlotItalic, "3"},
	4: {refPenSlotUnderline, "4"}, 21: {refPenSlotUnderline, "21"}, 5: {refPenSlotBlink, "5"},
	6: {refPenSlotBlink, "6"}, 7: {refPenSlotReverse, "7"}, 8: {refPenSlotConceal, "8"},
	9: {refPenSlotStrike, "9"}, 53: {refPenSlotOverline, "53"},
	23: {refPenSlotItalic, ""}, 24: {refPenSlotUnderline, ""}, 25: {refPenSlotBlink, ""},
	27: {refPenSlotReverse, ""}, 28: {refPenSlotConceal, ""}, 29: {refPenSlotStrike, ""},
	55: {refPenSlotOverline, ""}, 39: {refPenSlotFg, ""}, 49: {refPenSlotBg, ""},
	59: {refPenSlotUnderlineColor, ""},
}

// refSgrColorSlots maps the extended colour introducers to their slots.
var refSgrColorSlots = map[int]int{38: refPenSlotFg, 48: refPenSlotBg, 58: refPenSlotUnderlineColor}

// refSgrPen is the SGR state: one canonical parameter string per slot, and key,
// their encoding ("" for the default style).
type refSgrPen struct {
	slot [refNumPenSlots]string
	key  string
}

// apply applies the parameters of one SGR sequence.
func (p *refSgrPen) apply(params string) {
	items := strings.Split(params, ";")
	for i := 0; i < len(items); i++ {
		i += p.applyItem(items, i)
	}
	p.key = p.encode()
}

// applyItem applies items[i] and returns how many following items it used.
func (p *refSgrPen) applyItem(items []string, i int) int {
	if strings.Contains(items[i], ":") {
		p.applyColon(items[i])
		return 0
	}
	n := refSgrNumber(items[i])
	slot, isColor := refSgrColorSlots[n]
	if !isColor {
		p.applySimple(n)
		return 0
	}
	color, used := refExtendedColor(items[i+1:])
	if color != "" {
		p.slot[slot] = strconv.Itoa(n) + ";" + color
	}
	return used
}

// applySimple applies a parameter without sub-parameters.
func (p *refSgrPen) applySimple(n int) {
	switch {
	case n == 0:
		p.slot = [refNumPenSlots]string{}
	case n == 22:
		p.slot[refPenSlotBold], p.slot[refPenSlotFaint] = "", ""
	case n >= 30 && n <= 37, n >= 90 && n <= 97:
		p.slot[refPenSlotFg] = strconv.Itoa(n)
	case n >= 40 && n <= 47, n >= 100 && n <= 107:
		p.slot[refPenSlotBg] = strconv.Itoa(n)
	default:
		if a, ok := refSgrSimples[n]; ok {
			p.slot[a.slot] = a.value
		}
	}
}

// applyColon applies a colon-form parameter (4:3, 38:2::r:g:b, …), kept
// verbatim.
func (p *refSgrPen) applyColon(item string) {
	if len(item) > refMaxColonParam {
		return
	}
	head, sub, _ := strings.Cut(item, ":")
	switch n := refSgrNumber(head); n {
	case 4:
		if refSgrNumber(sub) == 0 {
			p.slot[refPenSlotUnderline] = ""
		} else {
			p.slot[refPenSlotUnderline] = item
		}
	case 38, 48, 58:
		p.slot[refSgrColorSlots[n]] = item
	}
}

// refExtendedColor parses the arguments of a semicolon-form 38/48/58
// ("5;n" or "2;r;g;b"); it returns the canonical form ("" if invalid) and
// how many items it used.
func refExtendedColor(args []string) (string, int) {
	if len(args) == 0 {
		return "", 0
	}
	kind := refSgrNumber(args[0])
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
		v := refSgrNumber(a)
		if v < 0 || v > 255 {
			return "", want
		}
		parts = append(parts, strconv.Itoa(v))
	}
	return strings.Join(parts, ";"), want
}

// encode joins the set slots in slot order.
func (p *refSgrPen) encode() string {
	var parts []string
	for _, v := range p.slot {
		if v != "" {
			parts = append(parts, v)
		}
	}
	return strings.Join(parts, ";")
}

// refSgrNumber parses a decimal parameter: "" is 0, anything that is not
// digits or is too large is -1.
func refSgrNumber(s string) int {
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
