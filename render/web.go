package render

import (
	"fmt"
	"image/color"
	"strconv"
	"strings"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render/cardtext"
	"github.com/cardtui/cardtui/render/markdown"
	"github.com/cardtui/cardtui/render/style"
	"github.com/cardtui/cardtui/render/textcut"
	"github.com/cardtui/cardtui/termsafe"
)

// snippetLines is the number of lines a source's snippet may take.
const snippetLines = 2

// webSearchBody draws a web search: the answer as Markdown, then the
// sources as a numbered list of titles and links.
func webSearchBody(v cards.WebSearch, o style.Options) []string {
	width := textcut.InnerWidth(o)
	var sources []string
	for i, s := range v.Sources {
		sources = append(sources, sourceLines(i+1, len(v.Sources), s, width, o)...)
	}
	footer := textcut.Plural(len(v.Sources), "source", "sources")
	if v.Truncated {
		footer += " (truncated)"
	}
	sources = append(textcut.FoldLines(sources, bodyFold, o), footerLines(footer, width, o)...)
	return textcut.JoinSections(titleLines(v.Title, width, o), textcut.FoldLines(markdown.Lines(v.Answer, width, o), bodyFold, o), sources)
}

// sourceLines draws source number n of count: "n. title", then under it
// the URL, the snippet and the date, dim.
func sourceLines(n, count int, s cards.WebSource, width int, o style.Options) []string {
	number := fmt.Sprintf("%*d. ", len(strconv.Itoa(count)), n)
	pad := strings.Repeat(" ", len(number))
	room := max(width-len(number), 1)
	var lines []string
	if t := textcut.OneLine(s.Title); t != "" {
		lines = append(lines, o.BoldInk(o.Colors().Title).Render(termsafe.Truncate(t, room, "…")))
	}
	lines = append(lines, urlLines(s.URL, room, o.Colors().Dim, o)...)
	lines = append(lines, snippet(s.Snippet, room, o)...)
	if d := textcut.OneLine(s.PublishedAt); d != "" {
		lines = append(lines, style.Dim(termsafe.Truncate(d, room, "…"), o))
	}
	for i := range lines {
		if i == 0 {
			lines[i] = number + lines[i]
		} else {
			lines[i] = pad + lines[i]
		}
	}
	return lines
}

// urlLines shows a URL in rows of width cells, in colour c (see termsafe.URLRows:
// its host is never cut): linked when termsafe.SafeURL accepts it; plain and
// followed by "(unsafe link)" when it does not, the note on a line of its
// own when it does not fit after the URL.
func urlLines(raw string, width int, c color.Color, o style.Options) []string {
	rows := termsafe.URLRows(textcut.OneLine(raw), width, o.Ink(c).Render, o.BoldInk(c).Render)
	if _, ok := termsafe.SafeURL(raw); ok {
		for i, row := range rows {
			rows[i] = style.Hyperlink(row, raw, o)
		}
		return rows
	}
	last := len(rows) - 1
	if termsafe.Width(rows[last])+1+len(cardtext.UnsafeNote) <= width {
		rows[last] += " " + style.Dim(cardtext.UnsafeNote, o)
		return rows
	}
	return append(rows, style.Dim(termsafe.Truncate(cardtext.UnsafeNote, width, "…"), o))
}

// snippet is a source's snippet, dim, in at most snippetLines lines.
func snippet(s string, width int, o style.Options) []string {
	text := textcut.OneLine(s)
	if text == "" {
		return nil
	}
	lines := markdown.WrapLines(text, width)
	if len(lines) > snippetLines {
		lines = lines[:snippetLines]
		last := lines[snippetLines-1]
		lines[snippetLines-1] = termsafe.Truncate(last, width-1, "") + "…"
	}
	for i, line := range lines {
		lines[i] = style.Dim(line, o)
	}
	return lines
}

// webFetchBody draws "GET <url> → 200 (truncated)", the status coloured
// by its class; the status and the note move to lines of their own when
// they do not fit after the URL.
func webFetchBody(v cards.WebFetch, o style.Options) []string {
	width := textcut.InnerWidth(o)
	const verb = "GET "
	lines := urlLines(v.URL, width-len(verb), o.Colors().Text, o)
	for i := range lines {
		lead := verb
		if i > 0 {
			lead = strings.Repeat(" ", len(verb))
		}
		lines[i] = lead + lines[i]
	}
	lines = appendWord(lines, width, "→ "+o.Ink(statusColor(v.StatusCode, o)).Render(cardtext.StatusText(v.StatusCode)))
	if v.Truncated {
		lines = appendWord(lines, width, style.Dim("(truncated)", o))
	}
	return textcut.JoinSections(titleLines(v.Title, width, o), lines, textcut.FoldLines(contentLines(v.Content, width, o), bodyFold, o))
}

// appendWord adds a styled word to the last line after a space, or on a
// new line when it does not fit there.
func appendWord(lines []string, width int, word string) []string {
	last := lines[len(lines)-1]
	if termsafe.Width(last)+1+termsafe.Width(word) <= width {
		lines[len(lines)-1] = last + " " + word
		return lines
	}
	return append(lines, word)
}

// statusColor colours a status code by class: 2xx green, 3xx accent, 4xx
// and 5xx red, anything else dim.
func statusColor(code int, o style.Options) color.Color {
	p := o.Colors()
	switch {
	case code >= 200 && code < 300:
		return p.OK
	case code >= 300 && code < 400:
		return p.Accent
	case code >= 400 && code < 600:
		return p.Error
	}
	return p.Dim
}
