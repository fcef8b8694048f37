package picker

import (
	"strings"
	"testing"

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
	p := New(Options{Sessions: fakeSessions, Dark: true, ThemeSet: true, Send: func(tea.Msg) {}, Search: fakeSearch(nil),
		Resume: func(sessions.Session) (listing.Resume, error) { return listing.Resume{}, nil }})
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
