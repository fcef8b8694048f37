package viewer

import (
	tea "charm.land/bubbletea/v2"

	"github.com/cardtui/cardtui/cards"
)

// Focus gives the viewer the keyboard: it takes keys and pastes, draws
// the focus bar beside the focused card and shows its key help. A new
// viewer is focused. Like bubbles' text input it returns a command, for
// the parent to return from its Update (today nil).
func (m *Model) Focus() tea.Cmd {
	m.blurred = false
	return nil
}

// Blur takes the keyboard away, as a parent does when its input has it:
// the viewer ignores keys and pastes (the mouse and entries still work),
// and draws neither the focus bar nor the key help.
func (m *Model) Blur() { m.blurred = true }

// Focused reports whether the viewer has the keyboard (Focus, Blur).
func (m Model) Focused() bool { return !m.blurred }

// Capturing reports whether the viewer takes typed text now: it is
// focused and its search or filter prompt is open, or it waits for the
// second key of a sequence (]e). A parent with keys of its own gives
// every key to the viewer while this is true, so that typing "/fix"
// searches for "fix" rather than running the parent's x.
func (m Model) Capturing() bool {
	return !m.blurred && (m.prompt.open() || m.pendingKey != "")
}

// SetEntries replaces the whole transcript; the entries have no id (see
// Upsert). It clears the search and the cards' expanded states; when the
// view follows, it goes to the bottom.
func (m *Model) SetEntries(entries []cards.Entry) {
	var s store
	s.edit()
	version := nextVersions(len(entries))
	for i, e := range entries {
		if e != nil {
			s.push(slot{entry: e, version: version + uint64(i)})
		}
	}
	m.reset(s)
	m.refilter(0)
	if m.follow {
		m.focus = m.shownCount() - 1
	}
	m.settle()
}

// reset makes s the whole transcript, counted again.
func (m *Model) reset(s store) {
	m.list = s
	m.ids = indexOf(&m.list)
	m.pending, m.problems, m.totals = 0, 0, cards.Totals{}
	for i := range s.Len() {
		m.count(s.entry(i), 1)
	}
	m.clearSearch()
	m.filter.shown = nil
}

// Apply sets entries as the messages of a feed do (EntriesMsg): each
// change replaces the entry of its ID or Index, or appends one. It is
// what a reader of a session, whose changes name entries by Index, uses;
// a harness uses Upsert.
func (m *Model) Apply(updates ...cards.Change) {
	m.list.edit()
	m.apply(updates)
}

// Upsert sets the entry of id — a key the harness already has, such as a
// tool call id or a message id: it replaces the entry with that id, or
// appends it. An empty id names a tool card by its own ToolCard.ID, so
// Upsert("", card) is enough for one. A nil entry is ignored. The card
// keeps its place, its focus and its expanded state. It is the one way
// to set entries from the parent's Update; from another goroutine, send
// the same as cards.Change values on Options.Feed.
func (m *Model) Upsert(id string, e cards.Entry) {
	if c, ok := e.(cards.ToolCard); ok && id == "" {
		id = c.ID
	}
	m.Apply(cards.Change{ID: id, Entry: e})
}

// Remove deletes the entry of id and reports whether there was one; the
// focus stays on its card, or goes to the next one. It clears the search,
// and costs time in the number of entries.
func (m *Model) Remove(id string) bool {
	i := m.ids.find(&m.list, id)
	if i < 0 {
		return false
	}
	focused := -1
	if m.shownCount() > 0 {
		focused = m.entryIndex(m.focus)
	}
	m.reset(m.list.without(i))
	if focused > i {
		focused--
	}
	m.refilter(focused)
	return true
}

// Entry returns the entry of id (Upsert).
func (m Model) Entry(id string) (cards.Entry, bool) {
	i := m.ids.find(&m.list, id)
	if i < 0 {
		return nil, false
	}
	return m.list.entry(i), true
}

// Len is the number of entries.
func (m Model) Len() int { return m.list.Len() }

// FocusEntry focuses the entry of id and scrolls it into view; it
// reports whether it did: false when there is no such entry, or when the
// user's filter (f) hides it.
func (m *Model) FocusEntry(id string) bool {
	v, shown := m.shownIndex(m.ids.find(&m.list, id))
	if !shown {
		return false
	}
	m.list.edit()
	m.focusCard(v)
	return true
}

