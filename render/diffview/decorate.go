package diffview

// A drawn hunk is decorated before it is drawn: the removed and added
// lines of each of its changes are paired and their changed words found
// (see words.go), and its lines get their syntax runs (see
// syntax.go).

// DrawnHunk is the part of a hunk that is drawn, with each line's
// decoration and the index of the line it is paired with (-1 for none).
type DrawnHunk struct {
	Lines   []Line
	Deco    []LineDeco
	Partner []int
}

// Decorate pairs the removed and added lines of each change of lines and
// emphasises the changed words of each pair, and adds syntax runs when hl
// is not nil.
func Decorate(lines []Line, hl *highlighter) DrawnHunk {
	d := DrawnHunk{Lines: lines, Deco: make([]LineDeco, len(lines)), Partner: make([]int, len(lines))}
	for i := range d.Partner {
		d.Partner[i] = -1
	}
	for start := 0; start < len(lines); {
		end := changeEnd(lines, start)
		d.pairChange(start, end)
		start = max(end, start+1)
	}
	if hl != nil {
		for i, runs := range hl.hunk(lines) {
			d.Deco[i].syntax = runs
		}
	}
	return d
}

// changeEnd is the end of the run of changed lines starting at start,
// start itself for a context line.
func changeEnd(lines []Line, start int) int {
	end := start
	for end < len(lines) && lines[end].Kind != LineContext {
		end++
	}
	return end
}

// pairChange pairs the lines of the change lines[start:end], whose removed
// lines come before its added ones.
func (d *DrawnHunk) pairChange(start, end int) {
	var removed, added []string
	for _, l := range d.Lines[start:end] {
		if l.Kind == LineRemoved {
			removed = append(removed, l.Text)
		} else {
			added = append(added, l.Text)
		}
	}
	for _, p := range pairLines(removed, added) {
		r, a := start+p.removed, start+len(removed)+p.added
		d.Partner[r], d.Partner[a] = a, r
		d.Deco[r].Emph, d.Deco[a].Emph = p.diff.old, p.diff.new
	}
}
