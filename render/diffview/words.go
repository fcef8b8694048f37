package diffview

import (
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
	"github.com/sergi/go-diff/diffmatchpatch"
)

// Word emphasis. The removed and added lines of each change are paired by
// similarity, in order; each pair is diffed by words with go-diff (the
// exact, deadline-free bisection, as for lines), and what lies outside
// the common subsequence is the pair's changed spans, emphasised on top
// of the line colour. Lines too different from every candidate stay
// unpaired and get no emphasis: a rewrite is shown as one.
//
// A word is a run of word characters (letters, digits, marks, '_') or any
// other grapheme cluster on its own, white space excluded; ideographs and
// kana are words on their own, as those scripts do not separate words
// with spaces. Only words take part in the diff, so that a common space
// never outweighs a common word. The white space between two words (or a
// word and an end of the line) changed when the words around it are common
// to both lines, side by side in each, and the space differs (an indent,
// a trailing blank, a tab for spaces, a carriage return), or when both
// words around it changed.

const (
	// pairThreshold is the least similarity of two lines that are paired.
	pairThreshold = 0.4
	// pairBand is the number of candidates a line is compared with: all
	// of them in a change of at most pairBand lines on each side, where
	// the best pairing is found; in a larger change the lines are paired
	// first-fit, each removed line with the first close enough added line
	// of the next pairBand.
	pairBand = 16
	// maxPairWords is the most words a line may have to be paired: the
	// word diff of two long lines costs the product of their lengths, and
	// such lines (minified code, data) are rarely read word by word.
	maxPairWords = 300
)

// Span is a byte range [start, end) of a line's text.
type Span struct{ Start, End int }

// tokenLine is one line of a change split into words: their runes in the
// change's alphabet, their byte ranges, and their total length.
type tokenLine struct {
	text   string
	ids    []rune
	words  []Span
	weight int
}

// gap is the white space before word k of the line (k = len(words) for
// the space after the last word).
func (t tokenLine) gap(k int) Span {
	g := Span{0, len(t.text)}
	if k > 0 {
		g.Start = t.words[k-1].End
	}
	if k < len(t.words) {
		g.End = t.words[k].Start
	}
	return g
}

// tokenAlphabet maps the distinct words of one change to runes.
type tokenAlphabet map[string]rune

// tokens splits a line into words and encodes them in the alphabet.
func (a tokenAlphabet) tokens(s string) tokenLine {
	t := tokenLine{text: s}
	prev := tokenNone
	for i := 0; i < len(s); {
		cluster := firstCluster(s[i:])
		class := tokenClass(cluster)
		switch {
		case class == tokenBlank:
		case class == tokenWord && prev == tokenWord:
			t.words[len(t.words)-1].End += len(cluster)
		default:
			t.words = append(t.words, Span{i, i + len(cluster)})
		}
		prev = class
		i += len(cluster)
	}
	t.ids = make([]rune, len(t.words))
	for k, w := range t.words {
		t.ids[k] = a.id(s[w.Start:w.End])
		t.weight += w.End - w.Start
	}
	return t
}

// id is the rune of a word, a new one for a word not seen before.
func (a tokenAlphabet) id(word string) rune {
	if r, ok := a[word]; ok {
		return r
	}
	r := codeRune(len(a) + 1)
	a[word] = r
	return r
}

// end is a rune above every rune of the alphabet.
func (a tokenAlphabet) end() rune { return codeRune(len(a) + 1) }

// codeRune is the n-th rune of an encoding of lines or words as runes; the
// runes skip the surrogate range, which a string cannot hold.
func codeRune(n int) rune {
	if n >= 0xD800 {
		n += 0x800
	}
	return rune(n)
}

// The token classes.
const (
	tokenNone = iota
	tokenWord
	tokenBlank
	tokenSingle
)

// firstCluster is the first grapheme cluster of s. An ASCII byte before
// another ASCII byte (or the end) is a cluster of its own, but for "\r\n":
// no other rule of UAX #29 joins two ASCII characters, so the common case
// skips the segmenter.
func firstCluster(s string) string {
	if s[0] < utf8.RuneSelf && (len(s) == 1 || s[1] < utf8.RuneSelf && (s[0] != '\r' || s[1] != '\n')) {
		return s[:1]
	}
	cluster, _ := ansi.FirstGraphemeCluster(s, ansi.GraphemeWidth)
	return cluster
}

