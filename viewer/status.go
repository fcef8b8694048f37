package viewer

import (
	"fmt"
	"image/color"
	"slices"
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"github.com/cardtui/cardtui/render"
	"github.com/cardtui/cardtui/render/cardtext"
	"github.com/cardtui/cardtui/termsafe"
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

// statusPart is one part of the status line; the parts of lowest
// priority go first when the line is too narrow.
type statusPart struct {
	text     string
	style    style
	priority int
}

// The priorities of the status line's parts, highest first: the counters
// never go.
const (
	prioCounters = iota
	prioNote
	prioSearch
	prioFeed
	prioFilter
	prioPinned
	prioTotals
)

// statusLine is the row under the cards: the counters first (the focused
// card, the calls still running, the problems), what the last action
// said, the search, the loading state, the filter and whether the view is
// pinned to the newest card, and what the session's turns add up to
// (tokens, time, cost); the source's base name on the right. When
// they do not fit, the source is cut, then the parts of lowest priority
// go. At a prompt it is the prompt.
func (m *Model) statusLine() string {
	if m.prompt.open() {
		return m.promptLine()
	}
	s := m.styles
	parts := []statusPart{{text: cardCount(m.focus, m.shownCount()), style: s.text}}
	if m.pending > 0 {
		parts = append(parts, statusPart{text: strconv.Itoa(m.pending) + " running", style: s.warn})
	}
	if m.problems > 0 {
		parts = append(parts, statusPart{text: plural(m.problems, "problem", "problems"), style: s.bad})
	}
	add := func(text string, st style, prio int) {
		if text != "" {
			parts = append(parts, statusPart{text: text, style: st, priority: prio})
		}
	}
	add(flatten(m.note), s.text, prioNote)
	add(m.searchStatus(), s.text, prioSearch)
	add(m.feedStatus(), s.warn, prioFeed)
	if m.filter.active() {
		add("filter "+strconv.Quote(m.filter.query), s.warn, prioFilter)
	}
	if m.follow {
		add("pinned", s.good, prioPinned)
	}
	add(cardtext.TotalsText(m.totals), s.text, prioTotals)
	return m.fitStatus(parts, baseName(m.source))
}

// fitStatus joins the parts and puts the source at the right end of the
// row, cutting the source, then leaving out parts, lowest priority first,
// until the row fits.
func (m *Model) fitStatus(parts []statusPart, source string) string {
	sepWidth := termsafe.Width(ansi.Strip(m.styles.sep))
	widthOf := func(parts []statusPart) int {
		w := 0
		for i, p := range parts {
			if i > 0 {
				w += sepWidth
			}
			w += termsafe.Width(p.text)
		}
		return w
	}
	for widthOf(parts) > m.width && len(parts) > 1 {
		if parts = dropLowest(parts); m.note != "" && !slices.ContainsFunc(parts, isNote) {
			return noteAlone(flatten(m.note), m.width) // what an action said, in place of the rest
		}
	}
	var b strings.Builder
	for i, p := range parts {
		if i > 0 {
			b.WriteString(m.styles.sep)
		}
		b.WriteString(p.style.render(p.text))
	}
	left := termsafe.Truncate(b.String(), m.width, "…")
	room := m.width - termsafe.Width(left) - 2
	if source == "" || room < min(termsafe.Width(source), minSourceWidth) {
		return left
	}
	if w := termsafe.Width(source); w > room {
		source = ansi.TruncateLeft(source, w-room+1, "…")
	}
	return left + strings.Repeat(" ", m.width-termsafe.Width(left)-termsafe.Width(source)) + m.styles.source.render(source)
}

func isNote(p statusPart) bool { return p.priority == prioNote }

// noteAlone is a note too long to share the row, cut at its start so
// that its end (a file name) stays.
func noteAlone(note string, width int) string {
	if w := termsafe.Width(note); w > width {
		return ansi.TruncateLeft(note, w-width+1, "…")
	}
	return note
}

// minSourceWidth is the narrowest the source's name is cut to before it
// is left out.
const minSourceWidth = 8

// dropLowest leaves out the last part of the lowest priority.
func dropLowest(parts []statusPart) []statusPart {
	low := len(parts) - 1
	for i, p := range parts {
		if p.priority >= parts[low].priority {
			low = i
		}
	}
	return append(parts[:low:low], parts[low+1:]...)
}

// baseName is the last element of a source's path (the full help shows
// all of it).
func baseName(source string) string {
	if i := strings.LastIndexAny(source, `/\`); i >= 0 && i < len(source)-1 {
		return source[i+1:]
	}
	return source
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

// oneLine makes text from the input safe for one row, trimmed.
func oneLine(s string) string { return strings.TrimSpace(flatten(s)) }

// flatten makes text from the input safe for one row: escapes removed and
// line breaks turned into spaces.
func flatten(s string) string { return strings.ReplaceAll(termsafe.SanitizeText(s), "\n", " ") }
