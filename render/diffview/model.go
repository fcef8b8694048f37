package diffview

import (
	"strings"
	"time"
	"unicode/utf8"

	"github.com/sergi/go-diff/diffmatchpatch"

	"github.com/cardtui/cardtui/cards"
)

// The diff card's model: a card's FileDiffs become files, each a list of
// hunks, each a list of lines that are kept, added or removed. The
// terminal and Markdown renderers only draw this model; word emphasis,
// syntax colours, a split layout or interactive folding can be added on top
// of it without touching how hunks are computed.

// Context is the number of unchanged lines kept around a change, as git
// does.
const Context = 3

// maxDiffLines is the number of distinct lines go-diff can encode (one rune
// per line); two texts with more lines than this are not diffed.
const maxDiffLines = 1_112_060

// lineDiffBudget is the time the line diff of one FileDiff may take to be
// the shortest one (see lineOps).
const lineDiffBudget = 250 * time.Millisecond

// LineKind says what a diff line does.
type LineKind uint8

// The kinds of diff lines.
const (
	LineContext LineKind = iota
	LineAdded
	LineRemoved
)

// Line is one line of a hunk. Text is the raw line without its line
// break (sanitised only when drawn). Old and New are the 1-based line
// numbers in the old and new file, 0 when unknown or when the line is not
// on that side. NoEOL marks the last line of a side that has no final
// newline, where git prints "\ No newline at end of file".
type Line struct {
	Kind     LineKind
	Text     string
	Old, New int
	NoEOL    bool
}

// UnknownFold is the fold of a hunk whose distance from the previous hunk
// is not known.
const UnknownFold = -1

// Hunk is a run of changes with their context lines. Fold counts the
// unchanged lines hidden between the previous hunk (or the start of the
// text) and this one, or is unknownFold. OldStart and NewStart are the
// 1-based positions of the hunk in the old and new file, 0 when unknown.
type Hunk struct {
	Fold               int
	OldStart, NewStart int
	Lines              []Line
}

// counts returns the number of old-side and new-side lines of the hunk,
// the two lengths of its "@@ -a,b +c,d @@" header.
func (h Hunk) counts() (old, new int) {
	for _, l := range h.Lines {
		if l.Kind != LineAdded {
			old++
		}
		if l.Kind != LineRemoved {
			new++
		}
	}
	return old, new
}

// KnownStarts reports whether the hunk knows where it is in both files.
func (h Hunk) KnownStarts() bool { return h.OldStart > 0 && h.NewStart > 0 }

// opaqueText describes a part of a file that is shown as a summary instead
// of hunks: binary content, or texts too large for go-diff.
type opaqueText struct {
	Binary           bool
	HasOld           bool
	OldSize, NewSize int // bytes, or lines when not Binary
}

// File is everything the card shows about one path.
type File struct {
	Path string
	// NewFile is set when the file has no before-image; Created when its
	// tool says it made it, Deleted when the change removes it whole.
	NewFile, Created, Deleted bool
	// Opaque, when set, replaces the hunks by a one-line summary.
	Opaque         *opaqueText
	Added, Removed int
	// Endings names a change of line endings, "CRLF → LF" for one, or
	// is empty.
	Endings string
	// Rough is set when the diff took longer than lineDiffBudget and is
	// not the shortest one (see lineOps).
	Rough bool
	Hunks []Hunk
	// Trailing counts the unchanged lines hidden after the last hunk (or
	// is unknownFold).
	Trailing int
	// end is the old-file line after the last part added, 0 when unknown.
	end int
}

// Files builds the model of a card's diffs: one file per distinct
// path in order of first appearance, its parts (applied hunks) in the
// order given.
func Files(diffs []cards.FileDiff) []File {
	var files []File
	index := map[string]int{}
	for _, d := range diffs {
		i, ok := index[d.Path]
		if !ok {
			i = len(files)
			index[d.Path] = i
			files = append(files, File{Path: d.Path})
		}
		files[i].add(d, ok)
	}
	return files
}

