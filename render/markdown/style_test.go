package markdown_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/render/markdown"
	"github.com/cardtui/cardtui/render/style"
)

// options are true colour or no colour at all, dark or light.
func options(profile colorprofile.Profile, theme style.Theme) style.Options {
	return style.Options{Width: 200, Profile: profile, Theme: theme}
}

// TestHeadingsAreStyledText: with colour a heading is bold text in the
// accent colour without its "#" markers; without escape sequences the
// markers stay, the only sign of a heading left.
func TestHeadingsAreStyledText(t *testing.T) {
	md := "# One\n\n## Two\n\n### Three\n\ntext"
	for _, theme := range []style.Theme{style.Dark, style.Light} {
		coloured := markdown.Lines(md, 80, options(colorprofile.TrueColor, theme))
		plain := ansi.Strip(strings.Join(coloured, "\n"))
		assert.Equal(t, "One\n\nTwo\n\nThree\n\ntext", plain, theme.String())
		assert.Contains(t, coloured[2], "\x1b[38;2;", "a level-two heading is coloured")
		assert.Contains(t, coloured[2], ";1m", "and bold")
	}
	marked := markdown.Lines(md, 80, options(colorprofile.NoTTY, style.Dark))
	assert.Equal(t, "# One\n\n## Two\n\n### Three\n\ntext", ansi.Strip(strings.Join(marked, "\n")))
}

// TestInlineCodeIsACalmAccent: inline code is drawn in the theme's inline
// code colours, not glamour's red on dark red.
func TestInlineCodeIsACalmAccent(t *testing.T) {
	for _, theme := range []style.Theme{style.Dark, style.Light} {
		line := markdown.Lines("use `go test`", 80, options(colorprofile.TrueColor, theme))[0]
		c := markdown.InlineCodeColours(theme)
		assert.Contains(t, line, sgr(c.Fg, 38)+";"+strings.TrimPrefix(sgr(c.Bg, 48), "\x1b[")+"mgo test", theme.String())
		assert.NotContains(t, line, "38;5;203")
	}
}

// sgr is the SGR parameters of a true colour, foreground (38) or
// background (48), as glamour writes them: "\x1b[38;2;R;G;B".
func sgr(c interface{ RGBA() (r, g, b, a uint32) }, which int) string {
	r, g, b, _ := c.RGBA()
	return fmt.Sprintf("\x1b[%d;2;%d;%d;%d", which, r>>8, g>>8, b>>8)
}

// TestProseIsCappedTablesAndCodeAreNot: at 200 columns a paragraph wraps
// at ProseWidth; a code block and a table may be wider.
func TestProseIsCappedTablesAndCodeAreNot(t *testing.T) {
	long := strings.Repeat("word ", 60)
	code := strings.Repeat("x", 150)
	lines := strings.Split(ansi.Strip(strings.Join(markdown.Lines(long+"\n\n```\n"+code+"\n```", 200, options(colorprofile.NoTTY, style.Dark)), "\n")), "\n")
	widest := 0
	for _, l := range lines[:len(lines)-2] {
		widest = max(widest, ansi.StringWidth(l))
	}
	assert.LessOrEqual(t, widest, markdown.ProseWidth)
	assert.Greater(t, widest, markdown.ProseWidth-10)
	assert.Contains(t, lines[len(lines)-1], code, "a code block keeps the whole width")
}

// TestTablesAreSizedToTheirContent: a table is as wide as its cells ask,
// not the width it is drawn at; a table too wide for the width still
// fits it.
func TestTablesAreSizedToTheirContent(t *testing.T) {
	md := "before\n\n| Name | Value |\n|---|---:|\n| alpha | 1 |\n| beta gamma | 22 |\n\nafter"
	lines := strings.Split(ansi.Strip(strings.Join(markdown.Lines(md, 100, options(colorprofile.NoTTY, style.Dark)), "\n")), "\n")
	require.Equal(t, []string{
		"before",
		"",
		" Name       │ Value",
		"────────────┼───────",
		" alpha      │     1",
		" beta gamma │    22",
		"",
		"after",
	}, lines)
	wide := "| a | b |\n|---|---|\n| " + strings.Repeat("x ", 40) + " | " + strings.Repeat("y ", 40) + " |"
	for _, l := range markdown.Lines(wide, 60, options(colorprofile.NoTTY, style.Dark)) {
		assert.LessOrEqual(t, ansi.StringWidth(l), 60, l)
	}
}
