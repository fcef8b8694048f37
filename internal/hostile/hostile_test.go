package hostile_test

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	exportmd "github.com/cardtui/cardtui/export/markdown"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	goldmarkhtml "github.com/yuin/goldmark/renderer/html"
	"golang.org/x/net/html"

	"github.com/cardtui/cardtui/agents"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render"
	"github.com/cardtui/cardtui/replay"
	"github.com/cardtui/cardtui/viewer"
)

// outDir is where -hostile.out writes the input of every case, generated
// ones included, to run cardtui on them by hand.
var outDir = flag.String("hostile.out", "", "write the input of every corpus case to this directory")

// widths are the widths every case is drawn at; a generated case is drawn
// at the middle one only.
var widths = []int{40, 80, 120}

// TestHostile loads every case of the corpus once and checks it twice:
// drawn in every output format at every width (styled text with links,
// collapsed and expanded; text without colour; Markdown; and the viewer's
// screen, collapsed and with every card expanded), every drawing must keep
// the properties of checkOutput, no widget may panic, and the case's own
// expectation must hold; and exported as HTML (checkHTML).
func TestHostile(t *testing.T) {
	t.Parallel()
	cases := loadCorpus(t)
	require.GreaterOrEqual(t, len(cases), 40, "the corpus has at least 40 cases")
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			input := c.loadAlone(t)
			writeInput(t, c.name, c.format, input)
			tr, err := replay.Load(bytes.NewReader(input), c.name, replay.Options{Formats: agents.Formats, Format: c.format})
			require.NoError(t, err)
			checkTranscript(t, c.expect, tr)
			checkDrawings(t, c, tr.Entries)
			checkHTML(t, c, tr)
		})
	}
}

// writeInput writes a case's input to -hostile.out, when it is set.
func writeInput(t *testing.T, caseName, format string, input []byte) {
	if *outDir == "" {
		return
	}
	require.NoError(t, os.MkdirAll(*outDir, 0o755))
	name := strings.TrimSuffix(caseName, ".gen") + "." + format + ".jsonl"
	if strings.HasSuffix(caseName, ".jsonl") {
		name = caseName
	}
	require.NoError(t, os.WriteFile(filepath.Join(*outDir, name), input, 0o644))
}

// checkTranscript checks what the case expects of the transcript itself.
func checkTranscript(t *testing.T, e expectation, tr *replay.Transcript) {
	t.Helper()
	var problems []cards.Problem
	var notices []string
	toolCards := 0
	for _, entry := range tr.Entries {
		switch v := entry.(type) {
		case cards.Problem:
			problems = append(problems, v)
		case cards.Notice:
			notices = append(notices, v.Text)
		case cards.ToolCard:
			toolCards++
		}
	}
	assert.Len(t, problems, e.problems, "problems: %v", problems)
	if e.problemLines != nil && len(problems) == len(e.problemLines) {
		for i, p := range problems {
			assert.Equal(t, e.problemLines[i], p.Line, "the line of problem %d: %s", i+1, p.Reason)
		}
	}
	if e.cards >= 0 {
		assert.Equal(t, e.cards, toolCards, "tool cards")
	}
	for _, text := range e.problemTexts {
		assert.True(t, anyContains(problemReasons(problems), text), "no problem says %q: %v", text, problems)
	}
	for _, text := range e.notices {
		assert.True(t, anyContains(notices, text), "no notice says %q: %q", text, notices)
	}
}

func problemReasons(ps []cards.Problem) []string {
	reasons := make([]string, len(ps))
	for i, p := range ps {
		reasons[i] = p.Reason
	}
	return reasons
}

func anyContains(texts []string, part string) bool {
	for _, s := range texts {
		if strings.Contains(s, part) {
			return true
		}
	}
	return false
}

// drawing is one rendering of a whole transcript.
type drawing struct {
	what    string
	text    string
	allowed escapes
	// width bounds every line; 0 for Markdown, which has no width.
	width int
	// seen turns the text into what a reader sees, for the visible and
	// hint clauses; nil when the drawing is not one they look at. It is
	// called only when the case has such a clause.
	seen func(string) string
	// whole is set for the Markdown export, which shows every card whole
	// and so need not meet the hint clauses.
	whole bool
	// coloured is set for the drawings with colours, which alone meet the
	// colour-hint clauses.
	coloured bool
}

