package render

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render/style"
)

// BenchmarkMarkdownLongCode draws generic result cards whose Markdown is
// one long fenced code block, in colour at width 100: 2,000 lines of Go
// expanded (all coloured), and 10,000 lines of console output collapsed
// (the 20 lines shown coloured) and expanded (past the colour bounds).
func BenchmarkMarkdownLongCode(b *testing.B) {
	output := make([]string, 10_000)
	for i := range output {
		output[i] = fmt.Sprintf("=== RUN   TestCase%d\n--- PASS: TestCase%d (0.00s)", i, i)
	}
	cases := []struct {
		name     string
		md       string
		expanded bool
	}{
		{"go-2000-lines-expanded", "```go\n" + goCode(2000) + "\n```", true},
		{"console-10000-lines-collapsed", "```console\n" + strings.Join(output[:5000], "\n") + "\n```", false},
		{"console-10000-lines-expanded", "```console\n" + strings.Join(output[:5000], "\n") + "\n```", true},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			e := cards.ToolCard{
				ID: "c", Call: cards.GenericCall{Title: "Run"},
				Result: cards.GenericResult{Content: []cards.ContentBlock{cards.TextBlock{Text: c.md, Markdown: true}}},
			}
			o := style.DefaultOptions()
			o.Width, o.Expanded = 100, c.expanded
			Entry(e, o)
			b.ReportAllocs()
			for b.Loop() {
				Entry(e, o)
			}
		})
	}
}
