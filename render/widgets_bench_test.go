package render_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render"
)

// markdownDocument is a Markdown document of about n lines: headings,
// paragraphs, lists and Go code blocks.
func markdownDocument(n int) string {
	var b strings.Builder
	for section := 0; strings.Count(b.String(), "\n") < n; section++ {
		fmt.Fprintf(&b, "## Section %d\n\nThis paragraph explains **part %d** of the change, with `inline code` and a [link](https://example.com/%d).\n\n", section, section, section)
		fmt.Fprintf(&b, "- first point of %d\n- second point\n  - nested point\n\n", section)
		fmt.Fprintf(&b, "```go\nfunc f%d(x int) int {\n\t// comment\n\treturn x * %d\n}\n```\n\n", section, section)
	}
	return b.String()
}

// benchWidget renders e repeatedly in colour at width 100.
func benchWidget(b *testing.B, e cards.Entry, expanded bool) {
	b.Helper()
	o := widgetOptions(100)
	o.Expanded = expanded
	render.Entry(e, o) // builds the cached glamour renderer
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		render.Entry(e, o)
	}
}

func BenchmarkGenericCard(b *testing.B) {
	b.Run("small", func(b *testing.B) {
		benchWidget(b, cards.ToolCard{ID: "c1", Call: cards.GenericCall{
			Title: "Update todo list", Kind: cards.KindOther,
			RawInput:  json.RawMessage(`{"todos":[{"content":"write tests","status":"in_progress"},{"content":"ship","status":"pending"}]}`),
			Content:   md("Plan:\n\n- [x] read the **design**\n- [ ] write `cards` tests"),
			Locations: []cards.FileLocation{{Path: "/home/dev/cards/call.go", Line: 12}},
		}, Result: cards.GenericResult{Content: text("Todo list updated: 2 items.")}}, false)
	})
	b.Run("document-2000-lines", func(b *testing.B) {
		benchWidget(b, cards.ToolCard{
			ID: "c2", Call: cards.GenericCall{Title: "Explain"},
			Result: cards.GenericResult{Content: md(markdownDocument(2000))},
		}, true)
	})
}

func BenchmarkReadCard(b *testing.B) {
	read := func(n int) cards.ToolCard {
		lines := make([]cards.ReadLine, n)
		for i := range lines {
			lines[i] = cards.ReadLine{Number: i + 1, Text: fmt.Sprintf("\tfmt.Println(%q) // line %d", "hello", i+1)}
		}
		return cards.ToolCard{
			ID: "r", Call: cards.GenericCall{Title: "Read main.go", Kind: cards.KindRead},
			Result: cards.ReadResult{Path: "/home/dev/main.go", Offset: 1, TotalLines: n, Lang: "go", Lines: lines},
		}
	}
	b.Run("expanded-200-lines", func(b *testing.B) { benchWidget(b, read(200), true) })
	b.Run("collapsed-2000-lines", func(b *testing.B) { benchWidget(b, read(2000), false) })
}

func BenchmarkSearchCard(b *testing.B) {
	files := make([]cards.SearchFile, 20)
	for i := range files {
		files[i] = cards.SearchFile{Path: fmt.Sprintf("/home/dev/pkg%d/file.go", i), Matches: []cards.SearchMatch{
			{LineNumber: 10 * i, Line: "// TODO: handle the error"}, {LineNumber: 10*i + 3, Line: "\treturn nil // TODO"},
		}}
	}
	benchWidget(b, cards.ToolCard{
		ID: "s", Call: cards.GenericCall{Title: "grep TODO", Kind: cards.KindSearch},
		Result: cards.SearchMatches{Files: files, Total: 60, Truncated: true},
	}, true)
}

func BenchmarkWebCard(b *testing.B) {
	sources := make([]cards.WebSource, 10)
	for i := range sources {
		sources[i] = cards.WebSource{
			URL: fmt.Sprintf("https://example.com/article/%d", i), Title: fmt.Sprintf("Article %d", i),
			Snippet: strings.Repeat("A snippet of the page. ", 8), PublishedAt: "2026-03-01",
		}
	}
	benchWidget(b, cards.ToolCard{
		ID: "w", Call: cards.GenericCall{Title: "Search the web", Kind: cards.KindFetch},
		Result: cards.WebSearch{Answer: "Use `viewport.New` with **options**.", Sources: sources},
	}, true)
}

func BenchmarkProblemCard(b *testing.B) {
	benchWidget(b, cards.Problem{
		Source: "session.jsonl", Line: 7,
		Reason:  `result view: field "card": unknown card: "popup" is not one of "generic", "terminal", "diff", "read", "search", "web"`,
		Excerpt: `{"type":"result","id":"c3","view":{"card":"popup"}}` + "\x1b]0;title\x07",
	}, false)
}

func BenchmarkMessage(b *testing.B) {
	b.Run("assistant", func(b *testing.B) {
		benchWidget(b, cards.Message{Role: cards.RoleAssistant, Text: "I'll add the flag.\n\n1. parse it\n2. pass it to the **renderer**\n\n```go\nflag.Int(\"width\", 80, \"\")\n```"}, false)
	})
	b.Run("reasoning-collapsed", func(b *testing.B) {
		benchWidget(b, cards.Message{Role: cards.RoleReasoning, Text: numbered("thought", 200)}, false)
	})
}
