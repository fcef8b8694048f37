package markdown

import (
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"github.com/cardtui/cardtui/render/style"
	"github.com/cardtui/cardtui/termsafe"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// Raw HTML in Markdown from the input is the model's or the page's text,
// not markup for cardtui to obey: an unclosed <details>, <a href> or
// <template> in one message of the Markdown export would hide or relink
// every entry after it, and glamour silently drops HTML comments and
// <script>, which the model read. inertHTML finds the raw HTML as a
// CommonMark (GFM) parser does — HTML blocks, inline tags, comments — and
// makes it text.

// gfm parses Markdown as GitHub does; a parser keeps no state between
// calls. It is built on first use, not at every start.
var gfm = sync.OnceValue(func() parser.Parser {
	return goldmark.New(goldmark.WithExtensions(extension.GFM)).Parser()
})

// htmlMark and htmlEnd wrap the raw HTML inertHTML makes text when the
// drawing is to dim it (dimHTML): private-use runes the input cannot hold
// after termsafe.SanitizeText has run (see stripHTMLMarks).
const (
	htmlMark = '\uE000'
	htmlEnd  = '\uE001'
)

// inertHTML returns md with every "<" of its raw HTML written "&lt;", so
// that the HTML is shown as the text it is; with marked set, each run of
// raw HTML is also wrapped in htmlMark … htmlEnd.
func inertHTML(md string, marked bool) string {
	if !strings.Contains(md, "<") {
		return md
	}
	src := []byte(md)
	var spans []text.Segment
	_ = ast.Walk(gfm().Parse(text.NewReader(src)), func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.HTMLBlock:
			spans = appendLines(spans, n.Lines())
			if n.HasClosure() {
				spans = append(spans, n.ClosureLine)
			}
		case *ast.RawHTML:
			spans = appendLines(spans, n.Segments)
		}
		return ast.WalkContinue, nil
	})
	if len(spans) == 0 {
		return md
	}
	slices.SortFunc(spans, func(a, b text.Segment) int { return a.Start - b.Start })
	var b strings.Builder
	at := 0
	for _, s := range spans {
		if s.Start < at {
			continue
		}
		b.WriteString(md[at:s.Start])
		html := strings.TrimRight(md[s.Start:s.Stop], "\n")
		if marked {
			b.WriteRune(htmlMark)
		}
		b.WriteString(strings.ReplaceAll(html, "<", "&lt;"))
		if marked {
			b.WriteRune(htmlEnd)
		}
		at = s.Start + len(html)
	}
	b.WriteString(md[at:])
	return b.String()
}

// appendLines appends the segments of lines.
func appendLines(spans []text.Segment, lines *text.Segments) []text.Segment {
	for i := range lines.Len() {
		spans = append(spans, lines.At(i))
	}
	return spans
}

// stripHTMLMarks removes the runes inertHTML marks with from text that
// reaches it from the input.
func stripHTMLMarks(s string) string {
	if !strings.ContainsAny(s, string(htmlMark)+string(htmlEnd)) {
		return s
	}
	return strings.NewReplacer(string(htmlMark), "", string(htmlEnd), "").Replace(s)
}

// SGR sequences dimHTML writes.
const (
	faintOn  = "\x1b[2m"
	faintOff = "\x1b[22m"
)

// dimHTML dims what htmlMark … htmlEnd wrap in rendered lines, and removes
// the marks: faint from the mark to the end, written again after every
// SGR sequence glamour writes inside it and at the start of each line the
// run goes on to, and closed at the end of each line. Without colours the
// marks are only removed.
func dimHTML(lines []string, o style.Options) []string {
	if o.Profile <= colorprofile.NoTTY {
		for i, line := range lines {
			lines[i] = stripHTMLMarks(line)
		}
		return lines
	}
	open := false
	for i, line := range lines {
		if open || strings.ContainsRune(line, htmlMark) {
			lines[i], open = dimLine(line, open)
		}
	}
	return lines
}

// dimLine is dimHTML for one line, in a run of raw HTML when open; it
// says whether the run goes on after the line.
func dimLine(line string, open bool) (string, bool) {
	var b strings.Builder
	if open {
		b.WriteString(faintOn)
	}
	for line != "" {
		_, _, n, _ := ansi.DecodeSequence(line, ansi.NormalState, nil)
		n = max(n, 1)
		tok := line[:n]
		line = line[n:]
		switch r, _ := utf8.DecodeRuneInString(tok); {
		case r == htmlMark:
			open, tok = true, faintOn
		case r == htmlEnd:
			open, tok = false, faintOff
		case open && termsafe.IsSGRSequence(tok):
			tok += faintOn // glamour's style may have reset it
		}
		b.WriteString(tok)
	}
	if open {
		b.WriteString(faintOff)
	}
	return b.String(), open
}
