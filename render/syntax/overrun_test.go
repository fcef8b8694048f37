package syntax

import (
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/alecthomas/chroma/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// slowLexer gives each byte of a text as a token of its own, perToken
// apart, and counts its Tokenise calls.
type slowLexer struct {
	chroma.Lexer // nil: Tokens calls only Config and Tokenise
	name         string
	perToken     time.Duration
	calls        atomic.Int32
}

func (l *slowLexer) Config() *chroma.Config { return &chroma.Config{Name: l.name} }

func (l *slowLexer) Tokenise(_ *chroma.TokeniseOptions, text string) (chroma.Iterator, error) {
	l.calls.Add(1)
	i := 0
	return func() chroma.Token {
		if i == len(text) {
			return chroma.EOF
		}
		time.Sleep(l.perToken)
		i++
		return chroma.Token{Type: chroma.Text, Value: text[i-1 : i]}
	}, nil
}

// lex pulls every token of text from Tokens and joins them.
func lex(t *testing.T, l chroma.Lexer, text string, deadline time.Time) (string, bool) {
	t.Helper()
	var over atomic.Bool
	tokens, err := Tokens(l, nil, text, deadline, &over)
	require.NoError(t, err)
	var got strings.Builder
	for tok := tokens(); tok != chroma.EOF; tok = tokens() {
		got.WriteString(tok.Value)
	}
	return got.String(), over.Load()
}

func TestALexingThatRanOutIsNotTriedAgain(t *testing.T) {
	t.Parallel()
	l := &slowLexer{name: t.Name(), perToken: 2 * time.Millisecond}
	text := strings.Repeat("x", 1000) // 2 s of lexing

	// A bit over half a Budget is a fair try (overrun.go): the text is
	// remembered as a whole Budget would have it remembered.
	got, over := lex(t, l, text, time.Now().Add(Budget/2+Budget/10))
	assert.True(t, over, "the lexing stops at its budget")
	assert.Less(t, len(got), len(text))

	got, over = lex(t, l, text, time.Now().Add(time.Hour))
	assert.True(t, over, "the text is drawn without colours again")
	assert.Empty(t, got, "and is not lexed again")
	assert.Equal(t, int32(1), l.calls.Load())

	got, over = lex(t, l, "short", time.Now().Add(Budget))
	assert.False(t, over, "another text of the lexer is lexed")
	assert.Equal(t, "short", got)
}

func TestALexingStartedLateIsTriedAgain(t *testing.T) {
	t.Parallel()
	l := &slowLexer{name: t.Name(), perToken: 2 * time.Millisecond}
	text := strings.Repeat("x", 1000)

	_, over := lex(t, l, text, time.Now().Add(Budget/4))
	assert.True(t, over, "a quarter of the budget is not enough")
	_, over = lex(t, l, text, time.Now())
	assert.True(t, over)
	assert.Equal(t, int32(2), l.calls.Load(), "a text given too little time is lexed again")
}
