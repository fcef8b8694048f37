package native_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/producertest"
)

func TestSearchCalls(t *testing.T) {
	cases := []struct {
		tool, args, title string
	}{
		{"glob", `{"pattern":"**/*.go"}`, "Glob **/*.go"},
		{"glob", `{"pattern":"*","path":"tree"}`, "Glob * in tree"},
		{"grep", `{"pattern":"func main","path":"cmd","include":"*.go"}`, "Grep func main in cmd"},
		{"grep", `{"pattern":"TODO","path":""}`, "Grep TODO"},
	}
	for _, c := range cases {
		t.Run(c.tool+" "+c.args, func(t *testing.T) {
			require.Equal(t, cards.GenericCall{Title: c.title, Kind: cards.KindSearch, RawInput: json.RawMessage(c.args)},
				call(t, c.tool, c.args))
		})
	}
}

func TestSearchCallsRejectBadArguments(t *testing.T) {
	for _, tool := range []string{"glob", "grep"} {
		for _, c := range []struct{ args, reason string }{
			{`{"path":"src"}`, `missing field "pattern"`},
			{`{"pattern":""}`, `field "pattern" is empty`},
			{`{"pattern":"x","path":1}`, `field "path": want a string, found number`},
		} {
			t.Run(tool+" "+c.args, func(t *testing.T) {
				producertest.RequireFallbackNote(t, call(t, tool, c.args), c.reason)
			})
		}
	}
}

func TestGlobResult(t *testing.T) {
	meta := `{"shape":"paths","paths":["a.go","b/c.go"],"truncated":true,"total":8}`
	require.Equal(t, cards.SearchPaths{Paths: []string{"a.go", "b/c.go"}, Truncated: true, Total: 8},
		result(t, "glob", `{"pattern":"**/*.go"}`, withMeta("a.go\nb/c.go\n\n(Showing 2 of 8 paths.)", meta)))
}

func TestGlobResultWithNoPaths(t *testing.T) {
	view := result(t, "glob", `{"pattern":"*.rs"}`, withMeta("No files found", `{"shape":"paths","paths":[],"truncated":false,"total":0}`))
	require.Equal(t, cards.SearchPaths{}, view)
}

func TestGrepResult(t *testing.T) {
	meta := `{"shape":"matches","files":[
		{"path":"a.go","matches":[{"lineNumber":3,"line":"func main() {"},{"lineNumber":9,"line":"\tmain()"}]},
		{"path":"b.go","matches":[{"lineNumber":1,"line":"// main"}]}],"truncated":false,"total":3}`
	require.Equal(t, cards.SearchMatches{Files: []cards.SearchFile{
		{Path: "a.go", Matches: []cards.SearchMatch{{LineNumber: 3, Line: "func main() {"}, {LineNumber: 9, Line: "\tmain()"}}},
		{Path: "b.go", Matches: []cards.SearchMatch{{LineNumber: 1, Line: "// main"}}},
	}, Total: 3}, result(t, "grep", `{"pattern":"main"}`, withMeta("a.go:3:func main() {", meta)))
}

// TestGrepMayListPaths: grep that lists matching files only gives paths.
func TestGrepMayListPaths(t *testing.T) {
	view := result(t, "grep", `{"pattern":"main"}`, withMeta("a.go", `{"shape":"paths","paths":["a.go"],"truncated":false,"total":1}`))
	require.Equal(t, cards.SearchPaths{Paths: []string{"a.go"}, Total: 1}, view)
}

func TestSearchResultsWithoutMetaShowTheContent(t *testing.T) {
	for _, tool := range []string{"glob", "grep"} {
		t.Run(tool, func(t *testing.T) {
			r := textResult("a.go")
			require.Equal(t, cards.GenericResult{Content: r.Content}, result(t, tool, `{"pattern":"x"}`, r))
			e := failed("Error: bad pattern", "")
			require.Equal(t, cards.GenericResult{Content: e.Content}, result(t, tool, `{"pattern":"x"}`, e))
		})
	}
}

func TestSearchResultsRejectBadMeta(t *testing.T) {
	cases := []struct{ name, meta, reason string }{
		{"no shape", `{"paths":[],"truncated":false,"total":0}`, `missing field "shape"`},
		{"unknown shape", `{"shape":"tree","truncated":false,"total":0}`, `"tree" is not "paths" or "matches"`},
		{"no truncated", `{"shape":"paths","paths":[],"total":0}`, `missing field "truncated"`},
		{"no total", `{"shape":"paths","paths":[],"truncated":false}`, `missing field "total"`},
		{"paths missing", `{"shape":"paths","truncated":false,"total":0}`, `missing field "paths"`},
		{"a path not a string", `{"shape":"paths","paths":[1],"truncated":false,"total":1}`, `want a string, found number`},
		{"total below the listed paths", `{"shape":"paths","paths":["a","b"],"truncated":false,"total":1}`, `1 is less than the 2 paths listed`},
		{"negative total", `{"shape":"paths","paths":[],"truncated":false,"total":-1}`, `-1 is less than the 0 paths listed`},
		{"files missing", `{"shape":"matches","truncated":false,"total":0}`, `missing field "files"`},
		{"file without path", `{"shape":"matches","files":[{"matches":[]}],"truncated":false,"total":0}`, `files[0]: missing field "path"`},
		{"file without matches", `{"shape":"matches","files":[{"path":"a"}],"truncated":false,"total":0}`, `files[0]: missing field "matches"`},
		{
			"line number 0", `{"shape":"matches","files":[{"path":"a","matches":[{"lineNumber":0,"line":"x"}]}],"truncated":false,"total":1}`,
			`files[0]: matches[0]: field "lineNumber" is 0`,
		},
		{
			"match without line", `{"shape":"matches","files":[{"path":"a","matches":[{"lineNumber":2}]}],"truncated":false,"total":1}`,
			`missing field "line"`,
		},
		{
			"total below the listed matches", `{"shape":"matches","files":[{"path":"a","matches":[{"lineNumber":1,"line":"x"},{"lineNumber":2,"line":"y"}]}],"truncated":false,"total":1}`,
			`1 is less than the 2 matches listed`,
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			producertest.RequireFallbackNote(t, result(t, "grep", `{"pattern":"x"}`, withMeta("raw", c.meta)), "meta", c.reason)
		})
	}
}
