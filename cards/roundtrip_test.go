package cards_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
)

// callCase is a valid call view on the wire, written in the canonical form
// the encoder produces, and its Go value.
type callCase struct {
	name string
	in   string
	want cards.CallView
	card string
}

// resultCase is the same for a result view.
type resultCase struct {
	name string
	in   string
	want cards.ResultView
	card string
}

const opaqueJSON = `{"type":"reasoning","text":"Let me look.","signature":"c2ln"}`

var callCases = []callCase{
	{
		name: "generic full",
		in: `{"card":"generic","title":"Grep TODO","kind":"search",
			"rawInput":{"pattern":"TODO","path":"src","flags":["-n"]},
			"content":[{"type":"text","text":"Searching *src*"},
				{"type":"image","mimeType":"image/png","data":"iVBORw0KGgo=","uri":"file:///a.png"},
				` + opaqueJSON + `],
			"locations":[{"path":"src/a.go","line":3},{"path":"src/b.go"}]}`,
		want: cards.GenericCall{
			Title:    "Grep TODO",
			Kind:     cards.KindSearch,
			RawInput: json.RawMessage(`{"pattern":"TODO","path":"src","flags":["-n"]}`),
			Content: []cards.ContentBlock{
				cards.TextBlock{Text: "Searching *src*"},
				cards.ImageBlock{MimeType: "image/png", Data: "iVBORw0KGgo=", URI: "file:///a.png"},
				cards.OpaqueBlock{Type: "reasoning", Raw: json.RawMessage(opaqueJSON)},
			},
			Locations: []cards.FileLocation{{Path: "src/a.go", Line: 3}, {Path: "src/b.go"}},
		},
		card: "generic",
	},
	{
		name: "generic minimal",
		in:   `{"card":"generic","title":""}`,
		want: cards.GenericCall{},
		card: "generic",
	},
	{
		name: "terminal full",
		in:   `{"card":"terminal","title":"go test ./...","description":"Run the tests","cwd":"/work/main"}`,
		want: cards.TerminalCall{Title: "go test ./...", Description: "Run the tests", Cwd: "/work/main"},
		card: "terminal",
	},
	{
		name: "terminal minimal",
		in:   `{"card":"terminal","title":"ls"}`,
		want: cards.TerminalCall{Title: "ls"},
		card: "terminal",
	},
	{
		name: "diff full",
		in: `{"card":"diff","title":"Edit a.go",
			"diffs":[{"path":"a.go","oldText":"a\nb\nc\n","newText":"a\nB\nc\n","oldStart":4,"newStart":5},
				{"path":"new.go","oldText":null,"newText":"package x\n"}],
			"locations":[{"path":"a.go","line":5}]}`,
		want: cards.DiffCall{
			Title: "Edit a.go",
			Diffs: []cards.FileDiff{
				{Path: "a.go", OldText: ptr("a\nb\nc\n"), NewText: "a\nB\nc\n", OldStart: 4, NewStart: 5},
				{Path: "new.go", NewText: "package x\n"},
			},
			Locations: []cards.FileLocation{{Path: "a.go", Line: 5}},
		},
		card: "diff",
	},
	{
		name: "diff minimal",
		in:   `{"card":"diff","title":"Edit","diffs":[]}`,
		want: cards.DiffCall{Title: "Edit"},
		card: "diff",
	},
	{
		name: "diff one whole-file diff",
		in:   `{"card":"diff","title":"Write","diffs":[{"path":"b.go","oldText":"","newText":""}]}`,
		want: cards.DiffCall{Title: "Write", Diffs: []cards.FileDiff{{Path: "b.go", OldText: ptr("")}}},
		card: "diff",
	},
}

