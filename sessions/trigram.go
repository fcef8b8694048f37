package sessions

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"regexp"
	"regexp/syntax"
	"slices"
	"sync"
	"unicode/utf8"
)

// The bounds of a document's summary: a bloom filter of its grams, a
// power of two between minSummary and maxSummary bytes, the smallest
// whose bits are at most summaryFill set (about 8 bits for each distinct
// gram). At the bound (a document of more than about 32,768 distinct
// grams) a gram not in it still fails the filter more often than not,
// and a pattern has several.
const (
	minSummary = 64
	maxSummary = 32 << 10
	// summaryFill is the most of a summary's bits set that a smaller
	// summary may have: 8 bits for each gram, 3 of them set.
	summaryFill = 1.0 / 3
)

// summary is a bloom filter of the grams of a document's bytes: its
// trigrams and its 4-grams (three and four consecutive bytes, ASCII
// letters lowercased). A document whose summary lacks one of the grams a
// pattern requires holds no match of it, and is not read. The 4-grams
// tell apart what trigrams do not: "release-1250" from a document of
// "release-12" and "pkg250". Its bytes are 64-bit words, little-endian.
type summary []byte

// filter is a summary being built, at maxSummary bytes.
type filter [maxSummary / 8]uint64

// filters are the filters summarize builds in.
var filters = sync.Pool{New: func() any { return new(filter) }}

// summarize is the summary of data: built at maxSummary bytes, then
// folded in halves (a bit of a filter half as large is the OR of the two
// bits it stands for) while the half has at most summaryFill of its bits
// set.
func summarize(data []byte) summary {
	f := filters.Get().(*filter)
	defer filters.Put(f)
	clear(f[:])
	var w uint64
	for i, c := range data {
		w = w<<8 | uint64(lower(c))
		if i >= 2 {
			f.add(3<<24 | w&0xFFFFFF)
		}
		if i >= 3 {
			f.add(4<<32 | w&0xFFFFFFFF)
		}
	}
	words := f[:]
	for len(words)*8 > minSummary {
		half := len(words) / 2
		set := 0
		for i := range half {
			set += bits.OnesCount64(words[i] | words[half+i])
		}
		if float64(set) > summaryFill*float64(half*64) {
			break
		}
		for i := range half {
			words[i] |= words[half+i]
		}
		words = words[:half]
	}
	s := make(summary, 0, len(words)*8)
	for _, word := range words {
		s = binary.LittleEndian.AppendUint64(s, word)
	}
	return s
}

// gram is the n-gram (3 or 4) at the start of b, ASCII letters
// lowercased, as a key of the filter: a trigram and a 4-gram never have
// the same key.
func gram(b []byte, n int) uint64 {
	g := uint64(n)
	for _, c := range b[:n] {
		g = g<<8 | uint64(lower(c))
	}
	return g
}

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// hash is the product that places a gram: its top 24 bits pick the word
// (the same word, folded, in a summary half as large), and three runs of
// 6 bits below them the bits in the word.
func hash(g uint64) uint64 { return g * 0x9E3779B97F4A7C15 }

// bitsOf is the three bits a gram of hash h sets, all in one 64-bit
// word of the filter: a gram costs one multiplication and one word.
func bitsOf(h uint64) uint64 {
	return 1<<(h>>22&63) | 1<<(h>>28&63) | 1<<(h>>34&63)
}

func (f *filter) add(g uint64) {
	h := hash(g)
	f[h>>40&(uint64(len(f))-1)] |= bitsOf(h)
}

// mayHold reports whether every gram of gs may be in the document s
// summarizes; false means that one is not. An empty or malformed summary
// may hold anything.
func (s summary) mayHold(gs []uint64) bool {
	if len(s) < minSummary || len(s)&(len(s)-1) != 0 {
		return true
	}
	words := uint64(len(s) / 8)
	for _, g := range gs {
		h := hash(g)
		at := 8 * (h >> 40 & (words - 1))
		if b := bitsOf(h); binary.LittleEndian.Uint64(s[at:])&b != b {
			return false
		}
	}
	return true
}

// gramsOf adds the grams of a string every match holds. folded says
// the match may hold it in another case: only the grams that no case
// folding changes (ASCII, neither k nor s, which fold with the Kelvin
// sign and the long s) are sure to be found.
func gramsOf(gs []uint64, lit []byte, folded bool) []uint64 {
	for n := 3; n <= 4; n++ {
		for i := 0; i+n <= len(lit); i++ {
			if folded && !foldSafe(lit[i:i+n]) {
				continue
			}
			if g := gram(lit[i:], n); !slices.Contains(gs, g) {
				gs = append(gs, g)
			}
		}
	}
	return gs
}

func foldSafe(b []byte) bool {
	for _, c := range b {
		switch lower(c) {
		case 'k', 's':
			return false
		}
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// LiteralMatcher finds needle as it is, byte for byte.
func LiteralMatcher(needle []byte) Matcher {
	return Matcher{Literal: needle, Find: func(text []byte) (int, int, bool) {
		i := bytes.Index(text, needle)
		return i, i + len(needle), i >= 0
	}, grams: gramsOf(nil, needle, false)}
}

// RegexpMatcher finds re. The strings every match of re holds, when its
// syntax says so, filter the documents searched; the longest one that
// is matched as it is, is its Literal.
func RegexpMatcher(re *regexp.Regexp) Matcher {
	m := Matcher{Find: func(text []byte) (int, int, bool) {
		at := re.FindIndex(text)
		if at == nil {
			return 0, 0, false
		}
		return at[0], at[1], true
	}}
	parsed, err := syntax.Parse(re.String(), syntax.Perl)
	if err != nil {
		return m
	}
	for _, lit := range required(parsed.Simplify(), nil) {
		folded := lit.Flags&syntax.FoldCase != 0
		text := []byte(string(lit.Rune))
		if slices.Contains(lit.Rune, utf8.RuneError) {
			continue // it matches any invalid byte
		}
		m.grams = gramsOf(m.grams, text, folded)
		if !folded && len(text) > len(m.Literal) {
			m.Literal = text
		}
	}
	return m
}

// required adds to lits the literal strings every match of re holds,
// adjacent literals of a concatenation joined.
func required(re *syntax.Regexp, lits []*syntax.Regexp) []*syntax.Regexp {
	switch re.Op {
	case syntax.OpLiteral:
		return append(lits, re)
	case syntax.OpCapture, syntax.OpPlus:
		return required(re.Sub[0], lits)
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return required(re.Sub[0], lits)
		}
	case syntax.OpConcat:
		var run *syntax.Regexp
		for _, sub := range re.Sub {
			if sub.Op == syntax.OpLiteral && (run == nil || run.Flags&syntax.FoldCase == sub.Flags&syntax.FoldCase) {
				if run == nil {
					run = &syntax.Regexp{Op: syntax.OpLiteral, Flags: sub.Flags}
				}
				run.Rune = append(run.Rune, sub.Rune...)
				continue
			}
			if run != nil {
				lits = append(lits, run)
				run = nil
			}
			lits = required(sub, lits)
		}
		if run != nil {
			lits = append(lits, run)
		}
	default:
	}
	return lits
}
