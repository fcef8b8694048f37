package picker

import (
	"slices"
	"testing"
	"time"

	"charm.land/bubbles/v2/list"
	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLateMatchesOfAnEarlierFilterAreDropped: the filter's matches are
// made on goroutines and may come back in any order; those of "f",
// arriving after those of "flaky", do not replace them. Old main showed
// both sessions under "Filter: flaky".
func TestLateMatchesOfAnEarlierFilterAreDropped(t *testing.T) {
	p := searchPicker(t, nil, nil)
	p = update(t, p, press("/"))
	var cmds []tea.Cmd
	for _, r := range "flaky" {
		var cmd tea.Cmd
		p, cmd = updateCmd(t, p, press(string(r)))
		cmds = append(cmds, cmd)
	}
	var msgs []tea.Msg
	for _, cmd := range cmds {
		msgs = append(msgs, matchesOf(t, cmd))
	}
	for _, msg := range slices.Backward(msgs) { // those of "f" last
		p = update(t, p, msg)
	}
	screen := text(p)
	assert.Contains(t, screen, "Fix the flaky test")
	assert.NotContains(t, screen, "Add a --json flag", "the matches of an earlier filter")
}

// matchesOf runs cmd, and the commands of the batches it returns, each
// on a goroutine, and returns the filter's matches they lead to; the
// other messages (the cursor's blink, half a second away) are dropped.
func matchesOf(t *testing.T, cmd tea.Cmd) tea.Msg {
	t.Helper()
	found := make(chan tea.Msg, 1)
	var start func(tea.Cmd)
	start = func(c tea.Cmd) {
		if c == nil {
			return
		}
		go func() {
			switch msg := c().(type) {
			case tea.BatchMsg:
				for _, c := range msg {
					start(c)
				}
			case matchesMsg, list.FilterMatchesMsg:
				found <- msg
			}
		}()
	}
	start(cmd)
	select {
	case msg := <-found:
		return msg
	case <-time.After(10 * time.Second):
		require.FailNow(t, "no filter matches")
		return nil
	}
}
