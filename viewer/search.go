package viewer

import (
	"slices"
	"sort"

	tea "charm.land/bubbletea/v2"
)

// search is the state of the last query run.
type search struct {
	active bool // a query was run; match holds it
	match  matcher
	// id names the latest run; a result of an earlier one is dropped.
	id      int
	running bool
	// dirty lists the entries that changed while the run was going on;
	// they are counted again when its result arrives.
	dirty []int
	hits  []cardHits // sorted by card
	total int
	// cur is the index in hits of the current match's card (-1 before
	// the first jump), nth the match inside that card and before the
	// number of matches in hits[:cur].
	cur, nth, before int
	// line is the line of the current match's card that shows it, inLine
	// which match of that line it is (-1 when none is).
	line, inLine int
}

// cardHits is how many matches one card's text holds.
type cardHits struct{ card, count int }

// searchDoneMsg is the result of a search run.
type searchDoneMsg struct {
	id   int
	hits []cardHits
}

// runSearch counts the matches in every entry of snapshot, in the
// command's goroutine; snapshot is a store that Update never writes.
func runSearch(id int, snapshot store, f filter, mt matcher) tea.Cmd {
	return func() tea.Msg {
		var hits []cardHits
		for i := range snapshot.Len() {
			if n := f.countMatches(snapshot.entry(i), mt); n > 0 {
				hits = append(hits, cardHits{card: i, count: n})
			}
		}
		return searchDoneMsg{id: id, hits: hits}
	}
}

// startSearch runs a query over a snapshot of the entries; an empty query
// clears the search.
func (m *Model) startSearch(query string) tea.Cmd {
	if query == "" {
		m.clearSearch()
		return nil
	}
	id := m.search.id + 1
	m.search = search{active: true, match: newMatcher(query), id: id, running: true, cur: -1}
	snapshot := m.list
	m.list.edit() // from now on, writes leave the snapshot's chunks alone
	return runSearch(id, snapshot, filter{words: m.filter.words, hideInternal: m.filter.hideInternal}, m.search.match)
}

func (m *Model) clearSearch() {
	m.search = search{id: m.search.id, cur: -1}
}

// searchDone takes a run's result, counts again what changed meanwhile and
// jumps to the first match at or after the focused card.
func (m *Model) searchDone(msg searchDoneMsg) {
	s := &m.search
	if !s.running || msg.id != s.id {
		return
	}
	s.running, s.hits, s.total = false, msg.hits, 0
	for _, h := range s.hits {
		s.total += h.count
	}
	for _, i := range s.dirty {
		m.recount(i)
	}
	s.dirty = nil
	m.firstMatch()
}

// recount updates the matches of entry i after it changed.
func (m *Model) recount(i int) {
	s := &m.search
	switch {
	case !s.active:
		return
	case s.running:
		s.dirty = append(s.dirty[:len(s.dirty):len(s.dirty)], i) // never into a copy's array
		return
	}
	n := m.filter.countMatches(m.list.entry(i), s.match)
	j := sort.Search(len(s.hits), func(k int) bool { return s.hits[k].card >= i })
	found := j < len(s.hits) && s.hits[j].card == i
	switch {
	case found && n > 0:
		m.changeHits(j, n)
	case found:
		m.removeHits(j)
	case n > 0:
		m.insertHits(j, cardHits{card: i, count: n})
	}
}

// changeHits, removeHits and insertHits change the hits in a new array:
// a copy of the model may hold the old one.
func (m *Model) changeHits(j, n int) {
	s := &m.search
	s.hits = slices.Clone(s.hits)
	old := s.hits[j].count
	s.hits[j].count = n
	s.total += n - old
	switch {
	case j < s.cur:
		s.before += n - old
	case j == s.cur:
		s.nth = min(s.nth, n-1)
	}
}

func (m *Model) removeHits(j int) {
	s := &m.search
	old := s.hits[j].count
	s.hits = slices.Delete(slices.Clone(s.hits), j, j+1)
	s.total -= old
	switch {
	case j < s.cur:
		s.cur--
		s.before -= old
	case j == s.cur:
		s.nth = 0
		if s.cur == len(s.hits) {
			s.cur, s.before = -1, 0
		}
	}
}

