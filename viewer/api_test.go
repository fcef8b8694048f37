package viewer

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
)

var _ help.KeyMap = KeyMap{} // a harness shows the keys in its own bubbles/help

// upserted is a viewer of the given size with n titled cards set by the
// ids "c0" … .
func upserted(width, height, n int) Model {
	m := newModel(width, height)
	for i := range n {
		m.Upsert(fmt.Sprint("c", i), titled(i))
	}
	return m
}

func TestBlurredViewerIgnoresKeysAndDrawsNoFocusNorHelp(t *testing.T) {
	m := newModel(80, 12, titledCards(20)...)
	require.True(t, m.Focused())
	require.Contains(t, screen(m), "q quit")
	require.True(t, marked(m, cardTitle(0)))

	m.Blur()
	assert.False(t, m.Focused())
	before := screen(m)
	m, cmd := press(t, m, "j", "G", "n", "enter", "/", "q")
	assert.Nil(t, cmd, "q does not quit a blurred viewer")
	m, _ = send(t, m, tea.PasteMsg{Content: "x"})
	assert.Equal(t, before, screen(m), "keys and pastes are ignored")
	assert.NotContains(t, screen(m), "q quit", "no key help")
	assert.False(t, marked(m, cardTitle(0)), "no focus bar")
	assert.Len(t, screenRows(m), 12, "the rows of the help show cards")

	m.Focus()
	m, _ = press(t, m, "j")
	assert.NotEqual(t, before, screen(m))
}

func TestStatusAndHelpLinesAreOptional(t *testing.T) {
	opts := testOptions()
	opts.HideStatus, opts.HideHelp = true, true
	m := New(opts)
	m.SetSize(80, 10)
	m.SetEntries(titledCards(20))
	assert.Equal(t, 10, m.contentHeight())
	assert.NotContains(t, screen(m), "card 1/20")
	assert.NotContains(t, screen(m), "q quit")

	m, _ = press(t, m, "/")
	assert.Equal(t, "/", strings.TrimSpace(screenRows(m)[9]), "the prompt still has its row")
	m, _ = press(t, m, "esc")
	assert.Equal(t, 10, m.contentHeight())
}

func TestUpdateReturnsTheModelAndIgnoresWindowSizes(t *testing.T) {
	m := newModel(80, 12, titledCards(3)...)
	next, cmd := m.Update(tea.WindowSizeMsg{Width: 20, Height: 5})
	assert.Nil(t, cmd)
	assert.Equal(t, 80, next.Width(), "the parent sizes the viewer with SetSize")
	app, _ := App{Model: m}.Update(tea.WindowSizeMsg{Width: 40, Height: 5})
	assert.Equal(t, 40, app.(App).Width(), "App sizes it to the window")
	assert.Equal(t, 5, app.(App).Height())
}

func TestCopiesShareNoState(t *testing.T) {
	a := upserted(80, 12, 600) // more than two chunks
	b := a
	b.Upsert("c1", withText(1, "changed in b"))
	b.Upsert("new", titled(999))
	b, _ = press(t, b, "G", "enter")
	a.Upsert("c2", withText(2, "changed in a"))

	ea, _ := a.Entry("c1")
	assert.Equal(t, titled(1), ea, "a keeps its entry")
	_, ok := a.Entry("new")
	assert.False(t, ok)
	eb, _ := b.Entry("c2")
	assert.Equal(t, titled(2), eb, "b keeps its entry")
	assert.Equal(t, 600, a.Len())
	assert.Equal(t, 601, b.Len())
	assert.Contains(t, screen(a), "card 000", "a's screen did not move")
	assert.False(t, a.isExpanded(600-1), "b's expansion is b's")

	c := a
	a.SetFollow(true)
	assert.False(t, c.Following())
	c = a
	a.Remove("c3")
	_, ok = c.Entry("c3")
	assert.True(t, ok, "a copy keeps what the original removed")
}

