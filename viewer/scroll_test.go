package viewer

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// With 80x12 and one help row, 10 rows show cards; a titled card takes
// 3 rows and the blank row after it 1.

func TestLineDownAndUpScrollOneRow(t *testing.T) {
	m := newModel(80, 12, titledCards(20)...)
	require.Contains(t, screenRows(m)[0], "card 000")
	require.Contains(t, screenRows(m)[9], "body 002")
	for _, k := range []string{"j", "down"} {
		m, _ = press(t, m, k)
		assert.Contains(t, screenRows(m)[0], "body 000", k)
		assert.Contains(t, screenRows(m)[8], "body 002", k)
		assert.Contains(t, screenRows(m)[9], "╰", k)
		m, _ = press(t, m, "k")
		assert.Contains(t, screenRows(m)[0], "card 000")
	}
	m, _ = press(t, m, "j", "j", "up")
	assert.Contains(t, screenRows(m)[0], "body 000")
}

func TestHalfPageAndPageMotions(t *testing.T) {
	m := newModel(80, 12, titledCards(20)...)
	tests := []struct {
		keys []string
		top  string
	}{
		{[]string{"ctrl+d"}, "body 001"},           // 5 rows
		{[]string{"ctrl+d", "ctrl+u"}, "card 000"}, // and back
		{[]string{"space"}, "╰"},                   // 10 rows: card 2's bottom edge
		{[]string{"pgdown"}, "╰"},
		{[]string{"space", "space"}, "card 005"},
		{[]string{"space", "b"}, "card 000"},
		{[]string{"pgdown", "pgup"}, "card 000"},
	}
	for _, tt := range tests {
		got, _ := press(t, m, tt.keys...)
		assert.Contains(t, screenRows(got)[0], tt.top, tt.keys)
	}
}

func TestTopAndBottom(t *testing.T) {
	m := newModel(80, 12, titledCards(20)...)
	for _, k := range []string{"G", "end"} {
		got, _ := press(t, m, k)
		rows := screenRows(got)
		assert.Contains(t, rows[9], "╰", "the last card's bottom edge is the last row")
		assert.Contains(t, rows[7], "card 019")
		assert.Contains(t, statusRow(got), "card 20/20")
		assert.Contains(t, statusRow(got), "pinned")
		for _, k := range []string{"g", "home"} {
			top, _ := press(t, got, k)
			assert.Contains(t, screenRows(top)[0], "card 000")
			assert.Contains(t, statusRow(top), "card 1/20")
			assert.NotContains(t, statusRow(top), "pinned")
		}
	}
}

func TestScrollStopsAtTheEnds(t *testing.T) {
	m := newModel(80, 12, titledCards(20)...)
	up, _ := press(t, m, "k", "b", "ctrl+u")
	assert.Equal(t, screen(m), screen(up))
	bottom, _ := press(t, m, "G")
	further, _ := press(t, bottom, "j", "space", "ctrl+d")
	assert.Equal(t, screen(bottom), screen(further))
}

func TestContentShorterThanTheScreenStaysAtTheTop(t *testing.T) {
	m := newModel(80, 12, titledCards(2)...)
	m, _ = press(t, m, "G", "j", "space")
	rows := screenRows(m)
	assert.Contains(t, rows[0], "card 000")
	assert.Contains(t, rows[4], "card 001")
	assert.Empty(t, rows[7])
	assert.Len(t, rows, 12)
}

func TestMouseWheelScrollsThreeRows(t *testing.T) {
	m := newModel(80, 12, titledCards(20)...)
	m, _ = send(t, m, tea.MouseWheelMsg{Button: tea.MouseWheelDown})
	assert.Empty(t, screenRows(m)[0], "row 3 is the blank after card 0")
	assert.Contains(t, screenRows(m)[1], "card 001")
	m, _ = send(t, m, tea.MouseWheelMsg{Button: tea.MouseWheelUp})
	assert.Contains(t, screenRows(m)[0], "card 000")
}

func TestFocusMovesAndIsMarked(t *testing.T) {
	m := newModel(80, 12, titledCards(20)...)
	assert.True(t, marked(m, "card 000"))
	for _, k := range []string{"n", "tab"} {
		got, _ := press(t, m, k)
		assert.False(t, marked(got, "card 000"), k)
		assert.True(t, marked(got, "card 001"), k)
		assert.Contains(t, statusRow(got), "card 2/20")
		for _, back := range []string{"p", "shift+tab"} {
			again, _ := press(t, got, back)
			assert.True(t, marked(again, "card 000"), back)
			assert.Contains(t, statusRow(again), "card 1/20")
		}
	}
}

func TestFocusScrollsItsCardIntoView(t *testing.T) {
	m := newModel(80, 12, titledCards(20)...)
	m, _ = press(t, m, "n", "n", "n")
	rows := screenRows(m)
	assert.True(t, marked(m, "card 003"))
	assert.Contains(t, rows[7], "card 003", "the card is scrolled up just enough to show it whole")
	assert.Contains(t, rows[9], "╰")
	for range 10 {
		m, _ = press(t, m, "p")
	}
	assert.Contains(t, screenRows(m)[0], "card 000")
	assert.True(t, marked(m, "card 000"))
}

func TestScrollingKeepsTheFocusOnScreen(t *testing.T) {
	m := newModel(80, 12, titledCards(20)...)
	m, _ = press(t, m, "space", "space")
	assert.True(t, marked(m, "card 005"), "the first card with a line on screen takes the focus")
	m, _ = press(t, m, "k")
	assert.True(t, marked(m, "card 005"), "a focus on screen stays")
	m, _ = press(t, m, "G", "g")
	assert.True(t, marked(m, "card 000"))
}

// marked reports whether the rows of the card with the title carry the
// focus marker (and no other card's do).
func marked(m Model, title string) bool {
	rows := screenRows(m)
	for i, row := range rows[:m.contentHeight()] {
		if strings.Contains(row, title) {
			return strings.HasPrefix(row, "┃") && strings.HasPrefix(rows[i+1], "┃")
		}
	}
	return false
}
