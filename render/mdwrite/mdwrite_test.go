package mdwrite_test

import (
	"bytes"
	"html"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"

	"github.com/cardtui/cardtui/render/mdwrite"
)

// toHTML is md as a CommonMark reader with GitHub's tables and
// strikethrough reads it.
func toHTML(t *testing.T, md string) string {
	t.Helper()
	var out bytes.Buffer
	require.NoError(t, goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough)).Convert([]byte(md), &out))
	return out.String()
}

// TestEscapedTextReadsAsItself: a line that would be markup, a block's
// start or raw HTML is one paragraph of its own text once escaped.
func TestEscapedTextReadsAsItself(t *testing.T) {
	for _, line := range []string{
		"# not a heading", "- not a list", "+ nor this", "1. nor this", "2) nor this", "> not a quote",
		"```go", "~~~", "===", "---", "*not emphasis*", "_nor this_", "`not code`", "~~not struck~~",
		"[not](a link)", "![not](an image)", "<b>not HTML</b>", "<!-- not a comment", "&amp; &#x1b; not references",
		"a | not | a table", `back\slash`, "    indented", "plain text",
	} {
		want := "<p>" + html.EscapeString(strings.TrimLeft(line, " ")) + "</p>\n"
		assert.Equal(t, want, toHTML(t, mdwrite.EscapeInline(line)), "%q", line)
	}
}

// TestEscapedLinesOpenNoBlock: text over several lines stays one
// paragraph; none of its lines starts a block that swallows the next.
func TestEscapedLinesOpenNoBlock(t *testing.T) {
	got := toHTML(t, mdwrite.EscapeInline("one\n```\n- two\n<div>"))
	assert.Equal(t, "<p>one\n```\n- two\n&lt;div&gt;</p>\n", got)
}

// TestFencesAndSpansOutgrowTheirText: a fence or span is longer than any
// run of backticks inside it, so the text cannot close it.
func TestFencesAndSpansOutgrowTheirText(t *testing.T) {
	for _, tc := range []struct{ name, got, want string }{
		{"fence", mdwrite.Fence("a\n```\nb\n", "go"), "````go\na\n```\nb\n````\n"},
		{"fence of four", mdwrite.Fence("a ```` b", ""), "`````\na ```` b\n`````\n"},
		{"span", mdwrite.CodeSpan("a `b` c"), "``a `b` c``"},
		{"span at a backtick", mdwrite.CodeSpan("`x"), "`` `x ``"},
		{"empty span", mdwrite.CodeSpan(""), ""},
	} {
		assert.Equal(t, tc.want, tc.got, tc.name)
	}
	assert.Equal(t, "<pre><code class=\"language-go\">a\n```\nb\n</code></pre>\n", toHTML(t, mdwrite.Fence("a\n```\nb", "go")))
	assert.Equal(t, 4, mdwrite.LongestRun("a`b````c``", '`'))
}

// TestLinksOnlyToSafeURLs: a URL termsafe rejects leaves the text alone,
// and angle brackets cannot end the destination.
func TestLinksOnlyToSafeURLs(t *testing.T) {
	assert.Equal(t, "[x](<https://example.com/?q=%3Ca%3E>)", mdwrite.Link("x", "https://example.com/?q=<a>"))
	assert.Equal(t, "x", mdwrite.Link("x", "javascript:alert(1)"))
	assert.Equal(t, "x", mdwrite.Link("x", "https://example.com/\x1b]8;;"))
}

// TestJoinKeepsTheBlocksThatHoldText: blank blocks go, the rest are
// parted by a blank line and end with a newline.
func TestJoinKeepsTheBlocksThatHoldText(t *testing.T) {
	assert.Equal(t, "a\n\nb\n", mdwrite.Join("\na\n", "", "\n", "b"))
	assert.Empty(t, mdwrite.Join("", "\n"))
}