// checkDrawings draws the entries in every format and width and checks
// every drawing.
func checkDrawings(t *testing.T, c hostileCase, entries []cards.Entry) {
	ws := widths
	if c.generated() {
		ws = []int{80}
	}
	widest := ws[len(ws)-1]
	for _, w := range ws {
		checkGlamourOutput(t, entries, w)
		drawEverything(t, c.expect, entries, w, w == widest)
	}
}

// checkDrawing checks one drawing: the properties of checkOutput, no
// panicking widget, and the case's visible, absent and link clauses.
func checkDrawing(t *testing.T, e expectation, d drawing) {
	t.Helper()
	if err := checkOutput(d.text, d.allowed, d.width); err != nil {
		t.Errorf("%s: %v", d.what, err)
	}
	if i := strings.Index(d.text, "could not draw"); i >= 0 {
		t.Errorf("%s: a widget panicked: %q", d.what, excerpt(d.text, i))
	}
	for _, text := range e.absent {
		if i := strings.Index(d.text, text); i >= 0 {
			t.Errorf("%s holds %q: %q", d.what, text, excerpt(d.text, i))
		}
	}
	checkSeen(t, e, d)
	if d.allowed != sgrAndLinks || (!e.noLinks && len(e.linksTo) == 0) {
		return
	}
	got := links(d.text)
	if e.noLinks && len(got) > 0 {
		t.Errorf("%s links to %q", d.what, got)
	}
	for _, url := range e.linksTo {
		if !slices.Contains(got, url) {
			t.Errorf("%s does not link to %q, only to %q", d.what, url, got)
		}
	}
}

// checkSeen checks the visible and hint clauses on what a reader sees of
// a drawing that counts for them.
func checkSeen(t *testing.T, e expectation, d drawing) {
	t.Helper()
	wanted := slices.Clone(e.visible)
	if !d.whole {
		wanted = append(wanted, e.hints...)
	}
	if d.coloured {
		wanted = append(wanted, e.colourHints...)
	}
	if d.seen == nil || len(wanted) == 0 {
		return
	}
	plain := d.seen(d.text)
	for i, text := range wanted {
		if strings.Contains(plain, text) {
			continue
		}
		if i < len(e.visible) {
			t.Errorf("%s does not show %q", d.what, text)
		} else {
			t.Errorf("%s does not show the hint %q", d.what, text)
		}
	}
}

// Rendering options of the output formats: styled text with links (what
// --format ansi --color always prints), and text without colour (--format
// plain).
func styledOptions(width int) render.Options {
	return render.Options{Width: width, Profile: colorprofile.TrueColor, Terminal: true, Hyperlinks: true}
}

func plainOptions(width int) render.Options {
	return render.Options{Width: width, Profile: colorprofile.NoTTY, Terminal: true}
}

// drawEverything draws the entries at width in every format and checks
// each drawing (checkDrawing) before it draws the next, so that only one
// is held at a time: styled and plain text, collapsed and expanded, the
// viewer's screen, and Markdown (once, at the widest width, which is when
// the drawings also count for the visible clauses). It checks the rows of
// each collapsed entry against the case's bound.
func drawEverything(t *testing.T, e expectation, entries []cards.Entry, width int, widest bool) {
	styled, plain := styledOptions(width), plainOptions(width)
	expanded := styled
	expanded.Expanded = true
	var strip, same func(string) string
	if widest {
		strip, same = ansi.Strip, func(s string) string { return s }
	}
	at := " at width " + strconv.Itoa(width)
	rows := 0
	styledAll := joinEntries(entries, func(i int, entry cards.Entry) string {
		out := render.Entry(entry, styled)
		n := strings.Count(out, "\n") + 1
		rows += n + 1
		if _, isCard := entry.(cards.ToolCard); isCard && e.maxRows > 0 && n > e.maxRows {
			t.Errorf("entry %d at width %d has %d rows, more than %d", i, width, n, e.maxRows)
		}
		return out
	})
	checkDrawing(t, e, drawing{what: "ansi" + at, text: styledAll, allowed: sgrAndLinks, width: width, seen: strip, coloured: true})
	styledAll = ""
	draw := func(o render.Options) string {
		return joinEntries(entries, func(_ int, entry cards.Entry) string { return render.Entry(entry, o) })
	}
	checkDrawing(t, e, drawing{what: "plain" + at, text: draw(plain), allowed: noEscapes, width: width, seen: same})
	checkDrawing(t, e, drawing{what: "expanded" + at, text: draw(expanded), allowed: sgrAndLinks, width: width})
	screen, expandedScreen := viewerScreens(t, entries, width, rows+4)
	checkDrawing(t, e, drawing{what: "viewer" + at, text: screen, allowed: sgrAndLinks, width: width, seen: strip, coloured: true})
	screen = ""
	checkDrawing(t, e, drawing{what: "viewer expanded" + at, text: expandedScreen, allowed: sgrAndLinks, width: width})
	expandedScreen = ""
	if widest {
		checkMarkdown(t, e, entries, styled)
	}
}

