package viewer

import (
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/lipgloss/v2"

	"github.com/cardtui/cardtui/render"
	"github.com/cardtui/cardtui/termsafe"
)

// helpState is what the help depends on.
type helpState struct {
	width          int
	theme          render.Theme
	all, drawn     bool
	prompt         promptKind
	search, filter bool
	keys           string // KeyMap.fingerprint
}

// helpColumnGap is the space between the columns of the full help.
const helpColumnGap = "   "

// refreshHelp renders the help for the current width and mode: the short
// help is one row of what fits, most important first (modeHelp); the full
// help (?) names the source in full, then every key in columns, which
// wrap onto more rows rather than lose one.
func (m *Model) refreshHelp() {
	state := helpState{
		width: m.width, theme: m.opts.Render.Theme, all: m.help.ShowAll, drawn: true,
		prompt: m.prompt.kind, search: m.search.active, filter: m.filter.active(), keys: m.KeyMap.fingerprint(),
	}
	if state == m.helpState {
		return // drawn for this already: a keystroke costs no help rendering
	}
	m.helpState = state
	m.helpLines = nil
	var view string
	if m.help.ShowAll {
		view = m.fullHelp()
	} else {
		view = m.help.ShortHelpView(m.modeHelp())
	}
	if view == "" {
		return
	}
	lines := strings.Split(view, "\n")
	for i, line := range lines {
		lines[i] = termsafe.Truncate(strings.TrimRight(line, " "), m.width, "…")
	}
	m.helpLines = strings.Split(m.styles.paint(strings.Join(lines, "\n")), "\n")
}

// moreHelp ends a full help cut to the screen's height.
const moreHelp = "… more keys below: make the window taller"

// shownHelp are the help's rows that fit on the screen; a cut full help
// says so on its last row.
func (m *Model) shownHelp() []string {
	n := m.shownHelpRows()
	if n == len(m.helpLines) {
		return m.helpLines
	}
	return append(slices.Clip(m.helpLines[:n-1]), m.styles.text.render(termsafe.Truncate(moreHelp, m.width, "…")))
}

// fullHelp is the source's full name and the columns of KeyMap.FullHelp,
// as many side by side as the width takes.
func (m *Model) fullHelp() string {
	var rows []string
	if m.source != "" {
		rows = append(rows, m.help.Styles.FullDesc.Render("source ")+m.help.Styles.FullKey.Render(m.source))
	}
	var band []string
	bandWidth := 0
	for _, group := range m.KeyMap.FullHelp() {
		col := m.help.FullHelpView([][]key.Binding{group})
		if col == "" {
			continue
		}
		w := lipgloss.Width(col)
		if len(band) > 0 && bandWidth+len(helpColumnGap)+w > m.width {
			rows = append(rows, lipgloss.JoinHorizontal(lipgloss.Top, band...))
			band, bandWidth = nil, 0
		}
		if len(band) > 0 {
			band = append(band, helpColumnGap)
			bandWidth += len(helpColumnGap)
		}
		band, bandWidth = append(band, col), bandWidth+w
	}
	if len(band) > 0 {
		rows = append(rows, lipgloss.JoinHorizontal(lipgloss.Top, band...))
	}
	return strings.Join(rows, "\n")
}
