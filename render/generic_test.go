package render_test

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	exportmd "github.com/cardtui/cardtui/export/markdown"
	"github.com/cardtui/cardtui/render"
)

// widgetOptions are true colour, dark, with hyperlinks, at width.
func widgetOptions(width int) render.Options {
	return render.Options{Width: width, Profile: colorprofile.TrueColor, Theme: render.Dark, Terminal: true, Hyperlinks: true}
}

// visibleText renders an entry and strips every escape sequence.
func visibleText(e cards.Entry, o render.Options) string {
	return ansi.Strip(render.Entry(e, o))
}

// osc8Pattern matches an OSC 8 sequence and captures its URL.
var osc8Pattern = regexp.MustCompile("\x1b\\]8;[^;\x07\x1b]*;([^\x07\x1b]*)(?:\x07|\x1b\\\\)")

// linkTargets returns the URLs of the OSC 8 links that s opens.
func linkTargets(s string) []string {
	var urls []string
	for _, m := range osc8Pattern.FindAllStringSubmatch(s, -1) {
		if m[1] != "" {
			urls = append(urls, m[1])
		}
	}
	return urls
}

// genericCard is a card with a generic call and no result.
func genericCard(call cards.GenericCall) cards.ToolCard {
	return cards.ToolCard{ID: "g", Tool: "tool", Call: call, Ended: true}
}

func TestGenericCallPlaceholders(t *testing.T) {
	tests := []struct {
		name  string
		block cards.ContentBlock
		want  string
	}{
		{"unknown block type", cards.OpaqueBlock{Type: "reasoning", Raw: json.RawMessage(`{"type":"reasoning"}`)}, "[reasoning block]"},
		{"image with data", cards.ImageBlock{MimeType: "image/png", Data: "iVBORw0KGgo="}, "[image image/png, 8 bytes]"},
		{"image by address", cards.ImageBlock{MimeType: "image/jpeg", URI: "https://example.com/a.jpg"}, "[image image/jpeg, https://example.com/a.jpg]"},
		{"hostile block type", cards.OpaqueBlock{Type: "x\x1b[2Jy"}, "[x␛[2Jy block]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			card := genericCard(cards.GenericCall{Title: "t", Content: []cards.ContentBlock{tt.block}})
			assert.Contains(t, visibleText(card, widgetOptions(80)), tt.want)
			assert.Contains(t, exportmd.Entry(card, widgetOptions(80)), "_"+strings.NewReplacer("[", `\[`, "]", `\]`).Replace(tt.want)+"_")
		})
	}
}

func TestGenericCallRawInput(t *testing.T) {
	var keys []string
	for i := range 30 {
		keys = append(keys, fmt.Sprintf(`"k%02d":%d`, i, i))
	}
	long := json.RawMessage("{" + strings.Join(keys, ",") + "}")
	tests := []struct {
		name     string
		raw      json.RawMessage
		expanded bool
		want     []string
		absent   []string
	}{
		{
			"object pretty-printed", json.RawMessage(`{"todos":[{"content":"ship"}]}`), false,
			[]string{"│ {", `│   "todos": [`, `│       "content": "ship"`},
			nil,
		},
		{
			"string shown as it is", json.RawMessage(`"ls -la\nwc -l"`), false,
			[]string{"│ ls -la ", "│ wc -l "},
			[]string{`"ls`},
		},
		{
			"long input folded", long, false,
			[]string{`"k10": 10,`, "… 20 more lines (enter to expand)"},
			[]string{`"k11"`},
		},
		{
			"long input expanded", long, true,
			[]string{`"k29": 29`},
			[]string{"more lines"},
		},
		{"null is nothing", json.RawMessage(`null`), false, nil, []string{"null"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := widgetOptions(80)
			o.Expanded = tt.expanded
			got := visibleText(genericCard(cards.GenericCall{Title: "t", RawInput: tt.raw}), o)
			for _, w := range tt.want {
				assert.Contains(t, got, w)
			}
			for _, a := range tt.absent {
				assert.NotContains(t, got, a)
			}
		})
	}
}

func TestGenericCallRawInputMarkdown(t *testing.T) {
	card := genericCard(cards.GenericCall{Title: "t", RawInput: json.RawMessage(`{"a":"` + "```" + `"}`)})
	got := exportmd.Entry(card, widgetOptions(80))
	assert.Contains(t, got, "````json\n{\n  \"a\": \"```\"\n}\n````\n")
}

