package html

import (
	"fmt"
	"html"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/alecthomas/chroma/v2"
	chromahtml "github.com/alecthomas/chroma/v2/formatters/html"
	chromastyles "github.com/alecthomas/chroma/v2/styles"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render/cardtext"
	"github.com/cardtui/cardtui/render/diffview"
	"github.com/cardtui/cardtui/render/style"
	"github.com/cardtui/cardtui/render/syntax"
	"github.com/cardtui/cardtui/termsafe"
)

// Code in the HTML export — diff hunks, read windows, raw input — is
// coloured by chroma's token classes (the class names of chroma's HTML
// formatter with classes), and its stylesheet is chroma's own, once for a
// light and once for a dark background.

// chromaClasses is chroma's HTML formatter with classes, whose stylesheet
// the export embeds.
var chromaClasses = chromahtml.New(chromahtml.WithClasses(true))

// chromaCSS is the stylesheet of the token classes: the light theme's,
// then the dark theme's for a dark colour scheme.
var chromaCSS = sync.OnceValue(func() string {
	var light, dark strings.Builder
	_ = chromaClasses.WriteCSS(&light, chromastyles.Get(syntax.ChromaTheme(style.Light))) // a strings.Builder does not fail
	_ = chromaClasses.WriteCSS(&dark, chromastyles.Get(syntax.ChromaTheme(style.Dark)))
	return light.String() + "@media (prefers-color-scheme: dark) {\n" + dark.String() + "}\n" +
		".chroma { background-color: transparent; }\n"
})

// chromaClass is the class chroma's formatter gives a token type: its own,
// else its nearest parent's.
func chromaClass(t chroma.TokenType) string {
	for ; t != 0; t = t.Parent() {
		if class, ok := chroma.StandardTypes[t]; ok {
			return class
		}
	}
	return ""
}

// tokenLines tokenises text, its lines ended by "\n", with lexer, and
// returns the tokens of each line without the line breaks. It
// returns nil when there is no lexer, lexing it takes longer than its
// scaled budget (scaledLexDeadline: any size is coloured unless the lexer
// goes quadratic), or the lexer does not give the text back exactly.
func tokenLines(text string, lexer chroma.Lexer) (lines [][]chroma.Token) {
	if lexer == nil {
		return nil
	}
	defer func() {
		if recover() != nil { // a lexer is third-party code run on hostile text
			lines = nil
		}
	}()
	var over atomic.Bool
	raw, err := syntax.Tokens(lexer, &chroma.TokeniseOptions{State: "root"}, text, syntax.ScaledDeadline(len(text)), &over)
	if err != nil {
		return nil
	}
	it := syntax.Coalesce(raw)
	var joined strings.Builder
	for _, line := range chroma.SplitTokensIntoLines(it.Tokens()) {
		var kept []chroma.Token
		for _, tok := range line {
			joined.WriteString(tok.Value)
			if tok.Value = strings.TrimSuffix(tok.Value, "\n"); tok.Value != "" {
				kept = append(kept, tok)
			}
		}
		lines = append(lines, kept)
	}
	if joined.String() != text {
		return nil
	}
	return lines
}

// lineHTML draws one line of code: its text, sanitised piece by piece,
// in the classes of its tokens (which cover the text exactly, or are
// nil), with the changed spans in <mark>.
func lineHTML(text string, tokens []chroma.Token, emph []diffview.Span) string {
	if len(tokens) == 0 {
		tokens = []chroma.Token{{Type: chroma.Text, Value: text}}
	}
	var b strings.Builder
	pos, marked := 0, false
	for _, tok := range tokens {
		end := pos + len(tok.Value)
		class := chromaClass(tok.Type)
		for pos < end {
			inEmph, next := emphAt(emph, pos, end)
			if inEmph != marked {
				b.WriteString(map[bool]string{true: "<mark>", false: "</mark>"}[inEmph])
				marked = inEmph
			}
			piece := html.EscapeString(termsafe.SanitizeText(text[pos:next]))
			if class != "" {
				piece = "<span class=\"" + class + "\">" + piece + "</span>"
			}
			b.WriteString(piece)
			pos = next
		}
	}
	if marked {
		b.WriteString("</mark>")
	}
	return b.String()
}

// emphAt says whether the byte at pos is in a changed span, and where,
// before end, that stops being so.
func emphAt(emph []diffview.Span, pos, end int) (bool, int) {
	next := end
	for _, s := range emph {
		switch {
		case s.Start <= pos && pos < s.End:
			return true, min(s.End, end)
		case s.Start > pos:
			next = min(next, s.Start)
		}
	}
	return false, next
}

// codeLinesHTML draws lines of code, coloured as a whole by lexer (none
// when it is nil).
func codeLinesHTML(texts []string, lexer chroma.Lexer) []string {
	tokens := tokenLines(strings.Join(texts, "\n")+"\n", lexer)
	out := make([]string, len(texts))
	for i, t := range texts {
		var line []chroma.Token
		if i < len(tokens) {
			line = tokens[i]
		}
		out[i] = lineHTML(t, line, nil)
	}
	return out
}

// highlightedHTML is text coloured by lexer, its lines kept.
func highlightedHTML(text string, lexer chroma.Lexer) string {
	return strings.Join(codeLinesHTML(strings.Split(text, "\n"), lexer), "\n")
}

