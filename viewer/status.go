package viewer

import (
	"fmt"
	"image/color"
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"github.com/cardtui/cardtui/render"
)

// gutterWidth is the column left of the cards that marks the focused one.
const gutterWidth = 1

// chrome holds the styles of the viewer's own lines for a theme and a
// colour profile. Its styles are SGR sequences converted to the profile
// once, so that drawing the status line costs no more than joining
// strings.
type chrome struct {
	profile colorprofile.Profile
	// marker and blank are the focus gutter of a focused and of another
	// card's rows.
	marker, blank string
	// sep separates the parts of the status line.
	sep                           string
	source, text, warn, bad, good style
	// highlights is whether search matches can be shown (the profile has
	// escape sequences).
	highlights bool
}

// style is a pair of sequences around styled text.
type style struct{ on, off string }

func (s style) render(text string) string { return s.on + text + s.off }

// chromeColors are the status line's colours of one theme, taken from the
// cards' palette.
type chromeColors struct{ accent, dim, text, warn, bad, good color.Color }

var (
	darkChrome = chromeColors{
		accent: lipgloss.Color("#79c0ff"), dim: lipgloss.Color("#8b949e"), text: lipgloss.Color("#c9d1d9"),
		warn: lipgloss.Color("#d29922"), bad: lipgloss.Color("#f85149"), good: lipgloss.Color("#3fb950"),
	}
	lightChrome = chromeColors{
		accent: lipgloss.Color("#0969da"), dim: lipgloss.Color("#6e7781"), text: lipgloss.Color("#24292f"),
		warn: lipgloss.Color("#9a6700"), bad: lipgloss.Color("#cf222e"), good: lipgloss.Color("#1a7f37"),
	}
)

func newChrome(theme render.Theme, profile colorprofile.Profile) chrome {
	c := darkChrome
	if theme == render.Light {
		c = lightChrome
	}
	ch := chrome{profile: profile, highlights: profile > colorprofile.NoTTY, blank: strings.Repeat(" ", gutterWidth)}
	fg := func(col color.Color) style {
		return style{on: ch.paint(ansi.NewStyle().ForegroundColor(col).String()), off: ch.paint(ansi.ResetStyle)}
	}
	ch.text, ch.warn, ch.bad, ch.good = fg(c.text), fg(c.warn), fg(c.bad), fg(c.good)
	ch.source = style{on: ch.paint(ansi.NewStyle().Bold().ForegroundColor(c.accent).String()), off: ch.paint(ansi.ResetStyle)}
	ch.marker = fg(c.accent).render("┃")
	ch.sep = fg(c.dim).render(" · ")
	return ch
}

// paint converts true-colour styling to the chrome's profile (NoTTY
// removes every escape sequence).
func (c chrome) paint(s string) string {
	if c.profile == colorprofile.TrueColor {
		return s
	}
	var b strings.Builder
	w := colorprofile.Writer{Forward: &b, Profile: c.profile}
	_, _ = w.WriteString(s)
	return b.String()
}

// statusLine is the row under the cards: the source, the focused card,
// the pending calls, the problems and follow mode on the left; the search
// and the loading state on the right. At the prompt it is the prompt.
func (m *Model) statusLine() string {
	if m.search.prompt {
		return m.styles.source.render("/") + m.styles.text.render(m.search.input)
	}
	s := m.styles
	var left []string
	if m.source != "" {
		left = append(left, s.source.render(m.source))
	}
	left = append(left, s.text.render(cardCount(m.focus, len(m.entries))))
	left = append(left, countStyle(m.pending, s.warn, s.text).render(strconv.Itoa(m.pending)+" pending"))
	left = append(left, countStyle(m.problems, s.bad, s.text).render(plural(m.problems, "problem", "problems")))
	if m.follow {
		left = append(left, s.good.render("follow on"))
	} else {
		left = append(left, s.text.render("follow off"))
	}
	var right []string
	if t := m.searchStatus(); t != "" {
		right = append(right, s.text.render(t))
	}
	if t := m.feedStatus(); t != "" {
		right = append(right, s.warn.render(t))
	}
	return fitStatus(strings.Join(left, s.sep), strings.Join(right, s.sep), m.width)
}

// countStyle is marked when n is not 0, else plain.
func countStyle(n int, marked, plain style) style {
	if n == 0 {
		return plain
	}
	return marked
}

// cardCount is "card i/N" for the focused card.
func cardCount(focus, n int) string {
	if n == 0 {
		return "no cards"
	}
	return fmt.Sprintf("card %d/%d", focus+1, n)
}

// plural is "1 thing" or "N things".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// searchStatus is "match k/M", or what the search is doing.
func (m *Model) searchStatus() string {
	s := &m.search
	switch {
	case !s.active:
		return ""
	case s.running:
		return "searching…"
	case s.total == 0:
		return "no match for " + strconv.Quote(s.match.query)
	case s.cur < 0:
		return plural(s.total, "match", "matches")
	}
	return fmt.Sprintf("match %d/%d", s.before+s.nth+1, s.total)
}

// feedStatus is the loading indicator with its progress, or "live" while
// a stream is read.
func (m *Model) feedStatus() string {
	p := m.progress
	switch {
	case !p.Done && p.Total > 0:
		return fmt.Sprintf("loading %s / %s (%d%%)", byteSize(p.Read), byteSize(p.Total), p.Read*100/p.Total)
	case !p.Done && p.Read > 0:
		return "loading " + byteSize(p.Read)
	case m.streaming:
		return "live"
	}
	return ""
}

// byteSize is n in B, KiB, MiB, … with one decimal.
func byteSize(n int64) string {
	const unit = 1024
	if n < unit {
		return strconv.FormatInt(n, 10) + " B"
	}
	div, exp := int64(unit), 0
	for q := n / unit; q >= unit && exp < 5; q /= unit {
		div *= unit
		exp++
	}
	return fmt.Sprintf("%.1f %ciB", float64(n)/float64(div), "KMGTPE"[exp])
}

// fitStatus puts left and right at the two ends of a width-cell row. When
// they do not both fit, left is cut first: the search and loading state
// on the right is what changes.
func fitStatus(left, right string, width int) string {
	lw, rw := ansi.StringWidth(left), ansi.StringWidth(right)
	switch {
	case right == "":
		return ansi.Truncate(left, width, "…")
	case lw+1+rw <= width:
		return left + strings.Repeat(" ", width-lw-rw) + right
	case rw+2 <= width:
		return ansi.Truncate(left, width-rw-1, "…") + " " + right
	}
	return ansi.Truncate(right, width, "…")
}

// oneLine makes text from the input safe for one row, trimmed.
func oneLine(s string) string { return strings.TrimSpace(flatten(s)) }

// flatten makes text from the input safe for one row: escapes removed and
// line breaks turned into spaces.
func flatten(s string) string { return strings.ReplaceAll(render.SanitizeText(s), "\n", " ") }
