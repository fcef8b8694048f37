package render

import (
	"image/color"
	"strings"

	"github.com/cardtui/cardtui/render/cardtext"
	"github.com/cardtui/cardtui/render/style"
	"github.com/cardtui/cardtui/termsafe"
)

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

// drawing draws the frame at the options' width; each body line is
// framed when it is asked for.
func (f frame) drawing(o style.Options) Drawing {
	width := o.LineWidth()
	border := o.Ink(f.Border)
	return Drawing{
		head:   []string{f.top(o)},
		body:   f.Body,
		tail:   []string{border.Render("╰" + strings.Repeat("─", width-2) + "╯")},
		framed: true,
		left:   border.Render("│") + " ",
		right:  " " + border.Render("│"),
		inner:  width - style.FrameChrome,
		o:      o,
	}
}

// top draws "╭─ glyph title ───── badge ─╮", cutting the title when the
// badge and title do not both fit.
func (f frame) top(o style.Options) string {
	width := o.LineWidth()
	border := o.Ink(f.Border)
	badge := ""
	if f.Badge != "" {
		badge = " " + f.Badge + " "
	}
	// The corners take 4 cells, the spaces around the title 2, and at
	// least one dash stays between title and badge.
	room := max(width-4-2-1-termsafe.Width(badge), 1)
	title := cardtext.CutTitle(strings.TrimSpace(f.Glyph+" "+style.OneLine(f.Title)), room)
	head := " " + o.BoldInk(o.Colors().Title).Render(title) + " "
	fill := width - 4 - termsafe.Width(head) - termsafe.Width(badge)
	return border.Render("╭─") + head + border.Render(strings.Repeat("─", max(fill, 0))) + badge + border.Render("─╮")
}