// add appends one FileDiff of the file's path; more says whether an
// earlier part of the same path was added already.
func (f *File) add(d cards.FileDiff, more bool) {
	f.NewFile = f.NewFile || d.IsNewFile()
	f.Created = f.Created || d.Created()
	f.Deleted = f.Deleted || d.Deleted()
	if o := opaque(d); o != nil {
		if f.Opaque == nil {
			f.Opaque = o
		}
		return
	}
	if f.Endings == "" && d.OldText != nil {
		f.Endings = endingsChange(*d.OldText, d.NewText)
	}
	p := cachedPart(d)
	f.Rough = f.Rough || p.rough
	f.Added += p.added
	f.Removed += p.removed
	fold := addFolds(f.Trailing, f.gapBefore(d, more))
	if len(p.hunks) == 0 {
		f.Trailing = addFolds(fold, p.trailing)
	} else {
		p.hunks[0].Fold = addFolds(fold, p.hunks[0].Fold)
		f.Hunks = append(f.Hunks, p.hunks...)
		f.Trailing = p.trailing
	}
	f.end = lineNumber(d.OldStart, p.oldLines)
}

// gapBefore is the number of unchanged lines between the previous part of
// the file and d: 0 for the first part, unknownFold when a start is not
// known or the parts overlap.
func (f *File) gapBefore(d cards.FileDiff, more bool) int {
	switch {
	case !more:
		return 0
	case f.end == 0 || d.OldStart == 0 || d.OldStart < f.end:
		return UnknownFold
	}
	return d.OldStart - f.end
}

// Headed reports whether a hunk of the file has a "@@ -a,b +c,d @@"
// header: it knows where it is, in a file that is not new.
func (f File) Headed(h Hunk) bool { return h.KnownStarts() && !f.NewFile }

// hasHead reports whether a hunk of the file is drawn after a row of its
// own: its header or the unchanged lines folded before it.
func (f File) hasHead(h Hunk) bool { return f.Headed(h) || h.Fold != 0 }

// lineCount is the number of diff lines of the file's hunks.
func (f File) lineCount() int {
	n := 0
	for _, h := range f.Hunks {
		n += len(h.Lines)
	}
	return n
}

// addFolds adds two folds; an unknown one makes the sum unknown.
func addFolds(a, b int) int {
	if a == UnknownFold || b == UnknownFold {
		return UnknownFold
	}
	return a + b
}

// endingsChange names the change of line endings from old to new, "" when
// they agree or one of them has no line break.
func endingsChange(old, new string) string {
	a, b := lineEndings(old), lineEndings(new)
	if a == "" || b == "" || a == b {
		return ""
	}
	return a + " → " + b
}

// lineEndings names the line breaks of s: "LF", "CRLF" or "mixed", "" when
// it has none.
func lineEndings(s string) string {
	lf, crlf := strings.Count(s, "\n"), strings.Count(s, "\r\n")
	switch {
	case lf == 0:
		return ""
	case crlf == 0:
		return "LF"
	case crlf == lf:
		return "CRLF"
	}
	return "mixed"
}

// oldText is the before-image of d, "" for a new file.
func oldText(d cards.FileDiff) string {
	if d.OldText == nil {
		return ""
	}
	return *d.OldText
}

// opaque returns the summary of a FileDiff that cannot be shown as hunks:
// binary content (a NUL byte or invalid UTF-8 on either side) or more lines
// than go-diff can encode. It returns nil for an ordinary text diff.
func opaque(d cards.FileDiff) *opaqueText {
	old := oldText(d)
	if isBinary(old) || isBinary(d.NewText) {
		return &opaqueText{Binary: true, HasOld: d.OldText != nil, OldSize: len(old), NewSize: len(d.NewText)}
	}
	oldLines, newLines := strings.Count(old, "\n")+1, strings.Count(d.NewText, "\n")+1
	if oldLines+newLines > maxDiffLines {
		return &opaqueText{HasOld: d.OldText != nil, OldSize: oldLines, NewSize: newLines}
	}
	return nil
}

