package native_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/agents/harness/native"
	"github.com/cardtui/cardtui/cards"
	_ "github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/internal/testkit/producertest"
	"github.com/cardtui/cardtui/producers"
)

// tools is the registry under test.
var tools = native.Tools()

// call presents a call through the native registry, checking that it is
// pure and that the view survives the cards codec unchanged.
func call(t *testing.T, tool, args string) cards.CallView {
	t.Helper()
	return producertest.Call(t, tools, tool, args)
}

// result presents a result like call.
func result(t *testing.T, tool, args string, r producers.Result) cards.ResultView {
	t.Helper()
	view := tools.Result(tool, []byte(args), r)
	require.Equal(t, view, tools.Result(tool, []byte(args), r), "the same result gave two views")
	producertest.RequireResultRoundTrip(t, view)
	return view
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

func ptr[T any](v T) *T { return &v }

// jsonText is s as a JSON string.
func jsonText(s string) string {
	data, _ := json.Marshal(s)
	return string(data)
}
