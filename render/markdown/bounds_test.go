package markdown_test

import (
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"

	"github.com/cardtui/cardtui/internal/testkit"
	"github.com/cardtui/cardtui/render/markdown"
	"github.com/cardtui/cardtui/render/style"
)

// nested is depth block quotes around a line of text, and a list nested
// depth levels deep.
func nested(depth int) (quotes, list string) {
	var l strings.Builder
	for i := range depth {
		l.WriteString(strings.Repeat("  ", i) + "- item\n")
	}
	return strings.Repeat(">", depth) + " the innermost quote\n", l.String()
}

func boundsOptions() style.Options {
	o := style.DefaultOptions()
	o.Width, o.Profile = 80, colorprofile.TrueColor
	return o
}

func TestDeepNestingIsShownAsText(t *testing.T) {
	quotes, list := nested(100)
	for md, text := range map[string]string{quotes: "the innermost quote", list: "item"} {
		lines := markdown.Lines(md, 80, boundsOptions())
		plain := ansi.Strip(strings.Join(lines, " "))
		assert.Contains(t, plain, "shown as text: its quotes and lists nest 100 levels deep, more than the 16 drawn at this width")
		assert.Less(t, len(lines), 120, "no row of white space alone")
		assert.Contains(t, plain, text, "the text is all there")
	}
	shallow, _ := nested(12)
	plain := ansi.Strip(strings.Join(markdown.Lines(shallow, 80, boundsOptions()), "\n"))
	assert.NotContains(t, plain, "shown as text", "nesting within the limit is drawn as Markdown")
	assert.NotContains(t, plain, ">>>", "the quotes are drawn as quotes")
}

func TestLongMarkdownIsCutBeforeGlamour(t *testing.T) {
	// The first GlamourBytes are what glamour draws, and not what is
	// checked: with -short they are lines of one paragraph, which glamour
	// draws seven times faster than paragraphs of bold and code; the cut
	// falls at the end of them all the same.
	const marked = "word **bold** and `code`\n\n"
	head := marked
	if !testkit.Long() {
		head = "word bold and code words\n"
	}
	md := strings.Repeat(head, markdown.GlamourBytes/len(head)) + strings.Repeat(marked, 2000)
	lines := markdown.Lines(md, 80, boundsOptions())
	plain := ansi.Strip(strings.Join(lines, " "))
	assert.Contains(t, plain, "shown as text: glamour draws at most 256 KiB of a text")
	assert.Contains(t, plain, "word **bold** and `code`", "the rest is its text")
}

// BenchmarkNestedQuotes draws 100 nested block quotes, the 254-byte
// message glamour never finished drawing.
func BenchmarkNestedQuotes(b *testing.B) {
	quotes, _ := nested(100)
	o := boundsOptions()
	for b.Loop() {
		markdown.Lines(quotes, 80, o)
	}
}
