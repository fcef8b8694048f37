package native_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/producertest"
)

func TestWebCalls(t *testing.T) {
	require.Equal(t, cards.GenericCall{
		Title: `Search the web for "go 1.26 release"`, Kind: cards.KindFetch,
		RawInput: json.RawMessage(`"go 1.26 release"`),
	},
		call(t, "web_search", `{"query":"go 1.26 release"}`))
	require.Equal(t, cards.GenericCall{Title: "Fetch https://go.dev/doc/", Kind: cards.KindFetch},
		call(t, "web_fetch", `{"url":"https://go.dev/doc/","format":"markdown"}`))
}

func TestWebCallsRejectBadArguments(t *testing.T) {
	cases := []struct{ tool, args, reason string }{
		{"web_search", `{}`, `missing field "query"`},
		{"web_search", `{"query":""}`, `field "query" is empty`},
		{"web_search", `{"query":["a"]}`, `field "query": want a string, found array`},
		{"web_fetch", `{"query":"x"}`, `missing field "url"`},
		{"web_fetch", `{"url":null}`, `missing field "url"`},
	}
	for _, c := range cases {
		t.Run(c.tool+" "+c.args, func(t *testing.T) {
			producertest.RequireFallbackNote(t, call(t, c.tool, c.args), c.reason)
			producertest.RequireFallbackNote(t, result(t, c.tool, c.args, textResult("ok")), c.reason)
		})
	}
}

func TestWebSearchResult(t *testing.T) {
	meta := `{"sources":[
		{"url":"https://go.dev/blog/go1.26","title":"Go 1.26 is released","snippet":"…","publishedAt":"2026-02-10"},
		{"url":"https://example.com/"}],"answer":"February 2026.","truncated":true}`
	require.Equal(t, cards.WebSearch{Sources: []cards.WebSource{
		{URL: "https://go.dev/blog/go1.26", Title: "Go 1.26 is released", Snippet: "…", PublishedAt: "2026-02-10"},
		{URL: "https://example.com/"},
	}, Answer: "February 2026.", Truncated: true}, result(t, "web_search", `{"query":"go"}`, withMeta("results…", meta)))
}

func TestWebSearchResultWithNoSources(t *testing.T) {
	view := result(t, "web_search", `{"query":"go"}`, withMeta("nothing", `{"sources":[],"truncated":false}`))
	require.Equal(t, cards.WebSearch{}, view)
}

func TestWebFetchResult(t *testing.T) {
	view := result(t, "web_fetch", `{"url":"http://x/menu.html"}`,
		withMeta("Fetched http://x/menu.html (HTTP 200)\n\n# Menu", `{"url":"http://x/menu.html","statusCode":200,"truncated":false}`))
	require.Equal(t, cards.WebFetch{URL: "http://x/menu.html", StatusCode: 200}, view)
}

func TestWebResultsWithoutMetaShowTheContent(t *testing.T) {
	for tool, args := range map[string]string{"web_search": `{"query":"go"}`, "web_fetch": `{"url":"http://x"}`} {
		t.Run(tool, func(t *testing.T) {
			r := textResult("page")
			require.Equal(t, cards.GenericResult{Content: r.Content}, result(t, tool, args, r))
			e := failed("Error: HTTP 404", "WebError (NOT_FOUND)")
			require.Equal(t, cards.GenericResult{Content: []cards.ContentBlock{
				cards.TextBlock{Text: "Error: HTTP 404"}, cards.TextBlock{Text: "Tool error: WebError (NOT_FOUND)"},
			}},
				result(t, tool, args, e))
		})
	}
}

func TestWebResultsRejectBadMeta(t *testing.T) {
	cases := []struct{ tool, meta, reason string }{
		{"web_search", `{"truncated":false}`, `missing field "sources"`},
		{"web_search", `{"sources":[],"answer":1,"truncated":false}`, `field "answer": want a string, found number`},
		{"web_search", `{"sources":[]}`, `missing field "truncated"`},
		{"web_search", `{"sources":[{"title":"x"}],"truncated":false}`, `sources[0]: missing field "url"`},
		{"web_search", `{"sources":[{"url":""}],"truncated":false}`, `sources[0]: field "url" is empty`},
		{"web_fetch", `{"statusCode":200,"truncated":false}`, `missing field "url"`},
		{"web_fetch", `{"url":"http://x","truncated":false}`, `missing field "statusCode"`},
		{"web_fetch", `{"url":"http://x","statusCode":0,"truncated":false}`, `0 is not an HTTP status`},
		{"web_fetch", `{"url":"http://x","statusCode":200}`, `missing field "truncated"`},
		{"web_fetch", `"http://x"`, `want an object, found string`},
	}
	for _, c := range cases {
		t.Run(c.tool+" "+c.meta, func(t *testing.T) {
			args := `{"query":"q","url":"http://x"}`
			producertest.RequireFallbackNote(t, result(t, c.tool, args, withMeta("raw", c.meta)), "meta", c.reason)
		})
	}
}