func TestUpsertRemoveEntry(t *testing.T) {
	m := upserted(80, 24, 3)
	require.Equal(t, 3, m.Len())
	m.Upsert("c1", withText(1, "the result"))
	assert.Equal(t, 3, m.Len(), "an id seen before replaces its entry")
	e, ok := m.Entry("c1")
	require.True(t, ok)
	assert.Equal(t, withText(1, "the result"), e)
	assert.Contains(t, screen(m), "the result")
	m.Upsert("c1", nil)
	assert.Equal(t, 3, m.Len(), "a nil entry is ignored")

	m.FocusEntry("c2")
	assert.True(t, m.Remove("c1"))
	assert.False(t, m.Remove("c1"))
	assert.Equal(t, 2, m.Len())
	assert.Equal(t, "c2", m.FocusedID(), "the focus stays on its card")
	_, ok = m.Entry("c1")
	assert.False(t, ok)
	assert.NotContains(t, screen(m), "the result")
	e, _ = m.Entry("c2")
	assert.Equal(t, titled(2), e, "the ids after the removed entry still find theirs")

	m.Apply(cards.Change{ID: "c2", Entry: withText(2, "by Apply")}, cards.Change{Index: 99, Entry: titled(7)})
	assert.Equal(t, 3, m.Len())
	e, _ = m.Entry("c2")
	assert.Equal(t, withText(2, "by Apply"), e)
}

func TestFeedUpdatesByID(t *testing.T) {
	m := newModel(80, 24)
	m, _ = send(t, m, EntriesMsg{Updates: []cards.Change{{ID: "a", Entry: titled(0)}, {ID: "b", Entry: titled(1)}, {ID: "a", Entry: withText(0, "done")}}})
	assert.Equal(t, 2, m.Len())
	e, _ := m.Entry("a")
	assert.Equal(t, withText(0, "done"), e)
}

func TestFocusEntryFocusedIDAndEntry(t *testing.T) {
	m := upserted(80, 12, 30)
	assert.Equal(t, "c0", m.FocusedID())
	assert.True(t, m.FocusEntry("c25"))
	assert.Equal(t, "c25", m.FocusedID())
	assert.Equal(t, titled(25), m.FocusedEntry())
	assert.True(t, marked(m, cardTitle(25)), "the focused card is on screen")
	assert.False(t, m.FocusEntry("nope"))

	empty := newModel(80, 12)
	assert.Equal(t, "", empty.FocusedID())
	assert.Nil(t, empty.FocusedEntry())
	noID := newModel(80, 12, titled(0))
	assert.Equal(t, "", noID.FocusedID(), "an entry set without an id")
}

func TestExpandByID(t *testing.T) {
	m := newModel(80, 40)
	m.Upsert("long", longOutput("long", 40))
	assert.NotContains(t, screen(m), "output line 20")
	assert.True(t, m.Expand("long", true))
	assert.Contains(t, screen(m), "output line 20")
	assert.True(t, m.Expand("long", false))
	assert.NotContains(t, screen(m), "output line 20")
	assert.False(t, m.Expand("nope", true))
}

func TestSetFollow(t *testing.T) {
	m := upserted(80, 12, 30)
	assert.False(t, m.Following())
	m.SetFollow(true)
	assert.True(t, m.Following())
	assert.Contains(t, screen(m), cardTitle(29))
	assert.Contains(t, statusRow(m), "pinned")
	m.Upsert("c30", titled(30))
	assert.Contains(t, screen(m), cardTitle(30), "a pinned view shows the newest card")
	m.SetFollow(false)
	m.Upsert("c31", titled(31))
	assert.NotContains(t, screen(m), cardTitle(31))
}

func TestSearchAndMatchesFromTheHarness(t *testing.T) {
	m := newModel(80, 12, needles()...)
	cmd := m.Search("needle")
	require.NotNil(t, cmd)
	m, _ = send(t, m, cmd())
	assert.Contains(t, statusRow(m), "match 1/4")
	m.NextMatch()
	assert.Contains(t, statusRow(m), "match 2/4")
	m.PrevMatch()
	m.PrevMatch()
	assert.Contains(t, statusRow(m), "match 4/4", "wraps around")
	m.ClearSearch()
	assert.NotContains(t, statusRow(m), "match")
	assert.Nil(t, m.Search(""), "an empty query clears the search")
}

