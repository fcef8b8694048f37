package sessions

import (
	"fmt"
	"runtime"
	"slices"

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
	// Heads makes ListProgressively describe the files not in the index
	// from their heads and tails before it reads them whole: what a
	// screen shows at once costs that second, short read of each.
	Heads bool
}

// readers is how many files are read at once: reading is mostly waiting
// for the disk when the index is cold.
var readers = max(4, 2*runtime.NumCPU())

// List finds the sessions of the agents, newest first. Files the index
// knows at their size and mtime are not read; the others are read whole.
// A file that cannot be read or understood is listed with its Problem.
// The error says that the index could not be saved; the list is complete
// all the same.
func List(o Options) ([]Session, error) {
	return ListProgressively(o, nil)
}

// Progress is how far a listing has come, as ListProgressively reports
// it.
type Progress struct {
	// Sessions are the sessions known so far, newest first: one whose file
	// is not read whole yet is described from its head and tail alone
	// (no count of tool calls, a title from those lines only).
	Sessions []Session
	// Indexed counts the files read whole, of Total to read.
	Indexed, Total int
}

// ListProgressively lists as List does, and reports what it knows as it
// goes when report is not nil: first every session, with Options.Heads
// those not in the index described from the head and tail of their files
// (the newest first, a first report as soon as a screenful is known),
// then again as
// the files are read whole, newest first. report is called from the
// goroutine of ListProgressively. Without Options.Heads, the first report
// describes the files not in the index by their path, size and mtime
// alone. Its last call has Indexed == Total,
// unless it returned false: then no more file is read, and the index
// keeps the files read whole so far.
func ListProgressively(o Options, report func(Progress) bool) ([]Session, error) {
	sources := o.Selected()
	var agents []Agent
	for _, s := range sources {
		agents = append(agents, s.Agent)
	}
	found, problems := o.Roots.discover(sources)
	ix := loadIndex(o.CacheDir)
	l := newListing(found, problems, ix, report)
	switch {
	case report != nil && o.Heads:
		l.readQuickly(o)
	case report != nil:
		l.progress()
	}
	l.readWhole(o)
	list := l.sessions()
	if len(l.stale) == 0 && len(ix.Records) == len(found)+countOthers(ix, agents) {
		return list, nil
	}
	keepOthers(ix, agents)
	for _, r := range l.whole() {
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
