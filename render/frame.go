package render

import (
	"fmt"
	"image/color"
	"strings"

	"github.com/cardtui/cardtui/render/cardtext"
	"github.com/cardtui/cardtui/render/style"
	"github.com/cardtui/cardtui/render/textcut"
	"github.com/cardtui/cardtui/termsafe"
)

// frame is a card's box: a rounded border whose top edge carries the glyph,
// the title and a badge, around the body lines.
type frame struct {
	Glyph string
	// Title is plain text; it is sanitised and cut to fit.
	Title string
	// Paths are the files a multi-file title lists: a title too wide is
	// cut between them ("+N more"), never inside one.
	Paths []string
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
		inner:  width - textcut.FrameChrome,
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
	title := fitTitle(f.Glyph, textcut.OneLine(f.Title), f.Paths, room)
	head := " " + o.BoldInk(o.Colors().Title).Render(title) + " "
	fill := width - 4 - termsafe.Width(head) - termsafe.Width(badge)
	return border.Render("╭─") + head + border.Render(strings.Repeat("─", max(fill, 0))) + badge + border.Render("─╮")
}

// fitTitle is "glyph title" cut to room cells. A title that lists paths
// keeps what comes before the first of them and as many whole paths as
// fit, then "+N more" for the rest; when not even the first fits, it
// says how many files there are.
func fitTitle(glyph, title string, paths []string, room int) string {
	full := strings.TrimSpace(glyph + " " + title)
	if termsafe.Width(full) <= room || len(paths) < 2 {
		return cardtext.CutTitle(full, room)
	}
	head, _, found := strings.Cut(title, paths[0])
	if !found {
		return cardtext.CutTitle(full, room)
	}
	lead := strings.TrimSpace(glyph+" "+head) + " "
	if termsafe.Width(lead+paths[0]+fmt.Sprintf(" +%d more", len(paths)-1)) > room {
		return termsafe.Truncate(lead+fmt.Sprintf("%d files", len(paths)), room, "…")
	}
	shown := lead + paths[0]
	for i := 1; i < len(paths); i++ {
		more := fmt.Sprintf(" +%d more", len(paths)-i-1)
		if i == len(paths)-1 {
			more = ""
		}
		if termsafe.Width(shown+", "+paths[i]+more) > room {
			shown += fmt.Sprintf(" +%d more", len(paths)-i)
			break
		}
		shown += ", " + paths[i]
	}
	return termsafe.Truncate(shown, room, "…")
}
