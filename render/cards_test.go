package render_test

import (
	"fmt"
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

// resultCard is a card with a generic call and the given result.
func resultCard(r cards.ResultView) cards.ToolCard {
	return cards.ToolCard{ID: "r", Tool: "tool", Call: cards.GenericCall{Title: "call"}, Result: r}
}

// readLines are lines first..last whose text is "line N".
func readLines(first, last int) []cards.ReadLine {
	var lines []cards.ReadLine
	for n := first; n <= last; n++ {
		lines = append(lines, cards.ReadLine{Number: n, Text: fmt.Sprintf("line %d", n)})
	}
	return lines
}

func TestReadCard(t *testing.T) {
	tests := []struct {
		name     string
		view     cards.ReadResult
		expanded bool
		want     []string
		absent   []string
	}{
		{
			"gutter right-aligned",
			cards.ReadResult{Path: "a.go", Offset: 9, TotalLines: 120, Lines: readLines(9, 10)},
			false,
			[]string{"│  9 │ line 9 ", "│ 10 │ line 10 ", "│ a.go · lines 9–10 of 120 "},
			nil,
		},
		{
			"whole file",
			cards.ReadResult{Path: "a.go", Offset: 1, TotalLines: 3, Lines: readLines(1, 3)},
			false,
			[]string{"│ a.go · all 3 lines "},
			nil,
		},
		{
			"one line",
			cards.ReadResult{Path: "a.go", Offset: 7, TotalLines: 9, Lines: readLines(7, 7)},
			false,
			[]string{"│ a.go · line 7 of 9 "},
			nil,
		},
		{"empty file", cards.ReadResult{Path: "a.go", Offset: 1}, false, []string{"│ a.go · empty file "}, nil},
		{
			"folded",
			cards.ReadResult{Path: "a.go", Offset: 1, TotalLines: 300, Lines: readLines(1, 30)},
			false,
			[]string{"│ 20 │ line 20 ", "… 10 more lines (enter to expand)", "lines 1–30 of 300"},
			[]string{"line 21"},
		},
		{
			"expanded",
			cards.ReadResult{Path: "a.go", Offset: 1, TotalLines: 300, Lines: readLines(1, 30)},
			true,
			[]string{"│ 30 │ line 30 "},
			[]string{"more lines"},
		},
		{"tabs expanded, hostile bytes shown inert", cards.ReadResult{
			Path: "a.go", Offset: 1, TotalLines: 1,
			Lines: []cards.ReadLine{{Number: 1, Text: "\tx\x1b]0;t\x07y"}},
		}, false, []string{"│ 1 │         x␛]0;t␇y "}, nil},
		{"content below", cards.ReadResult{
			Path: "a.go", Offset: 1, TotalLines: 1, Lines: readLines(1, 1),
			Content: md("note **here**"),
		}, false, []string{"│ note here "}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := widgetOptions(80)
			o.Expanded = tt.expanded
			got := visibleText(resultCard(tt.view), o)
			for _, w := range tt.want {
				assert.Contains(t, got, w)
			}
			for _, a := range tt.absent {
				assert.NotContains(t, got, a)
			}
		})
	}
}

func TestReadCardCutsAndWraps(t *testing.T) {
	long := strings.Repeat("word ", 30)
	card := resultCard(cards.ReadResult{Path: "a.txt", Offset: 1, TotalLines: 1, Lines: []cards.ReadLine{{Number: 1, Text: long}}})
	collapsed := strings.Split(visibleText(card, widgetOptions(40)), "\n")
	// Collapsed, a long line takes three rows wrapped at words, the last
	// one cut with "…".
	assert.Equal(t, []string{
		"│ 1 │ word word word word word word    │",
		"│   │ ↪ word word word word word word  │",
		"│   │ ↪ word word word word word word… │",
		"│ a.txt · all 1 line                   │",
	}, collapsed[1:5])

	o := widgetOptions(40)
	o.Expanded = true
	expanded := strings.Split(visibleText(card, o), "\n")
	assert.Equal(t, []string{
		"│ 1 │ word word word word word word    │",
		"│   │ ↪ word word word word word word  │",
		"│   │ ↪ word word word word word word  │",
		"│   │ ↪ word word word word word word  │",
		"│   │ ↪ word word word word word word  │",
		"│ a.txt · all 1 line                   │",
	}, expanded[1:7])
}

