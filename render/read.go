package render

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render/cardtext"
	"github.com/cardtui/cardtui/render/style"
)

// readBody draws a read window: numbered lines, a footer naming the file
// and the range shown, then any content blocks.
func readBody(v cards.ReadResult, o style.Options) []string {
	width := style.InnerWidth(o)
	gw := cardtext.ReadGutter(v)
	shown := v.Lines
	if !o.Expanded && len(shown) > bodyFold {
		// Collapsed, a source line is one drawn line: the rest need not
		// be drawn at all.
		shown = shown[:bodyFold]
	}
	var lines []string
	for _, l := range shown {
		lines = append(lines, numberedLine(l.Number, gw, l.Text, width, o)...)
	}
	if hidden := len(v.Lines) - len(shown); hidden > 0 {
		lines = append(lines, style.MoreLine(hidden, o))
	}
	lines = append(lines, readFooter(v, width, o))
	return style.JoinSections(titleLines(v.Title, width, o), lines, style.FoldLines(contentLines(v.Content, width, o), bodyFold, o))
}

// numberedLine draws one source line behind a dim line-number gutter
// "  12 │ ": cut with "…" to the width when collapsed, wrapped when
// expanded, continuation lines behind an empty gutter.
func numberedLine(number, gw int, text string, width int, o style.Options) []string {
	gutter := fmt.Sprintf("%*d │ ", gw, number)
	room := max(width-ansi.StringWidth(gutter), 1)
	text = cardtext.SourceText(text)
	if !o.Expanded {
		return []string{style.Dim(gutter, o) + ansi.Truncate(text, room, "…")}
	}
	blank := style.Dim(strings.Repeat(" ", gw)+" │ ", o)
	lines := strings.Split(ansi.Wrap(text, room, ""), "\n")
	for i, line := range lines {
		if i == 0 {
			lines[i] = style.Dim(gutter, o) + line
		} else {
			lines[i] = blank + line
		}
	}
	return lines
}

// readFooter is the dim "path · lines 5–8 of 120" under the lines, the
// path linked to its file when absolute.
func readFooter(v cards.ReadResult, width int, o style.Options) string {
	rest := cardtext.ReadRange(v)
	room := width - ansi.StringWidth(rest) - len(" · ")
	if room < 4 {
		return style.Dim(ansi.Truncate(rest, width, "…"), o)
	}
	dimmed := o.Ink(o.Colors().Dim).Render
	return style.PathLink(style.CutLeft(style.OneLine(v.Path), room), v.Path, dimmed, o) + style.Dim(" · "+rest, o)
}
