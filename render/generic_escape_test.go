package render_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render"
)

// TestRawInputIsNotHTMLEscaped: a raw input holds <, > and & escaped, as
// the cards codec writes it; the card shows them as they are, collapsed
// and expanded, and keeps every other escape.
func TestRawInputIsNotHTMLEscaped(t *testing.T) {
	card := cards.ToolCard{ID: "1", Tool: "x", Call: cards.GenericCall{
		Title:    "x",
		RawInput: json.RawMessage(`{"cmd":"a \u0026\u0026 b \u003cin \u003eout","lit":"\\u0026 \"q\""}`),
	}}
	for _, expanded := range []bool{false, true} {
		o := modes[1].opts(120)
		o.Expanded = expanded
		got := render.Entry(card, o)

		assert.Contains(t, got, `a && b <in >out`)
		assert.Contains(t, got, `\\u0026 \"q\"`, "an escaped backslash is not an escape")
		assert.NotContains(t, got, `\u0026\u0026`)
	}
}