// preformattedHTML is text that is not Markdown — what a tool printed —
// shown verbatim in a <pre>, every line break, indentation and tag kept,
// coloured as its language when it names one chroma knows (or is one
// JSON value), as preformattedLines draws it in a terminal.
func preformattedHTML(text, lang string) string {
	text, lang = cardtext.Preformatted(text, lang)
	if text == "" {
		return ""
	}
	var lexer chroma.Lexer
	if syntax.Known(lang) {
		lexer = syntax.ForLanguage(lang)
	}
	return "<pre class=\"raw chroma\">" + highlightedHTML(text, lexer) + "</pre>"
}

// diffHTML draws diff files: per file a header, then the hunks as a table
// with both line numbers, word-level changes and syntax colours, and a
// footer with the totals.
func diffHTML(diffs []cards.FileDiff) string {
	files := diffview.Files(diffs)
	if len(files) == 0 {
		return ""
	}
	var b strings.Builder
	for _, f := range files {
		b.WriteString(diffFileHTML(f))
	}
	added, removed := diffview.Totals(files)
	b.WriteString("<p class=\"note\">" + countsHTML(added, removed) + " · " + diffview.FileCount(len(files)) + "</p>\n")
	return b.String()
}

// countsHTML is "+A −R" in the colours of added and removed lines.
func countsHTML(added, removed int) string {
	return fmt.Sprintf("<span class=\"plus\">+%d</span> <span class=\"minus\">−%d</span>", added, removed)
}

// diffFileHTML draws one file of a diff.
func diffFileHTML(f diffview.File) string {
	var b strings.Builder
	b.WriteString("<div class=\"file\"><span class=\"path\">" + escapeLine(f.Path) + "</span>")
	if f.NewFile {
		b.WriteString(" <span class=\"tag\">new file</span>")
	}
	if f.Endings != "" {
		b.WriteString(" <span class=\"tag\">" + html.EscapeString(f.Endings) + "</span>")
	}
	b.WriteString(" " + countsHTML(f.Added, f.Removed) + "</div>\n")
	switch {
	case f.Opaque != nil:
		b.WriteString(noteHTML(diffview.OpaqueSummary(*f.Opaque)) + "\n")
	case len(f.Hunks) == 0:
		b.WriteString(noteHTML(diffview.Unchanged(f)) + "\n")
	default:
		b.WriteString("<table class=\"code diff chroma\">\n")
		for _, h := range f.Hunks {
			b.WriteString(hunkHTML(f, h))
		}
		if f.Trailing != 0 {
			b.WriteString(foldRowHTML(f.Trailing))
		}
		b.WriteString("</table>\n")
	}
	return b.String()
}

// foldRowHTML is the row that stands for unchanged lines not shown.
func foldRowHTML(n int) string {
	return "<tr class=\"fold\"><td colspan=\"4\">" + html.EscapeString(diffview.FoldText(n)) + "</td></tr>\n"
}

// diffRowClass is the class of a diff line's row, and its sign.
var diffRowClass = map[diffview.LineKind][2]string{diffview.LineContext: {"ctx", " "}, diffview.LineAdded: {"add", "+"}, diffview.LineRemoved: {"del", "-"}}

// hunkHTML draws a hunk's fold and header rows, then its lines.
func hunkHTML(f diffview.File, h diffview.Hunk) string {
	var b strings.Builder
	if h.Fold != 0 {
		b.WriteString(foldRowHTML(h.Fold))
	}
	if f.Headed(h) {
		b.WriteString("<tr class=\"hunk\"><td colspan=\"4\">" + diffview.HunkHeader(h) + "</td></tr>\n")
	}
	d := diffview.Decorate(h.Lines, nil)
	tokens := hunkTokens(f.Path, h.Lines)
	for i, l := range h.Lines {
		class := diffRowClass[l.Kind]
		fmt.Fprintf(&b, "<tr class=\"%s\"><td class=\"ln\">%s</td><td class=\"ln\">%s</td><td class=\"sign\">%s</td><td class=\"src\">%s%s</td></tr>\n",
			class[0], lineNumberHTML(l.Old), lineNumberHTML(l.New), class[1], lineHTML(l.Text, tokens[i], d.Deco[i].Emph), noEOLHTML(l))
	}
	return b.String()
}

// noEOLHTML marks the last line of a side without a final newline.
func noEOLHTML(l diffview.Line) string {
	if !l.NoEOL {
		return ""
	}
	return " <span class=\"note\">\\ No newline at end of file</span>"
}

func lineNumberHTML(n int) string {
	if n <= 0 {
		return ""
	}
	return fmt.Sprint(n)
}

// hunkTokens returns the tokens of each line of a hunk: context and added
// lines coloured as the new side, removed lines as the old side.
func hunkTokens(path string, lines []diffview.Line) [][]chroma.Token {
	tokens := make([][]chroma.Token, len(lines))
	for _, other := range []diffview.LineKind{diffview.LineRemoved, diffview.LineAdded} {
		var text strings.Builder
		var index []int
		for i, l := range lines {
			if l.Kind != other {
				text.WriteString(l.Text + "\n")
				index = append(index, i)
			}
		}
		for k, line := range tokenLines(text.String(), syntax.ForPath(path)) {
			if k >= len(index) {
				break
			}
			if i := index[k]; other == diffview.LineRemoved || lines[i].Kind == diffview.LineRemoved {
				tokens[i] = line
			}
		}
	}
	return tokens
}