func TestRenderReturnsTheCursorAndTheMouseMode(t *testing.T) {
	m := newModel(80, 12, titledCards(3)...)
	f := m.Render()
	assert.Nil(t, f.Cursor)
	assert.Equal(t, tea.MouseModeCellMotion, f.MouseMode)
	assert.Equal(t, m.View(), f.Content)
	m, _ = press(t, m, "/")
	m = typeText(t, m, "ab")
	f = m.Render()
	require.NotNil(t, f.Cursor)
	assert.Equal(t, tea.Position{X: 3, Y: m.contentHeight()}, f.Cursor.Position, "after /ab, on the prompt's row")
}

func TestClickFocusesAndAHeaderClickExpands(t *testing.T) {
	m := newModel(80, 30, titled(0), longOutput("x", 40), titled(2))
	m.SetOrigin(0, 2) // the parent draws the viewer from row 2 on
	// rows: card 0 is 0-2, blank 3, card 1 starts at 4.
	m, _ = send(t, m, tea.MouseClickMsg{X: 10, Y: 2 + 5, Button: tea.MouseLeft})
	assert.Equal(t, 1, m.focus, "a click in a card's body focuses it")
	assert.False(t, m.isExpanded(1))
	m, _ = send(t, m, tea.MouseClickMsg{X: 10, Y: 2 + 4, Button: tea.MouseLeft})
	assert.True(t, m.isExpanded(1), "a click on its header expands it")
	assert.Contains(t, screen(m), "output line 20")
	m, _ = send(t, m, tea.MouseClickMsg{X: 10, Y: 2 + 3, Button: tea.MouseLeft})
	assert.Equal(t, 1, m.focus, "a click between cards does nothing")
	m, _ = send(t, m, tea.MouseClickMsg{X: 10, Y: 1, Button: tea.MouseLeft})
	assert.Equal(t, 1, m.focus, "a click above the viewer does nothing")
	m, _ = send(t, m, tea.MouseClickMsg{X: 10, Y: 2, Button: tea.MouseRight})
	assert.Equal(t, 1, m.focus, "only the left button")
}

func TestTheWheelScrolls(t *testing.T) {
	m := newModel(80, 12, titledCards(20)...)
	m, _ = send(t, m, tea.MouseWheelMsg{Button: tea.MouseWheelDown})
	assert.Equal(t, position{card: 0, line: 3}, m.top)
	m, _ = send(t, m, tea.MouseWheelMsg{Button: tea.MouseWheelUp})
	assert.Equal(t, position{}, m.top)
}

func TestARunningCallShowsItsElapsedTime(t *testing.T) {
	start := time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)
	clock := start
	m := newModel(60, 12)
	m.now = func() time.Time { return clock }
	call := cards.ToolCard{ID: "c", Call: cards.TerminalCall{Title: "sleep 100"}}
	m, cmd := send(t, m, EntriesMsg{Updates: []cards.Change{{ID: "c", Entry: call}}})
	require.NotNil(t, cmd, "a running call starts the refresh")
	assert.Contains(t, screenRows(m)[0], "─ running 0s ─╮")

	clock = start.Add(75 * time.Second)
	m, cmd = send(t, m, tickMsg{})
	assert.NotNil(t, cmd, "it goes on while the call runs")
	assert.Contains(t, screenRows(m)[0], "─ running 1m15s ─╮")
	assert.Equal(t, 60, ansi.StringWidth(screenRows(m)[0]), "the header keeps its width")
	m, _ = send(t, m, EntriesMsg{Updates: []cards.Change{{ID: "c", Entry: call}}})
	assert.Contains(t, screenRows(m)[0], "1m15s", "an update of a running call keeps its start")

	call.Result = cards.TerminalResult{ExitCode: cards.Exit(0)}
	m, _ = send(t, m, EntriesMsg{Updates: []cards.Change{{ID: "c", Entry: call}}})
	m, cmd = send(t, m, tickMsg{})
	assert.Nil(t, cmd, "no call runs: no refresh")
	assert.Contains(t, screenRows(m)[0], "exit 0")
	assert.Equal(t, "2h03m", elapsed(2*time.Hour+3*time.Minute+59*time.Second))
}

