package viewer

import "github.com/charmbracelet/x/ansi"

// A focused card scrolls sideways, as less -S and lazygit scroll long
// lines: ←/→ draw it wider by a number of columns and show it from that
// column on, so that its long lines, cut or wrapped at the screen's width,
// can be read whole. Moving the focus to another card shows that one from
// its start.

// HScrollStep is how many columns one ←/→ moves the focused card.
const HScrollStep = 8

// maxHScroll bounds the sideways scroll: a card is drawn at most this many
// columns wider than the screen.
const maxHScroll = 1024

// hscroll is the sideways scroll of one card: shown card card, drawn cols
// columns wider and shown from column cols.
type hscroll struct{ card, cols int }

// scrollSideways moves the focused card d columns right (d < 0: left),
// from 0 to maxHScroll; the top line stays on its card.
func (m *Model) scrollSideways(d int) {
	if m.shownCount() == 0 {
		return
	}
	cols := min(max(m.shift(m.focus)+d, 0), maxHScroll)
	m.hscroll = hscroll{card: m.focus, cols: cols}
	m.normalize()
	m.keepFocusVisible()
}

// shift is how far shown card c is scrolled sideways: only the focused
// card is.
func (m *Model) shift(c int) int {
	if c == m.focus && m.hscroll.card == c {
		return m.hscroll.cols
	}
	return 0
}

// shifted is a line of card c as the screen shows it, from its column
// shift(c) on, cut to the card width.
func (m *Model) shifted(c int, line string) string {
	s := m.shift(c)
	if s == 0 {
		return line
	}
	return ansi.Cut(line, s, s+m.cardWidth())
}
