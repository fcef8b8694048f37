package viewer

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
)

// slowCard is the slowest card of the hostile corpus (diff-swap): a
// write whose diff turns n lines "a" and n "b" into n "b" then n "a",
// which takes the line diff its whole time budget.
func slowCard() cards.ToolCard {
	const n = 120_000
	a, b := strings.Repeat("a\n", n), strings.Repeat("b\n", n)
	return cards.ToolCard{ID: "w1", Call: cards.DiffCall{Title: "Edit swap.txt",
		Diffs: []cards.FileDiff{{Path: "swap.txt", OldText: &[]string{a + b}[0], NewText: b + a}}}}
}

// TestSlowCardIsDrawnInTheBackground: while a card takes long to draw,
// the screen shows a placeholder in its place and q still quits; once it
// is drawn, a cardsDrawnMsg brings it to the screen.
func TestSlowCardIsDrawnInTheBackground(t *testing.T) {
	opts := testOptions()
	opts.RenderWait = 20 * time.Millisecond
	m := New(opts)
	m.SetSize(100, 20)
	m, _ = send(t, m, EntriesMsg{Updates: []Update{{Index: 0, Entry: titled(0)}, {Index: 1, Entry: slowCard()}}})

	before := time.Now()
	assert.Contains(t, screen(m), drawingNote, "the card is not drawn yet")
	assert.Contains(t, screen(m), "card 0", "the other cards are")
	_, cmd := press(t, m, "q")
	require.NotNil(t, cmd)
	assert.IsType(t, tea.QuitMsg{}, cmd())

	for strings.Contains(screen(m), drawingNote) {
		m, cmd = send(t, m, m.drawings.waitDrawn())
		require.NotNil(t, cmd, "the model waits for the next card drawn")
		require.Less(t, time.Since(before), time.Minute)
	}
	drawnAfter := time.Since(before)
	assert.Contains(t, screen(m), "swap.txt")
	t.Logf("drawn after %v", drawnAfter)
}

// TestQuickCardsAreDrawnAtOnce: a card drawn within RenderWait is shown
// at once, never as a placeholder.
func TestQuickCardsAreDrawnAtOnce(t *testing.T) {
	opts := testOptions()
	opts.RenderWait = time.Hour
	m := New(opts)
	m.SetSize(100, 20)
	m, _ = send(t, m, EntriesMsg{Updates: []Update{{Index: 0, Entry: titled(0)}}})
	assert.Contains(t, screen(m), "card 0")
	assert.NotContains(t, screen(m), drawingNote)
}
