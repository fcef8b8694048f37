package viewer

import (
	"slices"
	"sort"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/cardtui/cardtui/cards"
)

// filter shows only the tool cards whose tool name (or, when the source
// names no tool, title) contains one of the words typed at the f prompt,
// ignoring case, and hides what the agent keeps to itself
// (cards.IsInternal) until the I key shows it. The rows on screen, the
// focus and the scroll position count the cards shown; the entries
// themselves stay as they are.
type filter struct {
	query string   // as typed
	words []string // lower-cased; none when the filter is off
	// hideInternal hides the entries cards.IsInternal reports.
	hideInternal bool
	// shown are the indexes of the entries shown, in order; nil when
	// every entry is.
	shown []int
}

// active reports whether the user filters by tool (the f prompt).
func (f *filter) active() bool { return len(f.words) > 0 }

// selects reports whether some entries are left out, so that shown
// lists the others: a filter by tool, or internal entries hidden when
// there are some (a session without any keeps no list of its entries).
func (f *filter) selects() bool { return f.active() || f.shown != nil }

// shows reports whether entry e passes the filter.
func (f *filter) shows(e cards.Entry) bool {
	if f.hideInternal && cards.IsInternal(e) {
		return false
	}
	if !f.active() {
		return true
	}
	card, ok := e.(cards.ToolCard)
	if !ok {
		return false
	}
	name := strings.ToLower(card.Tool)
	if name == "" {
		name = strings.ToLower(callTitle(card.Call))
	}
	return slices.ContainsFunc(f.words, func(w string) bool { return strings.Contains(name, w) })
}

// countMatches counts the matches of a search in e when it is shown.
func (f *filter) countMatches(e cards.Entry, mt matcher) int {
	if !f.shows(e) {
		return 0
	}
	return countMatches(e, mt)
}

// callTitle is a call view's title.
func callTitle(v cards.CallView) string {
	switch v := v.(type) {
	case cards.GenericCall:
		return v.Title
	case cards.TerminalCall:
		return v.Title
	case cards.DiffCall:
		return v.Title
	case nil:
	}
	return ""
}

// shownCount is the number of cards shown.
func (m *Model) shownCount() int {
	if m.filter.selects() {
		return len(m.filter.shown)
	}
	return m.list.Len()
}

// entryIndex is the index in the entries of shown card v.
func (m *Model) entryIndex(v int) int {
	if m.filter.selects() {
		return m.filter.shown[v]
	}
	return v
}

// shownIndex is the shown card of entry i, and whether it is shown.
func (m *Model) shownIndex(i int) (int, bool) {
	if i < 0 {
		return 0, false
	}
	if !m.filter.selects() {
		return i, i >= 0 && i < m.list.Len()
	}
	v := sort.SearchInts(m.filter.shown, i)
	return v, v < len(m.filter.shown) && m.filter.shown[v] == i
}

// setFilter filters the cards by the words of query ("" shows every
// card), keeping the focused card in focus when it is still shown; an
// active search is run again over the cards shown.
func (m *Model) setFilter(query string) tea.Cmd {
	focused := m.focusedEntry()
	m.filter = filter{query: strings.TrimSpace(query), words: filterWords(query), hideInternal: m.filter.hideInternal}
	m.refilter(focused)
	if m.search.active {
		return m.startSearch(m.search.match.typed)
	}
	return nil
}

// toggleInternal shows or hides what the agent keeps to itself, keeping
// the focused card in focus when it is still shown.
func (m *Model) toggleInternal() tea.Cmd {
	focused := m.focusedEntry()
	m.filter.hideInternal = !m.filter.hideInternal
	m.refilter(focused)
	m.note = map[bool]string{true: "internal cards hidden (I shows them)", false: "internal cards shown (I hides them)"}[m.filter.hideInternal]
	if m.search.active {
		return m.startSearch(m.search.match.typed)
	}
	return nil
}

// filterWords are the words of a filter as typed: lower-cased, split at
// spaces and commas.
func filterWords(query string) []string {
	return strings.Fields(strings.ToLower(strings.ReplaceAll(query, ",", " ")))
}

// applyFilter filters by query as typed at the prompt. A name that shows
// no card is named in the status line with the tools there are; when no
// name shows a card the filter stays as it was, rather than show none.
func (m *Model) applyFilter(query string) tea.Cmd {
	unknown := m.unknownTools(query)
	if len(unknown) == 0 {
		return m.setFilter(query)
	}
	var cmd tea.Cmd
	if len(unknown) < len(filterWords(query)) {
		cmd = m.setFilter(query)
	}
	tools := "none"
	if names := m.toolNames(); len(names) > 0 {
		tools = strings.Join(names, ", ")
	}
	m.note = "no card of tool " + strings.Join(unknown, ", ") + "; tools here: " + tools
	return cmd
}

// refilter lists the shown entries again and puts the focus on entry
// focused, or the first shown card after it.
func (m *Model) refilter(focused int) {
	m.filter.shown = nil
	if m.filter.active() || m.filter.hideInternal && m.anyInternal() {
		m.filter.shown = []int{}
		for i := range m.list.Len() {
			if m.filter.shows(m.list.entry(i)) {
				m.filter.shown = append(m.filter.shown, i)
			}
		}
	}
	m.top = position{}
	if focused >= 0 && m.shownCount() > 0 {
		v, _ := m.shownIndex(focused)
		m.focus = min(v, m.shownCount()-1)
		m.showCard(m.focus)
	}
	m.settle()
}

// filterChanged keeps the shown cards right after entry i was set: a new
// entry that passes is added, a changed one that now passes or fails
// lists them again.
func (m *Model) filterChanged(i int) {
	if !m.filter.selects() {
		if m.filter.hideInternal && cards.IsInternal(m.list.entry(i)) {
			m.refilter(m.focusedEntry())
		}
		return
	}
	_, was := m.shownIndex(i)
	now := m.filter.shows(m.list.entry(i))
	switch {
	case was == now:
	case now && (len(m.filter.shown) == 0 || i > m.filter.shown[len(m.filter.shown)-1]):
		m.filter.shown = append(m.filter.shown, i) // apply clipped it: a shared array is copied first
	default:
		m.refilter(m.focusedEntry())
	}
}

// focusedEntry is the index of the entry in focus, -1 when none is shown.
func (m *Model) focusedEntry() int {
	if m.shownCount() == 0 {
		return -1
	}
	return m.entryIndex(min(m.focus, m.shownCount()-1))
}

// anyInternal reports whether some entry is internal (cards.IsInternal).
func (m *Model) anyInternal() bool {
	for i := range m.list.Len() {
		if cards.IsInternal(m.list.entry(i)) {
			return true
		}
	}
	return false
}
