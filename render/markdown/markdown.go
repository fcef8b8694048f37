package markdown

import (
	"fmt"
	"image/color"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"charm.land/glamour/v2"
	glamouransi "charm.land/glamour/v2/ansi"
	"charm.land/glamour/v2/styles"
	"charm.land/lipgloss/v2"
	"github.com/alecthomas/chroma/v2"
	chromastyles "github.com/alecthomas/chroma/v2/styles"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"github.com/cardtui/cardtui/internal/lazyregexp"
	"github.com/cardtui/cardtui/render/style"
	"github.com/cardtui/cardtui/render/syntax"
	"github.com/cardtui/cardtui/render/textcut"
	"github.com/cardtui/cardtui/termsafe"
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
	theme style.Theme
	// marked keeps the headings' "#" markers: text without colour or
	// attributes has nothing else to show a heading by.
	marked bool
}

// markdownRenderer is one cached glamour renderer and the lock that
// serialises its use, with the output of the Markdown it rendered last:
// a session repeats texts (the harness's context snapshot each turn, a
// tool's short replies), and glamour's output depends on nothing but the
// text, the width and the theme.
type markdownRenderer struct {
	mu sync.Mutex
	tr *glamour.TermRenderer
	// rendered maps Markdown to glamour's output, renderedBytes of them.
	rendered      map[string]string
	renderedBytes int
}

// renderedLimit bounds the bytes of Markdown and output the renderers
// remember, all together: rememberedBytes.
const renderedLimit = 8 << 20

// rememberedBytes is the sum of the renderers' renderedBytes.
var rememberedBytes atomic.Int64

// markdownCache holds the renderers built so far; built counts them so that
// tests can check that nothing is built per card.
var markdownCache = struct {
	mu        sync.Mutex
	renderers map[markdownKey]*markdownRenderer
	built     int
}{renderers: map[markdownKey]*markdownRenderer{}}

// RenderersBuilt reports how many glamour renderers have been built so
// far: one per wrap width and theme, however many texts are drawn.
func RenderersBuilt() int {
	markdownCache.mu.Lock()
	defer markdownCache.mu.Unlock()
	return markdownCache.built
}

// cachedRenderer returns the renderer for a wrap width and theme, with
// the headings' markers or not, building it on first use.
func cachedRenderer(width int, theme style.Theme, marked bool) *markdownRenderer {
	key := markdownKey{width, theme, marked}
	markdownCache.mu.Lock()
	defer markdownCache.mu.Unlock()
	if r, ok := markdownCache.renderers[key]; ok {
		return r
	}
	tr, err := glamour.NewTermRenderer(
		glamour.WithStyles(markdownStyle(theme, marked)),
		glamour.WithWordWrap(width),
		glamour.WithChromaFormatter("terminal16m"),
	)
	if err != nil {
		// Only a failing option makes NewTermRenderer fail, and none of
		// the options above can.
		panic("render: building the glamour renderer: " + err.Error())
	}
	r := &markdownRenderer{tr: tr, rendered: map[string]string{}}
	markdownCache.renderers[key] = r
	markdownCache.built++
	return r
}

// render converts Markdown to styled text; ok is false when glamour fails.
func (r *markdownRenderer) render(md string) (string, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if out, ok := r.rendered[md]; ok {
		return out, true
	}
	out, err := r.tr.Render(md)
	if err != nil {
		return "", false
	}
	r.remember(md, out)
	return out, true
}

// remember keeps the output of md. When that would take the renderers
// past renderedLimit, this one first forgets all it remembers; if they
// are still past it, md is not kept.
func (r *markdownRenderer) remember(md, out string) {
	size := len(md) + len(out)
	if rememberedBytes.Load()+int64(size) > renderedLimit {
		clear(r.rendered)
		rememberedBytes.Add(-int64(r.renderedBytes))
		r.renderedBytes = 0
	}
	if rememberedBytes.Add(int64(size)) > renderedLimit {
		rememberedBytes.Add(-int64(size))
		return
	}
	r.rendered[md] = out
	r.renderedBytes += size
}

