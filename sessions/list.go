package sessions

import (
	"fmt"
	"runtime"
	"slices"
	"sync"

	"github.com/cardtui/cardtui/cards"
)

// Options say which sessions List finds and where it keeps its index.
type Options struct {
	// Sources are the agents whose sessions may be listed, in the order
	// they are looked for: agents.Sessions.
	Sources []Source
	// Roots are the agents' homes (see RootsFromEnv).
	Roots Roots
	// Agents are the agents, of Sources, whose sessions are listed; nil is
	// all.
	Agents []Agent
	// CacheDir is the index's directory (see DefaultCacheDir); "" reads
	// every file and keeps nothing.
	CacheDir string
	// CardText is the searchable text of a tool card in a session's
	// Document (cmd/cardtui gives its Markdown export); nil searches a
	// card's title alone.
	CardText func(cards.ToolCard) string
}

// readers is how many files are read at once: reading is mostly waiting
// for the disk when the index is cold.
var readers = max(4, 2*runtime.NumCPU())

// List finds the sessions of the agents, newest first. Files the index
// knows at their size and mtime are not read; the others are read at
// their head and tail, or only where they grew. A file that cannot be
// read or understood is listed with its Problem. The error says that the
// index could not be saved; the list is complete all the same.
func List(o Options) ([]Session, error) {
	sources := o.Selected()
	var agents []Agent
	for _, s := range sources {
		agents = append(agents, s.Agent)
	}
	found, problems := o.Roots.discover(sources)
	ix := loadIndex(o.CacheDir)
	records, changed := readAll(found, ix, o)
	list := problems
	for _, r := range records {
		list = append(list, r.Session)
	}
	sortNewestFirst(list)
	if !changed && len(ix.Records) == len(found)+countOthers(ix, agents) {
		return list, nil
	}
	keepOthers(ix, agents)
	for _, r := range records {
		ix.Records[r.Path] = r
	}
	if err := ix.save(o.CacheDir); err != nil {
		return list, fmt.Errorf("sessions index: %w", err)
	}
	return list, nil
}

// Selected are the Sources of the Agents listed (all of them when Agents
// is nil), in the order of Sources.
func (o Options) Selected() []Source {
	if o.Agents == nil {
		return o.Sources
	}
	var selected []Source
	for _, s := range o.Sources {
		if slices.Contains(o.Agents, s.Agent) {
			selected = append(selected, s)
		}
	}
	return selected
}

// readAll returns the records of the files found: the index's when fresh,
// else read anew on several goroutines, their documents (a tool card's
// text given by o.CardText) saved in the cache directory o.CacheDir.
// changed says some were read. A record is used only for the file it is
// stored under, found under the agent's home.
func readAll(found []candidate, ix *index, o Options) ([]*record, bool) {
	records := make([]*record, len(found))
	var stale []int
	for i, c := range found {
		if r, ok := ix.Records[c.path]; ok && r.fresh(c) && r.Agent == c.source.Agent && r.Path == c.path {
			records[i] = r
			continue
		}
		stale = append(stale, i)
	}
	var wg sync.WaitGroup
	next := make(chan int)
	budget := newReadBudget(listingBudget)
	for range min(readers, len(stale)) {
		wg.Go(func() {
			for i := range next {
				release := budget.hold(sizeOf(found[i]))
				rec, doc := readCandidate(found[i], o.CardText)
				release()
				// A document that cannot be saved is made again by
				// the search that needs it.
				_ = saveDocument(o.CacheDir, rec.Path, "", doc)
				if doc != nil {
					rec.summary = summarize(doc.data)
				}
				records[i] = &rec
			}
		})
	}
	for _, i := range stale {
		next <- i
	}
	close(next)
	wg.Wait()
	return records, len(stale) > 0
}

// countOthers counts the records of agents not listed now.
func countOthers(ix *index, agents []Agent) int {
	n := 0
	for _, r := range ix.Records {
		if !slices.Contains(agents, r.Agent) {
			n++
		}
	}
	return n
}

// keepOthers drops the records of the agents listed now, which are put
// back from the files found: a file gone is forgotten.
func keepOthers(ix *index, agents []Agent) {
	for path, r := range ix.Records {
		if slices.Contains(agents, r.Agent) {
			delete(ix.Records, path)
		}
	}
}
