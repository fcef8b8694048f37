// Package lexbudget lifts the wall-clock budget of a diff's syntax
// colours for the tests that check what a large diff looks like
// coloured, so that they do not depend on how loaded the machine is, and
// gives the tests of that budget a lexer that sleeps it out.
package lexbudget

import (
	"sync"
	"testing"
	"time"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"

	"github.com/cardtui/cardtui/render/syntax"
)

// Lift lets a diff's lexing take as long as it needs until the test
// ends. Tests that lift it must not run in parallel with other tests of
// their package, which would see the lifted budget too.
func Lift(t testing.TB) {
	scaled := syntax.ScaledDeadline
	t.Cleanup(func() { syntax.ScaledDeadline = scaled })
	syntax.ScaledDeadline = func(int) time.Time { return time.Now().Add(time.Hour) }
}

// SlowFile is the extension of the files SlowLexer lexes.
const SlowFile = ".slowlex"

// SlowLexer is a chroma lexer of SlowFile files that sleeps a millisecond
// before each token of one byte, as a lexer gone quadratic on hostile
// text takes milliseconds a token, without spending the CPU: a text of n
// bytes takes n milliseconds.
type SlowLexer struct{}

// Config names the lexer and its files.
func (SlowLexer) Config() *chroma.Config {
	return &chroma.Config{Name: "slow", Filenames: []string{"*" + SlowFile}}
}

// SetRegistry is the lexer itself: it needs no registry.
func (l SlowLexer) SetRegistry(*chroma.LexerRegistry) chroma.Lexer { return l }

// SetAnalyser is the lexer itself: it never guesses a text's language.
func (l SlowLexer) SetAnalyser(func(string) float32) chroma.Lexer { return l }

// AnalyseText is 0: no text is taken for the lexer's by its content.
func (SlowLexer) AnalyseText(string) float32 { return 0 }

// Tokenise gives each byte of text as a keyword, a millisecond apart.
func (SlowLexer) Tokenise(_ *chroma.TokeniseOptions, text string) (chroma.Iterator, error) {
	return func() chroma.Token {
		if text == "" {
			return chroma.EOF
		}
		time.Sleep(time.Millisecond)
		tok := chroma.Token{Type: chroma.Keyword, Value: text[:1]}
		text = text[1:]
		return tok
	}, nil
}

// registerSlow registers SlowLexer once.
var registerSlow sync.Once

// RegisterSlow registers SlowLexer with chroma's lexers, once in the
// process. Call it from an init function, before any test reads the
// registry in parallel.
func RegisterSlow() {
	registerSlow.Do(func() { lexers.Register(SlowLexer{}) })
}
