package viewer

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
)

const hiddenNote = "… 25 more lines (enter to expand)"

func TestEnterExpandsAndCollapsesTheFocusedCard(t *testing.T) {
	m := newModel(80, 40, titled(0), longOutput("a", 40), longOutput("b", 40))
	require.Contains(t, screen(m), hiddenNote)
	require.NotContains(t, screen(m), "output line 20")

	m, _ = press(t, m, "n", "enter")
	assert.True(t, marked(m, "make a"))
	assert.Contains(t, screen(m), "output line 20")
	assert.Contains(t, screen(m), "output line 30")
	assert.NotContains(t, screen(m), hiddenNote, "card a is expanded, card b is below the screen")

	m, _ = press(t, m, "enter")
	assert.Contains(t, screen(m), hiddenNote)
	assert.NotContains(t, screen(m), "output line 20")
	assert.Equal(t, 2, strings.Count(screen(m), "make a"), "title and command line")
}

func TestExpandingKeepsTheCardsStartOnScreen(t *testing.T) {
	m := newModel(80, 24, titledCards(3)...)
	m.SetEntries(append(titledCards(3), longOutput("a", 60)))
	m, _ = press(t, m, "n", "n", "n", "enter")
	rows := screenRows(m)
	assert.Contains(t, rows[0], "make a", "the expanded card is taller than the screen: its top goes to the top")
	m, _ = press(t, m, "space", "enter")
	assert.Contains(t, screen(m), "╭─ ▶ make a", "collapsing from inside the card goes back to its start")
	assert.Contains(t, screen(m), "… 45 more lines (enter to expand)")
}

func TestToggleAllExpandsEveryCard(t *testing.T) {
	m := newModel(80, 100, longOutput("a", 40), longOutput("b", 40))
	require.Equal(t, 2, strings.Count(screen(m), "more lines (enter to expand)"))
	m, _ = press(t, m, "e")
	assert.Zero(t, strings.Count(screen(m), "more lines (enter to expand)"))
	assert.Equal(t, 2, strings.Count(screen(m), "output line 20"))
	m, _ = press(t, m, "e")
	assert.Equal(t, 2, strings.Count(screen(m), "more lines (enter to expand)"))
}

func TestToggleAllResetsSingleCards(t *testing.T) {
	m := newModel(80, 100, longOutput("a", 40), longOutput("b", 40))
	m, _ = press(t, m, "enter", "e")
	assert.Zero(t, strings.Count(screen(m), "more lines"), "e expands all, the one expanded card too")
	m, _ = press(t, m, "e")
	assert.Equal(t, 2, strings.Count(screen(m), "more lines"))
}

func TestRenderExpandedOptionExpandsEveryCardAtFirst(t *testing.T) {
	opts := testOptions()
	opts.Render.Expanded = true
	m := New(opts)
	m.SetSize(80, 100)
	m.SetEntries([]cards.Entry{longOutput("a", 40)})
	assert.NotContains(t, screen(m), "more lines")
	m, _ = press(t, m, "enter")
	assert.Contains(t, screen(m), hiddenNote)
}

func TestAResultArrivingRedrawsItsCard(t *testing.T) {
	call := cards.ToolCard{ID: "1", Call: cards.TerminalCall{Title: "go test ./..."}}
	m := newModel(80, 24, titled(0), call)
	require.Contains(t, screen(m), "running")
	require.Contains(t, statusRow(m), "1 running")

	zero := 0
	done := call
	done.Result = cards.TerminalResult{Output: "ok\n", ExitCode: &zero}
	m, _ = send(t, m, EntriesMsg{Updates: []cards.Change{{Index: 1, Entry: done}}})
	assert.NotContains(t, screen(m), "running")
	assert.Contains(t, screen(m), "exit 0")
	assert.NotContains(t, statusRow(m), "running", "no call runs any more")
	assert.Equal(t, 1, strings.Count(screen(m), "╭─ ▶ go test"), "the card was replaced, not added")
}