// markdownStyle is cardtui's own Markdown style, built on glamour's dark
// or light one: the document's margin, indentation, colour and
// surrounding blank lines removed, so that the card frame controls the
// layout; headings drawn as styled text without their "#" markers (bold,
// the first two levels in the accent colour, the first underlined too);
// inline code in a calm accent on a faint background, without the spaces
// around it (they read as typos once colours are stripped). Marked, the
// headings keep glamour's markers, for text without escape sequences.
// Code blocks
// use a built-in chroma theme by name: glamour registers its own chroma
// configuration globally under one name, so with both themes in one
// process the first one used would win.
func markdownStyle(theme style.Theme, marked bool) glamouransi.StyleConfig {
	sc := styles.DarkStyleConfig
	if theme == style.Light {
		sc = styles.LightStyleConfig
	}
	zero := uint(0)
	sc.Document.Margin = &zero
	sc.Document.Indent = &zero
	sc.Document.Color = nil
	sc.Document.BlockPrefix = ""
	sc.Document.BlockSuffix = ""
	if marked {
		sc.H1.Prefix, sc.H1.Suffix = "# ", ""
	} else {
		headings(&sc, theme)
	}
	c := InlineCodeColours(theme)
	sc.Code.Prefix, sc.Code.Suffix = "", ""
	sc.Code.Color, sc.Code.BackgroundColor = hexPtr(c.Fg), hexPtr(c.Bg)
	sc.CodeBlock.Chroma = nil
	sc.CodeBlock.Theme = syntax.ChromaTheme(theme)
	return sc
}

// headings styles the six heading levels as text without markers.
func headings(sc *glamouransi.StyleConfig, theme style.Theme) {
	p := style.Options{Theme: theme}.Colors()
	yes, no := true, false
	level := func(b *glamouransi.StyleBlock, c color.Color, bold, underline bool) {
		b.Prefix, b.Suffix = "", ""
		b.BackgroundColor = nil
		b.Color = hexPtr(c)
		b.Bold = &no
		if bold {
			b.Bold = &yes
		}
		b.Underline = nil
		if underline {
			b.Underline = &yes
		}
	}
	sc.Heading.Color = hexPtr(p.Title)
	level(&sc.H1, p.Accent, true, true)
	level(&sc.H2, p.Accent, true, false)
	level(&sc.H3, p.Title, true, false)
	level(&sc.H4, p.Title, true, false)
	level(&sc.H5, p.Dim, true, false)
	level(&sc.H6, p.Dim, false, false)
}

// Ink is a foreground and a background colour.
type Ink struct{ Fg, Bg color.Color }

// InlineCodeColours is the colours of inline code for a theme: a calm
// accent on a faint background, as GitHub draws it, not an error's red.
// The HTML export's stylesheet uses the same ones.
func InlineCodeColours(theme style.Theme) Ink {
	if theme == style.Light {
		return Ink{Fg: lipgloss.Color("#0550ae"), Bg: lipgloss.Color("#eff1f3")}
	}
	return Ink{Fg: lipgloss.Color("#a5d6ff"), Bg: lipgloss.Color("#262c36")}
}

// hexPtr is a colour as glamour's style sheet spells it, "#rrggbb".
func hexPtr(c color.Color) *string {
	r, g, b, _ := c.RGBA()
	s := fmt.Sprintf("#%02x%02x%02x", r>>8, g>>8, b>>8)
	return &s
}

// Text renders Markdown text from the input as a card or message
// body does: sanitised, drawn by glamour (with links only as the options
// allow and to safe URLs), every line at most width cells and holding no
// escape sequence but SGR and OSC 8 hyperlinks, before a frame or the
// options' colour profile is applied.
func Text(md string, width int, o style.Options) []string {
	return Lines(md, width, o)
}

// Lines renders Markdown text, sanitised first, as lines of at most
// width cells, without leading or trailing blank lines. Glamour's links are
// kept only as the options allow (see keepLinks).
func Lines(md string, width int, o style.Options) []string {
	return Head(md, width, AllShown, o)
}