func TestReadMarkdown(t *testing.T) {
	card := resultCard(cards.ReadResult{
		Path: "a.md", Offset: 9, TotalLines: 20, Lang: "markdown",
		Lines: []cards.ReadLine{{Number: 9, Text: "```go"}, {Number: 10, Text: "x := 1"}},
	})
	got := exportmd.Entry(card, widgetOptions(80))
	assert.Contains(t, got, "````markdown\n 9  ```go\n10  x := 1\n````\n\n_`a.md` · lines 9–10 of 20_\n")
}

func TestSearchMatchesCard(t *testing.T) {
	view := cards.SearchMatches{Total: 5, Truncated: true, Files: []cards.SearchFile{
		{Path: "render/diff.go", Matches: []cards.SearchMatch{{LineNumber: 9, Line: "// TODO: word diff"}, {LineNumber: 140, Line: "// TODO fold"}}},
		{Path: "viewer/model.go", Matches: []cards.SearchMatch{{LineNumber: 3, Line: "// TODO: follow"}}},
	}}
	got := visibleText(resultCard(view), widgetOptions(80))
	for _, want := range []string{
		"│ render/diff.go ", "│     9 │ // TODO: word diff ", "│   140 │ // TODO fold ",
		"│ viewer/model.go ", "│     3 │ // TODO: follow ",
		"│ 3 matches in 2 files (truncated: showing 3 of 5) ",
	} {
		assert.Contains(t, got, want)
	}
	md := exportmd.Entry(resultCard(view), widgetOptions(80))
	assert.Contains(t, md, "- `render/diff.go`\n  - 9: `// TODO: word diff`\n  - 140: `// TODO fold`\n- `viewer/model.go`\n")
	assert.Contains(t, md, "_3 matches in 2 files (truncated: showing 3 of 5)_")
}

func TestSearchFooters(t *testing.T) {
	tests := []struct {
		name string
		view cards.ResultView
		want string
	}{
		{"one match", cards.SearchMatches{Total: 1, Files: []cards.SearchFile{{Path: "a", Matches: []cards.SearchMatch{{LineNumber: 1, Line: "x"}}}}}, "1 match in 1 file"},
		{"no matches", cards.SearchMatches{}, "no matches"},
		{"paths", cards.SearchPaths{Total: 2, Paths: []string{"a.go", "b.go"}}, "2 paths"},
		{"paths truncated", cards.SearchPaths{Total: 9, Truncated: true, Paths: []string{"a.go", "b.go"}}, "2 paths (truncated: showing 2 of 9)"},
		{"truncated without total", cards.SearchPaths{Total: 1, Truncated: true, Paths: []string{"a.go"}}, "1 path (truncated)"},
		{"no paths", cards.SearchPaths{}, "no paths"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lines := strings.Split(visibleText(resultCard(tt.view), widgetOptions(60)), "\n")
			footer := strings.TrimSpace(strings.Trim(lines[len(lines)-2], "│"))
			assert.Equal(t, tt.want, footer)
		})
	}
}

func TestSearchPathsFold(t *testing.T) {
	var paths []string
	for i := range 25 {
		paths = append(paths, fmt.Sprintf("dir/file%02d.go", i))
	}
	got := visibleText(resultCard(cards.SearchPaths{Total: 25, Paths: paths}), widgetOptions(80))
	assert.Contains(t, got, "│ dir/file19.go ")
	assert.NotContains(t, got, "dir/file20.go")
	assert.Contains(t, got, "… 5 more lines (enter to expand)")
	assert.Contains(t, got, "25 paths")
}

func TestSearchLongPathKeepsFileName(t *testing.T) {
	path := strings.Repeat("very/", 20) + "deep.go"
	got := strings.Split(visibleText(resultCard(cards.SearchPaths{Total: 1, Paths: []string{path}}), widgetOptions(40)), "\n")
	assert.Equal(t, "│ …ry/very/very/very/very/very/deep.go │", got[1])
}

