package render

import (
	"image/color"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/cardtui/cardtui/termsafe"
)

// frameChrome is the number of cells the frame takes from each line: a
// border and a space on either side.
const frameChrome = 4

// frame is a card's box: a rounded border whose top edge carries the glyph,
// the title and a badge, around the body lines.
type frame struct {
	Glyph string
	// Title is plain text; it is sanitised and cut to fit.
	Title string
	// Badge is styled text shown at the right end of the top edge.
	Badge  string
	Body   []string
	Border color.Color
}

// innerWidth is the width available to a card's body.
func innerWidth(o Options) int { return o.width() - frameChrome }

// drawing draws the frame at the options' width; each body line is
// framed when it is asked for.
func (f frame) drawing(o Options) Drawing {
	width := o.width()
	border := o.ink(f.Border)
	return Drawing{
		head:   []string{f.top(o)},
		body:   f.Body,
		tail:   []string{border.Render("╰" + strings.Repeat("─", width-2) + "╯")},
		framed: true,
		left:   border.Render("│") + " ",
		right:  " " + border.Render("│"),
		inner:  width - frameChrome,
		o:      o,
	}
}

// top draws "╭─ glyph title ───── badge ─╮", cutting the title when the
// badge and title do not both fit.
func (f frame) top(o Options) string {
	width := o.width()
	border := o.ink(f.Border)
	badge := ""
	if f.Badge != "" {
		badge = " " + f.Badge + " "
	}
	// The corners take 4 cells, the spaces around the title 2, and at
	// least one dash stays between title and badge.
	room := max(width-4-2-1-termsafe.Width(badge), 1)
	title := ansi.Truncate(strings.TrimSpace(f.Glyph+" "+oneLine(f.Title)), room, "…")
	head := " " + o.boldInk(o.colors().Title).Render(title) + " "
	fill := width - 4 - termsafe.Width(head) - termsafe.Width(badge)
	return border.Render("╭─") + head + border.Render(strings.Repeat("─", max(fill, 0))) + badge + border.Render("─╮")
}

// oneLine sanitises text for a single-line slot: escapes removed and line
// breaks shown as "↵".
func oneLine(s string) string {
	return strings.TrimSpace(strings.ReplaceAll(termsafe.SanitizeText(s), "\n", " ↵ "))
}

// padRight cuts or pads a styled line to exactly width cells.
func padRight(line string, width int) string { return framed("", line, "", width) }

// framed is a styled line cut or padded to exactly width cells between
// left and right, built in one allocation: a card of a million lines
// makes a million of them.
func framed(left, line, right string, width int) string {
	w := termsafe.Width(line)
	if w > width {
		// A cut before a wide character can leave one cell short.
		line = ansi.Truncate(line, width, "…")
		w = termsafe.Width(line)
	}
	var b strings.Builder
	b.Grow(len(left) + len(line) + width - w + len(right))
	b.WriteString(left)
	b.WriteString(line)
	writeSpaces(&b, width-w)
	b.WriteString(right)
	return b.String()
}

// blanks is a run of spaces that padding is cut from.
var blanks = strings.Repeat(" ", 256)

// writeSpaces writes n spaces (none when n ≤ 0) a run at a time, not a
// byte at a time: a framed line is mostly padding.
func writeSpaces(b *strings.Builder, n int) {
	for n > 0 {
		k := min(n, len(blanks))
		b.WriteString(blanks[:k])
		n -= k
	}
}
