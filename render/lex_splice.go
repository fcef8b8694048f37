package render

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/alecthomas/chroma/v2"
	"github.com/dlclark/regexp2"
)

// A hunk's old side is its new side with the added lines taken out and
// the removed ones put in: lexing each whole lexes every context line
// twice, and only the old side's removed lines are drawn with its
// colours. So, for a lexer of chroma's regular expressions, the new side
// is lexed whole, recording the lexer's state (its stack) at each line
// start and the span of text its matches read between two of them
// (third_party/chroma's TokeniseRunes, third_party/regexp2's Reads). The
// old side's lexer, on reaching a line of a run of context lines in the
// state the new side's had there, would make the same matches as long as
// they read only text of the run: it skips to the furthest line start of
// the run that the new side's matches reach reading only inside it, and
// goes on from there in the new side's state at that line. Its removed
// lines get the tokens that lexing it whole would give
// (TestSplicedSidesEqualWholeSides, FuzzSplicedSides).

// sideText is one side of a hunk as one text: its lines, each ended by
// "\n", as a string and as runes, with where each line starts in both.
type sideText struct {
	text  string
	runes []rune
	// bytes and runes of line k start at byteAt[k] and runeAt[k]; both
	// have one more entry, the text's length.
	byteAt, runeAt []int
	// index is the hunk's index of each line of the side.
	index []int
}

// newSideText builds the side of lines without those of kind other.
func newSideText(lines []diffLine, other lineKind) *sideText {
	s := &sideText{}
	var b strings.Builder
	nRunes := 0
	for i, l := range lines {
		if l.Kind == other {
			continue
		}
		s.byteAt = append(s.byteAt, b.Len())
		s.runeAt = append(s.runeAt, nRunes)
		s.index = append(s.index, i)
		b.WriteString(l.Text)
		b.WriteByte('\n')
		nRunes += utf8.RuneCountInString(l.Text) + 1
	}
	s.text = b.String()
	s.byteAt = append(s.byteAt, len(s.text))
	s.runeAt = append(s.runeAt, nRunes)
	s.runes = []rune(s.text)
	return s
}

// lineOf is the line of s starting at rune offset pos, -1 when none does.
func (s *sideText) lineOf(pos int) int {
	k, ok := slices.BinarySearch(s.runeAt, pos)
	if !ok {
		return -1
	}
	return k
}

// lineState is a lexer's state at the start of a line of the new side:
// its stack, and the span its matches read since the previous line state
// recorded.
type lineState struct {
	line  int
	stack []string
	reads regexp2.Reads
}

// runBuilder turns tokens into the runs of consecutive lines of a side
// and checks that they give its text back; ok is false once they do not.
type runBuilder struct {
	palette *tokenPalette
	text    string
	pos     int // in text
	runs    [][]colorRun
	line    []colorRun
	off     int // in the line
	ok      bool
}

// add adds a token's runs, as highlighter.lines does.
func (b *runBuilder) add(tok chroma.Token) {
	if !strings.HasPrefix(b.text[b.pos:], tok.Value) {
		b.ok = false
		return
	}
	b.pos += len(tok.Value)
	c := b.palette.colour(tok.Type)
	for v := tok.Value; ; {
		nl := strings.IndexByte(v, '\n')
		part := v
		if nl >= 0 {
			part = v[:nl]
		}
		if part != "" {
			b.off += len(part)
			b.line = addRun(b.line, colorRun{b.off, c})
		}
		if nl < 0 {
			return
		}
		b.runs, b.line, b.off = append(b.runs, b.line), nil, 0
		v = v[nl+1:]
	}
}

// splicer lexes the two sides of a hunk.
type splicer struct {
	h        *highlighter
	lexer    *chroma.RegexLexer
	old, new *sideText
	// states holds the new side's recorded line states in order, stateAt
	// the index in it of each new line's (-1 for none).
	states  []lineState
	stateAt []int
	// newLine is the new side's line of each context line of the old side
	// (-1 for a removed line); run bounds the lines, from and to, of the
	// run of context lines holding each.
	newLine []int
	run     [][2]int
	oldRuns [][]colorRun
	newRuns [][]colorRun
}

// splicedHunk is highlighter.hunk for a regular-expression lexer: the
// runs of each line, false when a side could not be lexed this way (the
// caller then lexes both whole).
func (h *highlighter) splicedHunk(lexer *chroma.RegexLexer, lines []diffLine) ([][]colorRun, bool) {
	s := &splicer{h: h, lexer: lexer, new: newSideText(lines, lineRemoved)}
	if !s.lexNew() {
		return nil, false
	}
	runs := make([][]colorRun, len(lines))
	for k, r := range s.newRuns {
		runs[s.new.index[k]] = r
	}
	if !slices.ContainsFunc(lines, func(l diffLine) bool { return l.Kind == lineRemoved }) {
		return runs, true // context lines take the new side's colours
	}
	s.old = newSideText(lines, lineAdded)
	s.mapOld(lines)
	if !s.lexOld() {
		return nil, false
	}
	for k, i := range s.old.index {
		if lines[i].Kind == lineRemoved {
			runs[i] = s.oldRuns[k]
		}
	}
	return runs, true
}

