package viewer

import "github.com/cardtui/cardtui/cards"

// The kinds of card the focus keys move to.

// tabStop reports whether tab stops at e: every card but the notices
// (dividers). Thinking and context are cards too: folded, they say
// "enter to expand", which only a focused card can.
func tabStop(e cards.Entry) bool {
	switch e.(type) {
	case cards.Notice:
		return false
	case cards.Message, cards.ToolCard, cards.Problem:
	}
	return true
}

// failed reports whether e is a failure: a problem, a call that failed,
// was refused or was cut off (the state its card shows), a fetch that got
// an HTTP error.
func failed(e cards.Entry) bool {
	switch e := e.(type) {
	case cards.Problem:
		return true
	case cards.ToolCard:
		return !e.State().Applied() || httpError(e.Result)
	case cards.Message, cards.Notice:
	}
	return false
}

// httpError reports whether r is a web fetch that got an HTTP error.
func httpError(r cards.ResultView) bool {
	fetch, ok := r.(cards.WebFetch)
	return ok && fetch.StatusCode >= 400
}

// userMessage reports whether e is a message the user wrote.
func userMessage(e cards.Entry) bool {
	msg, ok := e.(cards.Message)
	return ok && msg.Role == cards.RoleUser
}

// jumpTo focuses the nearest shown card in direction d (1 down, -1 up)
// for which is holds, and scrolls it into view. When there is none the
// focus stays and the status line says "no <what> below" (or above).
func (m *Model) jumpTo(d int, is func(cards.Entry) bool, what string) {
	for v := m.focus + d; v >= 0 && v < m.shownCount(); v += d {
		if is(m.list.entry(m.entryIndex(v))) {
			m.focusCard(v)
			return
		}
	}
	if m.shownCount() > 0 {
		m.note = "no " + what + " " + map[int]string{1: "below", -1: "above"}[d]
	}
}
