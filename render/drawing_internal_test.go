package render

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"

	"github.com/cardtui/cardtui/cards"
)

// TestADrawingHoldsTheTextNotThePaddedRows: an expanded card of 10,000
// short lines drawn 300 cells wide keeps about the text of its lines, not
// 10,000 rows of 300 cells, and still gives every row framed to the width.
func TestADrawingHoldsTheTextNotThePaddedRows(t *testing.T) {
	var out strings.Builder
	for i := range 10_000 {
		fmt.Fprintf(&out, "line %05d\n", i)
	}
	card := cards.ToolCard{ID: "t", Tool: "bash", Call: cards.TerminalCall{Title: "seq"},
		Result: cards.TerminalResult{Output: out.String()}}
	o := Options{Width: 300, Profile: colorprofile.TrueColor, Theme: Dark, Terminal: true, Expanded: true}

	d := Draw(card, o)
	held := 0
	for _, s := range [][]string{d.head, d.body, d.tail} {
		for _, line := range s {
			held += len(line)
		}
	}
	assert.Less(t, held, 40*d.Len(), "the rows are held unpadded")
	assert.Greater(t, d.Len(), 10_000)
	assert.Equal(t, EntryLines(card, o), d.Lines())
	for _, i := range []int{0, 1, d.Len() / 2, d.Len() - 1} {
		assert.Equal(t, 300, ansi.StringWidth(d.Line(i)), "line %d", i)
	}
}
