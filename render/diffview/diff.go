package diffview

import (
	"fmt"
	"image/color"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render/style"
	"github.com/cardtui/cardtui/render/syntax"
	"github.com/cardtui/cardtui/render/textcut"
	"github.com/cardtui/cardtui/termsafe"
)

const (
	// CollapsedRows is how many rows the files of a collapsed card take,
	// give or take a row of notes.
	CollapsedRows = 40
	// newFileHead is how many lines of a new file a collapsed card shows.
	newFileHead = 10
	// minDiffText is the narrowest text column worth a line-number gutter;
	// below it the numbers are dropped.
	minDiffText = 8
	// minSplitHalf is the narrowest half of a split card; a card that
	// would have narrower halves is drawn unified.
	minSplitHalf = 30
)

// noEOLNote is git's note under a last line without a line break.
const noEOLNote = `\ No newline at end of file`

// Body draws file diffs: per file a header (path, "new file", +A -R,
// a change of line endings), then its hunks, unified or side by side, and
// a footer with the totals. A collapsed card stops when its rows are
// spent and says how many lines and files it hides. No diffs draw nothing.
//
// The diff is exact: line and word diffs are go-diff's bisection without a
// deadline, never a coarse fallback, so no card is ever approximate.
func Body(diffs []cards.FileDiff, o style.Options) []string {
	if len(diffs) == 0 {
		return nil
	}
	files := Files(diffs)
	v := newDiffView(o)
	var lines []string
	for i, f := range files {
		if !o.Expanded && v.budget <= 0 {
			lines = append(lines, v.note("… "+textcut.Plural(len(files)-i, "more file", "more files")+" "+textcut.ExpandHint), "")
			break
		}
		lines = append(lines, v.header(f))
		v.budget--
		start := len(lines)
		lines = append(v.fileBody(lines, f), "")
		v.budget -= len(lines) - start
	}
	return append(lines, v.footer(files))
}

// diffStyles are the styles of the diff card's headers, notes and footer.
// What is drawn once per hunk or line uses paints, which cost a string
// concatenation instead of a lipgloss Render (see also diffView.paint).
type diffStyles struct {
	path                      lipgloss.Style
	tag, added, removed, dim  textPaint
	gutter, separator, accent paint
}

// newDiffStyles builds the diff styles from the options' palette.
func newDiffStyles(o style.Options) diffStyles {
	p := o.Colors()
	return diffStyles{
		path: style.Bold(p.Title), tag: newTextPaint(p.Accent), added: newTextPaint(p.Added),
		removed: newTextPaint(p.Removed), dim: newTextPaint(p.Dim),
		gutter: newPaint(p.Dim, nil), separator: newPaint(p.Border, nil), accent: newPaint(p.Accent, nil),
	}
}

// textPaint is a lipgloss foreground style and its paint, which draws the
// same bytes for the card's own text, a line without tabs, several times
// cheaper (TestTextPaintRendersAsLipgloss); the diff card's counts, tags,
// notes and footer are drawn on every card.
type textPaint struct {
	style lipgloss.Style
	p     paint
}

// newTextPaint is the text paint of a foreground colour.
func newTextPaint(c color.Color) textPaint { return textPaint{style.FG(c), newPaint(c, nil)} }

// Render styles s as the lipgloss style does; an empty s, which lipgloss
// draws its own way, is left to it.
func (t textPaint) Render(s string) string {
	if s == "" {
		return t.style.Render(s)
	}
	return t.p.on(s)
}

// paint is the SGR sequence that sets a true-colour foreground and an
// optional background.
type paint string

// newPaint builds the paint of a foreground and a background (nil for
// none).
func newPaint(fg, bg color.Color) paint {
	s := ansi.Style{}.ForegroundColor(fg)
	if bg != nil {
		s = s.BackgroundColor(bg)
	}
	return paint(s.String())
}

// on paints s and resets the style after it; "" stays "".
func (p paint) on(s string) string {
	if s == "" {
		return ""
	}
	return string(p) + s + ansi.ResetStyle
}

// LineSigns are the signs of the line kinds, as in a unified diff.
var LineSigns = [3]string{LineContext: " ", LineAdded: "+", LineRemoved: "-"}

// signCells are the signs of the line kinds and the space after them.
var signCells = [3]string{LineContext: "  ", LineAdded: "+ ", LineRemoved: "- "}

