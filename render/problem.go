package render

import (
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render/markdown"
	"github.com/cardtui/cardtui/render/style"
	"github.com/cardtui/cardtui/termsafe"
)

// problemDrawing draws a bad input line as a card framed in the error
// colour: where it is in the title, the reason, then the excerpt, dim and
// cut to one line (an excerpt may hold anything).
func problemDrawing(p cards.Problem, o style.Options) Drawing {
	width := style.InnerWidth(o)
	var excerpt []string
	if e := style.OneLine(p.Excerpt); e != "" {
		excerpt = []string{style.Dim(ansi.Truncate(e, width, "…"), o)}
	}
	body := style.JoinSections(markdown.WrapLines(strings.Trim(termsafe.SanitizeText(p.Reason), "\n"), width), excerpt)
	return frame{Glyph: "!", Title: problemTitle(p), Body: body, Border: o.Colors().Error}.drawing(o)
}

// noticeLines draws a notice about the input as a dim "─ text ─", wrapped
// when long.
func noticeLines(n cards.Notice, o style.Options) []string {
	lines := markdown.WrapLines(style.OneLine(n.Text), o.LineWidth()-4)
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

// problemTitle names where the problem is: "Problem · session.jsonl line 7".
func problemTitle(p cards.Problem) string {
	title := "Problem"
	if s := style.OneLine(p.Source); s != "" {
		title += " · " + s
	}
	if p.Line > 0 {
		title += " line " + strconv.Itoa(p.Line)
	}
	return title
}

// problemMarkdown is the Markdown of a problem: a blockquote with the
// title, the reason and the excerpt in a code span.
func problemMarkdown(p cards.Problem) string {
	lines := []string{"**" + markdown.EscapeInline(problemTitle(p)) + "**", ""}
	for _, line := range strings.Split(strings.Trim(termsafe.SanitizeText(p.Reason), "\n"), "\n") {
		lines = append(lines, markdown.EscapeInline(line))
	}
	if e := style.OneLine(p.Excerpt); e != "" {
		lines = append(lines, "", markdown.CodeSpan(e))
	}
	return quoteMarkdown(strings.Join(lines, "\n")) + "\n"
}

// noticeMarkdown is the Markdown of a notice, an italic blockquote.
func noticeMarkdown(n cards.Notice) string {
	return "> _" + markdown.EscapeInline(style.OneLine(n.Text)) + "_\n"
}
