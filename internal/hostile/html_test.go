package hostile_test

import (
	"bytes"
	"strings"
	"testing"

	exporthtml "github.com/cardtui/cardtui/export/html"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/replay"
)

// checkHTML exports the case's transcript as HTML, parses the page as a
// browser would (golang.org/x/net/html) and checks that nothing from the
// log became markup that runs or loads anything, and that every card and
// problem is on the page.
func checkHTML(t *testing.T, c hostileCase, tr *replay.Transcript) {
	var page bytes.Buffer
	require.NoError(t, exporthtml.Write(&page, tr.Entries, exporthtml.Header{Title: tr.Title, Source: c.name}))
	cardCount := countCards(tr.Entries) // tr is not held while the page is parsed

	doc, err := html.Parse(&page)
	require.NoError(t, err)
	checkInert(t, doc)
	if len(c.expect.exported) > 0 {
		checkExported(t, "the HTML page", c.expect, textOf(doc))
	}
	assert.Equal(t, cardCount, countClass(doc, "card"), "every card and problem is on the page")
}

// loadingElements are the elements that run code, fetch a resource,
// submit or navigate by themselves.
var loadingElements = map[atom.Atom]bool{
	atom.Script: true, atom.Iframe: true, atom.Frame: true, atom.Frameset: true, atom.Object: true,
	atom.Embed: true, atom.Img: true, atom.Picture: true, atom.Source: true, atom.Video: true,
	atom.Audio: true, atom.Track: true, atom.Link: true, atom.Base: true, atom.Form: true,
	atom.Svg: true, atom.Math: true, atom.Template: true,
}

// urlAttributes are the attributes whose value is a URL to load or go to.
var urlAttributes = map[string]bool{
	"src": true, "srcset": true, "href": true, "action": true, "formaction": true, "poster": true,
	"background": true, "data": true, "xlink:href": true, "ping": true, "cite": true, "manifest": true,
}

// checkInert walks the document: no element that loads or runs anything,
// no event handler, no style attribute, no URL but a fragment or an http(s)
// link, one stylesheet (the export's own) with no url() or @import, and the
// only meta elements the export writes.
func checkInert(t *testing.T, doc *html.Node) {
	t.Helper()
	styles := 0
	for n := range doc.Descendants() {
		if n.Type != html.ElementNode {
			continue
		}
		// Each assertion is made when its condition fails only: a page of
		// a big case has hundreds of thousands of elements, and an
		// assertion costs its arguments and t.Helper even when it holds.
		if loadingElements[n.DataAtom] {
			assert.False(t, loadingElements[n.DataAtom], "element <%s>", n.Data)
		}
		for _, a := range n.Attr {
			key, value := strings.ToLower(a.Key), strings.ToLower(strings.TrimSpace(a.Val))
			if strings.HasPrefix(key, "on") {
				assert.False(t, strings.HasPrefix(key, "on"), "event handler %s=%q on <%s>", a.Key, a.Val, n.Data)
			}
			if key == "style" {
				assert.NotEqual(t, "style", key, "style attribute on <%s>", n.Data)
			}
			if urlAttributes[key] {
				if ok := key == "href" && (strings.HasPrefix(value, "#") || strings.HasPrefix(value, "https://") || strings.HasPrefix(value, "http://")); !ok {
					assert.True(t, ok, "URL %s=%q on <%s>", a.Key, a.Val, n.Data)
				}
			}
			if strings.Contains(value, "javascript:") {
				assert.NotContains(t, value, "javascript:", "%s on <%s>", a.Key, n.Data)
			}
			if strings.Contains(value, "data:") {
				assert.NotContains(t, value, "data:", "%s on <%s>", a.Key, n.Data)
			}
		}
		switch n.DataAtom {
		case atom.Style:
			styles++
			css := strings.ToLower(textOf(n))
			assert.NotContains(t, css, "url(")
			assert.NotContains(t, css, "@import")
		case atom.Meta:
			assert.True(t, isExportMeta(n), "meta %v", n.Attr)
		}
	}
	assert.Equal(t, 1, styles, "one stylesheet")
}

// isExportMeta reports whether a meta element is one the export writes:
// the charset, the Content-Security-Policy, the viewport, the colour
// scheme and the generator.
func isExportMeta(n *html.Node) bool {
	for _, a := range n.Attr {
		switch {
		case a.Key == "charset" && a.Val == "utf-8",
			a.Key == "http-equiv" && a.Val == "Content-Security-Policy",
			a.Key == "name" && (a.Val == "viewport" || a.Val == "color-scheme" || a.Val == "generator"):
			return true
		}
	}
	return false
}

func textOf(n *html.Node) string {
	var b strings.Builder
	for c := range n.Descendants() {
		if c.Type == html.TextNode {
			b.WriteString(c.Data)
		}
	}
	return b.String()
}

// countCards counts the tool cards and problems among entries, the cards
// nested under a card included.
func countCards(entries []cards.Entry) int {
	n := 0
	for _, e := range entries {
		switch e := e.(type) {
		case cards.ToolCard:
			n += 1 + countCards(e.Children)
		case cards.Problem:
			n++
		}
	}
	return n
}

// countClass counts the elements whose class list holds class.
func countClass(doc *html.Node, class string) int {
	n := 0
	for e := range doc.Descendants() {
		for _, a := range e.Attr {
			if a.Key == "class" && strings.Contains(" "+a.Val+" ", " "+class+" ") {
				n++
			}
		}
	}
	return n
}
