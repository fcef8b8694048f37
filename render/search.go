package render

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render/markdown"
	"github.com/cardtui/cardtui/render/style"
)

// searchIndent is the indentation of match lines under their file.
const searchIndent = "  "

// searchMatchesBody draws content-search matches grouped by file: the
// path in bold, then each match behind a line-number gutter, then a footer
// counting matches and files.
func searchMatchesBody(v cards.SearchMatches, o style.Options) []string {
	width := style.InnerWidth(o)
	gw := matchGutter(v)
	var lines []string
	for _, f := range v.Files {
		lines = append(lines, style.PathLink(style.CutLeft(style.OneLine(f.Path), width), f.Path, o.BoldInk(o.Colors().Title).Render, o))
		for _, m := range f.Matches {
			for _, line := range numberedLine(m.LineNumber, gw, m.Line, width-len(searchIndent), o) {
				lines = append(lines, searchIndent+line)
			}
		}
	}
	lines = append(style.FoldLines(lines, bodyFold, o), footerLines(matchesFooter(v), width, o)...)
	return style.JoinSections(titleLines(v.Title, width, o), lines)
}

// searchPathsBody draws found paths one per line and a footer counting
// them.
func searchPathsBody(v cards.SearchPaths, o style.Options) []string {
	width := style.InnerWidth(o)
	lines := make([]string, 0, len(v.Paths)+1)
	for _, p := range v.Paths {
		lines = append(lines, style.PathLink(style.CutLeft(style.OneLine(p), width), p, o.Ink(o.Colors().Text).Render, o))
	}
	lines = append(style.FoldLines(lines, bodyFold, o), footerLines(pathsFooter(v), width, o)...)
	return style.JoinSections(titleLines(v.Title, width, o), lines)
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
	return gutterWidth(numbers)
}

// matchCount is the number of matches listed.
func matchCount(v cards.SearchMatches) int {
	n := 0
	for _, f := range v.Files {
		n += len(f.Matches)
	}
	return n
}

// matchesFooter is "N matches in M files", with the truncation note.
func matchesFooter(v cards.SearchMatches) string {
	n := matchCount(v)
	if n == 0 {
		return "no matches" + truncationNote(v.Truncated, n, v.Total)
	}
	return style.Plural(n, "match", "matches") + " in " + style.Plural(len(v.Files), "file", "files") + truncationNote(v.Truncated, n, v.Total)
}

// pathsFooter is "N paths", with the truncation note.
func pathsFooter(v cards.SearchPaths) string {
	if len(v.Paths) == 0 {
		return "no paths" + truncationNote(v.Truncated, 0, v.Total)
	}
	return style.Plural(len(v.Paths), "path", "paths") + truncationNote(v.Truncated, len(v.Paths), v.Total)
}

// truncationNote is " (truncated: showing X of Total)" for a truncated
// result, "" otherwise.
func truncationNote(truncated bool, shown, total int) string {
	switch {
	case !truncated:
		return ""
	case total > shown:
		return fmt.Sprintf(" (truncated: showing %d of %d)", shown, total)
	}
	return " (truncated)"
}

// searchMatchesMarkdown is the Markdown of content-search matches: a list
// of files, each with its matching lines as code spans.
func searchMatchesMarkdown(v cards.SearchMatches) string {
	var b strings.Builder
	for _, f := range v.Files {
		b.WriteString("- " + markdown.CodeSpan(style.OneLine(f.Path)) + "\n")
		for _, m := range f.Matches {
			b.WriteString("  - " + strconv.Itoa(m.LineNumber) + ": " + markdown.CodeSpan(strings.TrimSpace(sourceText(m.Line))) + "\n")
		}
	}
	return markdown.Join(titleMarkdown(v.Title), b.String(), "_"+matchesFooter(v)+"_")
}

// searchPathsMarkdown is the Markdown of a list of found paths.
func searchPathsMarkdown(v cards.SearchPaths) string {
	var b strings.Builder
	for _, p := range v.Paths {
		b.WriteString("- " + markdown.CodeSpan(style.OneLine(p)) + "\n")
	}
	return markdown.Join(titleMarkdown(v.Title), b.String(), "_"+pathsFooter(v)+"_")
}
