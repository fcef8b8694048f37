package viewer

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
)

// scrollThrough returns every row of the transcript, from the top down to
// the bottom, one j at a time.
func scrollThrough(t *testing.T, m Model) []string {
	t.Helper()
	m, _ = press(t, m, "g")
	rows := cardArea(m)
	for !m.atBottom() {
		m, _ = press(t, m, "j")
		area := cardArea(m)
		rows = append(rows, area[len(area)-1])
	}
	return rows
}

// assertEveryCardOnce checks that each of n titled cards appears exactly
// once in rows.
func assertEveryCardOnce(t *testing.T, rows []string, n int) {
	t.Helper()
	for i := range n {
		top := fmt.Sprintf("╭─ • %s ", cardTitle(i))
		assert.Equal(t, 1, countRows(rows, top), "%s at width %d", cardTitle(i), ansi.StringWidth(rows[0]))
	}
}

func countRows(rows []string, s string) int {
	n := 0
	for _, row := range rows {
		if strings.Contains(row, s) {
			n++
		}
	}
	return n
}

// assertFits checks that the view has exactly height rows of at most
// width cells.
func assertFits(t *testing.T, m Model, width, height int) {
	t.Helper()
	rows := strings.Split(m.View(), "\n")
	assert.Len(t, rows, height)
	for _, row := range rows {
		assert.LessOrEqual(t, ansi.StringWidth(row), width, "%q", ansi.Strip(row))
	}
}

