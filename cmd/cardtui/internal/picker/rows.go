package picker

import (
	"io"
	"strings"
	"time"

	"charm.land/bubbles/v2/list"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/cardtui/cardtui/cmd/cardtui/internal/listing"
	"github.com/cardtui/cardtui/termsafe"
)

// rowDelegate draws a session on one row: a cursor mark, its title or
// first prompt, then its agent, how long ago it was active and its tool
// calls, and its project when the list holds every project's sessions.
// The title is cut to leave room for the rest, so a row never ends in a
// cut.
type rowDelegate struct {
	home string
	// withProject says the list holds every project's sessions.
	withProject bool
	now         func() time.Time
	title       lipgloss.Style
	selected    lipgloss.Style
	facts       lipgloss.Style
}

// newRowDelegate is the delegate for a dark or a light background.
func newRowDelegate(dark bool, home string, withProject bool) rowDelegate {
	ld := lipgloss.LightDark(dark)
	return rowDelegate{
		home: home, withProject: withProject, now: time.Now,
		title:    lipgloss.NewStyle(),
		selected: lipgloss.NewStyle().Bold(true).Foreground(ld(lipgloss.Color("#EE6FF8"), lipgloss.Color("#EE6FF8"))),
		facts:    lipgloss.NewStyle().Faint(true),
	}
}

func (rowDelegate) Height() int                         { return 1 }
func (rowDelegate) Spacing() int                        { return 0 }
func (rowDelegate) Update(tea.Msg, *list.Model) tea.Cmd { return nil }
func (d rowDelegate) factsOf(i sessionItem) string {
	facts := []string{string(i.s.Agent), listing.Ago(i.s.LastActivity, d.now()), listing.ToolCalls(i.s) + " calls"}
	if d.withProject {
		facts = append(facts, listing.CutMiddle(listing.ShortPath(i.s.Project, d.home), 24))
	}
	return strings.Join(facts, " · ")
}

// Render writes the row of item, width cells wide.
func (d rowDelegate) Render(w io.Writer, m list.Model, index int, item list.Item) {
	i, ok := item.(sessionItem)
	if !ok {
		return
	}
	width := m.Width()
	mark, titleStyle := "  ", d.title
	if index == m.Index() {
		mark, titleStyle = "▌ ", d.selected
	}
	facts := d.factsOf(i)
	room := width - termsafe.Width(mark) - termsafe.Width(facts) - 2
	if room < 8 {
		facts, room = "", width-termsafe.Width(mark)
	}
	title := termsafe.Truncate(i.Title(), max(room, 0), "…")
	gap := strings.Repeat(" ", max(width-termsafe.Width(mark)-termsafe.Width(title)-termsafe.Width(facts), 0))
	io.WriteString(w, titleStyle.Render(mark+title)+gap+d.facts.Render(facts))
}