var resultCases = []resultCase{
	{
		name: "generic full",
		in: `{"card":"generic","title":"Done",
			"content":[{"type":"text","text":"# Summary\n\nAll good."},{"type":"image","uri":"https://example.com/a.png"},` + opaqueJSON + `]}`,
		want: cards.GenericResult{Title: "Done", Content: []cards.ContentBlock{
			cards.TextBlock{Text: "# Summary\n\nAll good."},
			cards.ImageBlock{URI: "https://example.com/a.png"},
			cards.OpaqueBlock{Type: "reasoning", Raw: json.RawMessage(opaqueJSON)},
		}},
		card: "generic",
	},
	{
		name: "generic minimal",
		in:   `{"card":"generic"}`,
		want: cards.GenericResult{},
		card: "generic",
	},
	{
		name: "terminal full with exitCode",
		in:   `{"card":"terminal","title":"go test","output":"ok  \tpkg\t0.1s\n","exitCode":2}`,
		want: cards.TerminalResult{Title: "go test", Output: "ok  \tpkg\t0.1s\n", ExitCode: ptr(2)},
		card: "terminal",
	},
	{
		name: "terminal running, its output so far",
		in:   `{"card":"terminal","output":"compiling\n","running":true}`,
		want: cards.TerminalResult{Output: "compiling\n", Running: true},
		card: "terminal",
	},
	{
		name: "terminal full with signal",
		in:   `{"card":"terminal","title":"sleep 100","output":"Killed\n","signal":"SIGKILL"}`,
		want: cards.TerminalResult{Title: "sleep 100", Output: "Killed\n", Signal: "SIGKILL"},
		card: "terminal",
	},
	{
		name: "terminal exitCode 0",
		in:   `{"card":"terminal","exitCode":0}`,
		want: cards.TerminalResult{ExitCode: ptr(0)},
		card: "terminal",
	},
	{
		name: "terminal minimal",
		in:   `{"card":"terminal"}`,
		want: cards.TerminalResult{},
		card: "terminal",
	},
	{
		name: "diff full",
		in: `{"card":"diff","title":"Applied 2 hunks",
			"diffs":[{"path":"a.go","oldText":"x\ny\nz\nw\n","newText":"x\ny\nZ\nw\n","oldStart":1,"newStart":1},
				{"path":"a.go","oldText":"p\nq\nr\n","newText":"p\nQ\nr\n","oldStart":40,"newStart":40},
				{"path":"c.go","oldText":null,"newText":"package c\n"}]}`,
		want: cards.DiffResult{Title: "Applied 2 hunks", Diffs: []cards.FileDiff{
			{Path: "a.go", OldText: ptr("x\ny\nz\nw\n"), NewText: "x\ny\nZ\nw\n", OldStart: 1, NewStart: 1},
			{Path: "a.go", OldText: ptr("p\nq\nr\n"), NewText: "p\nQ\nr\n", OldStart: 40, NewStart: 40},
			{Path: "c.go", NewText: "package c\n"},
		}},
		card: "diff",
	},
	{
		name: "diff minimal",
		in:   `{"card":"diff","diffs":[]}`,
		want: cards.DiffResult{},
		card: "diff",
	},
	{
		name: "read full",
		in: `{"card":"read","title":"Read main.go","path":"cmd/main.go","offset":10,
			"lines":[{"number":11,"text":"func main() {"},{"number":12,"text":"}"}],
			"totalLines":12,"lang":"go","content":[{"type":"text","text":"(end of file)"}]}`,
		want: cards.ReadResult{
			Title: "Read main.go", Path: "cmd/main.go", Offset: 10,
			Lines:      []cards.ReadLine{{Number: 11, Text: "func main() {"}, {Number: 12, Text: "}"}},
			TotalLines: 12, Lang: "go",
			Content: []cards.ContentBlock{cards.TextBlock{Text: "(end of file)"}},
		},
		card: "read",
	},
	{
		name: "read minimal",
		in:   `{"card":"read","path":"empty.txt","offset":0,"lines":[],"totalLines":0}`,
		want: cards.ReadResult{Path: "empty.txt"},
		card: "read",
	},
	{
		name: "search matches full",
		in: `{"card":"search","shape":"matches","title":"TODO",
			"files":[{"path":"a.go","matches":[{"lineNumber":3,"line":"// TODO: x"},{"lineNumber":9,"line":"// TODO: y"}]},
				{"path":"b.go","matches":[{"lineNumber":1,"line":"TODO"}]},
				{"path":"c.go","matches":[]}],
			"truncated":true,"total":120}`,
		want: cards.SearchMatches{Title: "TODO", Files: []cards.SearchFile{
			{Path: "a.go", Matches: []cards.SearchMatch{{LineNumber: 3, Line: "// TODO: x"}, {LineNumber: 9, Line: "// TODO: y"}}},
			{Path: "b.go", Matches: []cards.SearchMatch{{LineNumber: 1, Line: "TODO"}}},
			{Path: "c.go"},
		}, Truncated: true, Total: 120},
		card: "search",
	},
	{
		name: "search matches minimal",
		in:   `{"card":"search","shape":"matches","files":[],"truncated":false,"total":0}`,
		want: cards.SearchMatches{},
		card: "search",
	},
	{
		name: "search paths full",
		in:   `{"card":"search","shape":"paths","title":"*.go","paths":["a.go","b/c.go"],"truncated":true,"total":7}`,
		want: cards.SearchPaths{Title: "*.go", Paths: []string{"a.go", "b/c.go"}, Truncated: true, Total: 7},
		card: "search",
	},
	{
		name: "search paths minimal",
		in:   `{"card":"search","shape":"paths","paths":[],"truncated":false,"total":0}`,
		want: cards.SearchPaths{},
		card: "search",
	},
	{
		name: "web search full",
		in: `{"card":"web","kind":"search","title":"go fuzzing",
			"sources":[{"url":"https://go.dev/doc/fuzz","title":"Go Fuzzing","snippet":"Fuzzing is…","publishedAt":"2022-03-15"},
				{"url":"https://example.com"}],
			"answer":"Use go test -fuzz.","truncated":true}`,
		want: cards.WebSearch{
			Title: "go fuzzing",
			Sources: []cards.WebSource{
				{URL: "https://go.dev/doc/fuzz", Title: "Go Fuzzing", Snippet: "Fuzzing is…", PublishedAt: "2022-03-15"},
				{URL: "https://example.com"},
			},
			Answer: "Use go test -fuzz.", Truncated: true,
		},
		card: "web",
	},
	{
		name: "web search minimal",
		in:   `{"card":"web","kind":"search","sources":[],"truncated":false}`,
		want: cards.WebSearch{},
		card: "web",
	},
	{
		name: "web fetch full",
		in:   `{"card":"web","kind":"fetch","title":"Fetch go.dev","url":"https://go.dev/","statusCode":404,"truncated":true}`,
		want: cards.WebFetch{Title: "Fetch go.dev", URL: "https://go.dev/", StatusCode: 404, Truncated: true},
		card: "web",
	},
	{
		name: "web fetch minimal",
		in:   `{"card":"web","kind":"fetch","url":"https://go.dev/","statusCode":0,"truncated":false}`,
		want: cards.WebFetch{URL: "https://go.dev/"},
		card: "web",
	},
}

