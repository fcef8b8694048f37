package producers_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/producertest"
	"github.com/cardtui/cardtui/producers"
)

func TestDecodeContent(t *testing.T) {
	cases := []struct {
		name, raw string
		want      []cards.ContentBlock
	}{
		{"absent", ``, nil},
		{"null", `null`, nil},
		{"no blocks", `[]`, nil},
		{
			"text blocks", `[{"type":"text","text":"a"},{"type":"text","text":"b","cache":true}]`,
			[]cards.ContentBlock{cards.TextBlock{Text: "a"}, cards.TextBlock{Text: "b"}},
		},
		{
			"harness image attachment keeps its media type",
			`[{"type":"image","attachment":{"attachmentId":"sha256:b1","mediaType":"image/png","bytes":69,"name":"red.png"}}]`,
			[]cards.ContentBlock{cards.ImageBlock{MimeType: "image/png"}},
		},
		{
			"inline image", `[{"type":"image","mimeType":"image/gif","data":"R0lG"}]`,
			[]cards.ContentBlock{cards.ImageBlock{MimeType: "image/gif", Data: "R0lG"}},
		},
		{
			"unknown block in canonical form", `[{ "type": "reasoning", "text": "a < b" }]`,
			[]cards.ContentBlock{cards.OpaqueBlock{Type: "reasoning", Raw: json.RawMessage(`{"type":"reasoning","text":"a \u003c b"}`)}},
		},
		{"bare string", `"plain"`, []cards.ContentBlock{cards.TextBlock{Text: "plain"}}},
		{"empty string", `""`, nil},
		{"text output", `{"type":"text","value":"out"}`, []cards.ContentBlock{cards.TextBlock{Text: "out"}}},
		{"error-text output", `{"type":"error-text","value":"boom"}`, []cards.ContentBlock{cards.TextBlock{Text: "boom"}}},
		{
			"json output", `{"type":"json","value":{"ok":true}}`,
			[]cards.ContentBlock{cards.TextBlock{Text: "{\n  \"ok\": true\n}", Lang: "json"}},
		},
		{
			"content output", `{"type":"content","value":[{"type":"text","text":"x"}]}`,
			[]cards.ContentBlock{cards.TextBlock{Text: "x"}},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := producers.DecodeContent(json.RawMessage(c.raw))
			require.NoError(t, err)
			require.Equal(t, c.want, got)
		})
	}
}

func TestDecodeContentErrors(t *testing.T) {
	cases := []struct{ name, raw, reason string }{
		{"number", `42`, "want an array of blocks, a string or an output object"},
		{"block without type", `[{"text":"a"}]`, "block 0"},
		{"text block without text", `[{"type":"text","text":"a"},{"type":"text"}]`, "block 1"},
		{"block not an object", `["a"]`, "block 0"},
		{"unknown output type", `{"type":"video","value":1}`, `unknown output type "video"`},
		{"text output not a string", `{"type":"text","value":1}`, "text output: value: want a string"},
		{"json output without value", `{"type":"json"}`, "json output: value"},
		{"broken JSON", `[{"type":`, "unexpected end"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := producers.DecodeContent(json.RawMessage(c.raw))
			require.ErrorContains(t, err, c.reason)
		})
	}
}

func TestDescribeError(t *testing.T) {
	cases := []struct{ raw, want string }{
		{``, ""},
		{`null`, ""},
		{`{"name":"FsError","code":"FS_NOT_FOUND"}`, "FsError (FS_NOT_FOUND)"},
		{`{"name":"AbortError"}`, "AbortError"},
		{`{"code":"ABORTED"}`, "(ABORTED)"},
		{`{"name":"E","code":"C","message":"went wrong"}`, "E (C): went wrong"},
		{`{"message":"went wrong"}`, "went wrong"},
		{`"plain text"`, "plain text"},
		{`{"status":503}`, `{"status":503}`},
		{`[1, 2]`, `[1, 2]`},
	}
	for _, c := range cases {
		t.Run(c.raw, func(t *testing.T) {
			require.Equal(t, c.want, producers.DescribeError(json.RawMessage(c.raw)))
		})
	}
}

func TestNewResult(t *testing.T) {
	r := producers.NewResult(
		json.RawMessage(`[{"type":"text","text":"Error: cannot read"}]`), true,
		json.RawMessage(`{"name":"FsError","code":"FS_NOT_FOUND"}`), json.RawMessage(`{"diffs":[]}`))
	require.Equal(t, producers.Result{
		Content: []cards.ContentBlock{cards.TextBlock{Text: "Error: cannot read"}},
		IsError: true,
		Error:   "FsError (FS_NOT_FOUND)",
		Meta:    json.RawMessage(`{"diffs":[]}`),
		Outcome: cards.OutcomeFailed,
	}, r)

	require.Equal(t, producers.Result{}, producers.NewResult(nil, false, nil, nil))
}

// TestNewResultKeepsUndecodableContent: content NewResult cannot decode is
// shown, not dropped.
func TestNewResultKeepsUndecodableContent(t *testing.T) {
	r := producers.NewResult(json.RawMessage(`[{"type":"text"}]`), false, nil, nil)
	require.Len(t, r.Content, 2)
	require.Contains(t, producertest.Texts(r.Content)[0], "could not decode the result content: block 0")
	require.Equal(t, cards.TextBlock{Text: `[{"type":"text"}]`, Lang: "json"}, r.Content[1])
	producertest.RequireResultRoundTrip(t, producers.Registry{}.Result("lsp", []byte(`{}`), r))
}
