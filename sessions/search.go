package sessions

import (
	"bytes"
	"iter"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/replay"
)

// Hit is a line of a session's document that a search matched.
type Hit struct {
	Session Session
	Line    DocLine
	// Matches are the offsets of the matches in Line.Text.
	Matches [][2]int
}

// maxHitsPerSession bounds the hits a search keeps of one session: a
// pattern found in every line of a long session names it, and the rest
// would only scroll.
const maxHitsPerSession = 200

// lookahead bounds how far past the session whose hits are being
// delivered a search reads: the hits waiting are those of at most so
// many sessions.
const lookahead = 64

// Search looks for m in the documents of the sessions of list, which List
// returned for o, and calls hit for each line matched, in the order of
// list (newest first) and of the lines in each session, until hit returns
// false. paths looks in the files the tool calls touched instead of the
// text. A document is taken from the cache directory when it is there
// and names its file; else the session file is read anew. A document
// whose summary in the index lacks a gram every match of m holds is
// not read.
func Search(o Options, list []Session, m Matcher, paths bool, hit func(Hit) bool) {
	SearchEach(o, list, m, paths, (*Hits).kept, func(hits []Hit) bool {
		for _, h := range hits {
			if !hit(h) {
				return false
			}
		}
		return true
	})
}

// SearchEach is Search in two steps: prepare turns the hits of one
// session into a T in the goroutines that read the documents, side by
// side, and deliver is given each T in the order of list, newest first,
// until it returns false. What the hits are for (a command formatting
// them) is so done on every processor while deliver streams the results.
func SearchEach[T any](o Options, list []Session, m Matcher, paths bool, prepare func(*Hits) T, deliver func(T) bool) {
	type result struct {
		prepared T
		hit      bool
	}
	results := make([]chan result, len(list))
	for i := range results {
		results[i] = make(chan result, 1)
	}
	var skip map[string]stamped
	if len(m.grams) > 0 {
		skip = skippable(o.CacheDir, m.grams)
	}
	// A reader takes a place ahead before it takes the next session, and
	// the place is given back when that session's results are delivered.
	var next atomic.Int64
	ahead := make(chan struct{}, lookahead)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for range min(readers, len(list)) {
		wg.Go(func() {
			var buf docBuffers
			h := Hits{paths: paths}
			for {
				select {
				case ahead <- struct{}{}:
				case <-stop:
					return
				}
				i := int(next.Add(1) - 1)
				if i >= len(list) {
					return
				}
				var r result
				if h.search(o, list[i], m, skip, &buf) {
					r = result{prepare(&h), true}
				}
				results[i] <- r
			}
		})
	}
	defer wg.Wait()
	defer close(stop)
	for i := range list {
		r := <-results[i]
		<-ahead
		if r.hit && !deliver(r.prepared) {
			return
		}
	}
}

// Hits are the hits of a search in one session, which SearchEach gives
// to prepare: valid during the call only, the next session's hits are
// kept in the same place. Their text and matches are kept in one block
// each, their titles once each.
type Hits struct {
	// Session is the session searched.
	Session Session
	paths   bool
	lines   []keptLine
	text    []byte
	matches [][2]int
	titles  map[string]string
}

// keptLine is a hit kept: where its text and matches are in the blocks.
type keptLine struct {
	entry            int
	title            string
	text, matches    int
	textEnd, matchTo int
}

// search keeps the hits of m in the document of s, read into buf, and
// reports whether there are any. The document of a file skip holds,
// unchanged, is not read.
func (h *Hits) search(o Options, s Session, m Matcher, skip map[string]stamped, buf *docBuffers) bool {
	h.Session = s
	h.lines, h.text, h.matches = h.lines[:0], h.text[:0], h.matches[:0]
	clear(h.titles)
	if st, ok := skip[s.Path]; ok && st.unchanged(s) {
		return false
	}
	doc := o.document(s, buf)
	if doc == nil {
		return false
	}
	doc.scan(m, h.paths, func(l rawLine, at [][2]int) bool {
		h.keep(l, at)
		return len(h.lines) < maxHitsPerSession
	})
	return len(h.lines) > 0
}

func (h *Hits) keep(l rawLine, at [][2]int) {
	title, ok := h.titles[string(l.title)]
	if !ok {
		if h.titles == nil {
			h.titles = map[string]string{}
		}
		title = string(l.title)
		h.titles[title] = title
	}
	h.lines = append(h.lines, keptLine{
		entry: l.entry, title: title,
		text: len(h.text), textEnd: len(h.text) + len(l.text),
		matches: len(h.matches), matchTo: len(h.matches) + len(at),
	})
	h.text = append(h.text, l.text...)
	h.matches = append(h.matches, at...)
}

// Len is the number of hits.
func (h *Hits) Len() int { return len(h.lines) }

// TextLen is the number of bytes of the hits' lines.
func (h *Hits) TextLen() int { return len(h.text) }

// All yields the hits in order, each valid as Hits are.
func (h *Hits) All() iter.Seq[Hit] {
	return func(yield func(Hit) bool) {
		h.each(string(h.text), h.matches, yield)
	}
}

// kept are the hits in blocks of their own, which stay valid.
func (h *Hits) kept() []Hit {
	hits := make([]Hit, 0, len(h.lines))
	h.each(string(h.text), slices.Clone(h.matches), func(hit Hit) bool {
		hits = append(hits, hit)
		return true
	})
	return hits
}

