package viewer

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// matcher finds a search query in plain text with smart case: a query
// without capitals ignores case, one with a capital matches it exactly.
type matcher struct {
	typed string // the query as typed
	query string // lower-cased when fold
	fold  bool
}

func newMatcher(query string) matcher {
	lower := strings.ToLower(query)
	return matcher{typed: query, query: query, fold: lower == query}
}

// count is the number of non-overlapping matches in text.
func (mt matcher) count(text string) int {
	if mt.query == "" {
		return 0
	}
	switch {
	case !mt.fold:
		return strings.Count(text, mt.query)
	case isASCII(text):
		return countFoldASCII(text, mt.query)
	}
	return strings.Count(strings.ToLower(text), mt.query)
}

// countFoldASCII counts the non-overlapping matches of a lower-case query
// in ASCII text, ignoring case, without copying the text.
func countFoldASCII(text, query string) int {
	n := 0
	for i := 0; i+len(query) <= len(text); {
		if equalFoldASCII(text[i:i+len(query)], query) {
			n++
			i += len(query)
		} else {
			i++
		}
	}
	return n
}

// equalFoldASCII reports whether ASCII s equals the lower-case query q
// but for case.
func equalFoldASCII(s, q string) bool {
	for i := range len(q) {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != q[i] {
			return false
		}
	}
	return true
}

// find returns the byte ranges of the non-overlapping matches in text.
func (mt matcher) find(text string) [][2]int {
	if mt.query == "" {
		return nil
	}
	folded, offsets := text, []int(nil)
	if mt.fold {
		folded, offsets = foldCase(text)
	}
	var spans [][2]int
	for at := 0; ; {
		i := strings.Index(folded[at:], mt.query)
		if i < 0 {
			break
		}
		start, end := at+i, at+i+len(mt.query)
		spans = append(spans, [2]int{original(offsets, start), original(offsets, end)})
		at = end
	}
	return spans
}

// foldCase lower-cases text rune by rune, as strings.ToLower does, and
// maps every byte of the result back to the offset of its rune in text
// (nil when the two are the same, as for ASCII text).
func foldCase(text string) (string, []int) {
	if isASCII(text) {
		return strings.ToLower(text), nil
	}
	var b strings.Builder
	offsets := make([]int, 0, len(text)+1)
	for i, r := range text {
		lower := unicode.ToLower(r)
		b.WriteRune(lower)
		for range utf8.RuneLen(lower) {
			offsets = append(offsets, i)
		}
	}
	return b.String(), append(offsets, len(text))
}

// original maps an offset of folded text back to the original text.
func original(offsets []int, i int) int {
	if offsets == nil {
		return i
	}
	return offsets[i]
}

func isASCII(s string) bool {
	for i := range len(s) {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// highlight shows the matches in a styled line in reverse video, and the
// current one (its index among the line's matches, -1 for none) also
// bold and underlined; the line's own styling is kept around and inside
// them.
func (mt matcher) highlight(line string, current int) string {
	plain := ansi.Strip(line)
	spans := mt.find(plain)
	if len(spans) == 0 {
		return line
	}
	cells := make([][2]int, len(spans))
	for i, s := range spans {
		start := ansi.StringWidth(plain[:s[0]])
		cells[i] = [2]int{start, start + ansi.StringWidth(plain[s[0]:s[1]])}
	}
	return reverseCells(line, cells, current)
}

var (
	reverseOn  = ansi.SGR(ansi.AttrReverse)
	reverseOff = ansi.SGR(ansi.AttrNoReverse)
	currentOn  = ansi.SGR(ansi.AttrReverse, ansi.AttrBold, ansi.AttrUnderline)
	currentOff = ansi.SGR(ansi.AttrNoReverse, ansi.AttrNormalIntensity, ansi.AttrNoUnderline)
)

// reverseCells turns reverse video on over the given cell ranges (sorted,
// not overlapping) of a styled line, and the current match's style over
// span current. It walks the line sequence by sequence, so escapes are
// never cut, and turns the style on again after every SGR inside a range,
// which may have reset it.
func reverseCells(line string, spans [][2]int, current int) string {
	styleOf := func(i int) (on, off string) {
		if i == current {
			return currentOn, currentOff
		}
		return reverseOn, reverseOff
	}
	var b strings.Builder
	b.Grow(len(line) + len(spans)*(len(currentOn)+len(currentOff)))
	var state byte
	col, next, inside := 0, 0, false
	for len(line) > 0 {
		seq, width, n, newState := ansi.DecodeSequence(line, state, nil)
		state, line = newState, line[n:]
		if width > 0 {
			for next < len(spans) && spans[next][1] <= col {
				if inside {
					_, off := styleOf(next)
					b.WriteString(off)
					inside = false
				}
				next++
			}
			if !inside && next < len(spans) && col >= spans[next][0] {
				on, _ := styleOf(next)
				b.WriteString(on)
				inside = true
			}
		}
		b.WriteString(seq)
		if inside && width == 0 && isSGR(seq) {
			on, _ := styleOf(next)
			b.WriteString(on)
		}
		col += width
	}
	if inside {
		_, off := styleOf(next)
		b.WriteString(off)
	}
	return b.String()
}

// isSGR reports whether an escape sequence sets graphic rendition.
func isSGR(seq string) bool {
	return len(seq) >= 3 && seq[0] == ansi.ESC && seq[1] == '[' && seq[len(seq)-1] == 'm'
}