// tokenClass classifies a grapheme cluster by its first rune.
func tokenClass(cluster string) int {
	if len(cluster) == 1 {
		return asciiClass(cluster[0])
	}
	r, _ := utf8.DecodeRuneInString(cluster)
	switch {
	case isBlank(cluster):
		return tokenBlank
	case r == '_' || unicode.IsDigit(r) || unicode.IsMark(r):
		return tokenWord
	case unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana):
		return tokenSingle
	case unicode.IsLetter(r):
		return tokenWord
	}
	return tokenSingle
}

// asciiClass classifies an ASCII character as tokenClass does.
func asciiClass(c byte) int {
	switch {
	case c == ' ' || c == '\t' || c == '\r':
		return tokenBlank
	case c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
		return tokenWord
	}
	return tokenSingle
}

// isBlank reports whether s is only spaces, tabs and carriage returns: the
// white space that a changed span shows with visible markers.
func isBlank(s string) bool {
	for i := range len(s) {
		if c := s[i]; c != ' ' && c != '\t' && c != '\r' {
			return false
		}
	}
	return true
}

// wordDiff is the word diff of a removed and an added line: the changed
// spans of each and the similarity of the two, from 0 to 1: twice the
// bytes of the common words over the bytes of the words of both lines.
// Two lines without words are similar.
type wordDiff struct {
	old, new   []Span
	similarity float64
}

// diffTokens diffs two tokenised lines.
func diffTokens(a, b tokenLine) wordDiff {
	dmp := diffmatchpatch.New()
	dmp.DiffTimeout = 0
	// match[k] is the index of the word of the other line that word k is
	// common with, -1 for a changed word.
	matchA, matchB := make([]int, len(a.ids)), make([]int, len(b.ids))
	i, j, common := 0, 0, 0
	for _, d := range dmp.DiffMainRunes(a.ids, b.ids, false) {
		n := utf8.RuneCountInString(d.Text)
		for range n {
			switch d.Type {
			case diffmatchpatch.DiffEqual:
				matchA[i], matchB[j] = j, i
				common += a.words[i].End - a.words[i].Start
				i, j = i+1, j+1
			case diffmatchpatch.DiffDelete:
				matchA[i] = -1
				i++
			case diffmatchpatch.DiffInsert:
				matchB[j] = -1
				j++
			}
		}
	}
	return wordDiff{
		old:        changedSpans(a, matchA, b),
		new:        changedSpans(b, matchB, a),
		similarity: similarity(common, a.weight+b.weight),
	}
}

// changedSpans lists the changed words and white space of line t, whose
// words match those of the other line as match says (-1 for none).
func changedSpans(t tokenLine, match []int, other tokenLine) []Span {
	var spans []Span
	for k := 0; k <= len(t.words); k++ {
		// The words around gap k, and where they match; the ends of the
		// line match the ends of the other line.
		left, right := -1, len(other.words)
		var leftChanged, rightChanged bool
		if k > 0 {
			left = match[k-1]
			leftChanged = left < 0
		}
		if k < len(t.words) {
			right = match[k]
			rightChanged = right < 0
		}
		g := t.gap(k)
		switch {
		case leftChanged && rightChanged:
			spans = addSpan(spans, g)
		case !leftChanged && !rightChanged && right == left+1:
			if o := other.gap(right); t.text[g.Start:g.End] != other.text[o.Start:o.End] {
				spans = addSpan(spans, g)
			}
		}
		if rightChanged {
			spans = addSpan(spans, t.words[k])
		}
	}
	return spans
}

// similarity is 2·common/total, 1 for two lines without words.
func similarity(common, total int) float64 {
	if total == 0 {
		return 1
	}
	return 2 * float64(common) / float64(total)
}

// addSpan appends a non-empty span, merging it with the last one when
// they touch.
func addSpan(spans []Span, s Span) []Span {
	switch n := len(spans); {
	case s.Start == s.End:
		return spans
	case n > 0 && spans[n-1].End == s.Start:
		spans[n-1].End = s.End
		return spans
	}
	return append(spans, s)
}

