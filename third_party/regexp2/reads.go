package regexp2

// cardtui's patch: the span of the text a search depended on.
//
// cardtui lexes the two sides of a diff with chroma, whose rules are
// regexp2 patterns, and reuses the tokens of one side for an equal run of
// lines of the other where the lexers are in the same state. That holds
// only while every search read text inside the equal run: a lookahead,
// a lookbehind or a loop may read past it. The runner records the lowest
// and highest index it reads, or whose presence it tests (a bound test
// that fails at the end of the text counts as reading len(text), one at
// its start as reading -1).

import (
	"math"
	"slices"

	"github.com/dlclark/regexp2/syntax"
)

// Reads is the span of a text, from Lo to Hi inclusive, that searches
// read; an index of -1 or len(text) stands for a test of where the text
// starts or ends. Lo > Hi when nothing was read.
type Reads struct {
	Lo, Hi int
}

// NoReads is the Reads of no search, the start of a Widen.
var NoReads = Reads{Lo: math.MaxInt, Hi: math.MinInt}

// Widen widens r to hold o.
func (r *Reads) Widen(o Reads) {
	r.Lo, r.Hi = min(r.Lo, o.Lo), max(r.Hi, o.Hi)
}

// Touch widens r to hold index i.
func (r *Reads) Touch(i int) {
	r.Lo, r.Hi = min(r.Lo, i), max(r.Hi, i)
}

// FindRunesMatchReads is FindRunesMatchStartingAt that also widens reads
// to the span of text the search depended on. A read of the first or
// the last rune counts as a test of the text's start or end: a loop that
// stops there did not read past it but stopped because of it.
func (re *Regexp) FindRunesMatchReads(r []rune, startAt int, reads *Reads) (*Match, error) {
	runner := re.getRunner()
	defer re.putRunner(runner)
	m, err := runner.scan(r, startAt, false, re.MatchTimeout)
	got := runner.reads
	if got.Lo <= 0 {
		got.Lo = -1
	}
	if got.Hi >= len(r)-1 {
		got.Hi = len(r)
	}
	reads.Widen(got)
	return m, err
}

// touch records a read of index i.
func (r *runner) touch(i int) {
	r.reads.Touch(i)
}

// touchBound records a test that failed because the text ends (or
// starts, searching backward) before what was looked for.
func (r *runner) touchBound() {
	if r.rightToLeft {
		r.touch(-1)
	} else {
		r.touch(r.runtextend)
	}
}

// touchAhead records the reads of the c runes from the position on, in
// the direction of the search.
func (r *runner) touchAhead(c int) {
	if c <= 0 {
		return
	}
	if r.rightToLeft {
		r.touch(r.runtextpos - c)
	} else {
		r.touch(r.runtextpos + c - 1)
	}
}

// touchAnchors records what the anchors of the pattern test of the
// position: how far it is from the start of the text or from its end.
func (r *runner) touchAnchors() {
	a := r.code.Anchors
	if a&syntax.AnchorBeginning != 0 {
		r.touch(r.runtextpos - 1)
	}
	if a&(syntax.AnchorEndZ|syntax.AnchorEnd) != 0 {
		r.touch(r.runtextend)
	}
}

// touchPrefix records the reads of the literal prefix test.
func (r *runner) touchPrefix() {
	n := r.code.BmPrefix.Len()
	if r.code.RightToLeft {
		r.touch(max(r.runtextpos-n, -1))
		r.touch(r.runtextpos - 1)
	} else {
		r.touch(r.runtextpos)
		r.touch(min(r.runtextpos+n-1, r.runtextend))
	}
}

// FindGroupsReads is FindRunesMatchReads for a caller that needs only
// where the match is and the text of its groups (the last capture of
// each, "" for one that did not take part), by number as Match.Groups
// orders them: it returns the match's index, -1 for none, and groups
// appended to buf. The Match is not made for each search but kept by the
// runner for the next one: a lexer's many matches of short tokens
// allocated most in making them.
func (re *Regexp) FindGroupsReads(r []rune, startAt int, reads *Reads, buf []string) (int, []string, error) {
	runner := re.getRunner()
	defer re.putRunner(runner)
	// quick: the runner keeps its Match, untidied (the balancing groups'
	// captures aside, which tidy compacts)
	m, err := runner.scan(r, startAt, true, re.MatchTimeout)
	got := runner.reads
	if got.Lo <= 0 {
		got.Lo = -1
	}
	if got.Hi >= len(r)-1 {
		got.Hi = len(r)
	}
	reads.Widen(got)
	if m == nil || err != nil || m.matchcount[0] == 0 {
		return -1, buf, err
	}
	if m.balancing {
		m.tidy(runner.runtextpos)
	}
	buf = slices.Grow(buf, len(m.matchcount))
	for i := range m.matchcount {
		n := m.matchcount[i]
		if n == 0 {
			buf = append(buf, "")
			continue
		}
		caps := m.matches[i]
		start, length := caps[(n-1)*2], caps[n*2-1]
		buf = append(buf, string(r[start:start+length]))
	}
	return m.matches[0][0], buf, nil
}
