package render_test

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"

	"github.com/cardtui/cardtui/cards"
	exportmd "github.com/cardtui/cardtui/export/markdown"
	"github.com/cardtui/cardtui/render"
)

// resultText is the visible body of a card whose result holds blocks.
func resultText(blocks []cards.ContentBlock, o render.Options) string {
	return visibleText(cards.ToolCard{ID: "p", Call: cards.GenericCall{Title: "t"}, Result: cards.GenericResult{Content: blocks}}, o)
}

// TestToolTextIsPreformatted: a tool's text keeps its lines, indentation,
// tags and Markdown characters; only a Markdown block is laid out as
// Markdown.
func TestToolTextIsPreformatted(t *testing.T) {
	o := widgetOptions(60)
	plain := resultText(text("1\ttarget:\n2\told\n---\nname: x\n<path>a.go</path>\n  **not bold**"), o)
	for _, want := range []string{"│ 1       target:", "│ 2       old", "│ ---", "│ name: x", "│ <path>a.go</path>", "│   **not bold**"} {
		assert.Contains(t, plain, want)
	}
	markdown := resultText(md("---\nname: x\n\n**bold**"), o)
	assert.NotContains(t, markdown, "**bold**", "a Markdown block is Markdown")
	assert.Contains(t, markdown, "bold")
}

// TestPreformattedWrapsAtTheWidth: a long line wraps at the card's width,
// at a space; its indentation stays on the first row.
func TestPreformattedWrapsAtTheWidth(t *testing.T) {
	got := resultText(text("    "+strings.Repeat("word ", 12)), widgetOptions(30))
	assert.Contains(t, got, "│     word word word word    │\n│ word word word word word   │\n│ word word word             │")
}

// TestPreformattedLanguageColours: text in a known language, or one JSON
// value, is coloured as code; plain text is not coloured at all.
func TestPreformattedLanguageColours(t *testing.T) {
	o := widgetOptions(60)
	goCode := render.Entry(cards.ToolCard{
		ID: "p", Call: cards.GenericCall{Title: "t"},
		Result: cards.GenericResult{Content: []cards.ContentBlock{cards.TextBlock{Text: "func main() {}", Lang: "go"}}},
	}, o)
	assert.Contains(t, goCode, "\x1b[", "Go is coloured")
	assert.Contains(t, ansi.Strip(goCode), "func main() {}")

	jsonOut := render.Entry(cards.ToolCard{
		ID: "p", Call: cards.GenericCall{Title: "t"},
		Result: cards.GenericResult{Content: text(`{"ok": true}`)},
	}, o)
	body := bodyLine(jsonOut, "ok")
	assert.Contains(t, body, "\x1b[", "JSON output is coloured")

	plainOut := render.Entry(cards.ToolCard{
		ID: "p", Call: cards.GenericCall{Title: "t"},
		Result: cards.GenericResult{Content: text("ok: true")},
	}, o)
	assert.Contains(t, bodyLine(plainOut, "ok"), "\x1b[m ok: true      ", "plain output keeps the terminal's colour")
}

// TestPreformattedMarkdownExport: plain text is fenced with its language
// in the Markdown export, Markdown stays Markdown.
func TestPreformattedMarkdownExport(t *testing.T) {
	o := widgetOptions(80)
	card := func(blocks []cards.ContentBlock) string {
		return exportmd.Entry(cards.ToolCard{ID: "p", Call: cards.GenericCall{Title: "t"}, Result: cards.GenericResult{Content: blocks}}, o)
	}
	assert.Contains(t, card(text("a\n# b")), "```\na\n# b\n```")
	assert.Contains(t, card(text(`[1, 2]`)), "```json\n[1, 2]\n```")
	assert.Contains(t, card([]cards.ContentBlock{cards.TextBlock{Text: "x := 1", Lang: "go"}}), "```go\nx := 1\n```")
	assert.Contains(t, card(md("# b")), "\n# b\n")
}

// bodyLine is the first line of s that holds want.
func bodyLine(s, want string) string {
	for _, line := range strings.Split(s, "\n") {
		if strings.Contains(ansi.Strip(line), want) {
			return line
		}
	}
	return ""
}

// TestLongJSONOutputIsPrettyPrinted: output that is one long line of JSON
// is pretty-printed and folds like other long output; short JSON, and JSON
// the tool laid out itself, stay as they are.
func TestLongJSONOutputIsPrettyPrinted(t *testing.T) {
	var items []string
	for i := range 30 {
		items = append(items, `{"id":`+strings.Repeat("1", i%3+1)+`,"name":"item"}`)
	}
	long := `{"items":[` + strings.Join(items, ",") + `],"total":30}`
	o := widgetOptions(60)
	got := resultText(text(long), o)
	assert.Contains(t, got, "│ {")
	assert.Contains(t, got, `│   "items": [`)
	assert.Contains(t, got, `│       "name": "item"`)
	assert.Contains(t, got, "more lines", "folded when collapsed")
	o.Expanded = true
	assert.Contains(t, resultText(text(long), o), `│   "total": 30`)
	assert.Contains(t, resultText(text(`{"ok": true}`), widgetOptions(60)), `│ {"ok": true}`)
	assert.Contains(t, resultText(text("{\n\"a\": [1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27]\n}"), widgetOptions(120)), `│ "a": [1,2,3`)
}