// AllShown says that every line of a rendering is shown.
const AllShown = -1

// Head is Lines for a card that shows only the first shown
// lines of it (allShown for all of them): a long code block is coloured
// no further than they go.
//
// Glamour draws everything but the fenced code blocks at the top level
// (see splitCode), which markdownHead draws itself, as glamour would but
// for two things: a line too long for the width wraps under the block's
// margin (glamour starts it at the left edge), and only the lines shown
// are coloured (glamour gathers a block's code by concatenating its lines
// one by one, a time quadratic in the block's length, seconds for a few
// thousand lines, and lexes it whole).
func Head(md string, width, shown int, o style.Options) []string {
	width = max(width, 1)
	parts := splitCode(stripHTMLMarks(termsafe.SanitizeText(md)))
	if len(parts) == 1 && parts[0].Code == nil {
		return glamourLines(parts[0].Text, width, o)
	}
	sections := make([][]string, 0, len(parts))
	lines := 0
	for _, part := range parts {
		var section []string
		if part.Code != nil {
			section = codeBlockLines(part, width, Remaining(shown, lines), o)
		} else {
			section = glamourLines(part.Text, width, o)
		}
		if len(section) > 0 {
			sections = append(sections, section)
			lines += len(section) + 1 // and the blank line after it
		}
	}
	return textcut.JoinSections(sections...)
}

// Remaining is how many of the shown lines are left after used ones.
func Remaining(shown, used int) int {
	if shown == AllShown {
		return AllShown
	}
	return max(shown-used, 0)
}

// ProseWidth is the widest a Markdown text's prose is wrapped to, however
// wide the card: lines much longer than this are hard to read. Code
// blocks, tables and diffs may use the card's whole width.
const ProseWidth = 100

// glamourLines renders sanitised Markdown with glamour: its prose wrapped
// to at most ProseWidth cells, each table (see splitTables) as wide as its
// content asks, up to width. What glamour is given is bounded first (see
// boundedGlamour).
func glamourLines(md string, width int, o style.Options) []string {
	return boundedGlamour(md, width, o, func(md string) []string { return proseAndTables(md, width, o) })
}

// proseAndTables renders sanitised Markdown with glamour, as glamourLines
// says, without its bounds.
func proseAndTables(md string, width int, o style.Options) []string {
	parts := splitTables(md)
	if len(parts) == 1 && parts[0].Code == nil {
		return glamourSection(md, min(width, ProseWidth), o)
	}
	sections := make([][]string, 0, len(parts))
	for _, part := range parts {
		if part.Code != nil {
			sections = append(sections, glamourSection(strings.Join(part.Code, "\n"), min(width, tableWidth(part.Code)), o))
		} else {
			sections = append(sections, glamourSection(part.Text, min(width, ProseWidth), o))
		}
	}
	return textcut.JoinSections(sections...)
}

// glamourSection renders sanitised Markdown with glamour, wrapped to width.
// Raw HTML is shown as dim text (see html.go), character
// references that stand for controls are escaped, and whatever glamour
// lets through is neutralised (see rendered.go); a line its markers make
// too wide is wrapped, so that no marker is cut off.
func glamourSection(md string, width int, o style.Options) []string {
	safe := termsafe.EscapeControlReferences(inertHTML(md, true), "&amp;")
	render := func(wrapAt int) (string, bool) {
		return cachedRenderer(wrapAt, o.Theme, o.Profile == colorprofile.NoTTY).render(safe)
	}
	out, ok := render(width)
	if !ok {
		return WrapLines(md, width)
	}
	if emojiWider(out, width) {
		out = narrower(render, width, out)
	}
	lines := neutralizeLines(dimHTML(strings.Split(out, "\n"), o), width)
	return trimBlank(fitMarkdown(keepLinks(hangLists(lines, width), o), width))
}