// TestAStreamingCommandRunsUntilItsResultSaysItEnded: a terminal result
// with Running set is output so far; the card stays running (its badge,
// its elapsed time, the status line's count) until a result without it.
func TestAStreamingCommandRunsUntilItsResultSaysItEnded(t *testing.T) {
	m := newModel(60, 12)
	call := cards.ToolCard{ID: "c", Call: cards.TerminalCall{Title: "go test ./..."}}
	m.Upsert("c", call)
	call.Result = cards.TerminalResult{Output: "=== RUN TestA\n", Running: true}
	m, cmd := send(t, m, EntriesMsg{Updates: []cards.Change{{ID: "c", Entry: call}}})
	assert.NotNil(t, cmd, "a streaming command keeps the elapsed time ticking")
	assert.Contains(t, screenRows(m)[0], "─ running 0s ─╮")
	assert.Contains(t, screen(m), "=== RUN TestA")
	assert.Contains(t, screen(m), "1 running")

	call.Result = cards.TerminalResult{Output: "=== RUN TestA\nok\n", ExitCode: cards.Exit(0)}
	m.Upsert("c", call)
	assert.Contains(t, screenRows(m)[0], "exit 0")
	assert.NotContains(t, screen(m), "running")
}

func TestEscapableSaysWhatEscCloses(t *testing.T) {
	m := newModel(80, 12, titledCards(20)...)
	assert.False(t, m.Escapable(), "nothing open")
	steps := []struct {
		name string
		keys []string
	}{
		{"the search prompt", []string{"/"}},
		{"the filter prompt", []string{"f"}},
		{"the full help", []string{"?"}},
	}
	for _, s := range steps {
		m, _ = press(t, m, s.keys...)
		assert.True(t, m.Escapable(), s.name)
		m, _ = press(t, m, "esc")
		assert.False(t, m.Escapable(), "esc closed %s", s.name)
	}

	m, _ = press(t, m, "/")
	m = typeText(t, m, "card 00")
	m, _ = press(t, m, "enter")
	require.True(t, m.Escapable(), "a search")
	m, _ = press(t, m, "esc")
	assert.False(t, m.Escapable(), "esc ended the search")

	m, _ = press(t, m, "f")
	m = typeText(t, m, "card")
	m, _ = press(t, m, "enter")
	require.True(t, m.Escapable(), "a tool filter")
	m, _ = press(t, m, "?")
	require.Contains(t, screen(m), "source ", "the full help is shown")
	m, _ = press(t, m, "esc")
	assert.False(t, m.Escapable(), "one esc cleared the filter and closed the help")
	assert.NotContains(t, screen(m), "source ", "the full help is gone")
}

// TestFocusIndexBeforeItArrives: focusing an entry by its index before
// it arrived focuses it when it does, its card at the top of the screen
// once the entries after it fill the screen; a key pressed before it
// arrives cancels the wait.
func TestFocusIndexBeforeItArrives(t *testing.T) {
	m := newModel(80, 12)
	assert.False(t, m.FocusIndex(20), "not there yet")
	batch := func(from, to int) EntriesMsg {
		var u []cards.Change
		for i := from; i < to; i++ {
			u = append(u, cards.Change{Index: i, Entry: titled(i)})
		}
		return EntriesMsg{Updates: u}
	}
	m, _ = send(t, m, batch(0, 10))
	assert.Equal(t, titled(0), m.FocusedEntry(), "the focus stays on the first card while it waits")
	m, _ = send(t, m, batch(10, 21))
	assert.Equal(t, titled(20), m.FocusedEntry(), "focused when it arrives")
	assert.True(t, marked(m, cardTitle(20)))
	m, _ = send(t, m, batch(21, 40))
	assert.Equal(t, titled(20), m.FocusedEntry())
	assert.Contains(t, cardArea(m)[0], cardTitle(20), "at the top once the cards after it arrived")

	moved := newModel(80, 12)
	moved.FocusIndex(20)
	moved, _ = send(t, moved, batch(0, 10))
	moved, _ = press(t, moved, "tab")
	moved, _ = send(t, moved, batch(10, 40))
	assert.Equal(t, titled(1), moved.FocusedEntry(), "the key moved the focus; the wait is over")

	loaded := newModel(80, 12, titledCards(40)...)
	assert.True(t, loaded.FocusIndex(30))
	assert.Equal(t, titled(30), loaded.FocusedEntry())
	assert.Contains(t, cardArea(loaded)[0], cardTitle(30))
	assert.False(t, loaded.FocusIndex(-1))
}
