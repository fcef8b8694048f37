package viewer

import (
	"testing"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
)

// host is a harness with keys of its own (x runs its command, ? its
// help) that asks the viewer first whether it is taking typed text.
type host struct {
	cards    Model
	commands int // x pressed
	helps    int // ? pressed
}

func (h host) press(t *testing.T, keys ...string) host {
	t.Helper()
	for _, k := range keys {
		msg := keyMsg(k)
		if !h.cards.Capturing() {
			switch k {
			case "x":
				h.commands++
				continue
			case "?":
				h.helps++
				continue
			}
		}
		h.cards, _ = send(t, h.cards, msg)
	}
	return h
}

// TestCapturingSaysWhenTypedKeysAreTheViewers: while the search prompt
// is open every key is the viewer's; once the search ran, the host's keys
// are its own again though esc still has a search to clear.
func TestCapturingSaysWhenTypedKeysAreTheViewers(t *testing.T) {
	h := host{cards: newModel(80, 12, titledCards(20)...)}
	assert.False(t, h.cards.Capturing())
	h = h.press(t, "/", "f", "i", "x")
	assert.True(t, h.cards.Capturing(), "the search prompt is open")
	assert.Equal(t, 0, h.commands, "x was typed into the search")
	assert.Equal(t, "fix", string(h.cards.prompt.input))

	h = h.press(t, "enter")
	assert.False(t, h.cards.Capturing(), "the search ran, the prompt closed")
	assert.True(t, h.cards.Escapable(), "esc still clears the search")
	h = h.press(t, "x", "?")
	assert.Equal(t, 1, h.commands)
	assert.Equal(t, 1, h.helps, "? is the host's once the prompt closed")

	h = h.press(t, "]")
	assert.True(t, h.cards.Capturing(), "the viewer waits for the second key of ]e")
	h = h.press(t, "x")
	assert.Equal(t, 1, h.commands, "]x is the viewer's (an unbound sequence)")

	h = h.press(t, "/")
	h.cards.Blur()
	assert.False(t, h.cards.Capturing(), "a blurred viewer takes no keys")
}

// TestKeyMapCanBeReadAndChangedAfterNew: the key map is a public field,
// as bubbles' viewport has it, and the viewer's short help follows what
// it is doing (n/N after a search) for a host that draws its own help.
func TestKeyMapCanBeReadAndChangedAfterNew(t *testing.T) {
	m := newModel(80, 12, titledCards(20)...)
	assert.Equal(t, DefaultKeyMap().LineDown.Keys(), m.KeyMap.LineDown.Keys())

	m.KeyMap.LineDown = key.NewBinding(key.WithKeys("x"), key.WithHelp("x", "down a line"))
	m.KeyMap.Quit.SetEnabled(false)
	before := cardArea(m)
	m, cmd := press(t, m, "j", "q")
	assert.Nil(t, cmd, "q no longer quits")
	assert.Equal(t, before, cardArea(m), "j no longer scrolls")
	m, _ = press(t, m, "x")
	assert.NotEqual(t, before, cardArea(m), "x scrolls")
	assert.Contains(t, screen(m), "x down a line", "the help line shows the changed key")
	assert.NotContains(t, screen(m), "q quit")

	var help []string
	for _, b := range m.ShortHelp() {
		help = append(help, b.Help().Key)
	}
	assert.NotContains(t, help, "N", "no search: no match keys")
	m, _ = press(t, m, "/")
	m = typeText(t, m, "card 01")
	m, cmd = press(t, m, "enter")
	require.NotNil(t, cmd)
	m, _ = send(t, m, cmd())
	help = help[:0]
	for _, b := range m.ShortHelp() {
		help = append(help, b.Help().Key)
	}
	assert.Subset(t, help, []string{"n", "N"}, "after a search the host's help has the match keys")
	assert.Len(t, m.FullHelp(), 3)
}

// TestZeroOptionsWork: New(Options{}) has keys, a status line and a help
// line, as DefaultOptions has.
func TestZeroOptionsWork(t *testing.T) {
	m := New(Options{ThemeFixed: true})
	m.SetSize(80, 12)
	m.SetEntries(titledCards(20))
	assert.Contains(t, statusRow(m), "card 20/20 · pinned")
	assert.Contains(t, screen(m), "q quit")
	m, _ = press(t, m, "g")
	assert.Contains(t, statusRow(m), "card 1/20", "the default keys work")
	assert.Equal(t, DefaultRender(), m.opts.Render)
}

// TestDefaultOptionsCopyThroughTmuxAndShowLocalTimes: a program gets
// tmux's clipboard and its own time zone from DefaultOptions.
func TestDefaultOptionsCopyThroughTmuxAndShowLocalTimes(t *testing.T) {
	t.Setenv("TMUX", "/tmp/tmux-1000/default,1,0")
	opts := DefaultOptions()
	assert.Equal(t, "/tmp/tmux-1000/default,1,0", opts.Tmux)
	assert.Equal(t, time.Local, opts.Render.Location)
	assert.Equal(t, DefaultRenderWait, opts.RenderWait)
}

var _ tea.Cmd = (&Model{}).Focus() // Focus returns a command, as bubbles' components do

// TestUpsertKeysAToolCardByItsOwnID: a tool card's ID is its key when
// Upsert is given none, so its result replaces it.
func TestUpsertKeysAToolCardByItsOwnID(t *testing.T) {
	m := newModel(60, 12)
	call := cards.ToolCard{ID: "call_1", Call: cards.TerminalCall{Title: "make"}}
	m.Upsert("", call)
	call.Result = cards.TerminalResult{ExitCode: cards.Exit(0)}
	m.Upsert("", call)
	assert.Equal(t, 1, m.Len())
	e, ok := m.Entry("call_1")
	require.True(t, ok)
	assert.Equal(t, call, e)
}