// narrower renders a text glamour wrapped wider than termsafe.Width
// counts (glamour counts grapheme clusters; a terminal that counts code
// points draws an emoji sequence wider) again at the widest wrapping
// width at which it fits, found by bisection; out, the rendering at
// width, when none does. Its lines that are still too wide are wrapped
// after.
func narrower(render func(wrapAt int) (string, bool), width int, out string) string {
	lo, hi := 1, width-1
	for lo <= hi {
		mid := (lo + hi) / 2
		rendered, ok := render(mid)
		if ok && widestText(rendered) <= width {
			out, lo = rendered, mid+1
		} else {
			hi = mid - 1
		}
	}
	return out
}

// emojiWider reports whether a line of rendered text fits width as
// glamour counts it (grapheme clusters) but not as termsafe.Width counts
// it: only then can a narrower wrapping help. A line glamour itself
// left too wide (a long word, a code block) is wrapped after.
func emojiWider(out string, width int) bool {
	for line := range strings.SplitSeq(out, "\n") {
		text := strings.TrimRight(ansi.Strip(line), " ")
		if termsafe.Width(text) > width && ansi.StringWidth(text) <= width {
			return true
		}
	}
	return false
}

// widestText is the widest line of rendered text, as termsafe.Width
// counts its text without the spaces it ends with.
func widestText(out string) int {
	widest := 0
	for line := range strings.SplitSeq(out, "\n") {
		widest = max(widest, termsafe.Width(strings.TrimRight(ansi.Strip(line), " ")))
	}
	return widest
}

// neutralizeLines neutralises rendered lines (termsafe.NeutralizeRendered) and
// wraps those the markers make wider than width.
func neutralizeLines(lines []string, width int) []string {
	out := lines[:0:0]
	for _, line := range lines {
		out = append(out, textcut.HardwrapStyled(termsafe.NeutralizeRendered(line), width)...)
	}
	return out
}

// listMarker matches the start of a list item as glamour draws it: the
// indent, then a bullet, a number or a task's box.
var listMarker = lazyregexp.New(`^( *)(• |\d+\. |\[[✓ ]\] )`)

// hangLists indents the wrapped lines of each list item under its text,
// which glamour does not do (charmbracelet/glamour#56): glamour starts
// them under the marker. An item's first line and the lines that continue
// it are joined and wrapped again, narrower by the marker.
func hangLists(lines []string, width int) []string {
	out := make([]string, 0, len(lines))
	for i := 0; i < len(lines); {
		m := listMarker().FindStringSubmatch(ansi.Strip(lines[i]))
		end := i + 1
		for m != nil && end < len(lines) && continuesItem(ansi.Strip(lines[end]), m[1]) {
			end++
		}
		if end == i+1 {
			out = append(out, lines[i])
		} else {
			out = append(out, hangItem(lines[i:end], len(m[1]), termsafe.Width(m[1]+m[2]), width)...)
		}
		i = end
	}
	return out
}

// continuesItem reports whether a line, without escapes, goes on with the
// text of the list item above it, whose indent is given: it starts at
// that indent with text that is no marker.
func continuesItem(plain, indent string) bool {
	rest, ok := strings.CutPrefix(plain, indent)
	return ok && strings.TrimSpace(rest) != "" && rest[0] != ' ' && !listMarker().MatchString(rest)
}

// hangItem wraps a list item's lines again under its text: prefix cells
// (the indent and the marker) start the first line and are blank on the
// others.
func hangItem(lines []string, indent, prefix, width int) []string {
	parts := []string{ansi.TruncateLeft(lines[0], prefix, "")}
	for _, line := range lines[1:] {
		parts = append(parts, ansi.TruncateLeft(line, indent, ""))
	}
	for i, part := range parts {
		parts[i] = strings.TrimRight(part, " ")
	}
	rows := textcut.WrapStyled(strings.Join(parts, " "), max(width-prefix, 1))
	out := make([]string, len(rows))
	for i, row := range rows {
		lead := strings.Repeat(" ", prefix)
		if i == 0 {
			lead = ansi.Cut(lines[0], 0, prefix)
		}
		out[i] = lead + row
	}
	return out
}