// each calls yield with each hit, its text in text and its matches in
// matches, until yield returns false.
func (h *Hits) each(text string, matches [][2]int, yield func(Hit) bool) {
	for _, l := range h.lines {
		hit := Hit{
			Session: h.Session,
			Line:    DocLine{Entry: l.entry, Title: l.title, Text: text[l.text:l.textEnd], Path: h.paths},
			Matches: matches[l.matches:l.matchTo:l.matchTo],
		}
		if !yield(hit) {
			return
		}
	}
}

// rawLine is a line of a document as its bytes hold it.
type rawLine struct {
	entry       int
	title, text []byte
}

// scan calls hit with every line of the document of the kind paths asks
// for whose text m matches, and the offsets of its matches, until hit
// returns false. The line's bytes and the offsets are only valid during
// the call.
func (d *Document) scan(m Matcher, paths bool, hit func(rawLine, [][2]int) bool) {
	kind := byte('T')
	if paths {
		kind = 'P'
	}
	var at [][2]int
	data := d.data
	for len(data) > 0 {
		from := 0
		if m.Literal != nil {
			i := bytes.Index(data, m.Literal)
			if i < 0 {
				return
			}
			from = bytes.LastIndexByte(data[:i], '\n') + 1
		}
		to := len(data)
		if i := bytes.IndexByte(data[from:], '\n'); i >= 0 {
			to = from + i
		}
		line := data[from:to]
		data = data[min(to+1, len(data)):]
		if len(line) == 0 || line[0] != kind {
			continue
		}
		l, ok := parseDocLine(line)
		if !ok {
			continue
		}
		if at = allMatches(at[:0], m.Find, l.text); len(at) > 0 && !hit(l, at) {
			return
		}
	}
}

// allMatches appends to at the offsets of every match of find in text.
func allMatches(at [][2]int, find func([]byte) (int, int, bool), text []byte) [][2]int {
	for off := 0; off <= len(text); {
		start, end, ok := find(text[off:])
		if !ok {
			break
		}
		at = append(at, [2]int{off + start, off + end})
		off += max(end, start+1)
	}
	return at
}

// parseDocLine parses a line of a document: kind, entry, title and text,
// separated by tabs (the text may hold more).
func parseDocLine(line []byte) (rawLine, bool) {
	var fields [3][]byte
	rest := line
	for i := range fields {
		tab := bytes.IndexByte(rest, '\t')
		if tab < 0 {
			return rawLine{}, false
		}
		fields[i], rest = rest[:tab], rest[tab+1:]
	}
	entry, ok := entryIndex(fields[1])
	if !ok {
		return rawLine{}, false
	}
	return rawLine{entry: entry, title: fields[2], text: rest}, true
}

// entryIndex is the entry index a line's field holds, read as
// strconv.Atoi reads it (without a copy when it is digits alone); false
// when it is not a number or is negative.
func entryIndex(b []byte) (int, bool) {
	if len(b) == 0 || len(b) > 18 || bytes.ContainsFunc(b, func(r rune) bool { return r < '0' || r > '9' }) {
		n, err := strconv.Atoi(string(b))
		return n, err == nil && n >= 0
	}
	n := 0
	for _, c := range b {
		n = n*10 + int(c-'0')
	}
	return n, true
}

// document is the document of s: the cache's, read into buf, else made
// by reading the file (and then kept in the cache). Its hits copy what
// they keep of it: buf is read into again for the next document.
func (o Options) document(s Session, buf *docBuffers) *Document {
	if s.Problem != "" && s.Size == 0 {
		return nil
	}
	src, ok := Find(o.Sources, s.Agent)
	if !ok {
		return nil
	}
	db, session, listed := listedIn(src, s.Path)
	stamp := ""
	if listed {
		stamp = s.LastActivity.Format(time.RFC3339Nano)
	}
	if d, ok := loadDocument(o.CacheDir, s.Path, stamp, buf); ok {
		return d
	}
	var doc *Document
	if listed {
		doc = readListed(src, db, session, o.CardText)
	} else if info, err := os.Stat(s.Path); err == nil {
		_, doc = readCandidate(candidate{source: &src, path: s.Path, info: info}, o.CardText)
	}
	_ = saveDocument(o.CacheDir, s.Path, stamp, doc)
	return doc
}

// listedIn splits the path of a session the Source src listed itself
// ("DB#SESSION") into its database and session; ok is false for a
// session file.
func listedIn(src Source, path string) (db, session string, ok bool) {
	if src.OpenListed == nil {
		return "", "", false
	}
	if _, err := os.Stat(path); err == nil {
		return "", "", false
	}
	i := strings.LastIndexByte(path, '#')
	if i <= 0 {
		return "", "", false
	}
	return path[:i], path[i+1:], true
}

// readListed is the document of one session of a database, read with the
// Source's decoder, a tool card's text given by cardText; nil when it
// cannot be read.
func readListed(src Source, db, session string, cardText func(cards.ToolCard) string) *Document {
	rc, err := src.OpenListed(db, session)
	if err != nil {
		return nil
	}
	defer rc.Close()
	tr, _ := replay.Load(rc, db+"#"+session, src.loadOptions(""))
	if tr == nil {
		return nil
	}
	return NewDocument(tr.Entries, cardText)
}
