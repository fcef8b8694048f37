package native_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
)

// TestFallbackShowsCodeAsCode: an unknown tool's code-like string
// arguments are fenced blocks in their language, read as text (no JSON
// escapes, no HTML escapes), the rest its raw input.
func TestFallbackShowsCodeAsCode(t *testing.T) {
	cases := []struct {
		name, args string
		want       cards.GenericCall
	}{
		{"a command", `{"command":"make && ./run <in","timeout":5}`, cards.GenericCall{
			Title: "future_tool", Kind: cards.KindOther,
			Content:  []cards.ContentBlock{cards.TextBlock{Text: "command:"}, cards.TextBlock{Text: "make && ./run <in", Lang: "sh"}},
			RawInput: json.RawMessage(`{"timeout":5}`),
		}},
		{"a program and a plan", `{"program":"x = 1\nprint(x)","plan":"# Plan\n\n- a"}`, cards.GenericCall{
			Title: "future_tool", Kind: cards.KindOther,
			Content: []cards.ContentBlock{cards.TextBlock{Text: "program:"}, cards.TextBlock{Text: "x = 1\nprint(x)"}, cards.TextBlock{Text: "plan:"}, cards.TextBlock{Text: "# Plan\n\n- a", Lang: "markdown"}},
		}},
		{"any text of several lines", `{"note":"one\ntwo","n":1}`, cards.GenericCall{
			Title: "future_tool", Kind: cards.KindOther,
			Content: []cards.ContentBlock{cards.TextBlock{Text: "note:"}, cards.TextBlock{Text: "one\ntwo"}}, RawInput: json.RawMessage(`{"n":1}`),
		}},
		{"nothing code-like", `{"id":"a","n":1}`, cards.GenericCall{Title: "future_tool", Kind: cards.KindOther, RawInput: json.RawMessage(`{"id":"a","n":1}`)}},
		{"a fence inside the code", "{\"script\":\"```\\nx\"}", cards.GenericCall{
			Title: "future_tool", Kind: cards.KindOther,
			Content: []cards.ContentBlock{cards.TextBlock{Text: "script:"}, cards.TextBlock{Text: "```\nx"}},
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			require.Equal(t, c.want, call(t, "future_tool", c.args))
		})
	}
}
