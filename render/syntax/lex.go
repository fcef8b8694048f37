package syntax

import (
	"sync/atomic"
	"time"

	"github.com/alecthomas/chroma/v2"
)

// Some chroma lexers are quadratic or worse on some text: v2.27's Makefile
// lexer takes 0.8 s on a line of 4 KB of "{" and 3.2 s on 8 KB, each token
// scanning the rest of the text. Chroma's tokens are pulled one at a time, so
// the lexing of a block stops where its budget runs out: the block is then
// drawn without syntax colours, with a note saying why. One token can
// still take as long as the lexer's rules (chroma stops a rule's match
// after 250 ms).

// Budget is the time the syntax colours of one block of code (a code
// block, the drawn hunks of a file) may take.
const Budget = 500 * time.Millisecond

// BudgetPerByte is what the budget of a diff's drawn hunks grows by
// for each byte they hold, on top of Budget: lexing that is linear in
// the size of the text (chroma v2.27's lexers take 2 to 5 µs a byte of
// dense code, about 30 µs a line of Go, more on a loaded machine)
// finishes at any size, while a lexer that goes quadratic or worse is
// stopped once the text is more than a few kilobytes.
const BudgetPerByte = 20 * time.Microsecond

// ScaledDeadline is the end, from now, of the budget of lexing a text
// of size bytes: Budget and BudgetPerByte for each byte. It is a variable
// only so that the tests of what is drawn at every size can lift the
// budget (internal/testkit/lexbudget), whose wall-clock time a loaded
// machine would otherwise spend; nothing else sets it.
var ScaledDeadline = scaledDeadline

// scaledDeadline is ScaledDeadline's value.
func scaledDeadline(size int) time.Time {
	return time.Now().Add(Budget + time.Duration(size)*BudgetPerByte)
}

// ScaledOverNote is the note of a diff whose drawn hunks after some
// point are drawn without syntax colours because lexing them took longer
// than their scaled budget; it names the budget.
const ScaledOverNote = "(no syntax colours: colouring took over 0.5 s and 20 µs a byte)"

// OverNote is the note of a block drawn without syntax colours because
// lexing it took longer than Budget.
const OverNote = "(no syntax colours: colouring took over 0.5 s)"

// budgetCheckEvery is how many tokens budgetedTokens pulls between two
// looks at the clock: reading it for every token was a thirtieth of
// lexing Go, and a lexer slow enough to run out of its budget takes
// milliseconds a token.
const budgetCheckEvery = 16

// budgetedTokens is tokens stopped at deadline: past it, it returns EOF
// and sets over. The clock is read at the first token and every
// budgetCheckEvery after it.
func budgetedTokens(tokens chroma.Iterator, deadline time.Time, over *atomic.Bool) chroma.Iterator {
	n := 0
	return func() chroma.Token {
		if n%budgetCheckEvery == 0 && time.Now().After(deadline) {
			over.Store(true)
			return chroma.EOF
		}
		n++
		return tokens()
	}
}
