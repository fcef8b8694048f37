package viewer

import (
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// helpColumnGap is the space between the columns of the full help.
const helpColumnGap = "   "

// refreshHelp renders the help for the current width and mode: the short
// help is one row of what fits, most important first (modeHelp); the full
// help (?) names the source in full, then every key in columns, which
// wrap onto more rows rather than lose one.
func (m *Model) refreshHelp() {
	m.helpView, m.helpRows = "", 0
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
		lines[i] = ansi.Truncate(strings.TrimRight(line, " "), m.width, "…")
	}
	m.helpView, m.helpRows = m.styles.paint(strings.Join(lines, "\n")), len(lines)
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
	for _, group := range m.opts.Keys.FullHelp() {
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
