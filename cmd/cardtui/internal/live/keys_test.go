package live

import (
	"testing"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/assert"
)

// TestKeyMapRebinds: a key rebound in the model's KeyMap is the one that
// works and the one the status row names; the old key does nothing of
// its own.
func TestKeyMapRebinds(t *testing.T) {
	m := liveWith(t, nil)
	assert.Contains(t, screenText(m), "ctrl+o transcript · ctrl+d quits")
	m.KeyMap.Transcript = key.NewBinding(key.WithKeys("ctrl+t"), key.WithHelp("ctrl+t", "transcript"))
	m.KeyMap.Quit.SetEnabled(false)
	assert.Contains(t, screenText(m), "ctrl+t transcript")
	assert.NotContains(t, screenText(m), "ctrl+d quits", "a disabled key is left out of the help")
	assert.False(t, isQuit(press(m, ctrlD)), "a disabled key does nothing")

	press(m, tea.KeyPressMsg{Code: 'o', Mod: tea.ModCtrl})
	assert.False(t, m.transcript, "ctrl+o is no longer bound")
	press(m, tea.KeyPressMsg{Code: 't', Mod: tea.ModCtrl})
	assert.True(t, m.transcript)
	assert.Contains(t, screenText(m), "ctrl+t back to the composer")
}

// TestKeyMapHelp: the full help names every binding of the default
// KeyMap, and the short help the composer's keys.
func TestKeyMapHelp(t *testing.T) {
	k := DefaultKeyMap()
	full := help.New().FullHelpView(k.FullHelp())
	for _, b := range []key.Binding{
		k.Interrupt, k.Transcript, k.Answer, k.AllowOnce, k.Reject, k.Choose, k.Send, k.Newline,
		k.Cancel, k.Quit, k.HistoryBack, k.HistoryForward, k.Complete, k.PageUp, k.PageDown, k.LineUp, k.LineDown,
	} {
		assert.Contains(t, full, b.Help().Desc)
	}
	assert.Equal(t, "enter sends · alt+enter new line · ctrl+o transcript · ctrl+y answers the permission · esc cancels · ctrl+d quits",
		helpLine(k.ShortHelp()...))
}
