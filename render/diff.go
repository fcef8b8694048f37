package render

import (
	"fmt"
	"image/color"
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/cardtui/cardtui/cards"
)

const (
	// collapsedDiffLines is how many diff lines a collapsed card shows.
	collapsedDiffLines = 40
	// newFileHead is how many lines of a new file a collapsed card shows.
	newFileHead = 10
	// minDiffText is the narrowest text column worth a line-number gutter;
	// below it the numbers are dropped.
	minDiffText = 8
)

// diffBody draws file diffs: per file a header (path, "new file", +A -R)
// and its hunks, then a footer with the totals. No diffs draw nothing.
func diffBody(diffs []cards.FileDiff, o Options) []string {
	if len(diffs) == 0 {
		return nil
	}
	files := diffFiles(diffs)
	v := newDiffView(o)
	var lines []string
	for _, f := range files {
		lines = append(lines, v.header(f))
		lines = v.fileBody(lines, f)
		lines = append(lines, "")
	}
	return append(lines, v.footer(files))
}

// diffStyles are the styles of the diff card. Headers and the footer use
// lipgloss; the rows, drawn once per diff line (tens of thousands for a
// large file), use paints, which cost a string concatenation instead of a
// lipgloss Render.
type diffStyles struct {
	path, tag, added, removed, dim, accent lipgloss.Style
	// gutter paints line numbers; kind a line's sign and text and cont the
	// "↪" of its wrapped rows, both indexed by lineKind.
	gutter     paint
	kind, cont [3]paint
}

