package render

import (
	"image/color"
	"strings"
	"sync"

	"charm.land/glamour/v2"
	glamouransi "charm.land/glamour/v2/ansi"
	"charm.land/glamour/v2/styles"
	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
	chromastyles "github.com/alecthomas/chroma/v2/styles"
	"github.com/charmbracelet/x/ansi"
)

// Markdown is rendered with glamour. Building a glamour renderer parses its
// whole style sheet, so renderers are built once per (wrap width, theme) and
// kept in markdownCache for the life of the process; widths are bounded by
// terminal sizes, so the cache stays small. A glamour.TermRenderer is not
// safe for concurrent use: each cached renderer has its own lock, held
// around Render.
//
// Measured on the widget benchmarks (BenchmarkGenericCard): glamour costs
// about 0.03 ms per rendered Markdown line with colour, code blocks
// included, so callers that re-render on every frame must cache the lines
// of a card (the viewer does).
//
// Output is deterministic: the style is one of glamour's built-in dark or
// light configurations, adjusted in code, and nothing is read from the
// environment.

// markdownKey identifies a cached renderer.
type markdownKey struct {
	width int
	theme Theme
}

// markdownRenderer is one cached glamour renderer and the lock that
// serialises its use.
type markdownRenderer struct {
	mu sync.Mutex
	tr *glamour.TermRenderer
}

// markdownCache holds the renderers built so far; built counts them so that
// tests can check that nothing is built per card.
var markdownCache = struct {
	mu        sync.Mutex
	renderers map[markdownKey]*markdownRenderer
	built     int
}{renderers: map[markdownKey]*markdownRenderer{}}

// cachedRenderer returns the renderer for a wrap width and theme, building
// it on first use.
func cachedRenderer(width int, theme Theme) *markdownRenderer {
	key := markdownKey{width, theme}
	markdownCache.mu.Lock()
	defer markdownCache.mu.Unlock()
	if r, ok := markdownCache.renderers[key]; ok {
		return r
	}
	tr, err := glamour.NewTermRenderer(
		glamour.WithStyles(markdownStyle(theme)),
		glamour.WithWordWrap(width),
		glamour.WithChromaFormatter("terminal16m"),
	)
	if err != nil {
		// Only a failing option makes NewTermRenderer fail, and none of
		// the options above can.
		panic("render: building the glamour renderer: " + err.Error())
	}
	r := &markdownRenderer{tr: tr}
	markdownCache.renderers[key] = r
	markdownCache.built++
	return r
}

// render converts Markdown to styled text; ok is false when glamour fails.
func (r *markdownRenderer) render(md string) (string, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	out, err := r.tr.Render(md)
	return out, err == nil
}

// markdownStyle is glamour's dark or light style with the document's
// margin, indentation, colour and surrounding blank lines removed, so that
// the card frame controls the layout, and without the spaces around inline
// code (they read as typos once colours are stripped). Code blocks use a
// built-in chroma theme by name: glamour registers its own chroma
// configuration globally under one name, so with both themes in one
// process the first one used would win.
func markdownStyle(theme Theme) glamouransi.StyleConfig {
	style := styles.DarkStyleConfig
	if theme == Light {
		style = styles.LightStyleConfig
	}
	zero := uint(0)
	style.Document.Margin = &zero
	style.Document.Indent = &zero
	style.Document.Color = nil
	style.Document.BlockPrefix = ""
	style.Document.BlockSuffix = ""
	style.Code.Prefix, style.Code.Suffix = "", ""
	style.CodeBlock.Chroma = nil
	style.CodeBlock.Theme = chromaTheme(theme)
	return style
}

// markdownLines renders Markdown text, sanitised first, as lines of at most
// width cells, without leading or trailing blank lines. Glamour's links are
// kept only as the options allow (see keepLinks).
func markdownLines(md string, width int, o Options) []string {
	width = max(width, 1)
	md = SanitizeText(md)
	out, ok := cachedRenderer(width, o.Theme).render(md)
	if !ok {
		return wrapLines(md, width)
	}
	lines := keepLinks(strings.Split(out, "\n"), o)
	for i, line := range lines {
		line = strings.TrimRight(line, " ")
		if ansi.StringWidth(line) > width {
			line = ansi.Truncate(line, width, "…")
		}
		lines[i] = line
	}
	return trimBlank(lines)
}

