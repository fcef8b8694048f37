package render

import (
	"strings"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/lazyregexp"
	"github.com/cardtui/cardtui/render/style"
)

// Markdown renders one entry as a Markdown document fragment, the form for
// clients without terminal capability and for pasting into an issue. It
// contains no escape sequences; text from the input is sanitised.
func Markdown(e cards.Entry, o style.Options) string {
	return rollbackMarkdown(e) + entryMarkdown(e, o)
}

// entryMarkdown dispatches an entry to its export; the switch is closed.
func entryMarkdown(e cards.Entry, o style.Options) string {
	switch e := e.(type) {
	case cards.Message:
		return messageMarkdown(e, o)
	case cards.ToolCard:
		return toolCardMarkdown(e, o)
	case cards.Problem:
		return problemMarkdown(e)
	case cards.Notice:
		return noticeMarkdown(e)
	}
	return "" // unreachable: the switch above is exhaustive
}

// toolCardMarkdown writes a card as a heading, the call's body and the
// result's body.
func toolCardMarkdown(c cards.ToolCard, o style.Options) string {
	var b strings.Builder
	b.WriteString(callMarkdown(c, o))
	if nested := childrenMarkdown(c.Children, o); nested != "" {
		b.WriteString("\n")
		b.WriteString(nested)
	}
	if r := resultMarkdown(c, o); r != "" {
		b.WriteString("\n")
		b.WriteString(r)
	}
	if s := stateMarkdown(c); s != "" {
		b.WriteString("\n" + s + "\n")
	}
	return b.String()
}

// callMarkdown writes the heading and body of a card's call view.
func callMarkdown(c cards.ToolCard, o style.Options) string {
	switch v := c.Call.(type) {
	case cards.GenericCall:
		return heading(style.Glyph(v.Kind), v.Title) + genericCallMarkdown(v, o)
	case cards.TerminalCall:
		return heading(style.Glyph(cards.KindExecute), v.Title) + terminalCallMarkdown(v)
	case cards.DiffCall:
		body := ""
		if applied, ok := c.Result.(cards.DiffResult); !c.State().Applied() || !ok || len(applied.Diffs) == 0 {
			body = notAppliedMarkdown(c.State()) + diffMarkdown(v.Diffs)
		}
		return heading(style.Glyph(cards.KindEdit), v.Title) + body
	case nil:
		return heading(style.Glyph(cards.KindOther), orphanTitle(c))
	}
	return "" // unreachable: the switch above is exhaustive
}

// resultMarkdown writes the body of a card's result view.
func resultMarkdown(c cards.ToolCard, o style.Options) string {
	switch v := c.Result.(type) {
	case cards.GenericResult:
		return genericResultMarkdown(v)
	case cards.TerminalResult:
		return terminalMarkdown(v)
	case cards.DiffResult:
		return diffMarkdown(v.Diffs)
	case cards.ReadResult:
		return readMarkdown(v)
	case cards.SearchMatches:
		return searchMatchesMarkdown(v)
	case cards.SearchPaths:
		return searchPathsMarkdown(v)
	case cards.WebSearch:
		return webSearchMarkdown(v)
	case cards.WebFetch:
		return webFetchMarkdown(v)
	case nil:
		return ""
	}
	return "" // unreachable: the switch above is exhaustive
}

// heading is a card's Markdown heading.
func heading(glyph, title string) string {
	return "### " + glyph + " " + escapeInline(style.OneLine(title)) + "\n"
}

// escapeInline escapes text from the input so that Markdown reads it as
// the text it is, in a paragraph, a heading or a list item: every
// character that is markup anywhere in a line (emphasis, code, links, raw
// HTML, character references, strikethrough, tables) is backslash-escaped,
// and each line is stripped of its indentation and has a marker that
// would start a block at its start escaped ("~~~", "> ", "- ", "1. ",
// "===", …), so that no line of it opens a code fence, a quote or a list
// that swallows what comes after it.
func escapeInline(s string) string {
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
