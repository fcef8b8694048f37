package picker

import (
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cmd/cardtui/internal/listing"
	"github.com/cardtui/cardtui/sessions"
)

// At 80 columns the help line names every key of the picker's own —
// search, resume, the scope — with quit and more, uncut; ↓ and j still
// move down, and the full help names enter and ↓.
func TestHelpLineFitsIn80Columns(t *testing.T) {
	p := New(Options{
		Sessions: fakeSessions, Dark: true, ThemeSet: true, Send: func(tea.Msg) {}, Search: fakeSearch(nil),
		Resume: func(sessions.Session) (listing.Resume, error) { return listing.Resume{}, nil },
	})
	p = update(t, p, tea.WindowSizeMsg{Width: 80, Height: 24})
	var help string
	for _, l := range strings.Split(text(p), "\n") {
		if strings.Contains(l, "move") {
			help = strings.TrimSpace(l)
		}
	}
	require.NotEmpty(t, help, "a help line")
	for _, item := range []string{"↑/↓ move", "/ filter", "s search text", "r resume", "a all/here", "q quit", "? more"} {
		assert.Contains(t, help, item)
	}
	assert.NotContains(t, help, "…")

	first := p.list.Index()
	for _, k := range []string{"down", "j"} {
		p = update(t, p, press(k))
		assert.Equal(t, first+1, p.list.Index(), "%s moves down", k)
		p = update(t, p, press("up"))
	}
	p = update(t, p, press("?"))
	assert.Contains(t, text(p), "enter")
	assert.Contains(t, text(p), "↓/j")
}

// TestKeyMapRebinds: keys rebound in the picker's KeyMap after New are
// the ones that work and the ones its help lines name; a key the
// options leave out (resume) is not named; q typed into the filter
// still does not quit.
func TestKeyMapRebinds(t *testing.T) {
	isQuit := func(cmd tea.Cmd) bool { return cmd != nil && cmd() == tea.Msg(tea.QuitMsg{}) }
	p := searchPicker(t, fakeSearch(nil), make(chan opening, 1))
	assert.NotContains(t, text(p), "r resume", "no Resume in the options")
	p.KeyMap.Search = key.NewBinding(key.WithKeys("S"), key.WithHelp("S", "search text"))
	p.KeyMap.Quit = key.NewBinding(key.WithKeys("x"), key.WithHelp("x", "quit"))
	p.KeyMap.Back = key.NewBinding(key.WithKeys("ctrl+g"), key.WithHelp("ctrl+g", "back"))
	assert.Contains(t, text(p), "S search text")
	assert.Contains(t, text(p), "x quit")

	p, cmd := updateCmd(t, p, press("q"))
	assert.False(t, isQuit(cmd), "q is no longer bound")
	p = update(t, p, press("/"))
	p, cmd = updateCmd(t, p, press("x"))
	assert.False(t, isQuit(cmd), "x types into the filter")
	p = update(t, p, press("esc"))

	p = update(t, p, press("s"))
	assert.False(t, p.search.on, "s is no longer bound")
	p = update(t, p, press("S"))
	require.True(t, p.search.on)
	assert.Contains(t, text(p), "enter open at this card · ctrl+g back")
	p = update(t, p, tea.KeyPressMsg{Code: 'g', Mod: tea.ModCtrl})
	assert.False(t, p.search.on, "the rebound back key leaves the search mode")
	_, cmd = updateCmd(t, p, press("x"))
	assert.True(t, isQuit(cmd))
}
