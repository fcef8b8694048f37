package render

import (
	"fmt"
	"strings"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render/cardtext"
	"github.com/cardtui/cardtui/render/markdown"
	"github.com/cardtui/cardtui/render/style"
	"github.com/cardtui/cardtui/render/syntax"
	"github.com/cardtui/cardtui/render/textcut"
	"github.com/cardtui/cardtui/termsafe"
)

// readBody draws a read window: numbered lines, a footer naming the file
// and the range shown, then any content blocks.
func readBody(v cards.ReadResult, o style.Options) []string {
	width := textcut.InnerWidth(o)
	gw := cardtext.ReadGutter(v)
	shown := v.Lines
	if !o.Expanded && len(shown) > bodyFold {
		// Collapsed, a source line is one drawn line: the rest need not
		// be drawn at all.
		shown = shown[:bodyFold]
	}
	var lines []string
	for i, text := range readTexts(v, shown, o) {
		lines = append(lines, numberedText(shown[i].Number, gw, text, width, o)...)
	}
	if hidden := len(v.Lines) - len(shown); hidden > 0 {
		lines = append(lines, textcut.MoreLine(hidden, o))
	}
	lines = append(lines, readFooter(v, width, o))
	return textcut.JoinSections(titleLines(v.Title, width, o), lines, textcut.FoldLines(contentLines(v.Content, width, o), bodyFold, o))
}

// readTexts are the shown lines of a read window, sanitised, in the
// syntax colours of the file's language — its Lang, else the one its name
// says — when it has one and lexing keeps to its budget.
func readTexts(v cards.ReadResult, shown []cards.ReadLine, o style.Options) []string {
	texts := make([]string, len(shown))
	for i, l := range shown {
		texts[i] = cardtext.SourceText(l.Text)
	}
	lang := readLanguage(v)
	if lang == "" || len(texts) == 0 {
		return texts
	}
	coloured, ok := markdown.HighlightLines(strings.Join(texts, "\n"), lang, o)
	if !ok || len(coloured) != len(texts) {
		return texts
	}
	return coloured
}

// readLanguage is the language of a read file: Lang when a lexer knows
// it, else the language of the file's name, "" for none.
func readLanguage(v cards.ReadResult) string {
	if v.Lang != "" {
		if !syntax.Known(v.Lang) {
			return ""
		}
		return v.Lang
	}
	if l := syntax.ForPath(v.Path); l != nil {
		return l.Config().Name
	}
	return ""
}

// numberedLine draws one source line behind a dim line-number gutter
// "  12 │ ", wrapped at word boundaries (textcut.WrapMarked; at most
// textcut.CollapsedLineRows rows when collapsed), continuation rows behind
// an empty gutter.
func numberedLine(number, gw int, text string, width int, o style.Options) []string {
	return numberedText(number, gw, cardtext.SourceText(text), width, o)
}

// numberedText is numberedLine for a line sanitised already (and maybe
// coloured).
func numberedText(number, gw int, text string, width int, o style.Options) []string {
	gutter := fmt.Sprintf("%*d │ ", gw, number)
	room := max(width-termsafe.Width(gutter), 1)
	blank := style.Dim(strings.Repeat(" ", gw)+" │ ", o)
	lines := textcut.WrapMarked(text, room, collapsedRows(o), o)
	for i, line := range lines {
		if i == 0 {
			lines[i] = style.Dim(gutter, o) + line
		} else {
			lines[i] = blank + line
		}
	}
	return lines
}

// collapsedRows is the most rows one long line of a card takes: any
// number when expanded.
func collapsedRows(o style.Options) int {
	if o.Expanded {
		return 0
	}
	return textcut.CollapsedLineRows
}

// readFooter is the dim "path · lines 5–8 of 120" under the lines, the
// path linked to its file when absolute.
func readFooter(v cards.ReadResult, width int, o style.Options) string {
	rest := cardtext.ReadRange(v)
	room := width - termsafe.Width(rest) - len(" · ")
	if room < 4 {
		return style.Dim(termsafe.Truncate(rest, width, "…"), o)
	}
	dimmed := o.Ink(o.Colors().Dim).Render
	return style.PathLink(textcut.CutLeft(textcut.OneLine(v.Path), room), v.Path, dimmed, o) + style.Dim(" · "+rest, o)
}