// joinEntries is the drawings of the entries, one after another on lines
// of their own.
func joinEntries(entries []cards.Entry, draw func(i int, entry cards.Entry) string) string {
	parts := make([]string, len(entries))
	for i, entry := range entries {
		parts[i] = draw(i, entry)
	}
	return strings.Join(parts, "\n")
}

// checkMarkdown checks the Markdown export of the entries: as a drawing
// (checkDrawing), as a document each entry of which is self-contained,
// and as a CommonMark viewer shows it, for the exported clauses.
func checkMarkdown(t *testing.T, e expectation, entries []cards.Entry, o render.Options) {
	t.Helper()
	parts := make([]string, len(entries))
	for i, entry := range entries {
		parts[i] = exportmd.Entry(entry, o)
	}
	md := strings.Join(parts, "\n")
	what := "markdown at width " + strconv.Itoa(o.Width)
	checkDrawing(t, e, drawing{what: what, text: md, allowed: noEscapes, seen: unescapeMarkdown, whole: true})
	if len(parts) <= 1 && len(e.exported) == 0 {
		return // one part reads as itself, and no clause looks at the rest
	}
	doc := newMarkdownDoc(md)
	if err := doc.selfContained(parts); err != nil {
		t.Error(err)
	}
	if len(e.exported) > 0 {
		checkExported(t, "the Markdown export", e, doc.text())
	}
}

// viewerScreens are the viewer's screen, of width by height cells, on
// the entries sent as one EntriesMsg, collapsed and then with every card
// expanded ("e").
func viewerScreens(t *testing.T, entries []cards.Entry, width, height int) (collapsed, expanded string) {
	opts := viewer.DefaultOptions()
	opts.Render = styledOptions(width)
	opts.ThemeFixed, opts.NoFollow, opts.Source = true, true, "hostile\x1b]0;PWNED\x07.jsonl"
	opts.RenderWait = 0 // the screen shows every card, however long it takes
	m := viewer.New(opts)
	m.SetSize(width, height)
	updates := make([]cards.Change, len(entries))
	for i, e := range entries {
		updates[i] = cards.Change{Index: i, Entry: e}
	}
	m = update(m, viewer.EntriesMsg{Updates: updates})
	collapsed = m.View()
	m = update(m, tea.KeyPressMsg{Code: 'e', Text: "e"})
	return collapsed, m.View()
}

func update(m viewer.Model, msg tea.Msg) viewer.Model {
	m, _ = m.Update(msg)
	return m
}

// markdownEscape is a backslash escape of Markdown punctuation.
var markdownEscape = regexp.MustCompile("\\\\([!-/:-@\\[-`{-~])")

// unescapeMarkdown removes the backslash escapes and the "&lt;" that
// raw HTML is shown with, so that the visible clauses can look for text
// in Markdown as a reader sees it.
func unescapeMarkdown(md string) string {
	return strings.ReplaceAll(markdownEscape.ReplaceAllString(md, "$1"), "&lt;", "<")
}

// selfContained reports whether a Markdown document made of parts reads
// as its parts read one by one (markdownDoc.selfContained).
func selfContained(parts []string) error {
	return newMarkdownDoc(strings.Join(parts, "\n")).selfContained(parts)
}

