package markdown

import (
	"sort"
	"strings"
	"sync"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"github.com/cardtui/cardtui/render/mdwrite"
)

// ShowLinkTargets writes, after every inline link of md whose text is not
// its target, the target as a code span: `[https://bank.example](https://evil.example)`
// becomes `[https://bank.example](https://evil.example) (`https://evil.example`)`,
// so that a reader of the Markdown, rendered or not, sees where a click
// goes, as the terminal shows it. The links are those a CommonMark parser
// (goldmark) finds; code spans and blocks are left alone.
func ShowLinkTargets(md string) string {
	src := []byte(md)
	doc := linkParser().Parse(text.NewReader(src))
	type insert struct {
		at   int
		text string
	}
	var inserts []insert
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		link, ok := n.(*ast.Link)
		if !entering || !ok {
			return ast.WalkContinue, nil
		}
		end, ok := link.Attribute(linkEndAttribute)
		dest := string(link.Destination)
		if ok && !SameTarget(PlainText(link, src), dest) {
			inserts = append(inserts, insert{at: end.(int), text: " (" + mdwrite.CodeSpan(TargetText(dest)) + ")"})
		}
		return ast.WalkSkipChildren, nil
	})
	sort.SliceStable(inserts, func(i, j int) bool { return inserts[i].at < inserts[j].at })
	var b strings.Builder
	last := 0
	for _, in := range inserts {
		b.WriteString(md[last:in.at])
		b.WriteString(in.text)
		last = in.at
	}
	b.WriteString(md[last:])
	return b.String()
}

// SameTarget reports whether a link's text already names its target: the
// text is the URL, or the URL without its scheme or its "mailto:".
func SameTarget(label, dest string) bool {
	label = strings.TrimSpace(label)
	if label == dest || label == "" && dest == "" {
		return true
	}
	for _, prefix := range []string{"mailto:", "https://", "http://"} {
		if strings.TrimPrefix(dest, prefix) == label && strings.HasPrefix(dest, prefix) {
			return true
		}
	}
	return false
}

// TargetText is a link's target as one line of text a table cell cannot
// split: a line break, a "|" and a backtick run are percent-encoded.
func TargetText(dest string) string {
	if dest == "" {
		return "(empty target)"
	}
	return strings.NewReplacer("\n", "%0A", "\r", "%0D", "|", "%7C", "`", "%60").Replace(dest)
}

// PlainText is the text of a node's children as a reader sees it.
func PlainText(n ast.Node, src []byte) string {
	var b strings.Builder
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *ast.Text:
			b.Write(c.Segment.Value(src))
			if c.SoftLineBreak() || c.HardLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			b.Write(c.Value)
		default:
			b.WriteString(PlainText(c, src))
		}
	}
	return b.String()
}

// linkEndAttribute is the attribute under which endLinkParser notes where
// a link ends in the source.
var linkEndAttribute = []byte("cardtui-link-end")

// linkParser is goldmark's CommonMark parser whose link parser notes where
// each link ends.
var linkParser = sync.OnceValue(func() parser.Parser {
	inlines := parser.DefaultInlineParsers()
	for i, p := range inlines {
		if inline, ok := p.Value.(parser.InlineParser); ok && string(inline.Trigger()) == "![]" {
			inlines[i] = util.Prioritized(endLinkParser{inline}, p.Priority)
		}
	}
	return parser.NewParser(parser.WithBlockParsers(parser.DefaultBlockParsers()...),
		parser.WithInlineParsers(inlines...), parser.WithParagraphTransformers(parser.DefaultParagraphTransformers()...))
})

// endLinkParser is goldmark's link parser, noting on each link it makes
// the offset in the source where the link ends.
type endLinkParser struct{ parser.InlineParser }

func (p endLinkParser) Parse(parent ast.Node, block text.Reader, pc parser.Context) ast.Node {
	n := p.InlineParser.Parse(parent, block, pc)
	if link, ok := n.(*ast.Link); ok {
		_, seg := block.Position()
		link.SetAttribute(linkEndAttribute, seg.Start)
	}
	return n
}

// CloseBlock lets goldmark's link parser drop the state of the links left
// open at a paragraph's end.
func (p endLinkParser) CloseBlock(parent ast.Node, block text.Reader, pc parser.Context) {
	if c, ok := p.InlineParser.(parser.CloseBlocker); ok {
		c.CloseBlock(parent, block, pc)
	}
}
