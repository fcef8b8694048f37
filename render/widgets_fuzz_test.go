package render

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	exportmd "github.com/cardtui/cardtui/export/markdown"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/termcheck"
	"github.com/cardtui/cardtui/render/style"
	"github.com/cardtui/cardtui/termsafe"
)

// widgetEntries builds, from fuzzed text a, b and c and a number n, one
// entry for each widget, every text field of it filled from the input.
func widgetEntries(a, b, c string, n int) []cards.Entry {
	old := b + "\n" + a
	code := &n
	raw, _ := json.Marshal(map[string]any{"a": a, "b": []string{b, c}, "n": n})
	if json.Valid([]byte(c)) {
		raw = json.RawMessage(c)
	}
	blocks := []cards.ContentBlock{
		cards.TextBlock{Text: a},
		cards.ImageBlock{MimeType: b, Data: c},
		cards.ImageBlock{URI: a},
		cards.OpaqueBlock{Type: b},
	}
	lines := make([]cards.ReadLine, 0, 4)
	for i, text := range strings.SplitN(c, "\n", 4) {
		lines = append(lines, cards.ReadLine{Number: max(n, 1) + i, Text: text})
	}
	diffs := []cards.FileDiff{
		{Path: a, OldText: &old, NewText: c, OldStart: max(n, 0), NewStart: max(n, 0)},
		{Path: b, NewText: a},
	}
	return []cards.Entry{
		cards.ToolCard{
			ID: a, Tool: b, Call: cards.TerminalCall{Title: a, Description: b, Cwd: c},
			Result: cards.TerminalResult{Title: b, Output: c + "\n" + a, ExitCode: code},
		},
		cards.ToolCard{ID: c, Tool: a, Call: cards.TerminalCall{Title: c}, Result: cards.TerminalResult{Output: a, Signal: b}},
		cards.ToolCard{ID: b, Call: cards.DiffCall{Title: a, Diffs: diffs, Locations: []cards.FileLocation{{Path: c, Line: n}}}},
		cards.ToolCard{ID: b, Call: cards.DiffCall{Title: c, Diffs: diffs}, Result: cards.DiffResult{Title: a, Diffs: diffs[:1]}},
		cards.ToolCard{
			ID: a, Tool: c, Call: cards.GenericCall{
				Title: b, Kind: cards.ToolCallKind(a), RawInput: raw,
				Content: blocks, Locations: []cards.FileLocation{{Path: a, Line: n}, {Path: "/" + b}},
			},
			Result: cards.GenericResult{Title: c, Content: blocks},
		},
		cards.ToolCard{
			ID: a, Call: cards.GenericCall{Title: a, RawInput: json.RawMessage(mustJSON(c))},
			Result: cards.ReadResult{Title: a, Path: b, Offset: n, Lines: lines, TotalLines: n, Lang: a, Content: blocks[:1]},
		},
		cards.ToolCard{ID: a, Result: cards.SearchMatches{
			Title: a, Truncated: n%2 == 0, Total: n,
			Files: []cards.SearchFile{{Path: b, Matches: []cards.SearchMatch{{LineNumber: max(n, 1), Line: c}, {LineNumber: 1, Line: a}}}},
		}},
		cards.ToolCard{ID: a, Result: cards.SearchPaths{Title: c, Paths: []string{a, "/" + b, c}, Truncated: true, Total: n}},
		cards.ToolCard{ID: a, Result: cards.WebSearch{
			Title: a, Answer: c, Truncated: n%2 == 1,
			Sources: []cards.WebSource{{URL: a, Title: b, Snippet: c, PublishedAt: a}, {URL: "https://" + b, Title: c}},
		}},
		cards.ToolCard{ID: a, Ended: true, Result: cards.WebFetch{Title: b, URL: "https://" + a, StatusCode: n, Truncated: true}},
		cards.ToolCard{ID: a, Tool: b, Ended: n%2 == 0, Result: cards.WebFetch{URL: c, StatusCode: n}},
		cards.Problem{Source: a, Line: n, Reason: b, Excerpt: c},
		cards.Message{Role: cards.RoleUser, Text: a},
		cards.Message{Role: cards.RoleAssistant, Text: b},
		cards.Message{Role: cards.RoleReasoning, Text: c},
		cards.Message{Role: cards.Role(a), Text: c},
		cards.Notice{Text: a + b},
	}
}

// mustJSON is s as a JSON string.
func mustJSON(s string) []byte {
	data, _ := json.Marshal(s)
	return data
}