// markdownDoc is a Markdown document as a CommonMark renderer reads it
// (markdownHTML), and that HTML as a browser parses it.
type markdownDoc struct {
	html string
	root *html.Node
	err  error
}

// newMarkdownDoc reads md as a renderer and then a browser do.
func newMarkdownDoc(md string) markdownDoc {
	d := markdownDoc{html: markdownHTML(md)}
	d.root, d.err = html.Parse(strings.NewReader(d.html))
	return d
}

// selfContained reports whether the document, made of parts, reads as
// its parts read one by one, so that no entry (an unclosed code fence or
// HTML comment in a message, a link reference definition) swallows or
// changes the ones after it; and whether, once a browser parses the HTML,
// each entry stays in its own elements (an unclosed <details>, <a href>
// or <template> would take in the entries after it). A document of one
// part is that part, and reads as it does.
func (d markdownDoc) selfContained(parts []string) error {
	if len(parts) <= 1 {
		return nil
	}
	var each strings.Builder
	var eachNodes []string
	for _, p := range parts {
		part := newMarkdownDoc(p)
		each.WriteString(part.html)
		eachNodes = append(eachNodes, part.bodyNodes()...)
	}
	if d.html != each.String() {
		return fmt.Errorf("the Markdown document does not read as its entries do one by one:\n%s\nbut\n%s", d.html, each.String())
	}
	if wholeNodes := d.bodyNodes(); !slices.Equal(wholeNodes, eachNodes) {
		return fmt.Errorf("in the HTML of the Markdown document an entry takes in others: its elements are\n%q\nbut each entry's are\n%q", wholeNodes, eachNodes)
	}
	return nil
}

// bodyNodes are the top-level nodes of the body of the document's HTML,
// as a browser parses it, each written back as HTML.
func (d markdownDoc) bodyNodes() []string {
	if d.err != nil {
		return []string{"error: " + d.err.Error()}
	}
	var nodes []string
	var find func(n *html.Node)
	find = func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == "body" {
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				var b strings.Builder
				_ = html.Render(&b, c)
				nodes = append(nodes, b.String())
			}
			return
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			find(c)
		}
	}
	find(d.root)
	return nodes
}

// text is the text of the document as a browser shows it: its text
// nodes, not its attributes.
func (d markdownDoc) text() string {
	if d.err != nil {
		return "error: " + d.err.Error()
	}
	return textOf(d.root)
}

// checkExported checks the case's exported clauses on the text a reader
// of an export sees.
func checkExported(t *testing.T, what string, e expectation, seen string) {
	t.Helper()
	for _, text := range e.exported {
		if !strings.Contains(seen, text) {
			t.Errorf("%s does not show %q", what, text)
		}
	}
}

// markdownHTML is Markdown as a CommonMark renderer (with GitHub's
// extensions) reads it, raw HTML passed through as a Markdown viewer
// does.
func markdownHTML(md string) string {
	var b bytes.Buffer
	md2html := goldmark.New(goldmark.WithExtensions(extension.GFM), goldmark.WithRendererOptions(goldmarkhtml.WithUnsafe()))
	if err := md2html.Convert([]byte(md), &b); err != nil {
		return "error: " + err.Error()
	}
	return b.String()
}

// TestSelfContainedSeesAnOpenElement: selfContained
// fails on a part whose HTML leaves an element open.
func TestSelfContainedSeesAnOpenElement(t *testing.T) {
	for _, open := range []string{"<details>\n", "<a href=\"https://evil.example/\">x\n", "<template>\n"} {
		assert.Error(t, selfContained([]string{"**Assistant**\n\n" + open, "### ▶ the next card\n"}), open)
	}
}

// TestSelfContainedSeesAnOpenFence: selfContained fails
// on a part that leaves a code fence open.
func TestSelfContainedSeesAnOpenFence(t *testing.T) {
	parts := []string{"**Assistant**\n\n```\nfence never closed\n", "### ▶ the next card\n"}
	assert.NotEqual(t, markdownHTML(parts[0])+markdownHTML(parts[1]), markdownHTML(strings.Join(parts, "\n")))
}