// newDiffStyles builds the diff styles from the options' palette.
func newDiffStyles(o Options) diffStyles {
	p := o.colors()
	return diffStyles{
		path: bold(p.Title), tag: fg(p.Accent), added: fg(p.Added), removed: fg(p.Removed),
		dim: fg(p.Dim), accent: fg(p.Accent),
		gutter: newPaint(p.Dim, nil),
		kind: [3]paint{
			lineContext: newPaint(p.Dim, nil),
			lineAdded:   newPaint(p.Added, p.AddedBg),
			lineRemoved: newPaint(p.Removed, p.RemovedBg),
		},
		cont: [3]paint{
			lineContext: newPaint(p.Dim, nil),
			lineAdded:   newPaint(p.Dim, p.AddedBg),
			lineRemoved: newPaint(p.Dim, p.RemovedBg),
		},
	}
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

// lineSigns are the signs of the line kinds, as in a unified diff.
var lineSigns = [3]string{lineContext: " ", lineAdded: "+", lineRemoved: "-"}

// diffView draws the diff model for one set of options.
type diffView struct {
	o     Options
	width int
	st    diffStyles
	// budget is the number of diff lines a collapsed card may still show.
	budget int
}

// newDiffView prepares the drawing of one card.
func newDiffView(o Options) *diffView {
	return &diffView{o: o, width: innerWidth(o), st: newDiffStyles(o), budget: collapsedDiffLines}
}

// header is a file's first line: its path, "new file" and its counts; a
// long path loses its start.
func (v *diffView) header(f diffFile) string {
	var tags []string
	if f.NewFile {
		tags = append(tags, v.st.tag.Render("new file"))
	}
	if f.Opaque == nil {
		tags = append(tags, v.counts(f.Added, f.Removed))
	}
	tail := ""
	if len(tags) > 0 {
		tail = "  " + strings.Join(tags, "  ")
	}
	name := cutLeft(oneLine(f.Path), v.width-ansi.StringWidth(tail))
	return pathLink(name, f.Path, v.st.path.Render, v.o) + tail
}

// counts is "+A -R" in green and red.
func (v *diffView) counts(added, removed int) string {
	return v.st.added.Render("+"+strconv.Itoa(added)) + " " + v.st.removed.Render("-"+strconv.Itoa(removed))
}

// fileBody appends the lines of a file's body: a note for binary, empty or
// unchanged content, else its hunks.
func (v *diffView) fileBody(lines []string, f diffFile) []string {
	switch {
	case f.Opaque != nil:
		return append(lines, v.note(opaqueSummary(*f.Opaque)))
	case len(f.Hunks) == 0:
		return append(lines, v.note(unchanged(f)))
	}
	return v.hunks(lines, f)
}

// unchanged is the note of a file without hunks: "empty file" for a new
// file with no content, else "no changes".
func unchanged(f diffFile) string {
	if f.NewFile {
		return "empty file"
	}
	return "no changes"
}

// note is a dim row of the card's own text, cut to the width.
func (v *diffView) note(s string) string {
	return v.st.dim.Render(ansi.Truncate(s, v.width, "…"))
}

// opaqueSummary describes content shown without hunks.
func opaqueSummary(o opaqueText) string {
	if !o.Binary {
		return fmt.Sprintf("too large to diff, %d → %d lines", o.OldSize, o.NewSize)
	}
	if o.HasOld && o.OldSize != o.NewSize {
		return fmt.Sprintf("binary, %d → %d bytes", o.OldSize, o.NewSize)
	}
	return fmt.Sprintf("binary, %d bytes", o.NewSize)
}

// hunks appends a file's hunks, as many lines as the card may show.
func (v *diffView) hunks(lines []string, f diffFile) []string {
	total := f.lineCount()
	limit := v.limit(f, total)
	g := newGutter(f, v.width)
	shown := 0
	for _, h := range f.Hunks {
		if shown == limit {
			break
		}
		if head := v.hunkHead(f, h); head != "" {
			lines = append(lines, head)
		}
		n := min(len(h.Lines), limit-shown)
		for _, l := range h.Lines[:n] {
			lines = append(lines, v.lineRows(g, l)...)
			if l.NoEOL {
				lines = append(lines, v.note(g.blank()+`\ No newline at end of file`))
			}
		}
		shown += n
	}
	v.budget = max(v.budget-shown, 0)
	switch {
	case shown < total:
		lines = append(lines, moreLine(total-shown, v.o))
	case f.Trailing != 0:
		lines = append(lines, v.note(foldText(f.Trailing)))
	}
	return lines
}

// limit is how many of a file's total diff lines the card shows: all when
// expanded, else what the budget allows (a new file only its head). A cut
// that would hide a single line shows it instead of saying so.
func (v *diffView) limit(f diffFile, total int) int {
	if v.o.Expanded {
		return total
	}
	limit := v.budget
	if f.NewFile {
		limit = min(limit, newFileHead)
	}
	if total <= limit+1 {
		return total
	}
	return limit
}

// hunkHead is the row before a hunk: its "@@ -a,b +c,d @@" header when
// the hunk knows where it is, and the unchanged lines folded before it.
// It is empty for a first hunk without either.
func (v *diffView) hunkHead(f diffFile, h hunk) string {
	var parts []string
	if h.knownStarts() && !f.NewFile {
		parts = append(parts, v.st.accent.Render(hunkHeader(h)))
	}
	if fold := foldText(h.Fold); fold != "" {
		parts = append(parts, v.st.dim.Render(fold))
	}
	return ansi.Truncate(strings.Join(parts, " "), v.width, "…")
}

// hunkHeader is a hunk's unified-diff header. As in git, a side with no
// lines names the line before the hunk.
func hunkHeader(h hunk) string {
	oldCount, newCount := h.counts()
	return fmt.Sprintf("@@ -%s +%s @@", hunkRange(h.OldStart, oldCount), hunkRange(h.NewStart, newCount))
}

// hunkRange is one side of a hunk header: "start,count".
func hunkRange(start, count int) string {
	if count == 0 {
		start--
	}
	return strconv.Itoa(start) + "," + strconv.Itoa(count)
}

// foldText names a fold of unchanged lines: "" for none, "⋯" when the
// number is unknown.
func foldText(n int) string {
	switch n {
	case 0:
		return ""
	case unknownFold:
		return "⋯"
	}
	return "⋯ " + plural(n, "unchanged line", "unchanged lines")
}

// lineRows draws one diff line: gutter, sign and sanitised text, which is
// cut to the width when collapsed and wrapped onto "↪" rows when expanded.
// Added and removed rows are tinted to the full width.
func (v *diffView) lineRows(g gutter, l diffLine) []string {
	room := max(v.width-g.width()-2, 1)
	parts := v.fitText(SanitizeText(l.Text), room)
	rows := make([]string, len(parts))
	for i, p := range parts {
		if l.Kind != lineContext {
			p += strings.Repeat(" ", max(room-ansi.StringWidth(p), 0))
		}
		if i == 0 {
			rows[i] = v.st.gutter.on(g.numbers(l)) + v.st.kind[l.Kind].on(lineSigns[l.Kind]+" "+p)
		} else {
			rows[i] = g.blank() + v.st.cont[l.Kind].on("↪") + v.st.kind[l.Kind].on(" "+p)
		}
	}
	return rows
}

// fitText fits a line's text to room cells: as is when it fits, else cut
// with "…" when collapsed or wrapped onto several rows when expanded. The
// wrap is a hard one at the cell limit: it keeps every character, where a
// word wrap would drop the spaces at its breaks and hide whitespace changes.
func (v *diffView) fitText(text string, room int) []string {
	switch {
	case ansi.StringWidth(text) <= room:
		return []string{text}
	case v.o.Expanded:
		return strings.Split(ansi.Hardwrap(text, room, true), "\n")
	}
	return []string{ansi.Truncate(text, room, "…")}
}

// footer totals the card: "+A -R · N files".
func (v *diffView) footer(files []diffFile) string {
	added, removed := diffTotals(files)
	return v.counts(added, removed) + v.st.dim.Render(" · "+fileCount(len(files)))
}

// diffTotals sums the added and removed lines of all files.
func diffTotals(files []diffFile) (added, removed int) {
	for _, f := range files {
		added += f.Added
		removed += f.Removed
	}
	return added, removed
}

// fileCount is "1 file" or "N files".
func fileCount(n int) string { return plural(n, "file", "files") }

// gutter is the line-number columns of a file: the widths of the old and
// new number, 0 for a column not shown.
type gutter struct{ oldW, newW int }

// newGutter sizes the gutter for a file's largest line numbers, dropping
// it when it would leave the text less than minDiffText cells.
func newGutter(f diffFile, width int) gutter {
	var maxOld, maxNew int
	for _, h := range f.Hunks {
		for _, l := range h.Lines {
			maxOld, maxNew = max(maxOld, l.Old), max(maxNew, l.New)
		}
	}
	g := gutter{oldW: digits(maxOld), newW: digits(maxNew)}
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

// numbers is a line's old and new number, blank where it has none.
func (g gutter) numbers(l diffLine) string {
	return numberCell(l.Old, g.oldW) + numberCell(l.New, g.newW)
}

// blank is an empty gutter.
func (g gutter) blank() string { return strings.Repeat(" ", g.width()) }

// numberCell is n right-aligned in a column of width w and a space; "" for
// an absent column.
func numberCell(n, w int) string {
	if w == 0 {
		return ""
	}
	if n == 0 {
		return strings.Repeat(" ", w+1)
	}
	return fmt.Sprintf("%*d ", w, n)
}
