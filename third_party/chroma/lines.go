package chroma

import (
	"errors"

	"github.com/dlclark/regexp2"
)

// cardtui's patch: lexing from a line start in a given state, and the
// lexer's state at each line start.
//
// cardtui highlights both sides of a diff. Where the two lexers reach the
// same line of an equal run in the same state, and the matches of the
// new side's lexer up to a later line of the run read only text inside
// it, the old side's lexer would make the same tokens and reach that
// later line in the same state: its tokens are the new side's, and it
// goes on from there (TokeniseRunes). A state is the stack of rule
// states; it is reported only where it is the whole of the lexer's state
// (no tokens of a match pending, no mutator context).

// LineStart is the state of a lexer at the start of a line.
type LineStart struct {
	// Pos is the rune offset of the line in the text.
	Pos int
	// Stack is the lexer's stack of states; it is the lexer's own and
	// changes as it goes on: keep a copy.
	Stack []string
	// Reads is the span of the text that the lexer read since the previous
	// line start reported (or its start), as regexp2.Reads: -1 or
	// len(text) for a test of where the text starts or ends.
	Reads regexp2.Reads
}

// lineHook calls a function at each line start of a LexerState of
// TokeniseRunes; its zero value does nothing.
type lineHook struct {
	fn    func(LineStart) bool
	last  int // the position reported last, -1 for none
	reads regexp2.Reads
}

// at reports l's state to the hook when l is at the start of a line not
// reported yet and its state is only its stack; false stops the lexing.
func (h *lineHook) at(l *LexerState) bool {
	if h.fn == nil || l.Pos == h.last || len(l.MutatorContext) > 0 {
		return true
	}
	if l.Pos > 0 && l.Text[l.Pos-1] != '\n' {
		return true
	}
	h.last = l.Pos
	reads := h.reads
	h.reads = regexp2.NoReads
	return h.fn(LineStart{Pos: l.Pos, Stack: l.Stack, Reads: reads})
}

// errNoNewline is TokeniseRunes's error for a text not ending in "\n".
var errNoNewline = errors.New("chroma: TokeniseRunes: the text does not end with a newline")

// TokeniseRunes tokenises text, which ends with "\n", from rune offset pos
// in the state stack (["root"] from the start of the text), as Tokenise
// with the options{State: "root"} would from there. At each line start,
// pos included, where the lexer's state is its stack, it calls at (when
// not nil), and stops when at returns false.
func (r *RegexLexer) TokeniseRunes(text []rune, pos int, stack []string, at func(LineStart) bool) (Iterator, error) {
	if err := r.needRules(); err != nil {
		return nil, err
	}
	if len(text) == 0 || text[len(text)-1] != '\n' {
		return nil, errNoNewline
	}
	state := &LexerState{
		Registry:       r.registry,
		options:        &TokeniseOptions{State: "root"},
		Lexer:          r,
		Text:           text,
		Pos:            pos,
		Stack:          append([]string(nil), stack...),
		Rules:          r.rules,
		MutatorContext: map[interface{}]interface{}{},
		lines:          lineHook{fn: at, last: -1, reads: regexp2.NoReads},
	}
	return state.Iterator, nil
}
