package html

import (
	"bytes"
	"strings"
	"sync"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	mdtext "github.com/cardtui/cardtui/render/markdown"
	"github.com/cardtui/cardtui/termsafe"
)

// markdownHTMLConverter turns Markdown into HTML: CommonMark with GitHub's
// extensions, raw HTML left out (goldmark's default: it writes a comment
// in its place), and links kept only to http(s) URLs (see safeLinks).
// It is built on first use, not at every start.
var markdownHTMLConverter = sync.OnceValue(func() goldmark.Markdown {
	return goldmark.New(
		goldmark.WithExtensions(extension.GFM),
		goldmark.WithParserOptions(parser.WithASTTransformers(util.Prioritized(safeLinks{}, 0))),
	)
})

// markdownHTML renders Markdown from the log as HTML, the text sanitised
// first as for a terminal.
func markdownHTML(md string) string {
	var b bytes.Buffer
	if err := markdownHTMLConverter().Convert([]byte(termsafe.SanitizeText(md)), &b); err != nil {
		return "<pre>" + escapeText(md) + "</pre>"
	}
	return b.String()
}

// safeLinks keeps the document free of requests and scripts: an image
// becomes its alt text and address (an export loads nothing), and a link
// or autolink to anything but an http(s) URL that termsafe.SafeURL accepts becomes
// its text. A link whose text is not its target, kept or not, is followed
// by the target, so that the page shows where a click goes.
type safeLinks struct{}

// Transform rewrites the links and images of a parsed document.
func (safeLinks) Transform(doc *ast.Document, reader text.Reader, _ parser.Context) {
	source := reader.Source()
	var unsafe []ast.Node
	var targets []*ast.Link
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Image:
			unsafe = append(unsafe, n)
			return ast.WalkSkipChildren, nil
		case *ast.Link:
			if !mdtext.SameTarget(mdtext.PlainText(n, source), string(n.Destination)) {
				targets = append(targets, n)
			}
			if !webURL(string(n.Destination)) {
				unsafe = append(unsafe, n)
			}
		case *ast.AutoLink:
			if !webURL(string(n.URL(source))) {
				unsafe = append(unsafe, n)
			}
		}
		return ast.WalkContinue, nil
	})
	for _, n := range targets {
		target := ast.NewString([]byte(" (" + mdtext.TargetText(string(n.Destination)) + ")"))
		n.Parent().InsertAfter(n.Parent(), n, target)
	}
	for _, n := range unsafe {
		replaceWithText(n, source)
	}
}

// replaceWithText puts in place of a link or image its text: a link's
// children, an autolink's label, an image's "[image: alt]" and its
// address when it is a web one.
func replaceWithText(n ast.Node, source []byte) {
	parent := n.Parent()
	switch n := n.(type) {
	case *ast.Image:
		label := "[image: " + altText(n, source) + "]"
		if webURL(string(n.Destination)) {
			label += " " + string(n.Destination)
		}
		parent.ReplaceChild(parent, n, ast.NewString([]byte(label)))
	case *ast.AutoLink:
		parent.ReplaceChild(parent, n, ast.NewString(n.Label(source)))
	default:
		for c := n.FirstChild(); c != nil; c = n.FirstChild() {
			parent.InsertBefore(parent, n, c)
		}
		parent.RemoveChild(parent, n)
	}
}

// webURL reports whether raw is an http or https URL that termsafe.SafeURL
// accepts.
func webURL(raw string) bool {
	u, ok := termsafe.SafeURL(raw)
	return ok && (strings.HasPrefix(u, "https://") || strings.HasPrefix(u, "http://"))
}

// altText is the text of an image's description.
func altText(n ast.Node, source []byte) string {
	var b strings.Builder
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if t, ok := c.(*ast.Text); ok {
			b.Write(t.Segment.Value(source))
		} else {
			b.WriteString(altText(c, source))
		}
	}
	return b.String()
}
