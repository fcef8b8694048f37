package sessions

import (
	"bytes"
	"math/bits"
	"regexp"
	"regexp/syntax"
	"slices"
	"sync"
	"unicode/utf8"
)

// The bounds of a document's summary: a bloom filter of its trigrams,
// summaryBitsPerTrigram bits for each distinct trigram, a power of two
// between minSummary and maxSummary bytes. At the bound (a document of
// more than 32,768 distinct trigrams) a trigram not in it still fails the
// filter more often than not, and a pattern has several.
const (
	minSummary            = 64
	maxSummary            = 32 << 10
	summaryBitsPerTrigram = 8
)

// summaryHashes is how many bits of the filter each trigram sets.
const summaryHashes = 3

// summary is a bloom filter of the trigrams (three consecutive bytes,
// ASCII letters lowercased) of a document's bytes: a document whose
// summary lacks one of the trigrams a pattern requires holds no match of
// it, and is not read.
type summary []byte

// trigramSets are the exact trigram sets summarize counts with, one bit
// for each of the 2^24 trigrams.
var trigramSets = sync.Pool{New: func() any { return new([1 << 24 / 64]uint64) }}

// summarize is the summary of data.
func summarize(data []byte) summary {
	set := trigramSets.Get().(*[1 << 24 / 64]uint64)
	defer trigramSets.Put(set)
	n := 0
	for i := 0; i+3 <= len(data); i++ {
		t := trigram(data[i:])
		if set[t/64]&(1<<(t%64)) == 0 {
			set[t/64] |= 1 << (t % 64)
			n++
		}
	}
	size := minSummary
	for size < maxSummary && size*8 < n*summaryBitsPerTrigram {
		size *= 2
	}
	s := make(summary, size)
	for w, word := range set {
		for word != 0 {
			b := bits.TrailingZeros64(word)
			word &^= 1 << b
			s.add(uint32(w*64 + b))
		}
		set[w] = 0
	}
	return s
}

// trigram is the trigram at the start of b, ASCII letters lowercased.
func trigram(b []byte) uint32 {
	return uint32(lower(b[0]))<<16 | uint32(lower(b[1]))<<8 | uint32(lower(b[2]))
}

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// positions are the bits of a summary of size bytes trigram t sets.
func positions(t uint32, size int) [summaryHashes]uint32 {
	h := uint64(t) * 0x9E3779B97F4A7C15
	mask := uint32(size*8 - 1)
	var p [summaryHashes]uint32
	for i := range p {
		p[i] = uint32(h>>(20*i)) & mask
	}
	return p
}

func (s summary) add(t uint32) {
	for _, p := range positions(t, len(s)) {
		s[p/8] |= 1 << (p % 8)
	}
}

// mayHold reports whether every trigram of ts may be in the document s
// summarizes; false means that none is. An empty or malformed summary
// may hold anything.
func (s summary) mayHold(ts []uint32) bool {
	if len(s) < minSummary || len(s)&(len(s)-1) != 0 {
		return true
	}
	for _, t := range ts {
		for _, p := range positions(t, len(s)) {
			if s[p/8]&(1<<(p%8)) == 0 {
				return false
			}
		}
	}
	return true
}

// trigramsOf adds the trigrams of a string every match holds. folded
// says the match may hold it in another case: only the trigrams that no
// case folding changes (ASCII, neither k nor s, which fold with the
// Kelvin sign and the long s) are sure to be found.
func trigramsOf(ts []uint32, lit []byte, folded bool) []uint32 {
	for i := 0; i+3 <= len(lit); i++ {
		if folded && !foldSafe(lit[i:i+3]) {
			continue
		}
		if t := trigram(lit[i:]); !slices.Contains(ts, t) {
			ts = append(ts, t)
		}
	}
	return ts
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
	}, trigrams: trigramsOf(nil, needle, false)}
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
		m.trigrams = trigramsOf(m.trigrams, text, folded)
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
