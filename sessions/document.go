package sessions

import (
	"bytes"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render/cardtext"
)

// The bounds of a session's document: what a search looks in is the
// start of every card and line, never a whole pasted log.
const (
	// maxDocLine is the most bytes of one line kept.
	maxDocLine = 1 << 10
	// maxDocEntry is the most bytes of one entry's text kept.
	maxDocEntry = 64 << 10
	// maxDocument is the most bytes of one session's document.
	maxDocument = 16 << 20
)

// Document is the text of a session that `cardtui search` and
// `cardtui sessions --touched` look in, one line of text per line: the
// prompts, replies and proposed plans, and every tool card as its
// searchable text says (Options.CardText: cmd/cardtui gives the Markdown
// export, with its commands, paths, diffs and outputs), each line
// with the index of its entry and the entry's title; and the files each
// tool call read or changed. Reasoning, context blocks, notices and
// problems are left out. Its text is made safe for a terminal (by
// CardText: the Markdown export sanitises what it writes) and bounded
// (maxDocLine, maxDocEntry, maxDocument).
//
// Its bytes are lines of tab-separated fields, kind ('T' text, 'P' a
// path touched), entry index, title, then the line or the path: a search
// looks for its pattern in the bytes and parses only the lines it hits.
type Document struct {
	data []byte
}

// DocLine is one line of a Document.
type DocLine struct {
	// Entry is the index of the transcript entry the line belongs to.
	Entry int
	// Title is the entry's title: the card's title, or who wrote the
	// message.
	Title string
	// Text is the line; for a path touched, the path.
	Text string
	// Path marks a file a tool call read or changed.
	Path bool
}

// NewDocument makes the document of a transcript's entries, a tool
// card's text given by cardText (nil: its title alone).
func NewDocument(entries []cards.Entry, cardText func(cards.ToolCard) string) *Document {
	var b bytes.Buffer
	for i, e := range entries {
		if b.Len() >= maxDocument {
			break
		}
		title, text := entryText(e, cardText)
		if title == "" && text == "" {
			continue
		}
		writeLines(&b, i, title, text)
		if c, ok := e.(cards.ToolCard); ok {
			for _, p := range touched(c) {
				writeField(&b, 'P', i, c.Tool, p)
			}
		}
	}
	return &Document{data: b.Bytes()}
}

// entryText is the title and text of an entry worth searching.
func entryText(e cards.Entry, cardText func(cards.ToolCard) string) (title, text string) {
	switch e := e.(type) {
	case cards.Message:
		switch e.Role {
		case cards.RoleUser:
			return "You", e.Text
		case cards.RoleAssistant, cards.RolePlan:
			return cardtext.RoleLabel(e.Role), e.Text
		}
	case cards.ToolCard:
		if cardText == nil {
			return CardTitle(e), ""
		}
		return CardTitle(e), cardText(e)
	case cards.Problem, cards.Notice:
	}
	return "", ""
}

// writeLines writes the lines of text, within maxDocEntry bytes, each
// after the same fields of its entry, made once.
func writeLines(b *bytes.Buffer, entry int, title, text string) {
	if len(text) > maxDocEntry {
		text = text[:maxDocEntry]
	}
	var head []byte
	for line := range strings.SplitSeq(text, "\n") {
		if strings.TrimSpace(line) != "" {
			if head == nil {
				head = fieldsBefore('T', entry, title)
			}
			writeText(b, head, line)
		}
	}
}

// writeField writes one line of the document; tabs and line breaks in
// its fields become spaces, and each field is cut at maxDocLine.
func writeField(b *bytes.Buffer, kind byte, entry int, title, text string) {
	writeText(b, fieldsBefore(kind, entry, title), text)
}

// fieldsBefore are the fields of a document line before its text: its
// kind, entry index and title, each ended by a tab.
func fieldsBefore(kind byte, entry int, title string) []byte {
	var h bytes.Buffer
	h.WriteByte(kind)
	h.WriteByte('\t')
	h.Write(strconv.AppendInt(h.AvailableBuffer(), int64(entry), 10))
	h.WriteByte('\t')
	writeOneLine(&h, title)
	h.WriteByte('\t')
	return h.Bytes()
}

// writeText writes a document line: the fields before its text, then
// text on one line.
func writeText(b *bytes.Buffer, before []byte, text string) {
	b.Write(before)
	writeOneLine(b, text)
	b.WriteByte('\n')
}

// writeOneLine writes s on one line without tabs, cut at maxDocLine on a
// rune start; each invalid byte is written as U+FFFD.
func writeOneLine(b *bytes.Buffer, s string) {
	s = cutString(s, maxDocLine)
	if !utf8.ValidString(s) {
		b.WriteString(strings.Map(func(r rune) rune {
			if r == '\t' || r == '\n' || r == '\r' {
				return ' '
			}
			return r
		}, s))
		return
	}
	for {
		i := strings.IndexAny(s, "\t\n\r")
		if i < 0 {
			b.WriteString(s)
			return
		}
		b.WriteString(s[:i])
		b.WriteByte(' ')
		s = s[i+1:]
	}
}

// CardTitle is a tool card's title, as its card heads it: the call's
// title (a command's description when it has one), else the tool's
// name.
func CardTitle(c cards.ToolCard) string {
	var title string
	switch v := c.Call.(type) {
	case cards.GenericCall:
		title = v.Title
	case cards.TerminalCall:
		title = firstNonEmpty(strings.TrimSpace(v.Description), v.Title)
	case cards.DiffCall:
		title = v.Title
	case nil:
	}
	return firstNonEmpty(strings.TrimSpace(title), c.Tool)
}

// touched are the files a call read or changed, as its views name them:
// its locations, its diffs, the file it read; the calls nested in it
// too.
func touched(c cards.ToolCard) []string {
	var paths []string
	add := func(p string) {
		if p != "" && !contains(paths, p) {
			paths = append(paths, p)
		}
	}
	if v, ok := c.Call.(cards.GenericCall); ok {
		for _, l := range v.Locations {
			add(l.Path)
		}
	}
	if v, ok := c.Call.(cards.DiffCall); ok {
		for _, d := range v.Diffs {
			add(d.Path)
		}
		for _, l := range v.Locations {
			add(l.Path)
		}
	}
	if v, ok := c.Result.(cards.DiffResult); ok {
		for _, d := range v.Diffs {
			add(d.Path)
		}
	}
	if v, ok := c.Result.(cards.ReadResult); ok {
		add(v.Path)
	}
	for _, child := range c.Children {
		if cc, ok := child.(cards.ToolCard); ok {
			for _, p := range touched(cc) {
				add(p)
			}
		}
	}
	return paths
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Matcher finds a pattern in a line of text: Find gives the offsets of
// its first match in text, ok false when there is none. Literal, when not
// nil, is a string every match holds: the document's bytes are searched
// for it first, and only the lines that hold it are parsed. The matchers
// LiteralMatcher and RegexpMatcher make also know the grams (trigrams
// and 4-grams) every match holds, and skip the documents whose summary in
// the index lacks one.
type Matcher struct {
	Find    func(text []byte) (start, end int, ok bool)
	Literal []byte
	// grams are the grams (ASCII letters lowercased) every match holds.
	grams []uint64
}
