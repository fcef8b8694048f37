package diffview

import (
	"image/color"
	"slices"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/cardtui/cardtui/render/textcut"
	"github.com/cardtui/cardtui/termsafe"
)

// The text of a diff line, drawn. A line's raw text is cut at the edges of
// its emphasised spans and syntax runs into segments, each sanitised on
// its own; tabs are expanded here, at the line's columns, as the sanitiser
// would. When the sanitised segments do not add up to the sanitised line
// (an escape sequence or a control cut by a segment edge), the line is
// drawn whole without decoration instead: sanitising decides what is
// shown, decoration never does.

// LineDeco is what decorates one line: its changed spans, from the word
// diff with its paired line, and its syntax runs.
type LineDeco struct {
	Emph   []Span
	syntax []colorRun
}

// piece is a run of sanitised text in one style: a foreground (nil for
// the line's own colour) and whether it is emphasised as changed.
type piece struct {
	text string
	fg   color.Color
	emph bool
}

// Markers shown for white space inside a changed span that holds nothing
// else: a whitespace-only change would otherwise look unchanged.
const (
	spaceMarker = "·"
	tabMarker   = "→"
	crMarker    = "␍"
)

// pieceScratch is the buffers pieceBuilder writes a line's ends and text
// into before it shares them out, reused line after line by one worker.
type pieceScratch struct {
	ends []int
	text []byte
}

// linePieces turns a raw line into the pieces that draw it, and returns
// them and their text joined. A line of printable ASCII and tabs needs no
// check: its segments sanitise to themselves and its tabs expand as the
// sanitiser expands them.
func linePieces(raw string, d LineDeco, scratch *pieceScratch) ([]piece, string) {
	if len(d.Emph) == 0 && len(d.syntax) == 0 {
		clean := termsafe.SanitizeText(raw)
		return []piece{{text: clean}}, clean
	}
	p := newPieceBuilder(raw, len(d.syntax)+2*len(d.Emph)+1, !termsafe.IsTabbedASCII(raw), scratch)
	defer p.release(scratch)
	c := decoCursor{LineDeco: d}
	for pos := 0; pos < len(raw); {
		end, style, marked := c.segment(raw, pos)
		p.segment(raw[pos:end], style, marked)
		pos = end
	}
	if p.checked {
		if clean := termsafe.SanitizeText(raw); string(p.check) != clean {
			return []piece{{text: clean}}, clean
		}
	}
	return p.done()
}

// decoCursor walks a line's decoration from its start: run and span are
// the first syntax run and emphasised span not yet passed.
type decoCursor struct {
	LineDeco
	run, span int
}

// segment returns the end of the segment starting at pos, its style, and
// whether its white space is marked (it lies in a changed span of white
// space only).
func (c *decoCursor) segment(raw string, pos int) (end int, style piece, marked bool) {
	end = len(raw)
	for c.run < len(c.syntax) && c.syntax[c.run].end <= pos {
		c.run++
	}
	if c.run < len(c.syntax) {
		end, style.fg = c.syntax[c.run].end, c.syntax[c.run].color
	}
	for c.span < len(c.Emph) && c.Emph[c.span].End <= pos {
		c.span++
	}
	if c.span < len(c.Emph) {
		s := c.Emph[c.span]
		if s.Start > pos {
			return min(end, s.Start), style, false
		}
		style.emph = true
		return min(end, s.End), style, isBlank(raw[s.Start:s.End])
	}
	return end, style, false
}

// pieceBuilder collects the pieces of a line. Their text is written
// into one buffer, text, each piece ending at its ends entry, and shared
// out when done: one allocation a line instead of one a piece. check is
// the line as the sanitiser would draw it, without markers, kept only
// when checked is set; col is the line's width so far.
type pieceBuilder struct {
	pieces  []piece
	ends    []int
	text    []byte
	checked bool
	check   []byte
	col     int
}

// newPieceBuilder prepares the pieces of raw, at most n of them (one per
// segment), checked against the sanitiser when check is set, in the
// buffers of scratch.
func newPieceBuilder(raw string, n int, check bool, scratch *pieceScratch) pieceBuilder {
	p := pieceBuilder{
		pieces: make([]piece, 0, n), ends: slices.Grow(scratch.ends[:0], n),
		text: slices.Grow(scratch.text[:0], len(raw)+2*termsafe.TabStop), checked: check,
	}
	if check {
		p.check = make([]byte, 0, len(raw)+2*termsafe.TabStop)
	}
	return p
}

// release hands the buffers, grown, back to scratch.
func (p *pieceBuilder) release(scratch *pieceScratch) {
	scratch.ends, scratch.text = p.ends, p.text
}

