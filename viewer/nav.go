package viewer

import "github.com/cardtui/cardtui/cards"

// The kinds of card the focus keys move to.

// tabStop reports whether tab stops at e: every card but the notices
// (dividers), context and thinking, which are read, not acted on.
func tabStop(e cards.Entry) bool {
	switch e := e.(type) {
	case cards.Message:
		return e.Role != cards.RoleContext && e.Role != cards.RoleReasoning
	case cards.Notice:
		return false
	case cards.ToolCard, cards.Problem:
	}
	return true
}

// failed reports whether e is a failure: a problem, a command that exited
// non-zero or was killed, a fetch that got an HTTP error.
func failed(e cards.Entry) bool {
	switch e := e.(type) {
	case cards.Problem:
		return true
	case cards.ToolCard:
		return failedResult(e.Result)
	case cards.Message, cards.Notice:
	}
	return false
}

func failedResult(r cards.ResultView) bool {
	switch r := r.(type) {
	case cards.TerminalResult:
		return r.Signal != "" || r.ExitCode != nil && *r.ExitCode != 0
	case cards.WebFetch:
		return r.StatusCode >= 400
	case cards.GenericResult, cards.DiffResult, cards.ReadResult, cards.SearchMatches, cards.SearchPaths, cards.WebSearch, nil:
	}
	return false
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