func TestGenericCallLocations(t *testing.T) {
	locs := []cards.FileLocation{{Path: "cards/call.go", Line: 12}, {Path: "README.md"}, {Path: "/home/dev/main.go", Line: 3}}
	card := genericCard(cards.GenericCall{Title: "t", Locations: locs})
	got := visibleText(card, widgetOptions(80))
	for _, want := range []string{"│ cards/call.go:12 ", "│ README.md ", "│ /home/dev/main.go:3 "} {
		assert.Contains(t, got, want)
	}
	md := exportmd.Entry(card, widgetOptions(80))
	assert.Contains(t, md, "- `cards/call.go:12`\n- `README.md`\n- [`/home/dev/main.go:3`](<file:///home/dev/main.go>)\n")
}

func TestLocationHyperlinks(t *testing.T) {
	abs := genericCard(cards.GenericCall{Title: "t", Locations: []cards.FileLocation{{Path: "/home/dev/my file.go", Line: 3}}})
	rel := genericCard(cards.GenericCall{Title: "t", Locations: []cards.FileLocation{{Path: "cards/call.go", Line: 3}}})
	noLinks := widgetOptions(80)
	noLinks.Hyperlinks = false
	noTTY := widgetOptions(80)
	noTTY.Profile = colorprofile.NoTTY
	tests := []struct {
		name  string
		card  cards.ToolCard
		o     render.Options
		links []string
	}{
		{"absolute path linked", abs, widgetOptions(80), []string{"file:///home/dev/my%20file.go"}},
		{"hyperlinks off", abs, noLinks, nil},
		{"no terminal", abs, noTTY, nil},
		{"relative path never linked", rel, widgetOptions(80), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := render.Entry(tt.card, tt.o)
			assert.Equal(t, tt.links, linkTargets(got))
			assert.Contains(t, ansi.Strip(got), tt.card.Call.(cards.GenericCall).Locations[0].Path+":3")
		})
	}
}

func TestMarkdownLinksAreFiltered(t *testing.T) {
	md := "See [docs](https://go.dev/doc), [bad](javascript:alert(1)) and [data](data:text/html,x)."
	card := cards.ToolCard{ID: "g", Call: cards.GenericCall{Title: "t"}, Result: cards.GenericResult{Content: []cards.ContentBlock{cards.TextBlock{Text: md, Markdown: true}}}}
	got := render.Entry(card, widgetOptions(80))
	assert.Equal(t, []string{"https://go.dev/doc", "https://go.dev/doc"}, linkTargets(got), "glamour links its text and its URL")
	assert.NotContains(t, got, "\x1b]8;;javascript")
	assert.Contains(t, ansi.Strip(got), "bad")

	off := widgetOptions(80)
	off.Hyperlinks = false
	assert.NotContains(t, render.Entry(card, off), "\x1b]8;")
}

func TestGenericResultFolds(t *testing.T) {
	var paragraphs []string
	for i := range 40 {
		paragraphs = append(paragraphs, fmt.Sprintf("paragraph %d", i+1))
	}
	card := cards.ToolCard{ID: "g", Call: cards.GenericCall{Title: "t"}, Result: cards.GenericResult{Title: "Result", Content: md(strings.Join(paragraphs, "\n\n"))}}
	collapsed := visibleText(card, widgetOptions(80))
	assert.Contains(t, collapsed, "│ Result ")
	assert.Contains(t, collapsed, "paragraph 10 ")
	assert.NotContains(t, collapsed, "paragraph 11 ")
	assert.Contains(t, collapsed, "… 59 more lines (enter to expand)")

	o := widgetOptions(80)
	o.Expanded = true
	expanded := visibleText(card, o)
	assert.Contains(t, expanded, "paragraph 40 ")
	assert.NotContains(t, expanded, "more lines")
}

func TestGenericMarkdownSanitised(t *testing.T) {
	card := cards.ToolCard{ID: "g", Call: cards.GenericCall{Title: "t", Content: text("a \x1b]52;c;SGVsbG8=\x07b \x1b[31mred\x1b[0m")}}
	for _, got := range []string{render.Entry(card, widgetOptions(80)), exportmd.Entry(card, widgetOptions(80))} {
		assert.NotContains(t, got, "\x1b]52")
		assert.NotContains(t, got, "\x1b[31m")
		assert.Contains(t, ansi.Strip(got), "a ␛]52;c;SGVsbG8=␇b red")
	}
}

// unusedMarkdownWidth is the next card width no test has drawn Markdown at;
// the text inside stays narrower than markdown.ProseWidth, which every
// wider card shares.
var unusedMarkdownWidth = 87

