package markdown

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/render/style"
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

func longCodeOptions() style.Options {
	o := style.DefaultOptions()
	o.Width, o.Expanded = 100, true
	return o
}

// TestCodeLooksAsGlamourDrawsIt: drawn apart, the code blocks and the
// text around them read exactly as glamour draws the whole text, when no
// line is too long for the width.
func TestCodeLooksAsGlamourDrawsIt(t *testing.T) {
	md := withLongCode(510)
	o := longCodeOptions()
	parts := splitCode(md)
	require.Len(t, parts, 5)
	require.Equal(t, []string{"func main() {}"}, parts[1].Code)
	require.Equal(t, "go", parts[3].Lang)
	require.Len(t, parts[3].Code, 510)

	got := Lines(md, 96, o)
	want := glamourLines(md, 96, o)
	require.Equal(t, visible(want), visible(got))
	for _, line := range got {
		if strings.Contains(line, "step") {
			require.Contains(t, line, "\x1b[38;2;", "a code line without colours: %q", line)
		}
	}
}

// TestWrappedCodeKeepsItsMargin: a code line too long for the width wraps,
// every row under the block's margin, and nothing of it is lost.
func TestWrappedCodeKeepsItsMargin(t *testing.T) {
	long := strings.Repeat("abcdefghij", 12)
	lines := Lines("Before.\n\n```\n"+long+"\nshort\n```\n\nAfter.", 40, longCodeOptions())
	text := visible(lines)
	require.Equal(t, "Before.\n\n  "+long[:38]+"\n  "+long[38:76]+"\n  "+long[76:114]+"\n  "+long[114:]+"\n  short\n\nAfter.", text)
}

// TestTextWithoutFencesIsGlamours: Markdown with no fence is glamour's
// drawing as it is.
func TestTextWithoutFencesIsGlamours(t *testing.T) {
	md := "# Title\n\nSome *text*, `code` and a list:\n\n- a\n- b\n\n    indented code\n"
	require.Len(t, splitCode(md), 1)
	require.Equal(t, glamourLines(md, 96, longCodeOptions()), Lines(md, 96, longCodeOptions()))
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

func TestSplitLongCode(t *testing.T) {
	code := goCode(5)
	cases := []struct {
		name string
		md   string
		want []Part
	}{
		{
			"unclosed block runs to the end", "intro\n~~~~ py extra\n" + code,
			[]Part{{Text: "intro"}, {Code: strings.Split(code, "\n"), Lang: "py"}},
		},
		{
			"closed by a longer fence", "````\n" + code + "\n  `````  \nafter",
			[]Part{{Code: strings.Split(code, "\n")}, {Text: "after"}},
		},
		{"indented fence stays", "- item\n\n  ```\n" + code + "\n  ```", nil},
		{"inside an HTML block", "<!--\n```\n" + code + "\n```\n-->", nil},
		{
			"a fence inside a block", "````\n```\n````\n" + code,
			[]Part{{Code: []string{"```"}}, {Text: code}},
		},
		{"backtick in the info string", "``` a`b\n" + code, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			want := c.want
			if want == nil {
				want = []Part{{Text: c.md}}
			}
			require.Equal(t, want, splitCode(c.md))
		})
	}
}

// TestCodeTooLongForColours: an expanded block beyond the colour bounds is
// drawn plain, with a note first.
func TestCodeTooLongForColours(t *testing.T) {
	lines := Lines("```go\n"+goCode(colourLines+1)+"\n```", 96, longCodeOptions())
	require.Len(t, lines, colourLines+2)
	require.Equal(t, fmt.Sprintf("(no syntax colours: %d lines of code)", colourLines+1), ansi.Strip(lines[0]))
	plain := plainCode(style.Dark).Styled("x0 := f(0) // step 0")
	require.Equal(t, "  "+plain, lines[1])
}

// TestListItemsHangUnderTheirText: the wrapped lines of a list item, of
// any kind and depth, start under its text, not under its marker; other
// text is left as glamour wraps it.
func TestListItemsHangUnderTheirText(t *testing.T) {
	md := "- a bullet item long enough to wrap, with `code` in it\n" +
		"  - a nested item long enough to wrap as well\n" +
		"\n1. a numbered item long enough to wrap too\n" +
		"\n- [x] a done task long enough to wrap\n" +
		"\nA paragraph long enough to wrap, it stays as it is.\n"
	got := visible(Lines(md, 30, longCodeOptions()))
	want := strings.Join([]string{
		"• a bullet item long enough to",
		"  wrap, with code in it",
		"  • a nested item long enough",
		"    to wrap as well",
		"",
		"",
		"1. a numbered item long enough",
		"   to wrap too",
		"",
		"[✓] a done task long enough to",
		"    wrap",
		"",
		"A paragraph long enough to",
		"wrap, it stays as it is.",
	}, "\n")
	require.Equal(t, want, got)
	for _, line := range Lines(md, 30, longCodeOptions()) {
		require.LessOrEqual(t, ansi.StringWidth(line), 30, "%q", line)
	}
}
