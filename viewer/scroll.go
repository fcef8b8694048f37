package viewer

// The screen shows rows: each card's lines, then one blank row between it
// and the next card. The scroll position is the row at the top of the
// screen, named by its card and its row inside that card's block, so that
// no motion needs the height of a card it does not pass over.

// position is a row: the card and the row inside the card's block.
type position struct{ card, line int }

// before reports whether a comes before b.
func (a position) before(b position) bool {
	return a.card < b.card || a.card == b.card && a.line < b.line
}

// blockHeight is the number of rows of card i: its lines and, but for the
// last card, the blank row after it.
func (m *Model) blockHeight(i int) int {
	h := m.card(i).Len()
	if i < m.shownCount()-1 {
		h++
	}
	return h
}

// forward moves p down by up to n rows, stopping at the last row, and
// returns the new position and the rows moved.
func (m *Model) forward(p position, n int) (position, int) {
	moved := 0
	for n > 0 {
		h := m.blockHeight(p.card)
		switch {
		case p.line+n < h:
			p.line += n
			return p, moved + n
		case p.card == m.shownCount()-1:
			moved += h - 1 - p.line
			p.line = h - 1
			return p, moved
		}
		step := h - p.line
		n, moved = n-step, moved+step
		p = position{card: p.card + 1}
	}
	return p, moved
}

// backward moves p up by up to n rows, stopping at the first row, and
// returns the new position and the rows moved.
func (m *Model) backward(p position, n int) (position, int) {
	moved := 0
	for n > 0 {
		switch {
		case p.line >= n:
			p.line -= n
			return p, moved + n
		case p.card == 0:
			moved += p.line
			p.line = 0
			return p, moved
		}
		n, moved = n-p.line-1, moved+p.line+1
		p = position{card: p.card - 1}
		p.line = m.blockHeight(p.card) - 1
	}
	return p, moved
}

// bottom is the top position that shows the last row at the bottom of
// the screen (the first row when everything fits). It renders only the
// cards of that last screen.
func (m *Model) bottom() position {
	n := m.shownCount()
	if n == 0 {
		return position{}
	}
	last := position{card: n - 1, line: m.blockHeight(n-1) - 1}
	p, _ := m.backward(last, m.contentHeight()-1)
	return p
}

// normalize keeps the top position and the focus on existing rows and
// cards, after entries or heights changed.
func (m *Model) normalize() {
	n := m.shownCount()
	if n == 0 {
		m.top, m.focus = position{}, 0
		return
	}
	if m.top.card >= n {
		m.top = position{card: n - 1}
	}
	m.top.line = min(m.top.line, m.blockHeight(m.top.card)-1)
	m.focus = min(max(m.focus, 0), n-1)
}

// clampTop pulls the top position back when the screen would show
// nothing below the last row, looking only at the rows on screen.
func (m *Model) clampTop() {
	m.normalize()
	if m.shownCount() == 0 {
		return
	}
	h := m.contentHeight()
	if _, moved := m.forward(m.top, h-1); moved < h-1 {
		m.top = m.bottom()
	}
}

// atBottom reports whether the last row is on screen.
func (m *Model) atBottom() bool {
	if m.shownCount() == 0 {
		return true
	}
	h := m.contentHeight()
	_, moved := m.forward(m.top, h)
	return moved < h
}

// screenRow returns the row of the screen that shows p, and whether p is
// on screen at all.
func (m *Model) screenRow(p position) (int, bool) {
	h := m.contentHeight()
	row := -m.top.line
	for c := m.top.card; c < m.shownCount() && row < h; c++ {
		if c == p.card {
			r := row + p.line
			return r, r >= 0 && r < h
		}
		row += m.blockHeight(c)
	}
	return 0, false
}

// visibleCards returns the first and the last card that have a line (not
// only their blank row) on screen.
func (m *Model) visibleCards() (int, int) {
	h := m.contentHeight()
	first := m.top.card
	if m.top.line >= m.card(first).Len() && first < m.shownCount()-1 {
		first++
	}
	last, row := m.top.card, -m.top.line
	for c := m.top.card; c < m.shownCount() && row < h; c++ {
		last = c
		row += m.blockHeight(c)
	}
	return first, max(last, first)
}

// keepFocusVisible moves the focus onto the screen when it scrolled off.
func (m *Model) keepFocusVisible() {
	if m.shownCount() == 0 {
		return
	}
	first, last := m.visibleCards()
	m.focus = min(max(m.focus, first), last)
}

// scroll moves the screen by n rows (up when n is negative).
func (m *Model) scroll(n int) {
	if m.shownCount() == 0 {
		return
	}
	if n > 0 {
		m.top, _ = m.forward(m.top, n)
	} else {
		m.top, _ = m.backward(m.top, -n)
	}
	m.moved()
}

// moved settles the screen after a motion: it stays within the rows,
// follows when it reached the bottom and keeps the focus in view.
func (m *Model) moved() {
	m.clampTop()
	m.follow = m.atBottom()
	m.keepFocusVisible()
}

// settle settles the screen after entries, heights or the layout
// changed: it shows the bottom in follow mode, else keeps its position.
func (m *Model) settle() {
	if m.follow {
		m.normalize()
		m.top = m.bottom()
	} else {
		m.clampTop()
	}
	m.keepFocusVisible()
}

// toTop shows the first card and focuses it.
func (m *Model) toTop() {
	m.top, m.focus = position{}, 0
	m.moved()
}

// toBottom shows the last card, focuses it and turns on follow mode.
func (m *Model) toBottom() {
	m.focus = max(m.shownCount()-1, 0)
	m.follow = true
	m.settle()
}

// toggleFollow turns follow mode off, or on (which goes to the bottom).
func (m *Model) toggleFollow() {
	if m.follow {
		m.follow = false
		return
	}
	m.toBottom()
}

// showCard scrolls as little as it takes to show card c, or its start
// when it is taller than the screen.
func (m *Model) showCard(c int) {
	start := position{card: c}
	end := position{card: c, line: m.card(c).Len() - 1}
	if start.before(m.top) {
		m.top = start
	} else if _, on := m.screenRow(end); !on {
		if p, _ := m.backward(end, m.contentHeight()-1); p.card < c {
			m.top = p
		} else {
			m.top = start
		}
	}
	m.clampTop()
}

// reveal scrolls row p into view, a third of the screen from the top,
// unless it is on screen already.
func (m *Model) reveal(p position) {
	if _, on := m.screenRow(p); on {
		return
	}
	m.top, _ = m.backward(p, m.contentHeight()/3)
	m.clampTop()
}
