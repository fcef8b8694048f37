package render

import (
	"sync/atomic"
	"time"

	"github.com/alecthomas/chroma/v2"
)

// Some chroma lexers are quadratic or worse on some text: AutoIt's takes
// 3 s on 1 KB of spaces and 33 s on 4 KB, each token scanning the rest of
// the text with every rule. Chroma's tokens are pulled one at a time, so
// the lexing of a block stops where its budget runs out: the block is then
// drawn without syntax colours, with a note saying why. One token can
// still take as long as the lexer's rules (chroma stops a rule's match
// after 250 ms).

// lexBudget is the time the syntax colours of one block of code (a code
// block, the drawn hunks of a file) may take.
const lexBudget = 500 * time.Millisecond

// lexOverNote is the note of a block drawn without syntax colours because
// lexing it took longer than lexBudget.
const lexOverNote = "(no syntax colours: colouring took over 0.5 s)"

// budgetedTokens is tokens stopped at deadline: past it, it returns EOF
// and sets over.
func budgetedTokens(tokens chroma.Iterator, deadline time.Time, over *atomic.Bool) chroma.Iterator {
	return func() chroma.Token {
		if time.Now().After(deadline) {
			over.Store(true)
			return chroma.EOF
		}
		return tokens()
	}
}