func TestCallRoundTrip(t *testing.T) {
	for _, tc := range callCases {
		t.Run(tc.name, func(t *testing.T) {
			v, err := cards.DecodeCall([]byte(tc.in))
			require.NoError(t, err)
			require.Equal(t, tc.want, v, "decode(x)")
			assert.Equal(t, tc.card, v.Card())
			assert.Equal(t, tc.card, tc.want.Card())

			out, err := cards.EncodeCall(v)
			require.NoError(t, err)
			require.JSONEq(t, tc.in, string(out), "encode(decode(x))")

			out, err = cards.EncodeCall(tc.want)
			require.NoError(t, err)
			back, err := cards.DecodeCall(out)
			require.NoError(t, err)
			require.Equal(t, tc.want, back, "decode(encode(v))")
		})
	}
}

func TestResultRoundTrip(t *testing.T) {
	for _, tc := range resultCases {
		t.Run(tc.name, func(t *testing.T) {
			v, err := cards.DecodeResult([]byte(tc.in))
			require.NoError(t, err)
			require.Equal(t, tc.want, v, "decode(x)")
			assert.Equal(t, tc.card, v.Card())
			assert.Equal(t, tc.card, tc.want.Card())

			out, err := cards.EncodeResult(v)
			require.NoError(t, err)
			require.JSONEq(t, tc.in, string(out), "encode(decode(x))")

			out, err = cards.EncodeResult(tc.want)
			require.NoError(t, err)
			back, err := cards.DecodeResult(out)
			require.NoError(t, err)
			require.Equal(t, tc.want, back, "decode(encode(v))")
		})
	}
}

