package render

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
)

// goCode is n lines of Go.
func goCode(n int) string {
	lines := make([]string, n)
	for i := range lines {
		lines[i] = fmt.Sprintf("x%d := f(%d) // step %d", i, i, i)
	}
	return strings.Join(lines, "\n")
}

// withLongCode is Markdown with a long Go block between two paragraphs,
// small blocks of its own included.
func withLongCode(n int) string {
	return "# Title\n\nSome *text* and a small block:\n\n```go\nfunc main() {}\n```\n\n" +
		"```go\n" + goCode(n) + "\n```\n\nMore `text` after.\n\n- a\n- b\n"
}

func longCodeOptions() Options {
	o := DefaultOptions()
	o.Width, o.Expanded = 100, true
	return o
}

// TestLongCodeLooksAsGlamourDrawsIt: drawn apart, a long block and the
// text around it read exactly as glamour draws the whole text.
func TestLongCodeLooksAsGlamourDrawsIt(t *testing.T) {
	md := withLongCode(longCode + 10)
	o := longCodeOptions()
	parts := splitLongCode(md)
	require.Len(t, parts, 3)
	require.Equal(t, "go", parts[1].lang)
	require.Len(t, parts[1].code, longCode+10)

	got := markdownLines(md, 96, o)
	want := glamourLines(md, 96, o)
	require.Equal(t, visible(want), visible(got))
	for _, line := range got[6 : 6+longCode+10] {
		require.Contains(t, line, "\x1b[38;2;", "a code line without colours: %q", line)
	}
}

// visible is the text of rendered lines, without escapes or trailing
// spaces.
func visible(lines []string) string {
	out := make([]string, len(lines))
	for i, line := range lines {
		out[i] = strings.TrimRight(ansi.Strip(line), " ")
	}
	return strings.Join(out, "\n")
}

func TestShortCodeStaysWithGlamour(t *testing.T) {
	md := withLongCode(longCode - 1)
	require.Len(t, splitLongCode(md), 1)
	require.Equal(t, glamourLines(md, 96, longCodeOptions()), markdownLines(md, 96, longCodeOptions()))
}

func TestSplitLongCode(t *testing.T) {
	code := goCode(longCode)
	cases := []struct {
		name string
		md   string
		want []markdownPart
	}{
		{"unclosed block runs to the end", "intro\n~~~~ py extra\n" + code,
			[]markdownPart{{text: "intro"}, {code: strings.Split(code, "\n"), lang: "py"}}},
		{"closed by a longer fence", "````\n" + code + "\n  `````  \nafter",
			[]markdownPart{{code: strings.Split(code, "\n")}, {text: "after"}}},
		{"indented fence stays", "- item\n\n  ```\n" + code + "\n  ```", nil},
		{"inside an HTML block", "<!--\n```\n" + code + "\n```\n-->", nil},
		{"inside a short block", "````\n```\n````\n" + code, nil},
		{"backtick in the info string", "``` a`b\n" + code, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			want := c.want
			if want == nil {
				want = []markdownPart{{text: c.md}}
			}
			require.Equal(t, want, splitLongCode(c.md))
		})
	}
}

// TestCollapsedCardColoursOnlyWhatItShows: a collapsed generic card shows
// the head of a long block coloured and does not colour the rest.
func TestCollapsedCardColoursOnlyWhatItShows(t *testing.T) {
	o := longCodeOptions()
	o.Expanded = false
	md := "```go\n" + goCode(3000) + "\n```"
	lines := contentLines([]cards.ContentBlock{cards.TextBlock{Text: md}}, 96, o)
	require.Len(t, lines, 3000)
	for _, line := range lines[:bodyFold] {
		require.Contains(t, line, "38;2;255;123;114", "shown line not coloured: %q", line) // := is an operator
	}
	require.NotContains(t, lines[bodyFold], "38;2;255;123;114")
	require.NotContains(t, strings.Join(lines, "\n"), "no syntax colours")
}

// TestCodeTooLongForColours: an expanded block beyond the colour bounds is
// drawn plain, with a note first.
func TestCodeTooLongForColours(t *testing.T) {
	lines := markdownLines("```go\n"+goCode(colourLines+1)+"\n```", 96, longCodeOptions())
	require.Len(t, lines, colourLines+2)
	require.Equal(t, fmt.Sprintf("(no syntax colours: %d lines of code)", colourLines+1), ansi.Strip(lines[0]))
	plain := plainCode(Dark).Styled("x0 := f(0) // step 0")
	require.Equal(t, "  "+plain, lines[1])
}