// fitMarkdown trims the trailing spaces of rendered lines and cuts them to
// width cells.
func fitMarkdown(lines []string, width int) []string {
	for i, line := range lines {
		line = strings.TrimRight(line, " ")
		if termsafe.Width(line) > width {
			line = termsafe.Truncate(line, width, "…")
		}
		lines[i] = line
	}
	return lines
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
// passes termsafe.SafeURL; any other is removed, keeping its text. Each line is
// made self-contained: a link still open at its end is closed there and
// re-opened on the next line.
func keepLinks(lines []string, o style.Options) []string {
	allow := style.LinksOn(o)
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
			uri, isLink := termsafe.HyperlinkTarget(seq)
			switch {
			case !isLink:
				b.WriteString(seq)
			case uri == "" && open != "":
				b.WriteString(ansi.ResetHyperlink())
				open = ""
			case uri != "" && allow:
				if safe, ok := termsafe.SafeURL(uri); ok {
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

// WrapLines splits sanitised plain text into lines wrapped to width cells.
func WrapLines(s string, width int) []string {
	var lines []string
	for _, line := range strings.Split(strings.TrimRight(s, "\n"), "\n") {
		for _, row := range strings.Split(ansi.Wrap(line, max(width, 1), ""), "\n") {
			lines = append(lines, textcut.HardwrapStyled(row, max(width, 1))...) // a run of spaces is not wrapped
		}
	}
	return lines
}

// CodeStyle is the style highlighted code gives a token type.
func CodeStyle(t chroma.TokenType, o style.Options) ansi.Style {
	return tokenStyle(chromastyles.Get(syntax.ChromaTheme(o.Theme)).Get(t))
}

// HighlightLines colours sanitised code with chroma, one styled line per
// line of code; every line is self-contained (styles never span lines).
// Output without escape sequences gets the lines as they are. When lexing
// fails or takes longer than syntax.Budget, the lines are not coloured and ok
// is false.
func HighlightLines(code, lang string, o style.Options) (_ []string, ok bool) {
	if !o.Coloured() {
		return strings.Split(code, "\n"), true
	}
	var over atomic.Bool
	raw, err := syntax.Tokens(syntax.ForLanguage(lang), nil, code, time.Now().Add(syntax.Budget), &over)
	if err != nil {
		return strings.Split(code, "\n"), false
	}
	tokens := syntax.Coalesce(raw)
	chromaStyle := chromastyles.Get(syntax.ChromaTheme(o.Theme))
	styles := map[chroma.TokenType]ansi.Style{}
	var lines []string
	var line strings.Builder
	for tok := tokens(); tok != chroma.EOF; tok = tokens() {
		sgr, ok := styles[tok.Type]
		if !ok {
			sgr = tokenStyle(chromaStyle.Get(tok.Type))
			styles[tok.Type] = sgr
		}
		for i, part := range strings.Split(tok.Value, "\n") {
			if i > 0 {
				lines = append(lines, line.String())
				line.Reset()
			}
			if part != "" {
				line.WriteString(sgr.Styled(part))
			}
		}
	}
	if over.Load() {
		return strings.Split(code, "\n"), false
	}
	lines = append(lines, line.String())
	// Lexers may add a final newline; keep one line per line of code.
	return lines[:min(len(lines), strings.Count(code, "\n")+1)], true
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

// CloseBlocks makes sanitised Markdown from the input a self-contained
// part of a Markdown document, which reads as it does alone: its raw HTML
// is shown as text (inertHTML), so that an unclosed <details> or <a href>
// cannot hide or relink the entries after it; the code
// fence or HTML block it leaves open (an unclosed ``` or <!--) is closed
// at its end, so that it cannot swallow the cards after it, and its link
// reference definitions ("[1]: https://…"), which would give links to the
// text of every other card, are escaped and shown as text. Outside code
// blocks, a character reference that stands for a control or an invisible
// rune is escaped, so that no Markdown viewer decodes it; and a link whose
// text is not its target is followed by the target (ShowLinkTargets).
func CloseBlocks(md string) string {
	lines := strings.Split(strings.TrimRight(inertHTML(md, false), "\n"), "\n")
	closing := ""
	for i, line := range lines {
		if !isFence(closing) {
			line = termsafe.EscapeControlReferences(line, `\&`)
			lines[i] = line
		}
		lead := strings.TrimLeft(line, " ")
		indented := len(line)-len(lead) > 3
		switch {
		case closing == "" && linkDefinition().MatchString(line):
			lines[i] = linkDefinition().ReplaceAllString(line, `$1\$2`)
		case closing == "" && !indented:
			closing = blockOpening(lead)
		case closing == "":
		case isFence(closing):
			if !indented && closesFence(lead, closing) {
				closing = ""
			}
		case strings.Contains(strings.ToLower(line), closing):
			closing = ""
		}
	}
	if closing != "" {
		lines = append(lines, closing)
	}
	return ShowLinkTargets(strings.Join(lines, "\n"))
}

// linkDefinition matches the start of a link reference definition, at the
// top level or in list items and block quotes, at any indentation: the
// containers' markers, then the label.
var linkDefinition = lazyregexp.New(`^((?:[ \t]*(?:>|[-+*]|[0-9]{1,9}[.)])(?:[ \t]|$))*[ \t]*)(\[(?:[^\]\\]|\\.)+\]:)`)

// htmlBlockEnds maps the start of each kind of CommonMark HTML block that
// runs until a marker, not a blank line, to its end marker.
var htmlBlockEnds = []struct{ start, end string }{
	{"<!--", "-->"},
	{"<script", "</script>"},
	{"<pre", "</pre>"},
	{"<style", "</style>"},
	{"<textarea", "</textarea>"},
	{"<?", "?>"},
	{"<![CDATA[", "]]>"},
	{"<!", ">"},
}

// closesFence reports whether a line, without its leading spaces, closes
// the code block that fence opened: the same character, as many times at
// least, and nothing else.
func closesFence(lead, fence string) bool {
	lead = strings.TrimRight(lead, " ")
	return len(lead) >= len(fence) && strings.Trim(lead, fence[:1]) == ""
}

// blockOpening is what closes the block a line starts, with its leading
// spaces removed: the fence of a code block, the end marker of an HTML
// block that ends at one (when the line does not end it itself), "" for
// any other line.
func blockOpening(lead string) string {
	if isFence(lead) {
		n := len(lead) - len(strings.TrimLeft(lead, lead[:1]))
		if lead[0] == '`' && strings.Contains(lead[n:], "`") {
			return "" // a code span, not a fence
		}
		return lead[:n]
	}
	lower := strings.ToLower(lead)
	for _, b := range htmlBlockEnds {
		if rest, ok := strings.CutPrefix(lower, b.start); ok {
			if b.start == "<!" && (rest == "" || rest[0] < 'a' || rest[0] > 'z') {
				continue
			}
			if strings.Contains(rest, b.end) {
				return ""
			}
			return b.end
		}
	}
	return ""
}

// isFence reports whether a line, without its leading spaces, starts with
// a code fence: three backticks or tildes at least.
func isFence(lead string) bool {
	return strings.HasPrefix(lead, "```") || strings.HasPrefix(lead, "~~~")
}

// colourLines bounds the syntax colours of one code block: beyond
// colourLines lines or style.ColourBytes bytes of code shown, the block is
// drawn in the plain colour of code, with a note saying so, so that no
// card costs much more than 100 ms (chroma lexes some 20,000 to 50,000
// lines a second).
const colourLines = 2000

// Part is a run of Markdown text or a fenced code block: its lines
// and language.
type Part struct {
	Text string
	Code []string // nil for text
	Lang string
}

// splitCode splits sanitised Markdown around its code blocks opened by an
// unindented fence, which are always at the top level (indented fences may
// belong to a list item and stay in the text, as does everything in an
// HTML block). A block that is never closed runs to the end, as in
// CommonMark.
func splitCode(md string) []Part {
	if !strings.Contains(md, "```") && !strings.Contains(md, "~~~") {
		return []Part{{Text: md}} // no fence
	}
	lines := strings.Split(md, "\n")
	var parts []Part
	start := 0 // the first line not in a part yet
	for i := 0; i < len(lines); i++ {
		lead := strings.TrimLeft(lines[i], " ")
		if len(lines[i])-len(lead) > 3 {
			continue
		}
		closing := blockOpening(lead)
		if closing == "" {
			continue
		}
		end := blockEnd(lines, i+1, closing)
		if isFence(closing) && lead == lines[i] {
			if i > start {
				parts = append(parts, Part{Text: strings.Join(lines[start:i], "\n")})
			}
			parts = append(parts, Part{Code: lines[i+1 : end], Lang: fenceLanguage(lead, closing)})
			start = end + 1
		}
		i = end
	}
	if start < len(lines) || len(parts) == 0 {
		parts = append(parts, Part{Text: strings.Join(lines[min(start, len(lines)):], "\n")})
	}
	return parts
}

// blockEnd returns the index of the line that closes a block opened before
// from, len(lines) when none does: a closing fence for a code block, a
// line holding the end marker for an HTML block.
func blockEnd(lines []string, from int, closing string) int {
	for i := from; i < len(lines); i++ {
		lead := strings.TrimLeft(lines[i], " ")
		switch {
		case !isFence(closing):
			if strings.Contains(strings.ToLower(lines[i]), closing) {
				return i
			}
		case len(lines[i])-len(lead) <= 3 && closesFence(lead, closing):
			return i
		}
	}
	return len(lines)
}

// fenceLanguage is the first word of a fence's info string.
func fenceLanguage(lead, fence string) string {
	info := strings.Fields(lead[len(fence):])
	if len(info) == 0 {
		return ""
	}
	return info[0]
}

// codeBlockLines draws a code block as glamour draws a code block,
// indented by the code block style's margin and coloured by chroma with
// the same theme, a line too long for the width wrapped under the margin;
// only the first shown lines are coloured (all for allShown), unless they
// are more than colourLines or style.ColourBytes: then none is, and a dim note
// before the code says why.
func codeBlockLines(part Part, width, shown int, o style.Options) []string {
	return CodeLines(part, codeMargin(o.Theme), plainCode(o.Theme), width, shown, o)
}

// CodeLines is codeBlockLines with the margin and the style of the lines
// left without colours given.
func CodeLines(part Part, marginCells int, plain ansi.Style, width, shown int, o style.Options) []string {
	coloured := len(part.Code)
	if shown != AllShown {
		coloured = min(coloured, shown)
	}
	head := strings.Join(part.Code[:coloured], "\n")
	var lines []string
	if coloured > colourLines || len(head) > style.ColourBytes {
		lines = []string{style.Dim(fmt.Sprintf("(no syntax colours: %s of code)", textcut.Plural(len(part.Code), "line", "lines")), o)}
		coloured, head = 0, ""
	}
	code := make([]string, 0, len(part.Code))
	if coloured > 0 {
		highlighted, ok := HighlightLines(head, part.Lang, o)
		if !ok {
			lines, highlighted = append(lines, style.Dim(syntax.OverNote, o)), nil
		}
		code = append(code, highlighted...)
	}
	for _, line := range part.Code[len(code):] {
		code = append(code, plain.Styled(line))
	}
	margin := strings.Repeat(" ", marginCells)
	for _, line := range code {
		for _, row := range textcut.WrapStyled(line, max(width-len(margin), 1)) {
			lines = append(lines, margin+row)
		}
	}
	return fitMarkdown(lines, width)
}

// plainCode is the style of code without syntax colours: the chroma
// theme's text.
func plainCode(theme style.Theme) ansi.Style {
	return tokenStyle(chromastyles.Get(syntax.ChromaTheme(theme)).Get(chroma.Text))
}

// codeMargin is the indentation of a code block in the Markdown style.
func codeMargin(theme style.Theme) int {
	block := markdownStyle(theme, false).CodeBlock
	margin := 0
	for _, n := range []*uint{block.Margin, block.Indent} {
		if n != nil {
			margin += int(*n)
		}
	}
	return margin
}
