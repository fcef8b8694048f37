package viewer

import (
	"sync"
	"sync/atomic"

	"github.com/cardtui/cardtui/cards"
)

// The entries are a persistent list: chunks of slots that an operation
// never writes once another Model value may hold them. An operation takes
// a fresh write token (edit); the chunks it clones carry that token and
// only they are written in place until the next operation. A copy of a
// Model therefore keeps the entries it had, whatever the original does,
// while an update costs one chunk and the chunk index, not the whole list.

// chunkSize is the number of slots in a chunk.
const chunkSize = 256

// slot is one entry of the transcript with what the viewer keeps about it.
type slot struct {
	entry cards.Entry
	// version names this content of the entry, for the rendering cache;
	// no two contents ever get the same version (see nextVersion).
	version uint64
	// id is the harness's key of the entry (Upsert), "" when it has none.
	id string
	// expand is the card's own expanded state, set by enter: +1
	// expanded, -1 collapsed, 0 as every card; it counts only while epoch
	// is the Model's expandEpoch.
	expand int8
	epoch  uint32
	// started is when the entry, a call, was first seen running (Unix
	// nanoseconds; 0 when it was not).
	started int64
}

// chunk is a run of slots written by the operation of its token.
type chunk struct {
	token uint64
	slots [chunkSize]slot
}

// store is the list of slots.
type store struct {
	chunks []*chunk
	n      int
	// token is the write token of the operation going on; ownTop says the
	// chunks slice itself was copied by it.
	token  uint64
	ownTop bool
}

// tokens and versions hand out numbers that are never given twice in the
// process, so that Models and their copies never collide.
var tokens, versions atomic.Uint64

// nextVersion returns a version no entry had before.
func nextVersion() uint64 { return versions.Add(1) }

// nextVersions returns the first of n versions no entry had before.
func nextVersions(n int) uint64 { return versions.Add(uint64(n)) - uint64(n) + 1 }

// edit starts an operation that writes the store: nothing shared with
// another Model is written after it.
func (s *store) edit() { s.token, s.ownTop = tokens.Add(1), false }

// Len is the number of slots.
func (s *store) Len() int { return s.n }

// at returns slot i.
func (s *store) at(i int) *slot { return &s.chunks[i/chunkSize].slots[i%chunkSize] }

// entry returns entry i.
func (s *store) entry(i int) cards.Entry { return s.at(i).entry }

// writable returns slot i for writing, copying its chunk (and the chunk
// index) when the current operation did not make them.
func (s *store) writable(i int) *slot {
	if !s.ownTop {
		s.chunks = append([]*chunk(nil), s.chunks...)
		s.ownTop = true
	}
	c := s.chunks[i/chunkSize]
	if c.token != s.token {
		copied := *c
		copied.token = s.token
		c = &copied
		s.chunks[i/chunkSize] = c
	}
	return &c.slots[i%chunkSize]
}

// push appends a slot.
func (s *store) push(sl slot) {
	if s.n%chunkSize == 0 {
		if !s.ownTop {
			s.chunks = append([]*chunk(nil), s.chunks...)
			s.ownTop = true
		}
		s.chunks = append(s.chunks, &chunk{token: s.token})
	}
	s.n++
	*s.writable(s.n - 1) = sl
}

// set replaces entry i with a new version, keeping its id and expanded
// state.
func (s *store) set(i int, e cards.Entry) {
	sl := s.writable(i)
	sl.entry, sl.version = e, nextVersion()
}

// without is a new store of every slot but the one at skip, in order.
func (s *store) without(skip int) store {
	var out store
	out.edit()
	for i := range s.n {
		if i != skip {
			out.push(*s.at(i))
		}
	}
	return out
}

// indexOf is a new idIndex of the slots of s.
func indexOf(s *store) *idIndex {
	x := newIDIndex()
	for i := range s.Len() {
		if id := s.at(i).id; id != "" {
			x.at[id] = i
		}
	}
	return x
}

// idIndex finds the slot of an id. It is shared by the copies of a Model,
// which only add to it (Remove and SetEntries start a new one): every id
// of a Model's slots is in it, so an id it lacks is no Model's, but the
// slot it names may be another copy's. A lookup checks that slot and
// searches the list when it is wrong, so the answer is always right.
type idIndex struct {
	mu sync.Mutex
	at map[string]int
}

func newIDIndex() *idIndex { return &idIndex{at: map[string]int{}} }

// find returns the index of the slot with id, or -1.
func (x *idIndex) find(s *store, id string) int {
	x.mu.Lock()
	i, ok := x.at[id]
	x.mu.Unlock()
	switch {
	case !ok:
		return -1
	case i < s.Len() && s.at(i).id == id:
		return i
	}
	for i := range s.Len() {
		if s.at(i).id == id {
			x.note(id, i)
			return i
		}
	}
	return -1
}

// note records that id is at slot i.
func (x *idIndex) note(id string, i int) {
	x.mu.Lock()
	x.at[id] = i
	x.mu.Unlock()
}