// paintKey identifies the paint of a piece of a line.
type paintKey struct {
	kind LineKind
	fg   color.Color
	emph bool
}

// diffView draws the diff model for one set of options.
type diffView struct {
	o     style.Options
	width int
	// split is set when files that have two sides are drawn side by side.
	split bool
	st    diffStyles
	// fg, bg and emph are each kind's text colour, background and
	// background of changed words (nil for none).
	fg, bg, emph [3]color.Color
	paints       map[paintKey]paint
	rgbaPaints   map[uint64]paint
	// budget is the number of rows a collapsed card may still take.
	budget int
	// scratch is the buffer rows are written into, and pieces those of
	// the pieces of a line: one worker's own.
	scratch []byte
	pieces  pieceScratch
}

// newDiffView prepares the drawing of one card.
func newDiffView(o style.Options) *diffView {
	p := o.Colors()
	width := textcut.InnerWidth(o)
	return &diffView{
		o: o, width: width, split: o.Split() && SplitHalves(width) >= minSplitHalf,
		st:     newDiffStyles(o),
		fg:     [3]color.Color{LineContext: p.Dim, LineAdded: p.Added, LineRemoved: p.Removed},
		bg:     [3]color.Color{LineAdded: p.AddedBg, LineRemoved: p.RemovedBg},
		emph:   [3]color.Color{LineAdded: p.AddedEmph, LineRemoved: p.RemovedEmph},
		paints: map[paintKey]paint{}, rgbaPaints: map[uint64]paint{},
		budget: CollapsedRows,
	}
}

// paint is the paint of a piece of a line of a kind: its foreground (nil
// for the kind's own) on the kind's background, or on the emphasis
// background when it changed; a foreground is made readable on its
// background. Paints are kept by key, an RGBA foreground (the syntax
// colours') by a number, which hashes faster than an interface.
func (v *diffView) paint(kind LineKind, fg color.Color, emph bool) paint {
	if n, ok := rgbaPaintKey(kind, fg, emph); ok {
		p, ok := v.rgbaPaints[n]
		if !ok {
			p = v.newPiecePaint(kind, fg, emph)
			v.rgbaPaints[n] = p
		}
		return p
	}
	key := paintKey{kind, fg, emph}
	p, ok := v.paints[key]
	if !ok {
		p = v.newPiecePaint(kind, fg, emph)
		v.paints[key] = p
	}
	return p
}

// rgbaPaintKey packs the key of a paint whose foreground is nil or a
// color.RGBA into a number; ok is false for another colour type.
func rgbaPaintKey(kind LineKind, fg color.Color, emph bool) (n uint64, ok bool) {
	n = uint64(kind) << 40
	if emph {
		n |= 1 << 48
	}
	switch c := fg.(type) {
	case nil:
		return n, true
	case color.RGBA:
		return n | 1<<32 | uint64(c.R)<<24 | uint64(c.G)<<16 | uint64(c.B)<<8 | uint64(c.A), true
	}
	return 0, false
}

// newPiecePaint builds the paint that paint keeps. With 16 colours a
// changed word is black on green or red: a foreground made readable on the
// tint in true colour comes out bright white or bright red there.
func (v *diffView) newPiecePaint(kind LineKind, fg color.Color, emph bool) paint {
	if fg == nil {
		fg = v.fg[kind]
	}
	bg := v.bg[kind]
	if emph {
		bg = v.emph[kind]
	}
	switch {
	case emph && v.o.Profile == colorprofile.ANSI:
		fg = ansi.Black
	case bg != nil:
		fg = readable(fg, bg)
	}
	return newPaint(fg, bg)
}

// header is a file's first line: its path, what happened to the file
// ("new file", "written", "deleted"), its counts and a change of line
// endings; a long path loses its start.
func (v *diffView) header(f File) string {
	var tags []string
	if label := fileLabel(f); label != "" {
		tags = append(tags, v.st.tag.Render(label))
	}
	if f.Opaque == nil {
		tags = append(tags, v.counts(f.Added, f.Removed))
	}
	if f.Endings != "" {
		tags = append(tags, v.st.tag.Render(f.Endings))
	}
	tail := ""
	if len(tags) > 0 {
		tail = "  " + strings.Join(tags, "  ")
	}
	name := textcut.CutLeft(textcut.OneLine(f.Path), v.width-termsafe.Width(tail))
	return style.PathLink(name, f.Path, v.st.path.Render, v.o) + tail
}

