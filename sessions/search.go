package sessions

import (
	"os"
	"strings"
	"sync"
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

// Search looks for m in the documents of the sessions of list, which List
// returned for o, and calls hit for each line matched, in the order of
// list (newest first) and of the lines in each session, until hit returns
// false. paths looks in the files the tool calls touched instead of the
// text. A document is taken from the cache directory when it is there
// and names its file; else the session file is read anew. A document
// whose summary in the index lacks a gram every match of m holds is
// not read.
func Search(o Options, list []Session, m Matcher, paths bool, hit func(Hit) bool) {
	results := make([]chan []Hit, len(list))
	for i := range results {
		results[i] = make(chan []Hit, 1)
	}
	var sums map[string]stamped
	if len(m.grams) > 0 {
		sums = loadSummaries(o.CacheDir)
	}
	next := make(chan int)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for range min(readers, len(list)) {
		wg.Go(func() {
			var buf []byte
			for i := range next {
				results[i] <- searchOne(o, list[i], m, paths, sums[list[i].Path], &buf)
			}
		})
	}
	go func() {
		defer close(next)
		for i := range list {
			select {
			case next <- i:
			case <-stop:
				return
			}
		}
	}()
	defer wg.Wait()
	defer close(stop)
	for i := range list {
		for _, h := range <-results[i] {
			if !hit(h) {
				return
			}
		}
	}
}

// searchOne is the hits of m in the document of s, read into buf.
func searchOne(o Options, s Session, m Matcher, paths bool, sum stamped, buf *[]byte) []Hit {
	if sum.skips(s, m) {
		return nil
	}
	doc := o.document(s, buf)
	if doc == nil {
		return nil
	}
	var hits []Hit
	doc.Find(m, paths, func(l DocLine, at [][2]int) bool {
		hits = append(hits, Hit{Session: s, Line: l, Matches: at})
		return len(hits) < maxHitsPerSession
	})
	return hits
}

// document is the document of s: the cache's, read into buf, else made
// by reading the file (and then kept in the cache). Its hits copy what
// they keep of it: buf is read into again for the next document.
func (o Options) document(s Session, buf *[]byte) *Document {
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
