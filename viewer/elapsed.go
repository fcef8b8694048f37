package viewer

import (
	"fmt"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/termsafe"
)

// A running call shows how long it has been running, counted from when
// the viewer first got it without a result, in its header's badge:
// "running 12s". While a call runs the viewer ticks once a second.

// runningBadge is the end of a running card's header as render draws it.
const runningBadge = " running ─╮"

// tickMsg refreshes the elapsed times.
type tickMsg struct{}

// tick is the command of the next refresh.
var tick = tea.Tick(time.Second, func(time.Time) tea.Msg { return tickMsg{} })

// running reports whether e is a call waiting for its result, or for
// the end of a command whose output streams in.
func running(e cards.Entry) bool {
	c, ok := e.(cards.ToolCard)
	return ok && (c.Result == nil && !c.Ended || c.State() == cards.StateRunning)
}

// markStarted records when the entry of slot i started running.
func (m *Model) markStarted(i int, was cards.Entry) {
	if running(m.list.entry(i)) && !running(was) {
		m.list.writable(i).started = m.now().UnixNano()
	}
}

// tickCmd starts the refresh while a call runs, once.
func (m *Model) tickCmd() tea.Cmd {
	if m.pending == 0 || m.ticking {
		return nil
	}
	m.ticking = true
	return tick
}

// withElapsed writes the running time into the badge of header line,
// taking the cells from the dashes (or the title) left of it.
func (m *Model) withElapsed(line string, started int64, width int) string {
	if started == 0 || !strings.HasSuffix(ansi.Strip(line), runningBadge) {
		return line
	}
	label := " running " + elapsed(m.now().Sub(time.Unix(0, started))) + " "
	corner := ansi.TruncateLeft(line, width-2, "") // "─╮" in the border's colour
	keep := width - termsafe.Width(label) - 2
	if keep < 4 {
		return line
	}
	return termsafe.Truncate(line, keep, "") + m.styles.warn.render(label) + corner
}

// elapsed is a duration as a running badge shows it: 9s, 1m05s, 2h03m.
func elapsed(d time.Duration) string {
	s := int(d / time.Second)
	switch {
	case s < 60:
		return fmt.Sprintf("%ds", s)
	case s < 3600:
		return fmt.Sprintf("%dm%02ds", s/60, s%60)
	}
	return fmt.Sprintf("%dh%02dm", s/3600, s/60%60)
}
