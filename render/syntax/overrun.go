package syntax

import (
	"hash/maphash"
	"sync"
	"sync/atomic"
	"time"

	"github.com/alecthomas/chroma/v2"
)

// A text that a lexer was given at least half a Budget for and did not
// finish is remembered, by lexer and text, so that drawing it again
// (another width, expanded, the viewer, an export) draws it without
// colours at once instead of spending the budget again on the same
// hostile text. A text cut short only because it began late in a budget
// shared with other texts (a diff's hunks) is not remembered.

// maxOverruns bounds the texts remembered; the memo is emptied when full.
const maxOverruns = 256

// overrunKey names a text lexed by one lexer: the lexer's name, the text's
// length and its hash.
type overrunKey struct {
	lexer string
	size  int
	hash  uint64
}

// overruns holds the texts whose lexing ran out of its budget.
var overruns struct {
	mu   sync.Mutex
	keys map[overrunKey]struct{}
}

// overrunSeed hashes the texts of overrunKey.
var overrunSeed = maphash.MakeSeed()

// Tokens lexes text with lexer, stopped at deadline as budgetedTokens is,
// and sets over when it stops the lexing. A text the lexer did not finish
// before, given at least half a Budget, is not lexed again: Tokens sets
// over and gives no token. The error is the lexer's.
func Tokens(lexer chroma.Lexer, opts *chroma.TokeniseOptions, text string, deadline time.Time, over *atomic.Bool) (chroma.Iterator, error) {
	key := overrunKey{lexer: lexer.Config().Name, size: len(text), hash: maphash.String(overrunSeed, text)}
	if overran(key) {
		over.Store(true)
		return func() chroma.Token { return chroma.EOF }, nil
	}
	raw, err := lexer.Tokenise(opts, text)
	if err != nil {
		return nil, err
	}
	fairTry := time.Until(deadline) >= Budget/2
	var stopped atomic.Bool
	tokens := budgetedTokens(raw, deadline, &stopped)
	return func() chroma.Token {
		tok := tokens()
		if tok == chroma.EOF && stopped.Load() {
			over.Store(true)
			if fairTry {
				remember(key)
			}
		}
		return tok
	}, nil
}

// overran says whether key's lexing ran out of its budget before.
func overran(key overrunKey) bool {
	overruns.mu.Lock()
	defer overruns.mu.Unlock()
	_, ok := overruns.keys[key]
	return ok
}

// remember keeps key as a lexing that ran out of its budget.
func remember(key overrunKey) {
	overruns.mu.Lock()
	defer overruns.mu.Unlock()
	if overruns.keys == nil || len(overruns.keys) >= maxOverruns {
		overruns.keys = map[overrunKey]struct{}{}
	}
	overruns.keys[key] = struct{}{}
}