func TestWebSearchCard(t *testing.T) {
	view := cards.WebSearch{Answer: "Use **viewport**.", Truncated: true, Sources: []cards.WebSource{
		{URL: "https://github.com/charmbracelet/bubbletea", Title: "Bubble Tea", Snippet: "A powerful little TUI framework.", PublishedAt: "2026-03-01"},
		{URL: "javascript:alert(1)", Title: "spoofed"},
		{URL: "data:text/html;base64,PHNjcmlwdD4=", Title: "data"},
	}}
	got := render.Entry(resultCard(view), widgetOptions(80))
	visible := ansi.Strip(got)
	for _, want := range []string{
		"│ Use viewport. ", "│ 1. Bubble Tea ", "│    https://github.com/charmbracelet/bubbletea ",
		"│    A powerful little TUI framework. ", "│    2026-03-01 ",
		"│ 2. spoofed ", "│    javascript:alert(1) (unsafe link) ",
		"│ 3. data ", "│    data:text/html;base64,PHNjcmlwdD4= (unsafe link) ",
		"│ 3 sources (truncated) ",
	} {
		assert.Contains(t, visible, want)
	}
	assert.Equal(t, []string{"https://github.com/charmbracelet/bubbletea"}, linkTargets(got), "only the safe URL is linked")

	md := exportmd.Entry(resultCard(view), widgetOptions(80))
	assert.Contains(t, md, "1. [Bubble Tea](<https://github.com/charmbracelet/bubbletea>) (`https://github.com/charmbracelet/bubbletea`) · 2026-03-01\n   A powerful little TUI framework.\n", "a source titled otherwise than its URL shows the URL")
	assert.Contains(t, md, "2. spoofed — `javascript:alert(1)` (unsafe link)\n")
	assert.NotContains(t, md, "](javascript")
	assert.NotContains(t, md, "](<data")
}

func TestWebSearchSnippetCut(t *testing.T) {
	view := cards.WebSearch{Sources: []cards.WebSource{{URL: "https://a.example/", Title: "A", Snippet: strings.Repeat("lorem ipsum ", 20)}}}
	lines := strings.Split(visibleText(resultCard(view), widgetOptions(40)), "\n")
	var snippet []string
	for _, l := range lines {
		if strings.Contains(l, "lorem") {
			snippet = append(snippet, l)
		}
	}
	require.Len(t, snippet, 2)
	assert.Contains(t, snippet[1], "…")
}

func TestWebFetchStatusColours(t *testing.T) {
	// The dark palette's OK, Accent and Error colours.
	const ok, accent, bad = "\x1b[38;2;63;185;80m", "\x1b[38;2;121;192;255m", "\x1b[38;2;248;81;73m"
	tests := []struct {
		code int
		sgr  string
	}{{200, ok}, {204, ok}, {301, accent}, {404, bad}, {503, bad}}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.code), func(t *testing.T) {
			got := render.Entry(resultCard(cards.WebFetch{URL: "https://go.dev/", StatusCode: tt.code}), widgetOptions(80))
			assert.Contains(t, got, tt.sgr+fmt.Sprint(tt.code))
			assert.Contains(t, ansi.Strip(got), fmt.Sprintf("│ GET https://go.dev/ → %d ", tt.code))
		})
	}
}

func TestWebFetchCard(t *testing.T) {
	got := render.Entry(resultCard(cards.WebFetch{URL: "javascript:alert(1)", StatusCode: 200, Truncated: true}), widgetOptions(80))
	assert.Contains(t, ansi.Strip(got), "│ GET javascript:alert(1) (unsafe link) → 200 (truncated) ")
	assert.Empty(t, linkTargets(got))

	narrow := strings.Split(visibleText(resultCard(cards.WebFetch{URL: "https://go.dev/doc/go1.26", StatusCode: 200, Truncated: true}), widgetOptions(30)), "\n")
	assert.Equal(t, []string{"│ GET https://go.dev/doc/go… │", "│ → 200 (truncated)          │"}, narrow[1:3])

	md := exportmd.Entry(resultCard(cards.WebFetch{URL: "https://go.dev/doc", StatusCode: 301}), widgetOptions(80))
	assert.Contains(t, md, "GET [https://go.dev/doc](<https://go.dev/doc>) → 301\n")
}

