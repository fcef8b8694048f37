package viewer

import tea "charm.land/bubbletea/v2"

// click focuses the card under a left click; a click on a card's first
// row (its header) also expands or collapses it. The coordinates are the
// window's: SetOrigin says where the viewer is in it.
func (m *Model) click(msg tea.MouseClickMsg) {
	if msg.Button != tea.MouseLeft {
		return
	}
	x, y := msg.X-m.originX, msg.Y-m.originY
	if x < 0 || x >= m.width || y < 0 || y >= m.contentHeight() {
		return
	}
	p, ok := m.rowAt(y)
	if !ok {
		return
	}
	m.focus = p.card
	if p.line == 0 {
		m.toggleFocused()
		return
	}
	m.follow = m.atBottom()
}

// rowAt is the position of screen row y, and whether a card's line (not
// the blank row between cards, nor the empty rows below the last) is
// there.
func (m *Model) rowAt(y int) (position, bool) {
	p, moved := m.forward(m.top, y)
	if moved < y || p.line >= m.card(p.card).Len() {
		return p, false
	}
	return p, true
}
