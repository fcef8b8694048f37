package render

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render/markdown"
	"github.com/cardtui/cardtui/render/style"
	"github.com/cardtui/cardtui/termsafe"
)

// readBody draws a read window: numbered lines, a footer naming the file
// and the range shown, then any content blocks.
func readBody(v cards.ReadResult, o style.Options) []string {
	width := style.InnerWidth(o)
	gw := readGutter(v)
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

// readGutter is the gutter width of a read window's line numbers.
func readGutter(v cards.ReadResult) int {
	numbers := make([]int, len(v.Lines))
	for i, l := range v.Lines {
		numbers[i] = l.Number
	}
	return gutterWidth(numbers)
}

// gutterWidth is the number of digits of the largest line number.
func gutterWidth(numbers []int) int {
	largest := 0
	for _, n := range numbers {
		largest = max(largest, n)
	}
	return len(strconv.Itoa(largest))
}

// numberedLine draws one source line behind a dim line-number gutter
// "  12 │ ": cut with "…" to the width when collapsed, wrapped when
// expanded, continuation lines behind an empty gutter.
func numberedLine(number, gw int, text string, width int, o style.Options) []string {
	gutter := fmt.Sprintf("%*d │ ", gw, number)
	room := max(width-ansi.StringWidth(gutter), 1)
	text = sourceText(text)
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

// sourceText sanitises one line of source, keeping its indentation; a
// line break inside it is shown as "↵".
func sourceText(s string) string {
	return strings.TrimRight(strings.ReplaceAll(termsafe.SanitizeText(s), "\n", "↵"), " ")
}

// readFooter is the dim "path · lines 5–8 of 120" under the lines, the
// path linked to its file when absolute.
func readFooter(v cards.ReadResult, width int, o style.Options) string {
	rest := readRange(v)
	room := width - ansi.StringWidth(rest) - len(" · ")
	if room < 4 {
		return style.Dim(ansi.Truncate(rest, width, "…"), o)
	}
	dimmed := o.Ink(o.Colors().Dim).Render
	return style.PathLink(style.CutLeft(style.OneLine(v.Path), room), v.Path, dimmed, o) + style.Dim(" · "+rest, o)
}

// readRange says which lines of the file are shown.
func readRange(v cards.ReadResult) string {
	if len(v.Lines) == 0 {
		if v.TotalLines == 0 {
			return "empty file"
		}
		return "no lines shown of " + style.Plural(v.TotalLines, "line", "lines")
	}
	first, last := v.Lines[0].Number, v.Lines[len(v.Lines)-1].Number
	switch {
	case first <= 1 && last >= v.TotalLines:
		return "all " + style.Plural(len(v.Lines), "line", "lines")
	case first == last:
		return fmt.Sprintf("line %d of %d", first, v.TotalLines)
	}
	return fmt.Sprintf("lines %d–%d of %d", first, last, v.TotalLines)
}

// readMarkdown is the Markdown of a read window: the numbered lines in a
// fence tagged with the language, then the range shown.
func readMarkdown(v cards.ReadResult) string {
	gw := readGutter(v)
	var b strings.Builder
	for _, l := range v.Lines {
		b.WriteString(strings.TrimRight(fmt.Sprintf("%*d  %s", gw, l.Number, sourceText(l.Text)), " ") + "\n")
	}
	var code string
	if b.Len() > 0 {
		code = markdown.Fence(b.String(), fenceInfo(v.Lang))
	}
	footer := "_" + markdown.CodeSpan(style.OneLine(v.Path)) + " · " + readRange(v) + "_"
	return markdown.Join(titleMarkdown(v.Title), code, footer, contentMarkdown(v.Content))
}

// fenceInfo is a language name fit for a fence's info string, "" when it
// holds anything but ASCII letters, digits and "+#._-".
func fenceInfo(lang string) string {
	if strings.IndexFunc(lang, func(r rune) bool { return !langRune(r) }) >= 0 {
		return ""
	}
	return lang
}

// langRune reports whether r may appear in a language name.
func langRune(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("+#._-", r)
}
