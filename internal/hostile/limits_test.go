package hostile_test

import (
	"fmt"
	"strings"
	"testing"

	exportmd "github.com/cardtui/cardtui/export/markdown"

	"github.com/stretchr/testify/assert"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render"
)

// numbered is n lines "line 1" … "line n".
func numbered(n int) string {
	lines := make([]string, n)
	for i := range lines {
		lines[i] = fmt.Sprintf("line %d", i+1)
	}
	return strings.Join(lines, "\n")
}

// drawn is an entry drawn without colour at width 80, collapsed or
// expanded.
func drawn(e cards.Entry, expanded bool) string {
	o := plainOptions(80)
	o.Expanded = expanded
	return render.Entry(e, o)
}

func TestLongMessageIsFoldedUntilExpanded(t *testing.T) {
	text := strings.ReplaceAll(numbered(1000), "\n", "\n\n")
	for _, role := range []cards.Role{cards.RoleUser, cards.RoleAssistant} {
		m := cards.Message{Role: role, Text: text}

		collapsed := drawn(m, false)
		assert.Contains(t, collapsed, "line 100\n")
		assert.NotContains(t, collapsed, "line 101\n")
		assert.Contains(t, collapsed, "… 1799 more lines (enter to expand)")
		assert.Contains(t, drawn(m, true), "line 1000")
	}
}

func TestHugeOneLineMessageIsFolded(t *testing.T) {
	m := cards.Message{Role: cards.RoleAssistant, Text: strings.Repeat("word ", 1<<20)}

	collapsed := drawn(m, false)

	assert.Less(t, len(collapsed), 64<<10)
	assert.Contains(t, collapsed, "… 1 more line (enter to expand)")
}

func TestShortMessageIsWhole(t *testing.T) {
	m := cards.Message{Role: cards.RoleAssistant, Text: numbered(150)}

	assert.Equal(t, drawn(m, true), drawn(m, false))
}

func TestLongCommandIsFoldedUntilExpanded(t *testing.T) {
	c := cards.ToolCard{ID: "c1", Call: cards.TerminalCall{Title: numbered(100), Cwd: "/" + strings.Repeat("deep/", 200)}}

	collapsed := drawn(c, false)

	assert.Contains(t, collapsed, "line 12 ")
	assert.NotContains(t, collapsed, "line 13 ")
	assert.Contains(t, collapsed, "… 88 more lines (enter to expand)")
	assert.Less(t, strings.Count(collapsed, "\n"), 20)
	assert.Contains(t, drawn(c, true), "line 100")
}

func TestGenericCallPartsAreFolded(t *testing.T) {
	locations := make([]cards.FileLocation, 500)
	for i := range locations {
		locations[i] = cards.FileLocation{Path: fmt.Sprintf("/src/f%d.go", i), Line: 1}
	}
	c := cards.ToolCard{ID: "c1", Call: cards.GenericCall{
		Title: "t", Locations: locations,
		Content: []cards.ContentBlock{cards.TextBlock{Text: strings.ReplaceAll(numbered(500), "\n", "\n\n")}},
	}}

	collapsed := drawn(c, false)

	assert.Less(t, strings.Count(collapsed, "\n"), 50)
	assert.Contains(t, collapsed, "… 480 more lines (enter to expand)", "of the locations")
	assert.Contains(t, drawn(c, true), "/src/f499.go")
}

// TestDeepRawInputIsShownAsText: a raw input nested deeper than JSON's
// limit, which only a Go caller can build (the decoders reject it), is
// shown as folded text: pretty-printing it fails cleanly, without
// recursion.
func TestDeepRawInputIsShownAsText(t *testing.T) {
	c := cards.ToolCard{ID: "c1", Call: cards.GenericCall{Title: "deep", RawInput: []byte(nested(100_000))}}

	collapsed := drawn(c, false)

	assert.Contains(t, collapsed, "[[[[")
	assert.Less(t, strings.Count(collapsed, "\n"), 20)
	assert.NotContains(t, collapsed, "could not draw")
}

// TestIndentBombIsShownAsItIs: 18 KB of JSON nested 9,000 levels deep,
// which pretty-printing would indent to 160 MB, is shown as it is, in the
// card and in the Markdown export; JSON nested less deep is still
// pretty-printed.
func TestIndentBombIsShownAsItIs(t *testing.T) {
	bomb := cards.ToolCard{ID: "c1", Call: cards.GenericCall{Title: "deep", RawInput: []byte(nested(9000))}}

	assert.Contains(t, drawn(bomb, false), "│ [[[[[[[[")
	assert.Less(t, len(exportmd.Entry(bomb, plainOptions(80))), 64<<10)

	fine := cards.ToolCard{ID: "c2", Call: cards.GenericCall{Title: "deep", RawInput: []byte(nested(3))}}
	assert.Contains(t, drawn(fine, false), "│     []")
}