// change is the removed and added lines of one change, tokenised, with
// the scratch counts of the similarity bound.
type change struct {
	removed, added []tokenLine
	counts         []int
}

// newChange tokenises the lines of a change in one alphabet.
func newChange(removed, added []string) *change {
	alphabet := tokenAlphabet{}
	c := &change{removed: make([]tokenLine, len(removed)), added: make([]tokenLine, len(added))}
	for i, s := range removed {
		c.removed[i] = alphabet.tokens(s)
	}
	for i, s := range added {
		c.added[i] = alphabet.tokens(s)
	}
	c.counts = make([]int, alphabet.end())
	return c
}

// linePair is a removed line paired with an added one, by their indices
// in the change, and the spans their diff found.
type linePair struct {
	removed, added int
	diff           wordDiff
}

// pairLines pairs the removed and added lines of a change in order.
func pairLines(removed, added []string) []linePair {
	if len(removed) == 0 || len(added) == 0 {
		return nil
	}
	c := newChange(removed, added)
	if len(removed) <= pairBand && len(added) <= pairBand {
		return c.bestPairs()
	}
	return c.firstFitPairs()
}

// candidate diffs removed line i with added line j, when they are short
// enough and the bound says that they may be similar enough; ok is false
// when they are not.
func (c *change) candidate(i, j int) (wordDiff, bool) {
	if len(c.removed[i].ids) > maxPairWords || len(c.added[j].ids) > maxPairWords || c.bound(i, j) < pairThreshold {
		return wordDiff{}, false
	}
	w := diffTokens(c.removed[i], c.added[j])
	return w, w.similarity >= pairThreshold
}

// bound is an upper bound of the similarity of removed line i and added
// line j: the common tokens counted as a multiset, without their order.
func (c *change) bound(i, j int) float64 {
	a, b := c.removed[i], c.added[j]
	for k, id := range a.ids {
		c.counts[id] += a.words[k].End - a.words[k].Start
	}
	common := 0
	for k, id := range b.ids {
		n := min(c.counts[id], b.words[k].End-b.words[k].Start)
		common += n
		c.counts[id] -= n
	}
	for _, id := range a.ids {
		c.counts[id] = 0
	}
	return similarity(common, a.weight+b.weight)
}

// bestPairs finds the order-preserving pairing with the greatest total
// similarity, by dynamic programming over all candidates.
func (c *change) bestPairs() []linePair {
	rows, cols := len(c.removed), len(c.added)
	diffs := make([]wordDiff, rows*cols)
	score := make([]float64, (rows+1)*(cols+1))
	at := func(i, j int) *float64 { return &score[i*(cols+1)+j] }
	for i := range rows {
		for j := range cols {
			w, ok := c.candidate(i, j)
			diffs[i*cols+j] = w
			best := max(*at(i, j+1), *at(i+1, j))
			if ok {
				best = max(best, *at(i, j)+w.similarity)
			}
			*at(i+1, j+1) = best
		}
	}
	// Walk back: a score that neither neighbour explains is a pair.
	var pairs []linePair
	for i, j := rows, cols; i > 0 && j > 0; {
		switch {
		case *at(i, j) == *at(i-1, j):
			i--
		case *at(i, j) == *at(i, j-1):
			j--
		default:
			pairs = append(pairs, linePair{i - 1, j - 1, diffs[(i-1)*cols+j-1]})
			i, j = i-1, j-1
		}
	}
	for l, r := 0, len(pairs)-1; l < r; l, r = l+1, r-1 {
		pairs[l], pairs[r] = pairs[r], pairs[l]
	}
	return pairs
}

// firstFitPairs pairs each removed line with the first close enough added
// line among the next pairBand ones after the last pair.
func (c *change) firstFitPairs() []linePair {
	var pairs []linePair
	next := 0
	for i := range c.removed {
		for j := next; j < min(next+pairBand, len(c.added)); j++ {
			if w, ok := c.candidate(i, j); ok {
				pairs = append(pairs, linePair{i, j, w})
				next = j + 1
				break
			}
		}
	}
	return pairs
}