// trimBlank drops the blank lines at the start and the end of lines.
func trimBlank(lines []string) []string {
	blank := func(s string) bool { return strings.TrimSpace(ansi.Strip(s)) == "" }
	for len(lines) > 0 && blank(lines[0]) {
		lines = lines[1:]
	}
	for len(lines) > 0 && blank(lines[len(lines)-1]) {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// keepLinks filters the OSC 8 hyperlinks glamour writes for every Markdown
// link: a link survives only when the options allow links and its URL
// passes SafeURL; any other is removed, keeping its text. Each line is
// made self-contained: a link still open at its end is closed there and
// re-opened on the next line.
func keepLinks(lines []string, o Options) []string {
	allow := linksOn(o)
	open := ""
	for i, line := range lines {
		if open == "" && !strings.Contains(line, "\x1b]8;") {
			continue
		}
		var b strings.Builder
		b.WriteString(open)
		for line != "" {
			_, _, n, _ := ansi.DecodeSequence(line, ansi.NormalState, nil)
			n = max(n, 1)
			seq := line[:n]
			line = line[n:]
			uri, isLink := hyperlinkTarget(seq)
			switch {
			case !isLink:
				b.WriteString(seq)
			case uri == "" && open != "":
				b.WriteString(ansi.ResetHyperlink())
				open = ""
			case uri != "" && allow:
				if safe, ok := SafeURL(uri); ok {
					open = ansi.SetHyperlink(safe)
					b.WriteString(open)
				}
			}
		}
		if open != "" {
			b.WriteString(ansi.ResetHyperlink())
		}
		lines[i] = b.String()
	}
	return lines
}

// hyperlinkTarget returns the URL of an OSC 8 sequence ("" for the one that
// ends a link); isLink is false for anything else.
func hyperlinkTarget(seq string) (uri string, isLink bool) {
	payload, ok := strings.CutPrefix(seq, "\x1b]8;")
	if !ok {
		return "", false
	}
	payload = strings.TrimSuffix(strings.TrimSuffix(payload, "\x07"), "\x1b\\")
	_, uri, _ = strings.Cut(payload, ";")
	return uri, true
}

// wrapLines splits sanitised plain text into lines wrapped to width cells.
func wrapLines(s string, width int) []string {
	var lines []string
	for _, line := range strings.Split(strings.TrimRight(s, "\n"), "\n") {
		lines = append(lines, strings.Split(ansi.Wrap(line, max(width, 1), ""), "\n")...)
	}
	return lines
}

// chromaTheme names the chroma style used for code in a theme.
func chromaTheme(t Theme) string {
	if t == Light {
		return "github"
	}
	return "github-dark"
}

// highlightLines colours sanitised code with chroma, one styled line per
// line of code; every line is self-contained (styles never span lines).
func highlightLines(code, lang string, o Options) []string {
	lexer := lexers.Get(lang)
	if lexer == nil {
		lexer = lexers.Fallback
	}
	tokens, err := chroma.Coalesce(lexer).Tokenise(nil, code)
	if err != nil {
		return strings.Split(code, "\n")
	}
	style := chromastyles.Get(chromaTheme(o.Theme))
	lines := []string{""}
	for tok := tokens(); tok != chroma.EOF; tok = tokens() {
		sgr := tokenStyle(style.Get(tok.Type))
		for i, part := range strings.Split(tok.Value, "\n") {
			if i > 0 {
				lines = append(lines, "")
			}
			if part != "" {
				lines[len(lines)-1] += sgr.Styled(part)
			}
		}
	}
	// Lexers may add a final newline; keep one line per line of code.
	return lines[:min(len(lines), strings.Count(code, "\n")+1)]
}

// tokenStyle converts a chroma style entry to an SGR style.
func tokenStyle(e chroma.StyleEntry) ansi.Style {
	var s ansi.Style
	if e.Colour.IsSet() {
		s = s.ForegroundColor(color.RGBA{R: e.Colour.Red(), G: e.Colour.Green(), B: e.Colour.Blue(), A: 0xff})
	}
	if e.Bold == chroma.Yes {
		s = s.Bold()
	}
	if e.Italic == chroma.Yes {
		s = s.Italic(true)
	}
	return s
}

// joinMarkdown joins the non-empty Markdown blocks with a blank line
// between them; each block ends with a newline.
func joinMarkdown(blocks ...string) string {
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

// markdownLink is [text](<url>) when rawURL passes SafeURL, else the text
// alone; text must already be Markdown. The angle brackets a URL's query
// may still hold are escaped, as they would end the destination.
func markdownLink(text, rawURL string) string {
	safe, ok := SafeURL(rawURL)
	if !ok {
		return text
	}
	return "[" + text + "](<" + angleEscaper.Replace(safe) + ">)"
}

// angleEscaper percent-encodes angle brackets.
var angleEscaper = strings.NewReplacer("<", "%3C", ">", "%3E")

// fence puts text in a code fence longer than any backtick run inside it.
func fence(text, info string) string {
	ticks := strings.Repeat("`", max(3, longestRun(text, '`')+1))
	return ticks + info + "\n" + strings.TrimRight(text, "\n") + "\n" + ticks + "\n"
}

// codeSpan puts one line of text in a code span whose backtick string is
// longer than any run inside it.
func codeSpan(text string) string {
	if text == "" {
		return ""
	}
	ticks := strings.Repeat("`", longestRun(text, '`')+1)
	if strings.HasPrefix(text, "`") || strings.HasSuffix(text, "`") {
		text = " " + text + " "
	}
	return ticks + text + ticks
}

// longestRun is the length of the longest run of c in s.
func longestRun(s string, c byte) int {
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
