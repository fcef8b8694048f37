package render

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/cardtui/cardtui/render/cardtext"
	"github.com/cardtui/cardtui/render/markdown"
	"github.com/cardtui/cardtui/render/style"
	"github.com/cardtui/cardtui/render/syntax"
	"github.com/cardtui/cardtui/render/textcut"
)

// Text that is not Markdown — a user's prompt, what a tool printed — is
// shown verbatim: every line break, indentation and tag kept, each line
// wrapped only where it is wider than the card. Text in a known language
// (a TextBlock's Lang, or output that is one JSON value) is coloured as
// code.

// preformattedLines draws sanitised preformatted text at width: coloured
// as lang when the language is known (only its first shown lines, as
// codeBlockLines does), otherwise in the terminal's own colour.
func preformattedLines(text, lang string, width, shown int, o style.Options) []string {
	text, lang = cardtext.Preformatted(text, lang)
	if text == "" {
		return nil
	}
	if !syntax.Known(lang) {
		return verbatimLines(text, width)
	}
	return markdown.CodeLines(markdown.Part{Code: strings.Split(text, "\n"), Lang: lang}, 0, ansi.Style{}, max(width, 1), shown, o)
}

// verbatimLines splits sanitised text into its lines, each wrapped to
// width at spaces (a word wider than the width is broken), indentation
// and trailing spaces within a line kept.
func verbatimLines(text string, width int) []string {
	width = max(width, 1)
	lines := make([]string, 0, strings.Count(text, "\n")+1)
	for _, line := range strings.Split(text, "\n") {
		for _, row := range textcut.WrapStyled(strings.TrimRight(line, " "), width) { // a line that fits comes back whole
			lines = append(lines, strings.TrimRight(row, " "))
		}
	}
	return lines
}
