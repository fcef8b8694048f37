package mdwrite

import (
	"strings"

	"github.com/cardtui/cardtui/internal/lazyregexp"
	"github.com/cardtui/cardtui/termsafe"
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

// Join joins the non-empty Markdown blocks with a blank line
// between them; each block ends with a newline.
func Join(blocks ...string) string {
	var parts []string
	for _, b := range blocks {
		if b = strings.Trim(b, "\n"); b != "" {
			parts = append(parts, b)
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return strings.Join(parts, "\n\n") + "\n"
}

// Link is [text](<url>) when rawURL passes termsafe.SafeURL, else the text
// alone; text must already be Markdown. The angle brackets a URL's query
// may still hold are escaped, as they would end the destination.
func Link(text, rawURL string) string {
	safe, ok := termsafe.SafeURL(rawURL)
	if !ok {
		return text
	}
	return "[" + text + "](<" + angleEscaper.Replace(safe) + ">)"
}

// angleEscaper percent-encodes angle brackets.
var angleEscaper = strings.NewReplacer("<", "%3C", ">", "%3E")

// Fence puts text in a code fence longer than any backtick run inside it.
func Fence(text, info string) string {
	ticks := strings.Repeat("`", max(3, LongestRun(text, '`')+1))
	return ticks + info + "\n" + strings.TrimRight(text, "\n") + "\n" + ticks + "\n"
}

// CodeSpan puts one line of text in a code span whose backtick string is
// longer than any run inside it.
func CodeSpan(text string) string {
	if text == "" {
		return ""
	}
	ticks := strings.Repeat("`", LongestRun(text, '`')+1)
	if strings.HasPrefix(text, "`") || strings.HasSuffix(text, "`") {
		text = " " + text + " "
	}
	return ticks + text + ticks
}

// LongestRun is the length of the longest run of c in s.
func LongestRun(s string, c byte) int {
	longest, run := 0, 0
	for i := range len(s) {
		if s[i] != c {
			run = 0
			continue
		}
		run++
		longest = max(longest, run)
	}
	return longest
}
