// Package listing writes the sessions found on this machine for people:
// the table of `cardtui sessions` and the labels, times, counts and paths
// that the picker shows too. Every string from a session file is made
// safe for a terminal and kept to one line.
package listing

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/cardtui/cardtui/sessions"
	"github.com/cardtui/cardtui/termsafe"
)

// The table's fixed columns and their widths.
var tableColumns = []struct {
	name  string
	width int
}{{"AGENT", 7}, {"STARTED", 10}, {"LAST ACTIVITY", 16}, {"TOOLS", 6}, {"SIZE", 8}}

// projectWidth is the widest a project is shown; a longer path keeps its
// end.
const projectWidth = 24

// WriteTable writes the sessions as a table: the fixed columns, the
// project, then the title or first prompt on the rest of the line (a
// file's problem instead, after "!"). Text from the files is made safe
// for a terminal and kept to one line; the lines are cut at width when it
// is not 0.
func WriteTable(w io.Writer, list []sessions.Session, width int, home string) {
	fit := func(line string) string {
		if width == 0 {
			return line
		}
		return termsafe.Truncate(line, width, "…")
	}
	var header []string
	for _, c := range tableColumns {
		header = append(header, pad(c.name, c.width))
	}
	header = append(header, pad("PROJECT", projectWidth), "TITLE OR FIRST PROMPT")
	fmt.Fprintln(w, fit(strings.Join(header, " ")))
	for _, s := range list {
		cells := []string{
			pad(string(s.Agent), 7), pad(Day(s.Started), 10), pad(When(s.LastActivity), 16),
			padLeft(ToolCalls(s), 6), padLeft(Size(s.Size), 8),
			pad(cutLeft(ShortPath(s.Project, home), projectWidth), projectWidth),
			Label(s),
		}
		fmt.Fprintln(w, fit(strings.Join(cells, " ")))
	}
}

// Label is a session's title or first prompt on one line, or its problem.
func Label(s sessions.Session) string {
	text := s.Label()
	if s.Problem != "" {
		text = "! " + s.Problem + " · " + s.Path
	}
	return OneLine(text)
}

// OneLine is text made safe for a terminal, its lines joined by spaces.
func OneLine(text string) string {
	return strings.Join(strings.Fields(termsafe.SanitizeText(text)), " ")
}

// Day is the date of a time in the local zone, "-" when unknown.
func Day(t time.Time) string {
	if t.IsZero() {
		return "-"
	}
	return t.Local().Format(time.DateOnly)
}

// When is a time in the local zone to the minute, "-" when unknown.
func When(t time.Time) string {
	if t.IsZero() {
		return "-"
	}
	return t.Local().Format("2006-01-02 15:04")
}

// ToolCalls is the number of tool calls.
func ToolCalls(s sessions.Session) string {
	return fmt.Sprint(s.ToolCalls)
}

// Size is a size in bytes, in the largest unit that keeps it above 1.
func Size(n int64) string {
	units := []string{"B", "KiB", "MiB", "GiB"}
	f, i := float64(n), 0
	for ; f >= 1024 && i < len(units)-1; i++ {
		f /= 1024
	}
	if i == 0 {
		return fmt.Sprintf("%d B", n)
	}
	return fmt.Sprintf("%.1f %s", f, units[i])
}

// ShortPath writes a path under home with ~, and "-" for none; the path
// is made safe for a terminal and kept to one line, under home or not.
func ShortPath(path, home string) string {
	switch {
	case path == "":
		return "-"
	case home != "" && path == home:
		return "~"
	case home != "" && strings.HasPrefix(path, home+string(filepath.Separator)):
		return OneLine("~" + path[len(home):])
	}
	return OneLine(path)
}

// cutLeft keeps the end of s within width cells, marking the cut.
func cutLeft(s string, width int) string {
	if termsafe.Width(s) <= width {
		return s
	}
	return "…" + ansi.TruncateLeft(s, termsafe.Width(s)-width+1, "")
}

// pad pads s with spaces to width cells.
func pad(s string, width int) string {
	return s + strings.Repeat(" ", max(width-termsafe.Width(s), 0))
}

// padLeft right-aligns s in width cells.
func padLeft(s string, width int) string {
	return strings.Repeat(" ", max(width-termsafe.Width(s), 0)) + s
}

// Ago is how long before now t was, in the largest unit that fits ("just
// now", "5m ago", "3h ago", "2d ago"), its date after a week, "-" when
// unknown.
func Ago(t, now time.Time) string {
	if t.IsZero() {
		return "-"
	}
	switch d := now.Sub(t); {
	case d < time.Minute:
		return "just now"
	case d < time.Hour:
		return fmt.Sprintf("%dm ago", int(d/time.Minute))
	case d < 24*time.Hour:
		return fmt.Sprintf("%dh ago", int(d/time.Hour))
	case d < 7*24*time.Hour:
		return fmt.Sprintf("%dd ago", int(d/(24*time.Hour)))
	}
	return Day(t)
}

// CutMiddle keeps s within width cells: a path loses its middle and keeps
// its end (the file's name), other text its end is cut; "…" marks the cut.
// s must be safe for a terminal already.
func CutMiddle(s string, width int) string {
	w := termsafe.Width(s)
	if w <= width {
		return s
	}
	if width <= 1 {
		return termsafe.Truncate(s, width, "")
	}
	slash := strings.LastIndexByte(s, '/')
	if slash < 0 || termsafe.Width(s[slash:]) >= width-1 {
		return termsafe.Truncate(s, width, "…")
	}
	keep := termsafe.Width(s[slash:])
	return termsafe.Truncate(s[:slash], width-keep-1, "") + "…" + s[slash:]
}
