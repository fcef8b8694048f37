package picker

import (
	"charm.land/bubbles/v2/list"
	tea "charm.land/bubbletea/v2"
)

// The list filters on a goroutine: each key typed into its filter, and
// each refill while a filter is set, returns a command whose
// list.FilterMatchesMsg the list applies whenever it comes, whatever the
// filter says by then. Commands run concurrently, so the matches of "w"
// could arrive after those of "whitespace" and stay on the screen (at
// 10,000 sessions a filtering takes tens of milliseconds, as long as a
// fast typist's pause). The picker stamps each FilterMatchesMsg with the
// filter and the filling it was made for, and drops those made for
// another.

// filterKey is what a filter's matches were made for: the filter's text
// and the filling of the list (Model.filled).
type filterKey struct {
	text   string
	filled int
}

// filterFor is the filter the list holds now.
func (p *Model) filterFor() filterKey {
	return filterKey{p.list.FilterValue(), p.filled}
}

// matchesMsg is a FilterMatchesMsg of the list, stamped with the filter
// it was made for.
type matchesMsg struct {
	matches list.FilterMatchesMsg
	of      filterKey
}

// stampMatches wraps a command of the list, and each command of a batch
// it returns, so that a FilterMatchesMsg comes back as a matchesMsg of
// filter; any other message is left as it is (the list's tea.Quit, its
// cursor's blink).
func stampMatches(cmd tea.Cmd, filter filterKey) tea.Cmd {
	if cmd == nil {
		return nil
	}
	return func() tea.Msg {
		switch msg := cmd().(type) {
		case list.FilterMatchesMsg:
			return matchesMsg{msg, filter}
		case tea.BatchMsg:
			for i, c := range msg {
				msg[i] = stampMatches(c, filter)
			}
			return msg
		default:
			return msg
		}
	}
}