func TestResizeKeepsEveryCardExactlyOnce(t *testing.T) {
	t.Parallel()
	entries := titledCards(60)
	for i := 3; i < 60; i += 7 {
		entries[i] = withText(i, strings.Repeat("words that wrap differently at every width ", 6))
	}
	m := newModel(80, 24, entries...)
	assertEveryCardOnce(t, scrollThrough(t, m), 60)
	m, _ = press(t, m, "space", "space", "space")
	for _, size := range [][2]int{{200, 50}, {40, 20}, {80, 24}} {
		topCard := m.top.card
		m, _ = send(t, m, tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		assert.Equal(t, topCard, m.top.card, "the card at the top stays at the top")
		assertFits(t, m, size[0], size[1])
		assertEveryCardOnce(t, scrollThrough(t, m), 60)
	}
}

func TestResizeInFollowModeStaysAtTheBottom(t *testing.T) {
	m := followingModel()
	m = appendCards(t, m, 0, 30)
	m, _ = send(t, m, tea.WindowSizeMsg{Width: 40, Height: 10})
	assert.Contains(t, screen(m), cardTitle(29))
	m, _ = send(t, m, tea.WindowSizeMsg{Width: 120, Height: 30})
	assert.Contains(t, screen(m), cardTitle(29))
	assert.True(t, m.atBottom())
}

func TestResizeKeepsThePlaceInsideALongCard(t *testing.T) {
	long := withText(1, strings.Repeat("a sentence that wraps into more rows on a narrow screen. ", 40))
	m := newModel(120, 12, titled(0), long, titled(2))
	m, _ = press(t, m, "e", "n")
	m, _ = press(t, m, "j", "j", "j", "j", "j", "j", "j", "j")
	before := m.top
	require.Equal(t, 1, before.card)
	m, _ = send(t, m, tea.WindowSizeMsg{Width: 60, Height: 12})
	assert.Equal(t, 1, m.top.card)
	assert.Greater(t, m.top.line, before.line, "the same place is further down in the narrower card")
}

func TestTinyScreensStillFit(t *testing.T) {
	entries := append(titledCards(5), longOutput("a", 40), cards.Message{Role: cards.RoleUser, Text: "hello"})
	for _, size := range [][2]int{{10, 3}, {1, 1}, {21, 2}, {30, 5}} {
		m := newModel(size[0], size[1], entries...)
		assertFits(t, m, size[0], size[1])
		m, _ = press(t, m, "G", "?")
		assertFits(t, m, size[0], size[1])
	}
}

func TestNoSizeShowsNothing(t *testing.T) {
	m := New(testOptions())
	m.SetEntries(titledCards(3))
	assert.Empty(t, m.Render().Content)
	m, _ = press(t, m, "j", "G", "n", "enter", "e")
	assert.Empty(t, m.View())
}

func TestEmptyTranscript(t *testing.T) {
	m := newModel(80, 12)
	m, _ = press(t, m, "j", "G", "n", "enter", "space")
	assertFits(t, m, 80, 12)
	assert.Contains(t, statusRow(m), "no cards")
}

func TestHelpTogglesTheFullHelp(t *testing.T) {
	m := newModel(120, 24, titledCards(10)...)
	assert.NotContains(t, screen(m), "half page down")
	assert.Equal(t, 22, m.contentHeight())
	m, _ = press(t, m, "?")
	assert.Contains(t, screen(m), "half page down")
	assert.Contains(t, screen(m), "expand/collapse all")
	assert.Equal(t, 12, m.contentHeight(), "the full help takes the source's row and ten rows of columns")
	assertFits(t, m, 120, 24)
	m, _ = press(t, m, "?")
	assert.NotContains(t, screen(m), "half page down")
}

func TestTheFullHelpNeverLosesAColumnAndDoesNotAdvertiseItself(t *testing.T) {
	opts := testOptions()
	opts.Source = "/home/dev/a/very/long/path/to/the/session.jsonl"
	for _, width := range []int{40, 80, 200} {
		m := New(opts)
		m.SetSize(width, 60)
		m.SetEntries(titledCards(3))
		assert.Contains(t, statusRow(m), "session.jsonl", "the status line shows the base name")
		assert.NotContains(t, statusRow(m), "/home/dev")
		m, _ = press(t, m, "?")
		help := strings.Join(screenRows(m)[m.contentHeight()+1:], "\n")
		for _, group := range m.opts.Keys.FullHelp() {
			for _, b := range group {
				assert.Contains(t, help, b.Help().Desc, "width %d", width)
			}
		}
		assert.NotContains(t, help, "? keys", "the full help does not list the key that shows it")
		if width >= 50 {
			assert.Contains(t, help, opts.Source, "the full help names the whole source")
		}
		assertFits(t, m, width, 60)
	}
}

func TestQuitKeys(t *testing.T) {
	m := newModel(80, 12, titledCards(3)...)
	for _, k := range []string{"q", "ctrl+c"} {
		_, cmd := press(t, m, k)
		require.NotNil(t, cmd, k)
		assert.IsType(t, tea.QuitMsg{}, cmd(), k)
	}
	m, _ = press(t, m, "/")
	_, cmd := press(t, m, "ctrl+c")
	require.NotNil(t, cmd)
	assert.IsType(t, tea.QuitMsg{}, cmd(), "ctrl+c quits from the prompt too")
}

func TestAZeroKeyMapBindsNothing(t *testing.T) {
	m := New(testOptions())
	m.KeyMap = KeyMap{}
	m.SetSize(80, 12)
	m.SetEntries(titledCards(20))
	before := screen(m)
	m, cmd := press(t, m, "j", "q", "G", "n")
	assert.Nil(t, cmd)
	assert.Equal(t, before, screen(m))
}

func TestViewUsesTheAltScreenAndTheMouseWheel(t *testing.T) {
	v := App{Model: newModel(80, 12, titledCards(3)...)}.View()
	assert.True(t, v.AltScreen)
	assert.Equal(t, tea.MouseModeCellMotion, v.MouseMode)
	assert.Nil(t, v.Cursor)
}

// TestTextWrapsBelow20Columns: a screen narrower than 20 columns still
// wraps the cards' text instead of cutting it.
func TestTextWrapsBelow20Columns(t *testing.T) {
	m := newModel(14, 30, cards.Message{Role: cards.RoleUser, Text: "please fix the failing test in count"}, longOutput("x", 1))
	text := strings.Join(screenRows(m), "\n")
	for _, word := range []string{"please", "failing", "count"} {
		assert.Contains(t, text, word, "every word of the message is on screen")
	}
	assert.Contains(t, text, "│ output    │", "the output wraps at its space")
	assert.Contains(t, text, "│ ↪ line 01 │")
	assertFits(t, m, 14, 30)
}
