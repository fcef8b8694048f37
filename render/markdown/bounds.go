package markdown

import (
	"fmt"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"

	"github.com/cardtui/cardtui/internal/lazyregexp"
	"github.com/cardtui/cardtui/render/style"
	"github.com/cardtui/cardtui/render/textcut"
)

// Glamour's time and output grow exponentially with the nesting of block
// quotes once their margins fill the width (100 nested ">" in a 254-byte
// message took minutes and gigabytes), and linearly with the text. So
// before glamour sees a text:
//
//   - Markdown whose block quotes and lists nest deeper than
//     NestingLimit(width) levels is drawn as the plain text it is,
//     wrapped, under a note that says why;
//   - a text over GlamourBytes is drawn by glamour up to a line break
//     near that size, the rest as plain text under a note.
//
// Measured (BenchmarkNestedQuotes): 100 nested quotes at width 80 are
// drawn in well under a millisecond instead of not at all.

// GlamourBytes is the most Markdown one text gives glamour.
const GlamourBytes = 256 << 10

// maxNesting is the deepest nesting of block quotes and lists glamour
// draws at any width.
const maxNesting = 16

// NestingLimit is the deepest nesting of block quotes and lists glamour
// draws at a width: a quarter of the width (each level takes two to four
// cells of margin), at least 2 and at most maxNesting.
func NestingLimit(width int) int { return min(max(width/4, 2), maxNesting) }

// containerPrefix matches the container markers at a line's start: block
// quote markers, list markers and the indentation between them.
var containerPrefix = lazyregexp.New(`^(?:[ \t]*(?:>|[-+*](?:[ \t]|$)|[0-9]{1,9}[.)](?:[ \t]|$)))*[ \t]*`)

// mayNestBeyond is a quick upper bound: false when no line of md can be
// nested deeper than limit (its quote and list markers and its indentation
// in steps of two are few enough), so that only a suspect text is parsed.
func mayNestBeyond(md string, limit int) bool {
	for line := range strings.Lines(md) {
		prefix := containerPrefix().FindString(line)
		depth := strings.Count(prefix, ">") + strings.Count(prefix, " ")/2 + strings.Count(prefix, "\t")*2
		if depth > limit {
			return true
		}
	}
	return false
}

// nestingDepth is the deepest nesting of block quotes and lists in md, as
// goldmark parses it.
func nestingDepth(md string) int {
	doc := linkParser().Parse(text.NewReader([]byte(md)))
	deepest, depth := 0, 0
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		switch n.Kind() {
		case ast.KindBlockquote, ast.KindList:
			if entering {
				depth++
				deepest = max(deepest, depth)
			} else {
				depth--
			}
		}
		return ast.WalkContinue, nil
	})
	return deepest
}

// boundedGlamour draws sanitised Markdown with draw (glamour) within the
// bounds above: too deep a text as wrapped plain text, the part of a long
// text past GlamourBytes as wrapped plain text, each under a dim note.
func boundedGlamour(md string, width int, o style.Options, draw func(string) []string) []string {
	if limit := NestingLimit(width); mayNestBeyond(md, limit) {
		if depth := nestingDepth(md); depth > limit {
			note := fmt.Sprintf("(shown as text: its quotes and lists nest %d levels deep, more than the %d drawn at this width; indentation over %d columns is cut)", depth, limit, 2*limit)
			return append(dimLines(note, width, o), WrapLines(cutIndentation(md, 2*limit), width)...)
		}
	}
	if len(md) <= GlamourBytes {
		return draw(md)
	}
	cut := strings.LastIndexByte(md[:GlamourBytes], '\n')
	if cut <= 0 {
		cut = GlamourBytes
		for cut > 0 && md[cut]&0xC0 == 0x80 {
			cut--
		}
	}
	head, rest := md[:cut], strings.TrimPrefix(md[cut:], "\n")
	note := fmt.Sprintf("(the rest, %s, shown as text: glamour draws at most %d KiB of a text)", textcut.Plural(len(rest), "byte", "bytes"), GlamourBytes>>10)
	lines := boundedGlamour(head, width, o, draw)
	lines = append(append(lines, ""), dimLines(note, width, o)...)
	return append(lines, WrapLines(rest, width)...)
}

// cutIndentation cuts the leading white space of every line of md to at
// most cells columns (a tab counts as one).
func cutIndentation(md string, cells int) string {
	lines := strings.Split(md, "\n")
	for i, line := range lines {
		text := strings.TrimLeft(line, " \t")
		if lead := len(line) - len(text); lead > cells {
			lines[i] = line[:cells] + text
		}
	}
	return strings.Join(lines, "\n")
}

// dimLines is a note wrapped to width, dim.
func dimLines(note string, width int, o style.Options) []string {
	lines := WrapLines(note, width)
	for i, l := range lines {
		lines[i] = style.Dim(l, o)
	}
	return lines
}