// fileLabel says what happened to a file: "new file" when its tool says
// it created it, "written" for a text written with no before-image (an
// overwrite the session did not record the earlier content of),
// "deleted" when it was removed whole; "" for an edit.
func fileLabel(f File) string {
	switch {
	case f.Created:
		return "new file"
	case f.NewFile:
		return "written"
	case f.Deleted:
		return "deleted"
	}
	return ""
}

// counts is "+A -R" in green and red.
func (v *diffView) counts(added, removed int) string {
	return v.st.added.Render("+"+strconv.Itoa(added)) + " " + v.st.removed.Render("-"+strconv.Itoa(removed))
}

// fileBody appends the lines of a file's body: a note for binary, empty or
// unchanged content, else its hunks.
func (v *diffView) fileBody(lines []string, f File) []string {
	switch {
	case f.Opaque != nil:
		return append(lines, v.note(OpaqueSummary(*f.Opaque)))
	case len(f.Hunks) == 0:
		return append(lines, v.note(Unchanged(f)))
	case f.Rough:
		lines = append(lines, v.note(RoughNote))
	}
	return v.hunks(lines, f)
}

// RoughNote says that a diff is not the shortest one (diffFile.Rough).
const RoughNote = "(not the shortest diff: computing it took over 0.25 s; the rest is shown as one change)"

// Unchanged is the note of a file without hunks: "empty file" for a new
// file with no content, else "no changes".
func Unchanged(f File) string {
	if f.NewFile {
		return "empty file"
	}
	return "no changes"
}

// note is a dim row of the card's own text, cut to the width.
func (v *diffView) note(s string) string {
	return v.st.dim.Render(termsafe.Truncate(s, v.width, "…"))
}

// OpaqueSummary describes content shown without hunks.
func OpaqueSummary(o opaqueText) string {
	if !o.Binary {
		return fmt.Sprintf("too large to diff, %d → %d lines", o.OldSize, o.NewSize)
	}
	if o.HasOld && o.OldSize != o.NewSize {
		return fmt.Sprintf("binary, %d → %d bytes", o.OldSize, o.NewSize)
	}
	return fmt.Sprintf("binary, %d bytes", o.NewSize)
}

// hunks appends a file's hunks, as many lines as the card may show, after
// a note when lexing them ran out of time.
func (v *diffView) hunks(lines []string, f File) []string {
	total := f.lineCount()
	parts := v.drawnParts(f, total)
	hl := newHighlighter(f.Path, v.o, parts)
	drawn := v.drawAll(f, parts, hl)
	if hl != nil && hl.over.Load() {
		lines = append(lines, v.note(syntax.ScaledOverNote))
	}
	n := 0
	for _, rows := range drawn {
		n += len(rows)
	}
	lines = slices.Grow(lines, n+2)
	for _, rows := range drawn {
		lines = append(lines, rows...)
	}
	shown := partLines(parts)
	switch {
	case shown < total:
		lines = append(lines, textcut.MoreLine(total-shown, v.o))
	case f.Trailing != 0:
		lines = append(lines, v.note(FoldText(f.Trailing)))
	}
	return lines
}

// drawnParts is the lines of each hunk that are drawn, all of them when
// the card is expanded; a collapsed card draws what its rows allow, hunk
// heads included (a new file only its head). A cut that would hide a
// single line shows it instead of saying so.
func (v *diffView) drawnParts(f File, total int) [][]Line {
	if v.o.Expanded {
		return partsInRows(f, total+len(f.Hunks))
	}
	rows := v.budget
	if f.NewFile {
		rows = min(rows, newFileHead)
	}
	if parts := partsInRows(f, rows+1); partLines(parts) == total {
		return parts
	}
	return partsInRows(f, rows)
}

// partsInRows is the lines of each hunk that fit in rows rows, each hunk
// with a head taking one more; hunks past them are left out.
func partsInRows(f File, rows int) [][]Line {
	var parts [][]Line
	for _, h := range f.Hunks {
		if f.hasHead(h) {
			rows--
		}
		if rows <= 0 {
			break
		}
		n := min(len(h.Lines), rows)
		parts = append(parts, h.Lines[:n])
		rows -= n
	}
	return parts
}

// partLines is the number of lines of the parts.
func partLines(parts [][]Line) int {
	n := 0
	for _, p := range parts {
		n += len(p)
	}
	return n
}

