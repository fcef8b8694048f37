package sessions

import (
	"cmp"
	"slices"
	"sync"
)

// listing is a listing under way: the records of the files found, the
// index's when fresh, else read anew; stale are the others, newest
// first.
type listing struct {
	found    []candidate
	problems []Session
	records  []*record
	stale    []int
	report   func(Progress) bool
	indexed  int
	// stopped says report asked to stop.
	stopped bool
}

// firstScreen is how many rows the first report waits for: a screen of
// the picker.
const firstScreen = 40

// reportEvery is how many files read whole make a report.
const reportEvery = 25

// newListing takes the fresh records of the files found from the index.
// A record is used only for the file it is stored under, found under
// the agent's home.
func newListing(found []candidate, problems []Session, ix *index, report func(Progress) bool) *listing {
	l := &listing{found: found, problems: problems, records: make([]*record, len(found)), report: report}
	for i, c := range found {
		if r, ok := ix.Records[c.path]; ok && r.fresh(c) && r.Agent == c.source.Agent && r.Path == c.path {
			l.records[i] = r
			continue
		}
		l.stale = append(l.stale, i)
	}
	slices.SortStableFunc(l.stale, func(a, b int) int {
		return cmp.Compare(found[b].info.ModTime().UnixNano(), found[a].info.ModTime().UnixNano())
	})
	return l
}

// sessions are the sessions known now, newest first: a file not read
// at all yet is described by its path, size and mtime.
func (l *listing) sessions() []Session {
	list := append(make([]Session, 0, len(l.problems)+len(l.records)), l.problems...)
	for i, r := range l.records {
		if r == nil {
			s := statRecord(l.found[i])
			r = &s
		}
		list = append(list, r.Session)
	}
	sortNewestFirst(list)
	return list
}

// progress reports the sessions known now, and says whether to go on.
func (l *listing) progress() bool {
	if !l.stopped {
		l.stopped = !l.report(Progress{Sessions: l.sessions(), Indexed: l.indexed, Total: len(l.stale)})
	}
	return !l.stopped
}

// readQuickly describes the stale files from their heads and tails, the
// newest first, reporting once the first screen is known and once all
// are.
func (l *listing) readQuickly(o Options) {
	parallel(l.stale, func(i int) *record {
		r := quickRecord(l.found[i], o)
		return &r
	}, func(k, i int, r *record) bool {
		l.records[i] = r
		return k+1 != min(firstScreen, len(l.stale)) || l.progress()
	})
	l.progress()
}

// readWhole reads the stale files whole, the newest first, with their
// documents (a tool card's text given by o.CardText) saved in the cache
// directory o.CacheDir, reporting as it goes, until a report asks to
// stop.
func (l *listing) readWhole(o Options) {
	if l.stopped {
		return
	}
	budget := newReadBudget(listingBudget)
	parallel(l.stale, func(i int) *record {
		release := budget.hold(sizeOf(l.found[i]))
		rec, doc := readCandidate(l.found[i], o.CardText)
		release()
		// A document that cannot be saved is made again by the search
		// that needs it.
		_ = saveDocument(o.CacheDir, rec.Path, "", doc)
		if doc != nil {
			rec.summary = summarize(doc.data)
		}
		return &rec
	}, func(_, i int, r *record) bool {
		l.records[i] = r
		l.indexed++
		return l.report == nil || l.indexed%reportEvery != 0 && l.indexed != len(l.stale) || l.progress()
	})
}

// whole are the records of the files read whole: from the index, or
// read now.
func (l *listing) whole() []*record {
	var whole []*record
	for _, r := range l.records {
		if r != nil && r.ModTime != 0 {
			whole = append(whole, r)
		}
	}
	return whole
}

// parallel runs read on each of indices on several goroutines, and done,
// on the calling goroutine, with each result as it comes (k counts
// them); once done returns false, no more is read.
func parallel(indices []int, read func(int) *record, done func(k, i int, r *record) bool) {
	type result struct {
		i int
		r *record
	}
	next := make(chan int)
	results := make(chan result)
	var wg sync.WaitGroup
	for range min(readers, len(indices)) {
		wg.Go(func() {
			for i := range next {
				results <- result{i, read(i)}
			}
		})
	}
	stop := make(chan struct{})
	go func() {
		defer close(next)
		for _, i := range indices {
			select {
			case next <- i:
			case <-stop:
				return
			}
		}
	}()
	go func() {
		wg.Wait()
		close(results)
	}()
	k, stopped := 0, false
	for res := range results {
		if !done(k, res.i, res.r) && !stopped {
			stopped = true
			close(stop)
		}
		k++
	}
}