func TestProblemCard(t *testing.T) {
	p := cards.Problem{
		Source: "session.jsonl", Line: 7, Reason: "unknown card \x1b[31m\"popup\"\x1b[0m",
		Excerpt: "{\"card\":\"popup\"}\x1b]0;pwned\x07\x1b[2J\x1b]8;;javascript:x\x07click\x1b]8;;\x07\x9b31m\r\nnext",
	}
	got := render.Entry(p, widgetOptions(80))
	lines := strings.Split(ansi.Strip(got), "\n")
	assert.Contains(t, lines[0], "! Problem · session.jsonl line 7")
	assert.Equal(t, `│ unknown card "popup"`, strings.TrimRight(lines[1], " │"))
	assert.Equal(t, `│ {"card":"popup"}␛]0;pwned␇␛[2J␛]8;;javascript:x␇click␛]8;;␇␛[?31m ↵ next`, strings.TrimRight(lines[3], " │"))
	for _, bad := range []string{"\x1b]0", "\x1b]8", "\x1b[2J", "\x07", "\u009b", "\r"} {
		assert.NotContains(t, got, bad)
	}
	assert.True(t, strings.HasPrefix(got, "\x1b[38;2;248;81;73m╭"), "framed in the error colour")

	md := exportmd.Entry(p, widgetOptions(80))
	assert.Equal(t, "> **Problem · session.jsonl line 7**\n>\n> unknown card \"popup\"\n>\n> `{\"card\":\"popup\"}␛]0;pwned␇␛[2J␛]8;;javascript:x␇click␛]8;;␇␛[?31m ↵ next`\n", md)
}

func TestProblemTitleWithoutLine(t *testing.T) {
	got := visibleText(cards.Problem{Source: "-", Reason: "torn zstd frame"}, widgetOptions(60))
	assert.Contains(t, got, "! Problem · - ")
	assert.Contains(t, got, "│ torn zstd frame ")
}

func TestProblemExcerptCut(t *testing.T) {
	p := cards.Problem{Source: "s", Line: 1, Reason: "r", Excerpt: strings.Repeat("x", 200)}
	lines := strings.Split(visibleText(p, widgetOptions(40)), "\n")
	assert.Equal(t, "│ "+strings.Repeat("x", 35)+"… │", lines[3])
}

func TestNotice(t *testing.T) {
	assert.Equal(t, "─ the tail was torn ─", visibleText(cards.Notice{Text: "the tail was torn"}, widgetOptions(80)))
	long := visibleText(cards.Notice{Text: strings.Repeat("torn ", 20)}, widgetOptions(40))
	lines := strings.Split(long, "\n")
	require.Greater(t, len(lines), 1)
	assert.True(t, strings.HasPrefix(lines[0], "─ torn"))
	assert.True(t, strings.HasSuffix(lines[len(lines)-1], "torn ─"))
	assert.Equal(t, "> _a \\*b\\*_\n", exportmd.Entry(cards.Notice{Text: "a *b*"}, widgetOptions(80)))
}

func TestMessages(t *testing.T) {
	tests := []struct {
		name     string
		msg      cards.Message
		expanded bool
		want     []string
	}{
		{
			"user",
			cards.Message{Role: cards.RoleUser, Text: "Add a **flag**.\n\nAnd tests."},
			false,
			[]string{"▌ You", "▌ Add a **flag**.", "▌", "▌ And tests."},
		},
		{
			"assistant",
			cards.Message{Role: cards.RoleAssistant, Text: "Done:\n\n1. parse\n2. pass"},
			false,
			[]string{"● Assistant", "  Done:", "", "  1. parse", "  2. pass"},
		},
		{
			"reasoning collapsed",
			cards.Message{Role: cards.RoleReasoning, Text: "one\ntwo\nthree"},
			false,
			[]string{"◌ Thinking · 3 lines (enter to expand)"},
		},
		{
			"reasoning expanded",
			cards.Message{Role: cards.RoleReasoning, Text: "**Planning**\n\none\ntwo"},
			true,
			[]string{"◌ Thinking", "  Planning", "", "  one two"},
		},
		{
			"context collapsed",
			cards.Message{Role: cards.RoleContext, Text: "AGENTS.md\nrules"},
			false,
			[]string{"◌ Context · 2 lines (enter to expand)"},
		},
		{
			"context single line",
			cards.Message{Role: cards.RoleContext, Text: "x"},
			false,
			[]string{"◌ Context · 1 line (enter to expand)"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := widgetOptions(80)
			o.Expanded = tt.expanded
			lines := strings.Split(visibleText(tt.msg, o), "\n")
			for i := range lines {
				lines[i] = strings.TrimRight(lines[i], " ")
			}
			assert.Equal(t, tt.want, lines)
		})
	}
}