// drawAll draws the drawn parts of a file's hunks, each with the row
// before it, in parallel: word diffs and syntax colours make a large card
// costly. Each worker has its own paints and scratch buffer.
func (v *diffView) drawAll(f File, parts [][]Line, hl *highlighter) [][]string {
	out := make([][]string, len(parts))
	g := newGutter(f)
	var next atomic.Int64
	var wg sync.WaitGroup
	workers := runtime.GOMAXPROCS(0)
	if v.o.Serial {
		workers = 1
	}
	for range min(workers, len(parts)) {
		w := *v
		w.paints, w.rgbaPaints, w.scratch, w.pieces = map[paintKey]paint{}, map[uint64]paint{}, nil, pieceScratch{}
		wg.Go(func() {
			for i := int(next.Add(1) - 1); i < len(parts); i = int(next.Add(1) - 1) {
				out[i] = w.drawHunk(f, g, i, parts[i], hl)
			}
		})
	}
	wg.Wait()
	return out
}

// drawHunk draws the drawn part of hunk i of a file whose gutter is g,
// after its head row; a file that only adds or only removes lines is
// unified in a split card: it has one side.
func (v *diffView) drawHunk(f File, g gutter, i int, part []Line, hl *highlighter) []string {
	rows := make([]string, 0, len(part)+1) // a row a line, and the head
	if head := v.hunkHead(f, f.Hunks[i]); head != "" {
		rows = append(rows, head)
	}
	d := Decorate(part, hl)
	if v.split && f.Added > 0 && f.Removed > 0 {
		return v.splitHunk(rows, g, d)
	}
	return v.unifiedHunk(rows, g.fit(v.width), d)
}

// hunkHead is the row before a hunk: its "@@ -a,b +c,d @@" header when
// the hunk knows where it is, and the unchanged lines folded before it.
// It is empty for a first hunk without either.
func (v *diffView) hunkHead(f File, h Hunk) string {
	header, fold := "", FoldText(h.Fold)
	if f.Headed(h) {
		header = HunkHeader(h)
	}
	var r rowBuilder
	r.add(v.st.accent, header)
	if header != "" && fold != "" {
		r.plain(" ")
	}
	r.add(v.st.gutter, fold)
	head := r.String()
	// The header is ASCII, the fold's runes are one cell each.
	if len(header)+1+utf8.RuneCountInString(fold) > v.width {
		return termsafe.Truncate(head, v.width, "…")
	}
	return head
}

// HunkHeader is a hunk's unified-diff header. As in git, a side with no
// lines names the line before the hunk.
func HunkHeader(h Hunk) string {
	oldCount, newCount := h.counts()
	return "@@ -" + hunkRange(h.OldStart, oldCount) + " +" + hunkRange(h.NewStart, newCount) + " @@"
}

// hunkRange is one side of a hunk header: "start,count".
func hunkRange(start, count int) string {
	if count == 0 {
		start--
	}
	return strconv.Itoa(start) + "," + strconv.Itoa(count)
}

// FoldText names a fold of unchanged lines: "" for none, "⋯" when the
// number is unknown.
func FoldText(n int) string {
	switch n {
	case 0:
		return ""
	case UnknownFold:
		return "⋯"
	}
	return "⋯ " + textcut.Plural(n, "unchanged line", "unchanged lines")
}

// unifiedHunk appends the rows of a drawn hunk in unified layout.
func (v *diffView) unifiedHunk(lines []string, g gutter, d DrawnHunk) []string {
	room := max(v.width-g.width()-2, 1)
	for i, l := range d.Lines {
		lines = v.lineRows(lines, l, d.Deco[i], g, room, false)
		if l.NoEOL {
			lines = append(lines, v.note(g.blank()+noEOLNote))
		}
	}
	return lines
}

// lineRows appends the rows of one diff line: its numbers in gutter g,
// sign and text, which is wrapped at spaces onto "↪" rows behind a blank
// gutter (at most rowsMax of them, the last cut with "…"). Added and removed
// rows are tinted to the full width, and so is every row when fill is
// set.
func (v *diffView) lineRows(dst []string, l Line, d LineDeco, g gutter, room int, fill bool) []string {
	if v.o.Profile <= colorprofile.NoTTY {
		// Without escape sequences no emphasis shows, and the markers of
		// changed white space would change the text itself.
		d.Emph = nil
	}
	ps, text := linePieces(l.Text, d, &v.pieces)
	if w := termsafe.Width(text); w <= room { // the common case: one row
		return append(dst, v.lineRow(l, ps, w, g, room, fill, true))
	}
	rows, widths := fitText(ps, text, room, v.rowsMax(l.Kind))
	for i, row := range rows {
		dst = append(dst, v.lineRow(l, row, widths[i], g, room, fill, i == 0))
	}
	return dst
}