// isBinary reports whether s is not text: it holds a NUL byte or invalid
// UTF-8.
func isBinary(s string) bool {
	return strings.IndexByte(s, 0) >= 0 || !utf8.ValidString(s)
}

// SplitLines splits s after each "\n"; a last line without a newline is
// kept, an empty s has no lines. It splits exactly as go-diff's line mode.
func SplitLines(s string) []string {
	lines := strings.SplitAfter(s, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// lineOp is a run of n lines of one kind in a line diff.
type lineOp struct {
	Kind LineKind
	N    int
}

// lineOps returns the minimal line diff of two texts encoded one rune per
// line (see encodeLines) as runs of kept, removed and added lines,
// removals before additions in each change.
//
// go-diff diffs the runes with its Myers bisection (bisectLines), so a
// shortest edit script, within lineDiffBudget; past it the rest is one
// change, and rough says so, for the card to show. Lines that occur on one side only can never be kept, so
// they are left out of the bisection (the longest common subsequence is
// the same with or without them) and come back as removals and additions:
// a rewritten file costs linear time instead of Myers' quadratic worst
// case.
func lineOps(a, b []rune) (ops []lineOp, rough bool) {
	keptA, keptB := sharedLines(a, b)
	diffs, rough := bisectLines(pick(a, keptA), pick(b, keptB))
	var list opList
	i, j := 0, 0 // the next old and new line
	x, y := 0, 0 // the next kept old and new line
	for _, d := range diffs {
		n := utf8.RuneCountInString(d.Text)
		switch d.Type {
		case diffmatchpatch.DiffEqual:
			for k := range n {
				oi, ni := keptA[x+k], keptB[y+k]
				list.add(LineRemoved, oi-i)
				list.add(LineAdded, ni-j)
				list.add(LineContext, 1)
				i, j = oi+1, ni+1
			}
			x, y = x+n, y+n
		case diffmatchpatch.DiffDelete:
			x += n
		case diffmatchpatch.DiffInsert:
			y += n
		}
	}
	list.add(LineRemoved, len(a)-i)
	list.add(LineAdded, len(b)-j)
	return list, rough
}

// bisectLines diffs two texts of encoded lines with go-diff's exact Myers
// bisection, giving up on minimality when lineDiffBudget is over (rough):
// the worst case, a^n b^n against b^n a^n, is quadratic, 28 s for 240 KB.
// DiffBisect with a deadline is used rather than a DiffTimeout, which
// would make go-diff look for a half match first, itself quadratic on the
// same input. The runes of encoded lines are never surrogates, so they
// survive the strings DiffBisect takes.
//
// DiffBisect expects what go-diff's diffCompute hands it: the common
// prefix and suffix removed, and neither text shorter than two runes
// (else it indexes past them); those cases go through DiffMainRunes,
// which is then linear.
func bisectLines(a, b []rune) (diffs []diffmatchpatch.Diff, rough bool) {
	dmp := diffmatchpatch.New()
	dmp.DiffTimeout = 0
	pre := commonPrefix(a, b)
	suf := commonSuffix(a[pre:], b[pre:])
	midA, midB := a[pre:len(a)-suf], b[pre:len(b)-suf]
	if len(midA) < 2 || len(midB) < 2 {
		return dmp.DiffMainRunes(a, b, false), false
	}
	deadline := time.Now().Add(lineDiffBudget)
	if pre > 0 {
		diffs = append(diffs, diffmatchpatch.Diff{Type: diffmatchpatch.DiffEqual, Text: string(a[:pre])})
	}
	diffs = append(diffs, dmp.DiffBisect(string(midA), string(midB), deadline)...)
	if suf > 0 {
		diffs = append(diffs, diffmatchpatch.Diff{Type: diffmatchpatch.DiffEqual, Text: string(a[len(a)-suf:])})
	}
	return diffs, time.Now().After(deadline)
}

// commonPrefix is the number of runes a and b start with alike.
func commonPrefix(a, b []rune) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

// commonSuffix is the number of runes a and b end with alike.
func commonSuffix(a, b []rune) int {
	n := 0
	for n < len(a) && n < len(b) && a[len(a)-1-n] == b[len(b)-1-n] {
		n++
	}
	return n
}

// encodeLines splits two texts into lines (see splitLines) and encodes
// each distinct line as one rune, as go-diff's line mode does. The runes
// are valid ones, distinct in a string as in a slice (go-diff merges its
// results as strings).
func encodeLines(old, new string) (oldLines, newLines []string, a, b []rune) {
	oldLines, newLines = SplitLines(old), SplitLines(new)
	codes := make(map[string]rune, len(oldLines))
	encode := func(lines []string) []rune {
		runes := make([]rune, len(lines))
		for i, l := range lines {
			r, ok := codes[l]
			if !ok {
				r = codeRune(len(codes) + 1)
				codes[l] = r
			}
			runes[i] = r
		}
		return runes
	}
	return oldLines, newLines, encode(oldLines), encode(newLines)
}

// sharedLines returns the indices of the lines of a that occur in b and of
// the lines of b that occur in a; a and b hold one rune per line.
func sharedLines(a, b []rune) (keptA, keptB []int) {
	top := rune(0)
	for _, r := range a {
		top = max(top, r)
	}
	for _, r := range b {
		top = max(top, r)
	}
	sides := make([]uint8, top+1) // bit 1: in a, bit 2: in b
	for _, r := range a {
		sides[r] |= 1
	}
	for _, r := range b {
		sides[r] |= 2
	}
	return indicesWhere(a, sides), indicesWhere(b, sides)
}

// indicesWhere returns the indices of the runes of s that occur on both
// sides.
func indicesWhere(s []rune, sides []uint8) []int {
	kept := make([]int, 0, len(s))
	for i, r := range s {
		if sides[r] == 3 {
			kept = append(kept, i)
		}
	}
	return kept
}

// pick returns the runes of s at the given indices.
func pick(s []rune, indices []int) []rune {
	out := make([]rune, len(indices))
	for k, i := range indices {
		out[k] = s[i]
	}
	return out
}

// opList builds a list of line operations, merging runs of one kind.
type opList []lineOp

// add appends n lines of a kind.
func (l *opList) add(kind LineKind, n int) {
	switch {
	case n == 0:
	case len(*l) > 0 && (*l)[len(*l)-1].Kind == kind:
		(*l)[len(*l)-1].N += n
	default:
		*l = append(*l, lineOp{kind, n})
	}
}

// part is the diff of one FileDiff.
type part struct {
	hunks          []Hunk
	trailing       int
	added, removed int
	oldLines       int
	rough          bool // see lineOps
}

// diffPart computes the hunks of one FileDiff that has no recorded
// lines.
func diffPart(d cards.FileDiff) part {
	old, new := fragmentTexts(d)
	oldLines, newLines, a, b := encodeLines(old, new)
	h := newHunkBuilder(d, oldLines, newLines)
	ops, rough := lineOps(a, b)
	for i, op := range ops {
		if op.Kind == LineContext {
			h.equal(op.N, i == 0, i == len(ops)-1)
		} else {
			h.push(op.Kind, op.N)
		}
	}
	return part{hunks: h.hunks, trailing: h.fold, added: h.added, removed: h.removed, oldLines: len(h.old), rough: rough}
}

// fragmentTexts are the two sides of d to diff. A fragment (no line
// numbers, not a new file: an edit's old and new string) whose sides both
// lack a final newline is diffed as if both had one: its last line is
// not the file's, so "a" before and "a\nb" after keep "a" and add "b"
// instead of replacing it.
func fragmentTexts(d cards.FileDiff) (old, new string) {
	old, new = oldText(d), d.NewText
	fragment := d.OldStart == 0 && d.NewStart == 0 && !d.IsNewFile()
	if fragment && old != "" && new != "" && !EndsWithNewline(old) && !EndsWithNewline(new) {
		return old + "\n", new + "\n"
	}
	return old, new
}

// hunkBuilder cuts a stream of line operations into hunks with
// diffContext lines of context, folding longer unchanged runs.
type hunkBuilder struct {
	old, new           []string
	oldStart, newStart int // line number of old[0] and new[0], 0 when unknown
	markOld, markNew   bool
	oi, ni             int // the next old and new line
	hunks              []Hunk
	open               bool // the last hunk takes more lines
	fold               int  // unchanged lines skipped since the last hunk
	added, removed     int
}

// newHunkBuilder prepares the cutting of d's diff.
//
// Line numbers are shown only where they are known, never invented. The
// wire cannot tell a whole file from a fragment of one, so the rule is:
// a FileDiff is positioned when it gives OldStart and NewStart (a
// whole-file diff gives 1 and 1, an applied hunk its own starts), and a new
// file is numbered from 1 (or its NewStart), its text being the whole
// file. Any other FileDiff is a fragment, such as an edit's old_string and
// new_string, whose place in the file is unknown: no numbers and no hunk
// headers, only its folds.
//
// The missing-newline marker goes where git puts
// it, but only when the two sides differ in their final newline (an empty
// side counts as complete, so a new file gets it): the old and new string
// of an edit usually both lack one, and that says nothing about the file.
func newHunkBuilder(d cards.FileDiff, old, new []string) *hunkBuilder {
	b := &hunkBuilder{old: old, new: new, oldStart: d.OldStart, newStart: d.NewStart}
	if d.IsNewFile() {
		b.oldStart = 1
		b.newStart = max(d.NewStart, 1)
	}
	oldEnds, newEnds := EndsWithNewline(oldText(d)), EndsWithNewline(d.NewText)
	b.markOld = !oldEnds && newEnds
	b.markNew = !newEnds && oldEnds
	return b
}

// EndsWithNewline reports whether s is empty or its last line is complete.
func EndsWithNewline(s string) bool { return s == "" || strings.HasSuffix(s, "\n") }

// equal takes a run of n unchanged lines: kept as context next to changes,
// folded where it is longer. The first run has no change before it and the
// last none after it. Next to a change, a fold hides at least two lines:
// one line takes the row its fold would.
func (b *hunkBuilder) equal(n int, first, last bool) {
	head, tail := Context, Context
	if first {
		head = 0
	}
	if last {
		tail = 0
	}
	keep := head + tail
	if !first || !last {
		keep++
	}
	if n <= keep {
		b.push(LineContext, n)
		return
	}
	b.push(LineContext, head)
	b.open = false
	b.fold += n - head - tail
	b.oi += n - head - tail
	b.ni += n - head - tail
	b.push(LineContext, tail)
}

// push appends n lines of a kind to the open hunk, opening one if needed.
func (b *hunkBuilder) push(kind LineKind, n int) {
	for range n {
		if !b.open {
			b.hunks = append(b.hunks, Hunk{Fold: b.fold, OldStart: lineNumber(b.oldStart, b.oi), NewStart: lineNumber(b.newStart, b.ni)})
			b.open, b.fold = true, 0
		}
		h := &b.hunks[len(b.hunks)-1]
		h.Lines = append(h.Lines, b.line(kind))
	}
}

// line makes the next line of a kind and advances past it.
func (b *hunkBuilder) line(kind LineKind) Line {
	var l Line
	l.Kind = kind
	if kind != LineAdded {
		l.Text, l.Old = b.old[b.oi], lineNumber(b.oldStart, b.oi)
		l.NoEOL = kind == LineRemoved && b.markOld && b.oi == len(b.old)-1
		b.oi++
	}
	if kind != LineRemoved {
		l.Text, l.New = b.new[b.ni], lineNumber(b.newStart, b.ni)
		l.NoEOL = kind == LineAdded && b.markNew && b.ni == len(b.new)-1
		b.ni++
	}
	switch kind {
	case LineAdded:
		b.added++
	case LineRemoved:
		b.removed++
	}
	l.Text = strings.TrimSuffix(l.Text, "\n")
	return l
}

// lineNumber is the number of the line at index i of a text starting at
// line start, 0 when the start is unknown.
func lineNumber(start, i int) int {
	if start == 0 {
		return 0
	}
	return start + i
}
