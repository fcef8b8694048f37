package render

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render/style"
)

// TestADrawingHoldsTheTextNotThePaddedRows: an expanded card of 10,000
// short lines drawn 300 cells wide keeps about the text of its lines, not
// 10,000 rows of 300 cells, and still gives every row framed to the width.
func TestADrawingHoldsTheTextNotThePaddedRows(t *testing.T) {
	card := outputCard(10_000)
	o := style.Options{Width: 300, Profile: colorprofile.TrueColor, Theme: style.Dark, Terminal: true, Expanded: true}

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

// TestFinishKeepsHugeDrawingsLazy: Finish finishes the lines of a drawing
// up to FinishedLines tall, and leaves a taller one as it is.
func TestFinishKeepsHugeDrawingsLazy(t *testing.T) {
	o := style.Options{Width: 60, Profile: colorprofile.TrueColor, Theme: style.Dark, Terminal: true, Expanded: true}
	short := Draw(outputCard(10), o).Finish()
	assert.Len(t, short.finished, short.Len())
	assert.Equal(t, EntryLines(outputCard(10), o), short.Lines())
	tall := Draw(outputCard(FinishedLines+1), o).Finish()
	assert.Nil(t, tall.finished)
}

// TestDrawAllYieldsEveryDrawingInOrder: DrawAll gives what Draw gives, in
// order, and stops drawing when the caller stops.
func TestDrawAllYieldsEveryDrawingInOrder(t *testing.T) {
	o := style.Options{Width: 60, Profile: colorprofile.NoTTY, Theme: style.Dark, Terminal: true}
	var entries []cards.Entry
	for i := range 200 {
		entries = append(entries, outputCard(i%7), cards.Notice{Text: fmt.Sprintf("notice %d", i)})
	}
	n := 0
	for i, d := range DrawAll(entries, o) {
		require.Equal(t, n, i)
		require.Equal(t, EntryLines(entries[i], o), d.Lines(), "entry %d", i)
		n++
	}
	assert.Equal(t, len(entries), n)

	for i := range DrawAll(entries, o) {
		if i == 3 {
			break // DrawAll must return, its goroutines stop
		}
	}
}

// outputCard is a terminal card whose output has n lines.
func outputCard(n int) cards.ToolCard {
	var out strings.Builder
	for i := range n {
		fmt.Fprintf(&out, "line %d\n", i)
	}
	return cards.ToolCard{
		ID: "t", Tool: "bash", Call: cards.TerminalCall{Title: "seq"},
		Result: cards.TerminalResult{Output: out.String()},
	}
}

// TestPlainIsTheTextOfALine: Plain is a line's text without escapes and,
// in a card's body, without its frame.
func TestPlainIsTheTextOfALine(t *testing.T) {
	o := style.Options{Width: 40, Profile: colorprofile.TrueColor, Theme: style.Dark, Terminal: true}
	d := Draw(outputCard(3), o)
	for i := range d.Len() {
		visible := ansi.Strip(d.Line(i))
		plain := d.Plain(i)
		assert.NotContains(t, plain, "\x1b")
		if i == 0 || i == d.Len()-1 {
			assert.Equal(t, visible, plain, "the frame's edges are lines of their own")
			continue
		}
		assert.Equal(t, strings.TrimRight(visible[len("│ "):len(visible)-len(" │")], " "), strings.TrimRight(plain, " "), "line %d", i)
	}
}
