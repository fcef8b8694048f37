package viewer

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/cardtui/cardtui/cards"
)

// entryText is the text fields of an entry, one per line.
func entryText(e cards.Entry) string {
	var b strings.Builder
	eachField(e, func(field string) {
		if b.Len() > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(field)
	})
	return b.String()
}

func TestEntryTextHoldsTheVisibleFields(t *testing.T) {
	one, old := 1, "old body"
	blocks := []cards.ContentBlock{cards.TextBlock{Text: "block text"}, cards.ImageBlock{URI: "file:///img.png"}, cards.OpaqueBlock{Type: "reasoning"}}
	tool := func(call cards.CallView, result cards.ResultView) cards.Entry {
		return cards.ToolCard{ID: "1", Tool: "tool-name", Call: call, Result: result}
	}
	tests := []struct {
		entry cards.Entry
		want  []string
	}{
		{cards.Message{Role: cards.RoleUser, Text: "a prompt"}, []string{"a prompt"}},
		{cards.Notice{Text: "tail torn"}, []string{"tail torn"}},
		{cards.Problem{Source: "s.jsonl", Line: 7, Reason: "bad json", Excerpt: "{x"}, []string{"s.jsonl", "line 7", "bad json", "{x"}},
		{
			tool(cards.GenericCall{Title: "Read a.go", RawInput: json.RawMessage(`{"file_path":"a.go"}`), Content: blocks, Locations: []cards.FileLocation{{Path: "loc.go"}}}, nil),
			[]string{"tool-name", "Read a.go", `"file_path"`, "block text", "file:///img.png", "reasoning", "loc.go"},
		},
		{
			tool(cards.TerminalCall{Title: "make", Description: "build it", Cwd: "/src"}, cards.TerminalResult{Title: "out", Output: "\x1b[31mred\x1b[0m", ExitCode: &one}),
			[]string{"make", "build it", "/src", "out", "red", "exit 1"},
		},
		{tool(nil, cards.TerminalResult{Signal: "KILL"}), []string{"signal KILL"}},
		{
			tool(cards.DiffCall{Title: "Edit", Diffs: []cards.FileDiff{{Path: "d.go", OldText: &old, NewText: "new body"}}}, cards.DiffResult{Title: "applied", Diffs: []cards.FileDiff{{Path: "r.go", NewText: "hunk"}}}),
			[]string{"Edit", "d.go", "old body", "new body", "applied", "r.go", "hunk"},
		},
		{tool(nil, cards.GenericResult{Title: "gen", Content: blocks}), []string{"gen", "block text"}},
		{tool(nil, cards.ReadResult{Title: "rd", Path: "p.go", Lines: []cards.ReadLine{{Number: 1, Text: "package p"}}, Content: blocks}), []string{"rd", "p.go", "package p", "block text"}},
		{tool(nil, cards.SearchMatches{Title: "sm", Files: []cards.SearchFile{{Path: "m.go", Matches: []cards.SearchMatch{{LineNumber: 2, Line: "func M()"}}}}}), []string{"sm", "m.go", "func M()"}},
		{tool(nil, cards.SearchPaths{Title: "sp", Paths: []string{"x/y.go", "z.go"}}), []string{"sp", "x/y.go", "z.go"}},
		{tool(nil, cards.WebSearch{Title: "ws", Answer: "the answer", Sources: []cards.WebSource{{URL: "https://a.example", Title: "A", Snippet: "snip"}}}), []string{"ws", "the answer", "https://a.example", "snip"}},
		{tool(nil, cards.WebFetch{Title: "wf", URL: "https://b.example"}), []string{"wf", "https://b.example"}},
	}
	for _, tt := range tests {
		text := entryText(tt.entry)
		for _, want := range tt.want {
			assert.Contains(t, text, want, "%T", tt.entry)
		}
		assert.NotContains(t, text, "\x1b")
	}
}

func TestEntryTextLeavesOutEmptyFields(t *testing.T) {
	assert.Equal(t, "make", entryText(cards.ToolCard{Call: cards.TerminalCall{Title: "make"}}))
	assert.Equal(t, "s", entryText(cards.Problem{Source: "s"}))
}

// TestEntryTextHoldsTheNestedEntries makes what is nested under a card
// searchable with it, in the order it is drawn: call, children, result.
func TestEntryTextHoldsTheNestedEntries(t *testing.T) {
	card := cards.ToolCard{
		ID: "1", Tool: "run_code", Call: cards.GenericCall{Title: "Run code"},
		Children: []cards.Entry{
			cards.ToolCard{
				ID: "1:code:1", Tool: "bash", Call: cards.TerminalCall{Title: "make"},
				Children: []cards.Entry{cards.Notice{Text: "Approval: rejected"}},
			},
		},
		Result: cards.GenericResult{Title: "done"},
	}

	assert.Equal(t, "run_code\nRun code\nbash\nmake\nApproval: rejected\ndone", entryText(card))
}
