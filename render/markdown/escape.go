package markdown

import (
	"strings"

	"github.com/cardtui/cardtui/internal/lazyregexp"
)

// EscapeInline escapes text from the input so that Markdown reads it as
// the text it is, in a paragraph, a heading or a list item: every
// character that is markup anywhere in a line (emphasis, code, links, raw
// HTML, character references, strikethrough, tables) is backslash-escaped,
// and each line is stripped of its indentation and has a marker that
// would start a block at its start escaped ("~~~", "> ", "- ", "1. ",
// "===", …), so that no line of it opens a code fence, a quote or a list
// that swallows what comes after it.
func EscapeInline(s string) string {
	lines := strings.Split(s, "\n")
	for i, line := range lines {
		line = inlineEscaper.Replace(strings.TrimLeft(line, " \t"))
		if m := blockStart().FindString(line); m != "" {
			line = m[:len(m)-1] + `\` + line[len(m)-1:]
		}
		lines[i] = line
	}
	return strings.Join(lines, "\n")
}

// inlineEscaper escapes the characters that are markup anywhere in a line.
var inlineEscaper = strings.NewReplacer(`\`, `\\`, "`", "\\`", "*", `\*`, "_", `\_`, "[", `\[`, "]", `\]`,
	"<", `\<`, ">", `\>`, "#", `\#`, "&", `\&`, "~", `\~`, "|", `\|`)

// blockStart matches what would start a block at the start of a line once
// inlineEscaper has run: a list marker or a setext underline or thematic
// break ("-", "+", "=", "1." or "1)").
var blockStart = lazyregexp.New(`^(?:[0-9]{1,9}[.)]|[-+=])`)
