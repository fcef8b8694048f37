package render

// A drawn hunk is decorated before it is drawn: the removed and added
// lines of each of its changes are paired and their changed words found
// (see diff_words.go), and its lines get their syntax runs (see
// diff_syntax.go).

// drawnHunk is the part of a hunk that is drawn, with each line's
// decoration and the index of the line it is paired with (-1 for none).
type drawnHunk struct {
	lines   []diffLine
	deco    []lineDeco
	partner []int
}

// decorate pairs the removed and added lines of each change of lines and
// emphasises the changed words of each pair, and adds syntax runs when hl
// is not nil.
func decorate(lines []diffLine, hl *highlighter) drawnHunk {
	d := drawnHunk{lines: lines, deco: make([]lineDeco, len(lines)), partner: make([]int, len(lines))}
	for i := range d.partner {
		d.partner[i] = -1
	}
	for start := 0; start < len(lines); {
		end := changeEnd(lines, start)
		d.pairChange(start, end)
		start = max(end, start+1)
	}
	if hl != nil {
		for i, runs := range hl.hunk(lines) {
			d.deco[i].syntax = runs
		}
	}
	return d
}

// changeEnd is the end of the run of changed lines starting at start,
// start itself for a context line.
func changeEnd(lines []diffLine, start int) int {
	end := start
	for end < len(lines) && lines[end].Kind != lineContext {
		end++
	}
	return end
}

// pairChange pairs the lines of the change lines[start:end], whose removed
// lines come before its added ones.
func (d *drawnHunk) pairChange(start, end int) {
	var removed, added []string
	for _, l := range d.lines[start:end] {
		if l.Kind == lineRemoved {
			removed = append(removed, l.Text)
		} else {
			added = append(added, l.Text)
		}
	}
	for _, p := range pairLines(removed, added) {
		r, a := start+p.removed, start+len(removed)+p.added
		d.partner[r], d.partner[a] = a, r
		d.deco[r].emph, d.deco[a].emph = p.diff.old, p.diff.new
	}
}
