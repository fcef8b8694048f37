package render

import (
	"strings"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render/cardtext"
	"github.com/cardtui/cardtui/render/markdown"
	"github.com/cardtui/cardtui/render/style"
	"github.com/cardtui/cardtui/render/textcut"
	"github.com/cardtui/cardtui/termsafe"
)

// problemDrawing draws a bad input line as a card framed in the error
// colour: where it is in the title, the reason, then the excerpt, dim and
// cut to one line (an excerpt may hold anything).
func problemDrawing(p cards.Problem, o style.Options) Drawing {
	width := textcut.InnerWidth(o)
	var excerpt []string
	if e := textcut.OneLine(p.Excerpt); e != "" {
		excerpt = []string{style.Dim(termsafe.Truncate(e, width, "…"), o)}
	}
	body := textcut.JoinSections(markdown.WrapLines(strings.Trim(termsafe.SanitizeText(p.Reason), "\n"), width), excerpt)
	return frame{Glyph: "!", Title: cardtext.ProblemTitle(p), Body: body, Border: o.Colors().Error}.drawing(o)
}

// noticeLines draws a notice about the input as a dim "─ text ─", wrapped
// when long.
func noticeLines(n cards.Notice, o style.Options) []string {
	lines := markdown.WrapLines(textcut.OneLine(n.Text), o.LineWidth()-4)
	for i, line := range lines {
		lead, tail := "  ", ""
		if i == 0 {
			lead = "─ "
		}
		if i == len(lines)-1 {
			tail = " ─"
		}
		lines[i] = style.Dim(lead+line+tail, o)
	}
	return lines
}
