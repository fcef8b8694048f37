package chroma

import (
	"unicode"

	"github.com/dlclark/regexp2/syntax"
)

// cardtui's patch: a rule is not tried where it cannot start.
//
// Every rule's pattern starts with \G, and regexp2 does not look at the
// characters a match can start with when a pattern is anchored: each
// rule of a state is run in full at every token until one matches, most
// of a lexer's time. The set of first characters regexp2 computes for an
// unanchored search (its Code.FcPrefix, nil when the pattern can match
// the empty string) tells in one look that most rules cannot match at a
// position, and they are skipped.

// firstSet is the characters a match of a rule can start with.
type firstSet struct {
	prefix *syntax.Prefix
	// ascii holds, bit c for each ASCII character c, whether prefix
	// holds c: CharSet.CharIn walks its ranges.
	ascii [2]uint64
}

// firstChars is the set of characters a match of pattern starts with, nil
// when it is not known or the pattern can match the empty string.
func firstChars(pattern string) *firstSet {
	tree, err := syntax.Parse(pattern, 0)
	if err != nil {
		return nil
	}
	code, err := syntax.Write(tree)
	if err != nil || code.FcPrefix == nil {
		return nil
	}
	s := &firstSet{prefix: code.FcPrefix}
	for c := rune(0); c < 128; c++ {
		if s.slowHas(c) {
			s.ascii[c/64] |= 1 << (c % 64)
		}
	}
	return s
}

// has reports whether a match can start with ch.
func (s *firstSet) has(ch rune) bool {
	if ch >= 0 && ch < 128 {
		return s.ascii[ch/64]&(1<<(ch%64)) != 0
	}
	return s.slowHas(ch)
}

// slowHas is has as regexp2 decides it for an unanchored search.
func (s *firstSet) slowHas(ch rune) bool {
	if s.prefix.CaseInsensitive {
		ch = unicode.ToLower(ch)
	}
	return s.prefix.PrefixSet.CharIn(ch)
}

// cannotStartAt reports whether the rule's pattern surely does not match
// text at pos.
func (r *CompiledRule) cannotStartAt(text []rune, pos int) bool {
	if r.first == nil {
		return false
	}
	if pos >= len(text) {
		return true // a match consumes a character
	}
	return !r.first.has(text[pos])
}