func TestMarkdownRendererIsCachedPerWidthAndTheme(t *testing.T) {
	card := cards.ToolCard{ID: "g", Call: cards.GenericCall{Title: "t", Content: md("some **markdown**")}}
	// Widths no other test (nor an earlier run of this one) uses, so that
	// the renderers are new here.
	width := unusedMarkdownWidth
	unusedMarkdownWidth += 2
	dark, light := widgetOptions(width), widgetOptions(width)
	light.Theme = render.Light
	other := widgetOptions(width + 1)

	before := render.MarkdownRenderersBuilt()
	for range 3 {
		render.Entry(card, dark)
	}
	require.Equal(t, before+1, render.MarkdownRenderersBuilt(), "one renderer for (width, dark), however many cards")
	render.Entry(card, light)
	render.Entry(card, light)
	require.Equal(t, before+2, render.MarkdownRenderersBuilt(), "a second one for (width, light)")
	render.Entry(card, other)
	require.Equal(t, before+3, render.MarkdownRenderersBuilt(), "a third one for (width+1, dark)")
}

func TestMarkdownRendererConcurrentUse(t *testing.T) {
	card := cards.ToolCard{ID: "g", Call: cards.GenericCall{Title: "t", Content: md("# Title\n\n- one\n- two\n\n```go\nfunc f() {}\n```")}}
	want := render.Entry(card, widgetOptions(80))
	done := make(chan string)
	for range 8 {
		go func() { done <- render.Entry(card, widgetOptions(80)) }()
	}
	for range 8 {
		require.Equal(t, want, <-done)
	}
}

// TestAnsweredRawInputIsOneLine: once its result is in, a collapsed
// call's JSON raw input is one line (an object as "key: value, …", a
// string value as its text, without JSON's quotes and escapes); a
// running or expanded call shows it pretty-printed.
func TestAnsweredRawInputIsOneLine(t *testing.T) {
	result := cards.GenericResult{Content: []cards.ContentBlock{cards.TextBlock{Text: "done"}}}
	huge := `{"path":"a.go","text":"` + strings.Repeat("x", 1<<20) + `"}`
	tests := []struct {
		name, raw string
		want      []string // the body lines of the answered card, collapsed
	}{
		{
			"object", `{"pattern": "cmd/**/*.go", "path": "internal", "limit": 5}`,
			[]string{`pattern: cmd/**/*.go, path: internal, limit: 5`},
		},
		{
			"a pattern is not escaped", `{"pattern": "type Total|Files\\(|Sum\\("}`,
			[]string{`pattern: type Total|Files\(|Sum\(`},
		},
		{
			"a string with a line break stays JSON", `{"command": "a\nb"}`,
			[]string{`command: "a\nb"`},
		},
		{
			"nested values are compact", `{"filters": {"state": "open", "labels": ["bug"]}}`,
			[]string{`filters: {"state":"open","labels":["bug"]}`},
		},
		{"an array is compact JSON", `[1, 2, {"a": null}]`, []string{`[1,2,{"a":null}]`}},
		{"an empty object", `{}`, []string{`{}`}},
		{"a key with a line break", `{"a\nb": 1}`, []string{`a ↵ b: 1`}},
		{"cut to the width", huge, []string{`path: a.go, text: ` + strings.Repeat("x", 41) + "…"}},
	}
	o := render.Options{Width: 64, Profile: colorprofile.NoTTY, Theme: render.Dark, Terminal: true}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			call := cards.GenericCall{Title: "t", RawInput: json.RawMessage(tt.raw)}
			answered := cards.ToolCard{ID: "c", Call: call, Result: result}
			lines, _ := render.WidgetLines(answered, o)
			assert.Equal(t, append(tt.want, "done"), trimAll(lines))
		})
	}
	call := cards.GenericCall{Title: "t", RawInput: json.RawMessage(`{"pattern": "x"}`)}
	running, _ := render.WidgetLines(cards.ToolCard{ID: "c", Call: call}, o)
	assert.Equal(t, []string{"{", `  "pattern": "x"`, "}"}, trimAll(running))
	expanded := o
	expanded.Expanded = true
	whole, _ := render.WidgetLines(cards.ToolCard{ID: "c", Call: call, Result: result}, expanded)
	assert.Equal(t, []string{"{", `  "pattern": "x"`, "}", "done"}, trimAll(whole))
}

// trimAll strips the escapes and trailing spaces of lines.
func trimAll(lines []string) []string {
	out := make([]string, len(lines))
	for i, line := range lines {
		out[i] = strings.TrimRight(ansi.Strip(line), " ")
	}
	return out
}
