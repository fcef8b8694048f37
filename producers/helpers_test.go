package producers_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	_ "github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/producers"
)

// native is the registry under test.
var native = producers.Native()

// call presents a call through the native registry, checking that it is
// pure and that the view survives the cards codec unchanged.
func call(t *testing.T, tool, args string) cards.CallView {
	t.Helper()
	view := native.Call(tool, []byte(args))
	require.Equal(t, view, native.Call(tool, []byte(args)), "the same call gave two views")
	requireCallRoundTrip(t, view)
	return view
}

// result presents a result like call.
func result(t *testing.T, tool, args string, r producers.Result) cards.ResultView {
	t.Helper()
	view := native.Result(tool, []byte(args), r)
	require.Equal(t, view, native.Result(tool, []byte(args), r), "the same result gave two views")
	requireResultRoundTrip(t, view)
	return view
}

func requireCallRoundTrip(t testing.TB, view cards.CallView) {
	t.Helper()
	require.NotNil(t, view)
	data, err := cards.EncodeCall(view)
	require.NoError(t, err)
	decoded, err := cards.DecodeCall(data)
	require.NoError(t, err, "%s", data)
	require.Equal(t, view, decoded, "%s", data)
}

func requireResultRoundTrip(t testing.TB, view cards.ResultView) {
	t.Helper()
	require.NotNil(t, view)
	data, err := cards.EncodeResult(view)
	require.NoError(t, err)
	decoded, err := cards.DecodeResult(data)
	require.NoError(t, err, "%s", data)
	require.Equal(t, view, decoded, "%s", data)
}

// textResult is a successful result holding one text block.
func textResult(s string) producers.Result {
	return producers.Result{Content: []cards.ContentBlock{cards.TextBlock{Text: s}}}
}

// withMeta is a successful text result with presentation metadata.
func withMeta(s, meta string) producers.Result {
	r := textResult(s)
	r.Meta = json.RawMessage(meta)
	return r
}

// failed is an error result with its text and top-level error.
func failed(s, errText string) producers.Result {
	r := textResult(s)
	r.IsError, r.Error = true, errText
	return r
}

// texts returns the text of every text block.
func texts(blocks []cards.ContentBlock) []string {
	var out []string
	for _, b := range blocks {
		if tb, ok := b.(cards.TextBlock); ok {
			out = append(out, tb.Text)
		}
	}
	return out
}

// fallbackNote returns the note a fallback card carries, "" when the view
// has none.
func fallbackNote(view any) string {
	var content []cards.ContentBlock
	switch v := view.(type) {
	case cards.GenericCall:
		content = v.Content
	case cards.GenericResult:
		content = v.Content
	}
	for _, s := range texts(content) {
		if strings.HasPrefix(s, "could not present") {
			return s
		}
	}
	return ""
}

// requireFallbackNote requires view to be a fallback card whose note
// mentions each of the given fragments.
func requireFallbackNote(t *testing.T, view any, fragments ...string) {
	t.Helper()
	note := fallbackNote(view)
	require.NotEmpty(t, note, "no fallback note in %#v", view)
	for _, f := range fragments {
		require.Contains(t, note, f)
	}
}

// requireNoFallback requires view not to be a fallback card.
func requireNoFallback(t *testing.T, view any) {
	t.Helper()
	require.Empty(t, fallbackNote(view), "unexpected fallback: %#v", view)
}

func ptr[T any](v T) *T { return &v }

// jsonText is s as a JSON string.
func jsonText(s string) string {
	data, _ := json.Marshal(s)
	return string(data)
}

// blocks is content of text blocks.
func blocks(texts ...string) []cards.ContentBlock {
	var out []cards.ContentBlock
	for _, s := range texts {
		out = append(out, cards.TextBlock{Text: s})
	}
	return out
}
