package diffview

import (
	"strings"

	"github.com/cardtui/cardtui/render/textcut"
	"github.com/cardtui/cardtui/termsafe"
)

// The split layout: the old side on the left with the old line numbers,
// the new side on the right with the new ones, a rule between them.
// Context lines show on both sides; in each change, paired lines face
// each other and unpaired lines face a blank half, in the order of the
// change. Each half cuts or wraps its own text; a row is as tall as its
// taller half.

// ruleWidth is the width of the rule between the halves: "│" and a space.
const ruleWidth = 2

// SplitHalves is the width of the left half of rows width cells wide; the
// right half takes the rest but the rule.
func SplitHalves(width int) int { return (width - ruleWidth) / 2 }

// SplitRow is one row of the split layout: the indices of the lines drawn
// on the left and on the right, -1 for a blank half.
type SplitRow struct{ Left, Right int }

// SplitRows lays a drawn hunk out side by side.
func SplitRows(d DrawnHunk) []SplitRow {
	var rows []SplitRow
	for start := 0; start < len(d.Lines); {
		if d.Lines[start].Kind == LineContext {
			rows = append(rows, SplitRow{start, start})
			start++
			continue
		}
		end := changeEnd(d.Lines, start)
		rows = append(rows, d.changeRows(start, end)...)
		start = end
	}
	return rows
}

// changeRows lays out the change lines[start:end]: each removed line
// faces its partner, the added lines left unpaired before that partner
// coming first, against blanks.
func (d DrawnHunk) changeRows(start, end int) []SplitRow {
	var rows []SplitRow
	added := start
	for added < end && d.Lines[added].Kind == LineRemoved {
		added++
	}
	for i := start; i < end && d.Lines[i].Kind == LineRemoved; i++ {
		partner := d.Partner[i]
		if partner < 0 {
			rows = append(rows, SplitRow{i, -1})
			continue
		}
		for ; added < partner; added++ {
			rows = append(rows, SplitRow{-1, added})
		}
		rows = append(rows, SplitRow{i, partner})
		added++
	}
	for ; added < end; added++ {
		rows = append(rows, SplitRow{-1, added})
	}
	return rows
}

// splitHunk appends the rows of a drawn hunk in split layout; g is the
// file's gutter, each half showing its own column.
func (v *diffView) splitHunk(lines []string, g gutter, d DrawnHunk) []string {
	leftW := SplitHalves(v.width)
	rightW := v.width - ruleWidth - leftW
	left, right := gutter{oldW: g.oldW}.fit(leftW), gutter{newW: g.newW}.fit(rightW)
	rule := v.st.separator.on("│") + " "
	blank := strings.Repeat(" ", leftW)
	var l, r []string // the rows of each half, their arrays reused
	for _, row := range SplitRows(d) {
		l = v.half(l[:0], d, row.Left, left, leftW, true)
		r = v.half(r[:0], d, row.Right, right, rightW, false)
		for k := range max(len(l), len(r)) {
			lines = append(lines, rowAt(l, k, blank)+rule+rowAt(r, k, ""))
		}
	}
	return lines
}

// rowAt is rows[k], or blank past the end of rows.
func rowAt(rows []string, k int, blank string) string {
	if k < len(rows) {
		return rows[k]
	}
	return blank
}

// half appends the rows of line i of a drawn hunk in a half width cells
// wide, padded to it when fill is set; nothing for i < 0.
func (v *diffView) half(rows []string, d DrawnHunk, i int, g gutter, width int, fill bool) []string {
	if i < 0 {
		return rows
	}
	l := d.Lines[i]
	rows = v.lineRows(rows, l, d.Deco[i], g, max(width-g.width()-2, 1), fill)
	if l.NoEOL {
		note := v.st.dim.Render(termsafe.Truncate(g.blank()+noEOLNote, width, "…"))
		if fill {
			note = textcut.PadRight(note, width)
		}
		rows = append(rows, note)
	}
	return rows
}