func (m *Model) insertHits(j int, h cardHits) {
	s := &m.search
	s.hits = slices.Insert(slices.Clone(s.hits), j, h)
	s.total += h.count
	if s.cur >= 0 && j <= s.cur {
		s.cur++
		s.before += h.count
	}
}

// firstMatch jumps to the first match in or after the focused card,
// wrapping around to the first card.
func (m *Model) firstMatch() {
	s := &m.search
	if s.total == 0 {
		s.cur = -1
		return
	}
	focused := 0
	if m.shownCount() > 0 {
		focused = m.entryIndex(m.focus)
	}
	s.cur = sort.Search(len(s.hits), func(k int) bool { return s.hits[k].card >= focused })
	if s.cur == len(s.hits) {
		s.cur = 0
	}
	s.nth, s.before = 0, 0
	for _, h := range s.hits[:s.cur] {
		s.before += h.count
	}
	m.jumpToMatch()
}

// canStep reports whether a step to a neighbouring match can be taken:
// no search is running, it found matches and one is current; with none
// current it goes to the first match instead.
func (m *Model) canStep() bool {
	s := &m.search
	if s.running || s.total == 0 {
		return false
	}
	if s.cur < 0 {
		m.firstMatch()
		return false
	}
	return true
}

// nextMatch goes to the following match, wrapping around at the end.
func (m *Model) nextMatch() {
	if !m.canStep() {
		return
	}
	s := &m.search
	switch {
	case s.nth+1 < s.hits[s.cur].count:
		s.nth++
	case s.cur+1 < len(s.hits):
		s.before += s.hits[s.cur].count
		s.cur, s.nth = s.cur+1, 0
	default:
		s.cur, s.nth, s.before = 0, 0, 0
	}
	m.jumpToMatch()
}

// prevMatch goes to the preceding match, wrapping around at the start.
func (m *Model) prevMatch() {
	if !m.canStep() {
		return
	}
	s := &m.search
	switch {
	case s.nth > 0:
		s.nth--
	case s.cur > 0:
		s.cur--
		s.before -= s.hits[s.cur].count
		s.nth = s.hits[s.cur].count - 1
	default:
		s.cur = len(s.hits) - 1
		s.nth = s.hits[s.cur].count - 1
		s.before = s.total - s.hits[s.cur].count
	}
	m.jumpToMatch()
}

// jumpToMatch focuses the current match's card and scrolls its line into
// view. A match that the collapsed card hides expands the card, as a
// search opens a fold in vi.
func (m *Model) jumpToMatch() {
	c, _ := m.shownIndex(m.search.hits[m.search.cur].card) // hits are of shown cards
	m.focus = c
	m.search.line, m.search.inLine = m.matchLine(c, m.search.nth)
	m.reveal(position{card: c, line: m.search.line})
	m.follow = m.atBottom()
}

// matchLine is the line of shown card c that shows its nth match and which
// match of that line it is, or its first line when the rendering does
// not show that match (-1). A match that the collapsed card hides expands
// the card, as a search opens a fold in vi.
func (m *Model) matchLine(c, nth int) (line, inLine int) {
	if line, inLine, ok := m.nthMatchLine(c, nth); ok {
		return line, inLine
	}
	i := m.entryIndex(c)
	if m.isExpanded(i) {
		return 0, -1
	}
	m.setExpanded(i, true)
	if line, inLine, ok := m.nthMatchLine(c, nth); ok {
		return line, inLine
	}
	m.setExpanded(i, false)
	return 0, -1
}

// nthMatchLine finds the line of card c's rendering that holds its nth
// match, reading the lines' plain text: a card of a million lines is not
// finished line by line to find one.
func (m *Model) nthMatchLine(c, nth int) (line, inLine int, ok bool) {
	seen := 0
	drawn := m.card(c)
	for i := range drawn.Len() {
		n := m.search.match.count(drawn.Plain(i))
		if seen+n > nth {
			return i, nth - seen, true
		}
		seen += n
	}
	return 0, -1, false
}

// highlight shows the search's matches in line j of card c: the current
// match apart from the others.
func (m *Model) highlight(c, j int, line string) string {
	s := &m.search
	if !s.active || !m.styles.highlights {
		return line
	}
	current := -1
	if s.cur >= 0 && !s.running && s.hits[s.cur].card == m.entryIndex(c) && s.line == j {
		current = s.inLine
	}
	return s.match.highlight(line, current)
}
