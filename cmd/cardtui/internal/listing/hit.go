package listing

import (
	"regexp"
	"strings"
	"time"

	"charm.land/lipgloss/v2"

	"github.com/cardtui/cardtui/sessions"
	"github.com/cardtui/cardtui/termsafe"
)

// Matcher is what a search looks for: pattern literally, or as a regular
// expression (an error says why it is not one).
func Matcher(pattern string, isRegexp bool) (sessions.Matcher, error) {
	if !isRegexp {
		return sessions.LiteralMatcher([]byte(pattern)), nil
	}
	re, err := regexp.Compile(pattern)
	if err != nil {
		return sessions.Matcher{}, err
	}
	return sessions.RegexpMatcher(re), nil
}

// matchStyle highlights a match.
var matchStyle = lipgloss.NewStyle().Reverse(true)

// Highlight is a match highlighted in reverse video, for HitFormat.Mark.
func Highlight(match string) string { return matchStyle.Render(match) }

// HitFormat writes the hits of a search one line each, as `cardtui
// search` prints them and the picker's search lists them: session · time
// · card title · the matching line, the matches marked.
type HitFormat struct {
	// Label and Title are the most cells the session's label and the
	// card's title take; longer ones are cut in the middle.
	Label, Title int
	// When writes the time of the session's last activity.
	When func(time.Time) string
	// Mark highlights a match; nil leaves the matches as they are.
	Mark func(string) string
	// Width, when not 0, is the most cells of the line: the start of the
	// matching line is left out (after "…") when the first match would
	// not fit, and the line is cut at the end.
	Width int
}

// Line is hit on one line, made safe for a terminal.
func (f HitFormat) Line(hit sessions.Hit) string {
	return string(f.AppendLine(nil, f.Head(hit), hit))
}

// Head is what Line writes before the matching line: its SessionHead
// and its CardHead. The hits of one card share it: a caller writing many
// keeps it for them.
func (f HitFormat) Head(hit sessions.Hit) string {
	return f.SessionHead(hit.Session) + f.CardHead(hit.Line.Title)
}

// SessionHead is what Head writes of the session: label · time · .
func (f HitFormat) SessionHead(s sessions.Session) string {
	return CutMiddle(Label(s), f.Label) + " · " + f.When(s.LastActivity) + " · "
}

// CardHead is what Head writes of the card titled title: title · .
func (f HitFormat) CardHead(title string) string {
	return CutMiddle(OneLine(title), f.Title) + " · "
}

// AppendLine appends to b the Line of hit, whose Head is head.
func (f HitFormat) AppendLine(b []byte, head string, hit sessions.Hit) []byte {
	text, at := hit.Line.Text, hit.Matches
	if f.Width <= 0 {
		return f.appendHighlight(append(b, head...), text, at)
	}
	text, at = showFirstMatch(text, at, f.Width-termsafe.Width(head))
	line := string(f.appendHighlight([]byte(head), text, at))
	return append(b, termsafe.Truncate(line, f.Width, "…")...)
}

// showFirstMatch leaves out the start of text, after "…", when its first
// match would end past room cells (or on the last, which the cut of a
// longer line takes), so that the match shows with a few
// cells of what comes before it; at is moved with the text.
func showFirstMatch(text string, at [][2]int, room int) (string, [][2]int) {
	const before = 8
	if len(at) == 0 || at[0][1] > len(text) || termsafe.Width(safeRun(text)) <= room ||
		termsafe.Width(safeRun(text[:at[0][1]])) < room {
		return text, at
	}
	from := at[0][0]
	for n := 0; from > 0 && n < before; n++ {
		from--
		for from > 0 && !isRuneStart(text[from]) {
			from--
		}
	}
	const ellipsis = "…"
	moved := make([][2]int, len(at))
	for i, m := range at {
		moved[i] = [2]int{m[0] - from + len(ellipsis), m[1] - from + len(ellipsis)}
	}
	return ellipsis + text[from:], moved
}

// isRuneStart reports whether b starts a UTF-8 sequence.
func isRuneStart(b byte) bool { return b&0xC0 != 0x80 }

// appendHighlight appends text made safe for a terminal, its matches
// marked, to b. It is made safe piece by piece, so that no cut between
// matches can join an escape; the spaces around a match are kept.
func (f HitFormat) appendHighlight(b []byte, text string, at [][2]int) []byte {
	prev := 0
	for _, m := range at {
		if m[0] < prev || m[1] > len(text) {
			continue
		}
		b = append(b, safeRun(text[prev:m[0]])...)
		match := safeRun(text[m[0]:m[1]])
		if f.Mark != nil {
			match = f.Mark(match)
		}
		b = append(b, match...)
		prev = m[1]
	}
	return append(b, safeRun(text[prev:])...)
}

// safeRun is a piece of one line made safe for a terminal, its line
// breaks and tabs made spaces, its other spaces kept.
func safeRun(s string) string {
	s = termsafe.SanitizeText(s)
	if strings.IndexByte(s, '\n') < 0 && strings.IndexByte(s, '\t') < 0 {
		return s
	}
	return strings.Map(func(r rune) rune {
		if r == '\n' || r == '\t' {
			return ' '
		}
		return r
	}, s)
}