// CollapsedChangeRows is how many rows a long added or removed line takes
// in a collapsed card before it is cut with "…"; a long context line takes
// one.
const CollapsedChangeRows = textcut.CollapsedLineRows

// rowsMax is the number of rows a long line of a kind may take: any
// number when expanded.
func (v *diffView) rowsMax(kind LineKind) int {
	switch {
	case v.o.Expanded:
		return 0
	case kind == LineContext:
		return 1
	}
	return CollapsedChangeRows
}

// lineRow draws one row of line l, whose pieces are width cells wide: the
// first one after the line's numbers and sign, a wrapped one after a
// blank gutter and "↪".
func (v *diffView) lineRow(l Line, row []piece, width int, g gutter, room int, fill, first bool) string {
	base := v.paint(l.Kind, nil, false)
	r := rowBuilder{b: v.scratch[:0]}
	if first {
		r.numbers(v.st.gutter, g, l)
		r.add(base, signCells[l.Kind])
	} else {
		r.plain(g.blank())
		r.add(v.paint(l.Kind, v.fg[LineContext], false), "↪")
		r.add(base, " ")
	}
	for _, p := range row {
		r.add(v.paint(l.Kind, p.fg, p.emph), p.text)
	}
	if l.Kind != LineContext || fill {
		r.add(base, spaces(room-width))
	}
	out := r.String()
	v.scratch = r.b
	return out
}

// footer totals the card: "+A -R · N files".
func (v *diffView) footer(files []File) string {
	added, removed := Totals(files)
	return v.counts(added, removed) + v.st.dim.Render(" · "+FileCount(len(files)))
}

// Totals sums the added and removed lines of all files.
func Totals(files []File) (added, removed int) {
	for _, f := range files {
		added += f.Added
		removed += f.Removed
	}
	return added, removed
}

// FileCount is "1 file" or "N files".
func FileCount(n int) string { return textcut.Plural(n, "file", "files") }

// gutter is the line-number columns of a file: the widths of the old and
// new number, 0 for a column not shown.
type gutter struct{ oldW, newW int }

// newGutter sizes the gutter for a file's largest line numbers.
func newGutter(f File) gutter {
	var maxOld, maxNew int
	for _, h := range f.Hunks {
		for _, l := range h.Lines {
			maxOld, maxNew = max(maxOld, l.Old), max(maxNew, l.New)
		}
	}
	return gutter{oldW: digits(maxOld), newW: digits(maxNew)}
}

// fit drops the gutter when it would leave rows of width cells less than
// minDiffText cells of text.
func (g gutter) fit(width int) gutter {
	if width-g.width()-2 < minDiffText {
		return gutter{}
	}
	return g
}

// digits is the number of decimal digits of n, 0 for 0.
func digits(n int) int {
	if n == 0 {
		return 0
	}
	return len(strconv.Itoa(n))
}

// width is the number of cells the gutter takes, its spaces included.
func (g gutter) width() int {
	w := 0
	if g.oldW > 0 {
		w += g.oldW + 1
	}
	if g.newW > 0 {
		w += g.newW + 1
	}
	return w
}

// numbers writes a line's old and new number in gutter g, painted p,
// each right-aligned in its column and followed by a space, blank where
// the line has none; nothing when the gutter has no columns.
func (r *rowBuilder) numbers(p paint, g gutter, l Line) {
	if g.width() == 0 {
		return
	}
	r.use(p)
	r.numberCell(l.Old, g.oldW)
	r.numberCell(l.New, g.newW)
}

// numberCell writes n right-aligned in a column of width w and a space
// (blank for n = 0); nothing for an absent column.
func (r *rowBuilder) numberCell(n, w int) {
	if w == 0 {
		return
	}
	var buf [20]byte
	digits := buf[:0]
	if n != 0 {
		digits = strconv.AppendInt(digits, int64(n), 10)
	}
	r.b = append(r.b, spaces(w-len(digits))...)
	r.b = append(append(r.b, digits...), ' ')
}

// blank is an empty gutter.
func (g gutter) blank() string { return spaces(g.width()) }