// Every variant has a full and a minimal case above.
func TestRoundTripCoversEveryVariant(t *testing.T) {
	calls := map[string]int{}
	for _, tc := range callCases {
		calls[typeName(tc.want)]++
	}
	for _, name := range []string{"GenericCall", "TerminalCall", "DiffCall"} {
		assert.GreaterOrEqual(t, calls[name], 2, name)
	}
	results := map[string]int{}
	for _, tc := range resultCases {
		results[typeName(tc.want)]++
	}
	for _, name := range []string{
		"GenericResult", "TerminalResult", "DiffResult", "ReadResult",
		"SearchMatches", "SearchPaths", "WebSearch", "WebFetch",
	} {
		assert.GreaterOrEqual(t, results[name], 2, name)
	}
}

func typeName(v any) string {
	switch v.(type) {
	case cards.GenericCall:
		return "GenericCall"
	case cards.TerminalCall:
		return "TerminalCall"
	case cards.DiffCall:
		return "DiffCall"
	case cards.GenericResult:
		return "GenericResult"
	case cards.TerminalResult:
		return "TerminalResult"
	case cards.DiffResult:
		return "DiffResult"
	case cards.ReadResult:
		return "ReadResult"
	case cards.SearchMatches:
		return "SearchMatches"
	case cards.SearchPaths:
		return "SearchPaths"
	case cards.WebSearch:
		return "WebSearch"
	case cards.WebFetch:
		return "WebFetch"
	}
	return "?"
}

func TestCardNames(t *testing.T) {
	for _, tc := range []struct {
		v    interface{ Card() string }
		card string
	}{
		{cards.GenericCall{}, "generic"},
		{cards.TerminalCall{}, "terminal"},
		{cards.DiffCall{}, "diff"},
		{cards.GenericResult{}, "generic"},
		{cards.TerminalResult{}, "terminal"},
		{cards.DiffResult{}, "diff"},
		{cards.ReadResult{}, "read"},
		{cards.SearchMatches{}, "search"},
		{cards.SearchPaths{}, "search"},
		{cards.WebSearch{}, "web"},
		{cards.WebFetch{}, "web"},
	} {
		assert.Equal(t, tc.card, tc.v.Card(), "%T", tc.v)
	}
}

func TestDecodeCallRejectsResultOnlyCards(t *testing.T) {
	seen := map[string]bool{}
	for _, tc := range resultCases {
		switch tc.card {
		case "read", "search", "web":
		default:
			continue
		}
		seen[tc.card] = true
		t.Run(tc.name, func(t *testing.T) {
			_, err := cards.DecodeResult([]byte(tc.in))
			require.NoError(t, err, "valid as a result")
			v, err := cards.DecodeCall([]byte(tc.in))
			assert.Nil(t, v)
			requireCardError(t, err, cards.ErrUnknownCard, "call view", "card", `"`+tc.card+`"`)
		})
	}
	assert.Equal(t, map[string]bool{"read": true, "search": true, "web": true}, seen)
}

func TestEncodeNilRequiredArrays(t *testing.T) {
	// A nil required array is written as [], never null or absent.
	for _, tc := range []struct {
		v    any
		want string
	}{
		{cards.DiffCall{Title: "t"}, `{"card":"diff","title":"t","diffs":[]}`},
		{cards.DiffResult{}, `{"card":"diff","diffs":[]}`},
		{cards.ReadResult{Path: "a"}, `{"card":"read","path":"a","offset":0,"lines":[],"totalLines":0}`},
		{
			cards.SearchMatches{Files: []cards.SearchFile{{Path: "a"}}},
			`{"card":"search","shape":"matches","files":[{"path":"a","matches":[]}],"truncated":false,"total":0}`,
		},
		{cards.SearchPaths{}, `{"card":"search","shape":"paths","paths":[],"truncated":false,"total":0}`},
		{cards.WebSearch{}, `{"card":"web","kind":"search","sources":[],"truncated":false}`},
	} {
		out, err := json.Marshal(tc.v)
		require.NoError(t, err)
		assert.Equal(t, tc.want, string(out), "%T", tc.v)
	}
}
