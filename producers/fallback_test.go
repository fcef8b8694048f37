package producers_test

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
		{"a command", `{"command":"make && ./run <in","timeout":5}`, cards.GenericCall{Title: "future_tool", Kind: cards.KindOther,
			Content:  []cards.ContentBlock{cards.TextBlock{Text: "command:\n\n```sh\nmake && ./run <in\n```"}},
			RawInput: json.RawMessage(`{"timeout":5}`)}},
		{"a program and a plan", `{"program":"x = 1\nprint(x)","plan":"# Plan\n\n- a"}`, cards.GenericCall{Title: "future_tool", Kind: cards.KindOther,
			Content: []cards.ContentBlock{cards.TextBlock{Text: "program:\n\n```\nx = 1\nprint(x)\n```"}, cards.TextBlock{Text: "plan:\n\n```markdown\n# Plan\n\n- a\n```"}}}},
		{"any text of several lines", `{"note":"one\ntwo","n":1}`, cards.GenericCall{Title: "future_tool", Kind: cards.KindOther,
			Content: []cards.ContentBlock{cards.TextBlock{Text: "note:\n\n```\none\ntwo\n```"}}, RawInput: json.RawMessage(`{"n":1}`)}},
		{"nothing code-like", `{"id":"a","n":1}`, cards.GenericCall{Title: "future_tool", Kind: cards.KindOther, RawInput: json.RawMessage(`{"id":"a","n":1}`)}},
		{"a fence inside the code", "{\"script\":\"```\\nx\"}", cards.GenericCall{Title: "future_tool", Kind: cards.KindOther,
			Content: []cards.ContentBlock{cards.TextBlock{Text: "script:\n\n````\n```\nx\n````"}}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			require.Equal(t, c.want, call(t, "future_tool", c.args))
		})
	}
}
