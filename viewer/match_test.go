package viewer

import (
	"testing"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
)

func TestMatcherUsesSmartCase(t *testing.T) {
	assert.Equal(t, 3, newMatcher("go").count("Go go GO"))
	assert.Equal(t, 1, newMatcher("Go").count("Go go GO"))
	assert.Equal(t, 0, newMatcher("").count("anything"))
	assert.Equal(t, 2, newMatcher("aa").count("aaaaa"), "matches do not overlap")
	assert.Equal(t, 2, newMatcher("aa").count("AaAaA"))
	assert.Equal(t, 2, newMatcher("été").count("ÉTÉ été"), "beyond ASCII")
	assert.Equal(t, 0, newMatcher("[").count("{"), "only letters fold")
	assert.Equal(t, 1, newMatcher("x").count("X"))
	assert.Equal(t, 0, newMatcher("long query").count("short"))
}

func TestFindReturnsOriginalOffsets(t *testing.T) {
	text := "İstanbul ÉTÉ été"
	spans := newMatcher("été").find(text)
	if assert.Len(t, spans, 2) {
		for _, s := range spans {
			assert.Equal(t, "été", lower(text[s[0]:s[1]]))
		}
	}
	assert.Equal(t, [][2]int{{4, 7}}, newMatcher("bar").find("foo bar"))
}

func lower(s string) string {
	out, _ := foldCase(s)
	return out
}

func TestHighlightReversesOnlyTheMatch(t *testing.T) {
	red := lipgloss.NewStyle().Foreground(lipgloss.Color("#ff0000"))
	line := "say " + red.Render("hel") + "lo world, hello"
	got := newMatcher("hello").highlight(line, -1)
	assert.Equal(t, ansi.Strip(line), ansi.Strip(got), "the text is unchanged")
	assert.Equal(t, ansi.StringWidth(line), ansi.StringWidth(got))
	assert.Equal(t, "say \x1b[38;2;255;0;0m"+reverseOn+"hel\x1b[m"+reverseOn+"lo"+reverseOff+" world, "+reverseOn+"hello"+reverseOff, got,
		"reverse starts at the first cell and is set again after the SGR reset inside the match")
}

func TestHighlightCountsCellsOfWideCharacters(t *testing.T) {
	got := newMatcher("x").highlight("日本x", -1)
	assert.Equal(t, "日本"+reverseOn+"x"+reverseOff, got)
	assert.Equal(t, "no match", newMatcher("zz").highlight("no match", -1))
}

func TestReverseCellsAcrossSpans(t *testing.T) {
	assert.Equal(t, reverseOn+"ab"+reverseOff+"c"+reverseOn+"d"+reverseOff, reverseCells("abcd", [][2]int{{0, 2}, {3, 4}}, -1))
	assert.Equal(t, reverseOn+"a"+reverseOff+reverseOn+"b"+reverseOff, reverseCells("ab", [][2]int{{0, 1}, {1, 2}}, -1))
}

func TestTheCurrentMatchIsStyledApart(t *testing.T) {
	got := reverseCells("abcd", [][2]int{{0, 1}, {2, 3}}, 1)
	assert.Equal(t, reverseOn+"a"+reverseOff+"b"+currentOn+"c"+currentOff+"d", got)
	assert.Equal(t, "x"+currentOn+"yy"+currentOff+" "+reverseOn+"yy"+reverseOff, newMatcher("yy").highlight("xyy yy", 0))
}