// lex runs the lexer over side from line start in state stack, adding the
// tokens to b until the lexer stops or at stops it; it reports whether the
// tokens gave the text back (the lexer did not fail).
func (s *splicer) lex(side *sideText, start int, stack []string, b *runBuilder, at func(chroma.LineStart) bool) (ok bool) {
	defer func() {
		if recover() != nil { // a lexer is third-party code run on hostile text
			ok = false
		}
	}()
	it, err := s.lexer.TokeniseRunes(side.runes, side.runeAt[start], stack, at)
	if err != nil {
		return false
	}
	tokens := budgetedTokens(it, s.h.deadline, &s.h.over)
	for tok := tokens(); tok != chroma.EOF && b.ok; tok = tokens() {
		b.add(tok)
	}
	return b.ok && !s.h.over.Load()
}

// lexNew lexes the new side whole, recording its line states.
func (s *splicer) lexNew() bool {
	n := len(s.new.index)
	if n == 0 {
		return true
	}
	s.stateAt = make([]int, n+1)
	for k := range s.stateAt {
		s.stateAt[k] = -1
	}
	b := &runBuilder{palette: s.h.palette, text: s.new.text, ok: true}
	ok := s.lex(s.new, 0, []string{"root"}, b, func(ls chroma.LineStart) bool {
		k := s.new.lineOf(ls.Pos)
		s.stateAt[k] = len(s.states)
		s.states = append(s.states, lineState{line: k, stack: slices.Clone(ls.Stack), reads: ls.Reads})
		return true
	})
	if !ok || b.pos != len(s.new.text) {
		return false
	}
	s.newRuns = b.runs
	return true
}

// mapOld finds the new line of each context line of the old side and the
// run of context lines (lines with no added or removed one between them)
// it is in.
func (s *splicer) mapOld(lines []diffLine) {
	s.newLine = make([]int, len(s.old.index))
	s.run = make([][2]int, len(s.old.index))
	for k := range s.newLine {
		s.newLine[k] = -1
	}
	oldOf, newOf := make([]int, len(lines)), make([]int, len(lines))
	for k, i := range s.old.index {
		oldOf[i] = k
	}
	for k, i := range s.new.index {
		newOf[i] = k
	}
	for a := 0; a < len(lines); {
		if lines[a].Kind != lineContext {
			a++
			continue
		}
		b := a
		for b < len(lines) && lines[b].Kind == lineContext {
			b++
		}
		for i := a; i < b; i++ {
			s.newLine[oldOf[i]] = newOf[i]
			s.run[oldOf[i]] = [2]int{oldOf[a], oldOf[b-1] + 1}
		}
		a = b
	}
}

// lexOld lexes the old side, skipping what it can of each run of context
// lines.
func (s *splicer) lexOld() bool {
	b := &runBuilder{palette: s.h.palette, text: s.old.text, ok: true}
	start, stack := 0, []string{"root"}
	for start < len(s.old.index) {
		var next int
		var nextStack []string
		b.pos = s.old.byteAt[start]
		ok := s.lex(s.old, start, stack, b, func(ls chroma.LineStart) bool {
			k := s.old.lineOf(ls.Pos)
			if k == len(s.old.index) {
				return true
			}
			next, nextStack = s.skip(k, ls.Stack)
			return next == k
		})
		if !ok {
			return false
		}
		if nextStack == nil { // the lexer ran to the end
			break
		}
		for len(b.runs) < next {
			b.runs = append(b.runs, nil) // the skipped lines, not drawn with these runs
		}
		b.line, b.off = nil, 0
		start, stack = next, nextStack
	}
	if b.pos != len(s.old.text) && start < len(s.old.index) {
		return false
	}
	s.oldRuns = b.runs
	return true
}

// skip is the old line, and the state there, that the old side's lexer
// can go on from when it is at the start of line k in state stack: k
// itself and nil unless k is a context line where the new side's lexer
// was in the same state and its matches from there reach a later line of
// the run reading only the run's text.
func (s *splicer) skip(k int, stack []string) (int, []string) {
	nk := s.newLine[k]
	if nk < 0 || s.stateAt[nk] < 0 || !slices.Equal(s.states[s.stateAt[nk]].stack, stack) {
		return k, nil
	}
	run := s.run[k]
	first, end := s.newLine[run[0]], s.newLine[run[1]-1]+1 // the run's new lines
	lo, hi := s.readBounds(run, first, end)
	best := -1
	for m := s.stateAt[nk] + 1; m < len(s.states) && s.states[m].line <= end; m++ {
		if r := s.states[m].reads; r.Lo < lo || r.Hi > hi {
			break
		}
		best = m
	}
	if best < 0 {
		return k, nil
	}
	st := s.states[best]
	return k + st.line - nk, st.stack
}

// readBounds is the span of the new side, in runes, that matches may read
// for the old side's lexer to make the same ones over the run of context
// lines run (old lines), new lines first to end: the run's text, the
// newline before it when both sides have one (or the start of both texts),
// and the end of both texts when the run ends both.
func (s *splicer) readBounds(run [2]int, first, end int) (lo, hi int) {
	lo, hi = s.new.runeAt[first], s.new.runeAt[end]-1
	if (first > 0) == (run[0] > 0) {
		lo--
	}
	if end == len(s.new.index) && run[1] == len(s.old.index) {
		hi++
	}
	return lo, hi
}