func TestMessageStyles(t *testing.T) {
	user := render.Entry(cards.Message{Role: cards.RoleUser, Text: "hi"}, widgetOptions(80))
	assert.True(t, strings.HasPrefix(user, "\x1b[38;2;121;192;255m▌ "), "the bar is in the accent colour")
	o := widgetOptions(80)
	o.Expanded = true
	thinking := render.Entry(cards.Message{Role: cards.RoleReasoning, Text: "hmm"}, o)
	assert.Contains(t, thinking, "\x1b[3;38;2;139;148;158mhmm", "reasoning is dim and italic")
}

func TestMessageMarkdown(t *testing.T) {
	tests := []struct {
		msg  cards.Message
		want string
	}{
		{cards.Message{Role: cards.RoleUser, Text: "Fix it.\n\nPlease."}, "**You**\n\n> ```text\n> Fix it.\n>\n> Please.\n> ```\n"},
		{cards.Message{Role: cards.RoleAssistant, Text: "Fixed \x1b[1mit\x1b[0m."}, "**Assistant**\n\nFixed it.\n"},
		{cards.Message{Role: cards.RoleReasoning, Text: "a\nb"}, "<details><summary>Thinking · 2 lines</summary>\n\na\nb\n\n</details>\n"},
	}
	for _, tt := range tests {
		t.Run(string(tt.msg.Role), func(t *testing.T) {
			assert.Equal(t, tt.want, exportmd.Entry(tt.msg, widgetOptions(80)))
		})
	}
}

// widgetEntries is one entry of each kind these widgets draw, with long
// and wide text.
func widgetEntries() []cards.Entry {
	wide := "CJK 漢字漢字漢字 and emoji 🎉🎉 " + strings.Repeat("long-word-without-breaks", 4)
	return []cards.Entry{
		genericCard(cards.GenericCall{
			Title: wide, Content: md("# " + wide + "\n\n```\n" + wide + "\n```\n\n| a | b |\n|---|---|\n| " + wide + " | x |"),
			RawInput: []byte(`{"k":"` + wide + `"}`), Locations: []cards.FileLocation{{Path: "/" + wide, Line: 3}},
		}),
		resultCard(cards.GenericResult{Title: wide, Content: text(wide)}),
		resultCard(cards.ReadResult{Path: "/x/" + wide, Offset: 99998, TotalLines: 100000, Lines: []cards.ReadLine{{Number: 99998, Text: wide}, {Number: 99999, Text: "\t\t" + wide}}}),
		resultCard(cards.SearchMatches{Total: 9, Truncated: true, Files: []cards.SearchFile{{Path: wide, Matches: []cards.SearchMatch{{LineNumber: 123456, Line: wide}}}}}),
		resultCard(cards.SearchPaths{Total: 9, Truncated: true, Paths: []string{wide}}),
		resultCard(cards.WebSearch{Answer: wide, Truncated: true, Sources: []cards.WebSource{{URL: "https://example.com/" + wide, Title: wide, Snippet: wide, PublishedAt: wide}, {URL: "javascript:" + wide}}}),
		resultCard(cards.WebFetch{URL: "https://example.com/" + strings.Repeat("a", 200), StatusCode: 200, Truncated: true}),
		resultCard(cards.WebFetch{URL: "javascript:" + wide, StatusCode: 500, Truncated: true}),
		cards.Problem{Source: wide, Line: 123456, Reason: wide, Excerpt: wide},
		cards.Notice{Text: wide},
		cards.Message{Role: cards.RoleUser, Text: wide},
		cards.Message{Role: cards.RoleAssistant, Text: wide},
		cards.Message{Role: cards.RoleReasoning, Text: wide},
		cards.Message{Role: cards.RoleContext, Text: wide},
	}
}

func TestWidgetsFitTheWidth(t *testing.T) {
	for i, e := range widgetEntries() {
		for _, width := range []int{20, 40, 80, 120} {
			for _, expanded := range []bool{false, true} {
				for _, profile := range []colorprofile.Profile{colorprofile.TrueColor, colorprofile.NoTTY} {
					t.Run(fmt.Sprintf("%d/%d/%v/%v", i, width, expanded, profile), func(t *testing.T) {
						o := widgetOptions(width)
						o.Expanded, o.Profile = expanded, profile
						lines, limit := render.WidgetLines(e, o)
						for n, line := range lines {
							require.LessOrEqual(t, ansi.StringWidth(line), limit, "line %d: %q", n+1, line)
						}
						requireFits(t, render.Entry(e, o), width)
					})
				}
			}
		}
	}
}
