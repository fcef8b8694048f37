package render

import (
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render/cardtext"
	"github.com/cardtui/cardtui/render/markdown"
	"github.com/cardtui/cardtui/render/style"
	"github.com/cardtui/cardtui/render/textcut"
)

// searchIndent is the indentation of match lines under their file.
const searchIndent = "  "

// searchMatchesBody draws content-search matches grouped by file: the
// path in bold, then each match behind a line-number gutter, then a footer
// counting matches and files.
func searchMatchesBody(v cards.SearchMatches, o style.Options) []string {
	width := textcut.InnerWidth(o)
	gw := matchGutter(v)
	var lines []string
	for _, f := range v.Files {
		lines = append(lines, style.PathLink(textcut.CutLeft(textcut.OneLine(f.Path), width), f.Path, o.BoldInk(o.Colors().Title).Render, o))
		for _, m := range f.Matches {
			for _, line := range numberedLine(m.LineNumber, gw, m.Line, width-len(searchIndent), o) {
				lines = append(lines, searchIndent+line)
			}
		}
	}
	lines = append(textcut.FoldLines(lines, bodyFold, o), footerLines(cardtext.MatchesFooter(v), width, o)...)
	return textcut.JoinSections(titleLines(v.Title, width, o), lines)
}

// searchPathsBody draws found paths one per line and a footer counting
// them.
func searchPathsBody(v cards.SearchPaths, o style.Options) []string {
	width := textcut.InnerWidth(o)
	lines := make([]string, 0, len(v.Paths)+1)
	for _, p := range v.Paths {
		lines = append(lines, style.PathLink(textcut.CutLeft(textcut.OneLine(p), width), p, o.Ink(o.Colors().Text).Render, o))
	}
	lines = append(textcut.FoldLines(lines, bodyFold, o), footerLines(cardtext.PathsFooter(v), width, o)...)
	return textcut.JoinSections(titleLines(v.Title, width, o), lines)
}

// footerLines is a dim footer wrapped to width.
func footerLines(footer string, width int, o style.Options) []string {
	lines := markdown.WrapLines(footer, width)
	for i, line := range lines {
		lines[i] = style.Dim(line, o)
	}
	return lines
}

// matchGutter is the gutter width of the largest matching line number.
func matchGutter(v cards.SearchMatches) int {
	var numbers []int
	for _, f := range v.Files {
		for _, m := range f.Matches {
			numbers = append(numbers, m.LineNumber)
		}
	}
	return cardtext.GutterWidth(numbers)
}