// segment adds a raw segment: sanitised, its tabs expanded.
func (p *pieceBuilder) segment(raw string, style piece, marked bool) {
	for {
		part, rest, tab := strings.Cut(raw, "\t")
		if part != "" {
			clean := part
			if p.checked {
				clean = termsafe.SanitizeText(part)
			}
			text := clean
			if marked {
				text = markBlanks(part)
			}
			p.add(style, text, clean)
		}
		if !tab {
			return
		}
		spaces := termsafe.BlankText[:termsafe.TabStop-p.col%termsafe.TabStop]
		text := spaces
		if marked {
			text = tabMarker + spaces[1:]
		}
		p.add(style, text, spaces)
		raw = rest
	}
}

// add appends text in a style, merged into the last piece when the styles
// agree; clean is the text without markers.
func (p *pieceBuilder) add(s piece, text, clean string) {
	if p.checked {
		p.check = append(p.check, clean...)
	}
	p.col += termsafe.Width(clean)
	p.text = append(p.text, text...)
	if n := len(p.pieces); n > 0 && p.pieces[n-1].fg == s.fg && p.pieces[n-1].emph == s.emph {
		p.ends[n-1] = len(p.text)
		return
	}
	p.pieces = append(p.pieces, s)
	p.ends = append(p.ends, len(p.text))
}

// done shares the text out among the pieces, and returns them and the
// whole text.
func (p *pieceBuilder) done() ([]piece, string) {
	text := string(p.text)
	start := 0
	for i, end := range p.ends {
		p.pieces[i].text = text[start:end]
		start = end
	}
	return p.pieces, text
}

// blankMarkers shows spaces and carriage returns with visible markers.
var blankMarkers = strings.NewReplacer(" ", spaceMarker, "\r", crMarker)

// markBlanks shows the spaces and carriage returns of s with markers.
func markBlanks(s string) string { return blankMarkers.Replace(s) }

// fitText fits a line's pieces, whose joined text is text, to rows of
// room cells: one row when they fit, else wrapped at spaces onto rows
// (textcut.WordBreaks), at most rowsMax of them (0 for any number), the last one
// cut with "…" when more would follow. A break keeps every character,
// the space it follows at the end of its row, so that whitespace changes
// still show. It also returns the width of each row.
func fitText(ps []piece, text string, room, rowsMax int) ([][]piece, []int) {
	if w := termsafe.Width(text); w <= room {
		return [][]piece{ps}, []int{w}
	}
	ends, widths := textcut.WordBreaks(text, room, room)
	if rowsMax == 0 || len(ends) <= rowsMax {
		return cutPieces(ps, ends), widths
	}
	from := 0
	if rowsMax > 1 {
		from = ends[rowsMax-2]
	}
	cut := termsafe.Truncate(text[from:], room-1, "")
	ends = append(ends[:rowsMax-1], from+len(cut))
	widths = append(widths[:rowsMax-1], termsafe.Width(cut)+1)
	rows := cutPieces(ps, ends)
	rows[len(rows)-1] = append(rows[len(rows)-1], piece{text: "…"})
	return rows, widths
}

// cutPieces splits pieces into rows that end at the given byte offsets of
// their joined text.
func cutPieces(ps []piece, ends []int) [][]piece {
	ps = append([]piece(nil), ps...)
	rows := make([][]piece, len(ends))
	start := 0 // offset of ps[0] in the joined text
	for i, end := range ends {
		for len(ps) > 0 && start < end {
			p := ps[0]
			if start+len(p.text) <= end {
				rows[i] = append(rows[i], p)
				start += len(p.text)
				ps = ps[1:]
				continue
			}
			head := p
			head.text = p.text[:end-start]
			rows[i] = append(rows[i], head)
			ps[0].text = p.text[end-start:]
			start = end
		}
	}
	return rows
}

// rowBuilder writes a row of painted text, one SGR sequence per run of
// one paint. Its bytes may be a scratch buffer that rows reuse: String
// copies them out, sized to the row.
type rowBuilder struct {
	b    []byte
	cur  paint
	open bool
}

// add writes s in paint p.
func (r *rowBuilder) add(p paint, s string) {
	if s == "" {
		return
	}
	r.use(p)
	r.b = append(r.b, s...)
}

// use makes p the paint of what is written next.
func (r *rowBuilder) use(p paint) {
	if !r.open || p != r.cur {
		r.close()
		r.b = append(r.b, p...)
		r.cur, r.open = p, true
	}
}

// spaceText is a run of spaces that spaces cuts.
const spaceText = "                                                                                                                                " +
	"                                                                                                                                "

// spaces is n spaces, "" for n ≤ 0; up to len(spaceText) of them without
// allocating.
func spaces(n int) string {
	if n <= len(spaceText) {
		return spaceText[:max(n, 0)]
	}
	return strings.Repeat(" ", n)
}

// plain writes s without a style.
func (r *rowBuilder) plain(s string) {
	r.close()
	r.b = append(r.b, s...)
}

// close ends the open run.
func (r *rowBuilder) close() {
	if r.open {
		r.b = append(r.b, ansi.ResetStyle...)
		r.open = false
	}
}

// String ends the row and returns it.
func (r *rowBuilder) String() string {
	r.close()
	return string(r.b)
}