// widgetFuzzOptions are the option sets every fuzzed entry is drawn with.
func widgetFuzzOptions(width int) []style.Options {
	return []style.Options{
		{Width: width, Profile: colorprofile.TrueColor, Terminal: true, Hyperlinks: true},
		{Width: width, Profile: colorprofile.TrueColor, Terminal: true, Hyperlinks: true, Expanded: true, Theme: style.Light},
		{Width: width, Profile: colorprofile.ANSI256, Terminal: false, Hyperlinks: true},
		{Width: width, Profile: colorprofile.NoTTY, Terminal: true},
		{Width: width, Profile: colorprofile.NoTTY, Terminal: true, Expanded: true, DiffLayout: style.DiffSplit},
	}
}

// checkDrawn asserts the properties of a drawn entry: the only escape
// sequences are SGR and OSC 8 links to URLs termsafe.SafeURL accepts as they are
// (none at all without colour), no control or invisible character is
// left, and every line fits the width.
func checkDrawn(t *testing.T, out string, o style.Options) {
	t.Helper()
	for n, line := range strings.Split(out, "\n") {
		if w := ansi.StringWidth(line); w > o.LineWidth() {
			t.Fatalf("line %d is %d cells wide, more than %d: %q", n, w, o.LineWidth(), line)
		}
	}
	if o.Profile == colorprofile.NoTTY && strings.Contains(out, "\x1b") {
		t.Fatalf("an escape sequence without colour: %q", out)
	}
	for s := out; s != ""; {
		_, _, n, state := ansi.DecodeSequence(s, ansi.NormalState, nil)
		tok := s[:max(n, 1)]
		if state != ansi.NormalState || !(termcheck.AllowedToken(tok) || ownLink(tok)) {
			t.Fatalf("forbidden token %q in %q", tok, out)
		}
		s = s[len(tok):]
	}
}

// ownLink reports whether tok is an OSC 8 sequence the renderer writes:
// no parameters, and a URL that termsafe.SafeURL returns unchanged, or none.
func ownLink(tok string) bool {
	uri, isLink := termsafe.HyperlinkTarget(tok)
	if !isLink || !strings.HasPrefix(tok, "\x1b]8;;") {
		return false
	}
	safe, ok := termsafe.SafeURL(uri)
	return uri == "" || (ok && safe == uri)
}

// checkMarkdown asserts that a Markdown export holds no escape sequence,
// control or invisible character.
func checkMarkdown(t *testing.T, md string) {
	t.Helper()
	if !utf8.ValidString(md) || strings.Contains(md, "\x1b") || !termcheck.OnlySGR(md) {
		t.Fatalf("the Markdown holds a control, an escape or an invisible character: %q", md)
	}
}

// FuzzRenderEntry draws an entry of every widget, each text field filled
// from the fuzzed input, in colour and without, with and without terminal
// capability, collapsed and expanded, and as Markdown. The widgets are
// called without Entry's recovery, so that a panic fails the target.
func FuzzRenderEntry(f *testing.F) {
	for _, s := range termcheck.FuzzSeeds {
		f.Add(s, "b\x1b]8;;https://evil.example\x07x", "\u202e\x00\x9b2J", 7)
	}
	f.Add("/tmp/a\u2066.go", "https://example.com/a b", `{"x":[1,2,{"y":"\u001b]52;c;AA==\u0007"}]}`, 0)
	f.Add("中文\t👩\u200d👩\u200d👦", "file:///etc/passwd", "javascript:alert(1)", -3)
	f.Add(strings.Repeat("x", 500), strings.Repeat("\n", 50), strings.Repeat("\x1b[31m", 80), 1<<40)
	f.Add("[a](https://evil.example)", "```\ncode\n", "<!-- hidden", 3)
	f.Add(strings.Repeat("step\n", 300), strings.Repeat("\u202e\n", 300), strings.Repeat("|a|b|\n", 300), 300)
	f.Fuzz(func(t *testing.T, a, b, c string, n int) {
		width := style.MinWidth + int(uint(n)%140)
		for _, e := range widgetEntries(a, b, c, n) {
			for _, o := range widgetFuzzOptions(width) {
				checkDrawn(t, strings.Join(entryDrawing(e, o).Lines(), "\n"), o)
			}
			checkMarkdown(t, exportmd.Entry(e, widgetFuzzOptions(width)[0]))
		}
	})
}
