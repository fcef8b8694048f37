package textcut

import (
	"io"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/cardtui/cardtui/termsafe"
)

// HardwrapStyled breaks a sanitised output line into rows of at most width
// cells, as a terminal would; each row carries its own SGR state.
func HardwrapStyled(line string, width int) []string {
	return rowsWrapped(line, width, func(s string) string { return ansi.Hardwrap(s, width, true) })
}

// WrapStyled is hardwrapStyled wrapping at spaces where it can: a word
// longer than width is still broken, and a space a row ends at is
// dropped.
func WrapStyled(line string, width int) []string {
	return rowsWrapped(line, width, func(s string) string { return ansi.Wrap(s, width, "") })
}

// rowsWrapped breaks a styled line wider than width with wrap and gives
// each row its own SGR state: the styles a row leaves open are closed at
// its end and opened again on the next.
func rowsWrapped(line string, width int, wrap func(string) string) []string {
	if termsafe.Width(line) <= width {
		return []string{line}
	}
	var b strings.Builder
	w := lipgloss.NewWrapWriter(&b)
	_, _ = io.WriteString(w, wrap(line))
	_ = w.Close()
	return strings.Split(b.String(), "\n")
}
