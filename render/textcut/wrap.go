package textcut

import (
	"io"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/cardtui/cardtui/termsafe"
)

// HardwrapStyled breaks a sanitised output line into rows of at most width
// cells (as termsafe.Width counts them), as a terminal would; each row
// carries its own SGR state.
func HardwrapStyled(line string, width int) []string {
	return rowsWrapped(line, width, func(m ansi.Method, s string) string { return m.Hardwrap(s, width, true) })
}

// WrapStyled is hardwrapStyled wrapping at spaces where it can: a word
// longer than width is still broken, and a space a row ends at is
// dropped.
func WrapStyled(line string, width int) []string {
	return rowsWrapped(line, width, func(m ansi.Method, s string) string { return m.Wrap(s, width, "") })
}

// rowsWrapped breaks a styled line wider than width with wrap and gives
// each row its own SGR state: the styles a row leaves open are closed at
// its end and opened again on the next. It wraps by grapheme clusters,
// then wraps again by code points each row that is still too wide when a
// terminal counts those (see termsafe.Width).
func rowsWrapped(line string, width int, wrap func(ansi.Method, string) string) []string {
	if termsafe.Width(line) <= width {
		return []string{line}
	}
	var rows []string
	for _, row := range styledRows(wrap(ansi.GraphemeWidth, line)) {
		if termsafe.Width(row) > width {
			rows = append(rows, styledRows(wrap(ansi.WcWidth, row))...)
		} else {
			rows = append(rows, row)
		}
	}
	return rows
}

// styledRows splits wrapped text into its rows, each closing the styles
// it leaves open and opening again those it was given.
func styledRows(wrapped string) []string {
	var b strings.Builder
	w := lipgloss.NewWrapWriter(&b)
	_, _ = io.WriteString(w, wrapped)
	_ = w.Close()
	return strings.Split(b.String(), "\n")
}
