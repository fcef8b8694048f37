package viewer

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"

	"github.com/cardtui/cardtui/cards"
)

// TestArrowsScrollTheFocusedCardSideways: → shows the focused card from a
// later column, drawn wider, so that a line cut at the screen's width can
// be read to its end; ← goes back, never before the first column; the
// other cards stay where they are, and a card focused next starts at its
// first column.
func TestArrowsScrollTheFocusedCardSideways(t *testing.T) {
	long := "begin " + strings.Repeat("middle ", 12) + "THE-END"
	output := func(id string) cards.Entry { // an answered call's raw input: one line, cut
		return cards.ToolCard{
			ID: id, Tool: "t", Call: cards.GenericCall{Title: "run " + id, RawInput: json.RawMessage(`{"text": "` + long + `"}`)},
			Result: cards.GenericResult{Content: []cards.ContentBlock{cards.TextBlock{Text: "ok"}}},
		}
	}
	m := newModel(60, 30, output("a"), output("b"))
	screen := func() string { return ansi.Strip(m.View()) }
	assert.NotContains(t, screen(), "THE-END", "the line is wrapped or cut at 60 columns")
	assert.Equal(t, 0, m.focus)

	for range 6 {
		m, _ = press(t, m, "right")
	}
	assert.Equal(t, 6*HScrollStep, m.shift(0))
	rows := strings.Split(screen(), "\n")
	assert.Contains(t, strings.Join(rows, "\n"), "THE-END", "the focused card shows its end")
	for _, row := range rows {
		assert.LessOrEqual(t, ansi.StringWidth(row), 60, "every row still fits the screen")
	}
	assert.Contains(t, screen(), "run b", "the other card is not moved")

	for range 10 {
		m, _ = press(t, m, "left")
	}
	assert.Equal(t, 0, m.shift(0), "never left of the first column")

	m, _ = press(t, m, "right", "tab")
	assert.Equal(t, 1, m.focus)
	assert.Equal(t, 0, m.shift(1), "the next card starts at its first column")
	assert.Equal(t, 0, m.shift(0), "and only the focused card is scrolled")
}