// FocusIndex focuses the entry at index i — its place in the
// transcript, the Index of the cards.Change that set it — and scrolls its card
// to the top of the screen (as far as the cards under it fill the
// screen, and as they arrive). An entry that has not arrived yet is
// focused when it arrives, unless a key or the mouse moved the view
// first; FocusIndex reports
// whether it was focused now. The user's filter (f) hiding the entry
// leaves the focus where it is.
func (m *Model) FocusIndex(i int) bool {
	m.list.edit()
	m.awaited = awaitedFocus{}
	if i < 0 {
		return false
	}
	m.awaited, m.follow = awaitedFocus{index: i, on: true}, false
	if i >= m.list.Len() {
		return false
	}
	_, shown := m.shownIndex(i)
	m.arrived()
	return shown
}

// awaitedFocus is the entry FocusIndex asked for before it arrived.
type awaitedFocus struct {
	index int
	on    bool
}

// focusAtTop focuses entry i, its card at the top of the screen, and
// stops following; it reports false when the filter hides the entry.
func (m *Model) focusAtTop(i int) bool {
	v, shown := m.shownIndex(i)
	if !shown {
		return false
	}
	m.focus, m.follow = v, false
	m.top = position{card: v}
	m.clampTop()
	return true
}

// arrived focuses the entry FocusIndex waits for once it is there, and
// keeps its card at the top as the entries after it arrive, until there
// are enough of them to fill the screen under it.
func (m *Model) arrived() {
	if !m.awaited.on || m.awaited.index >= m.list.Len() {
		return
	}
	if !m.focusAtTop(m.awaited.index) || m.top.card == m.focus {
		m.awaited.on = false
	}
}

// FocusedID is the id of the focused entry, "" when it has none (it was
// not added with an id, or there are no entries).
func (m Model) FocusedID() string {
	if m.shownCount() == 0 {
		return ""
	}
	return m.list.at(m.entryIndex(m.focus)).id
}

// FocusedEntry is the focused entry, nil when there are none: what a
// harness's own "copy card" or "open path" works on.
func (m Model) FocusedEntry() cards.Entry {
	if m.shownCount() == 0 {
		return nil
	}
	return m.list.entry(m.entryIndex(m.focus))
}

// Expand expands or collapses the card of id; it reports whether there
// is one.
func (m *Model) Expand(id string, expanded bool) bool {
	i := m.ids.find(&m.list, id)
	if i < 0 {
		return false
	}
	m.list.edit()
	m.setExpanded(i, expanded)
	m.settle()
	return true
}

// SetFollow pins the view to the newest card (true: it goes to the
// bottom and stays there as entries arrive) or lets it stay where it is.
func (m *Model) SetFollow(on bool) {
	m.list.edit()
	if on {
		m.toBottom()
	} else {
		m.follow = false
	}
}

// SetSource renames the transcript the status line names (Options.Source):
// a live session learns its agent's name after it started.
func (m *Model) SetSource(source string) { m.source = oneLine(source) }

// Following reports whether the view is pinned to the newest card.
func (m Model) Following() bool { return m.follow }

// Search runs a query as / does (smart case: a query without capitals
// ignores case) and returns the command that counts the matches; pass it
// to the program (return it from Update). The first match at or after
// the focused card is shown when the count arrives. An empty query clears
// the search.
func (m *Model) Search(query string) tea.Cmd {
	m.prompt = prompt{}
	return m.startSearch(query)
}

// Escapable reports whether esc (KeyMap.Cancel) has something of the
// viewer's own to close: a search or filter prompt being typed, a search,
// a tool filter or the full help. A parent that gives esc a meaning of
// its own, such as going back, passes esc to the viewer while this is
// true; for its other keys it asks Capturing.
func (m Model) Escapable() bool {
	return m.prompt.open() || m.search.active || m.filter.active() || m.help.ShowAll
}

// ClearSearch ends the search, as esc does.
func (m *Model) ClearSearch() { m.clearSearch() }

// NextMatch and PrevMatch go to the following or preceding match of the
// search, wrapping around; they do nothing before the count arrived.
func (m *Model) NextMatch() {
	m.list.edit()
	m.nextMatch()
}

// PrevMatch goes to the preceding match; see NextMatch.
func (m *Model) PrevMatch() {
	m.list.edit()
	m.prevMatch()
}

// focusCard focuses card i and shows it.
func (m *Model) focusCard(i int) {
	m.focus = i
	m.showCard(i)
	m.follow = m.atBottom()
}
