package gemini

import (
	"fmt"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/replay"
)

// rewound is what the rewinds of a chat marked rolled back: spans of
// entries, each marked once, so that a rewind costs the entries it
// marks and not those earlier rewinds marked; and the notice of the
// latest run of rewinds, which counts them.
type rewound struct {
	spans []span // disjoint, in order
	// notice is the index of the notice of the run of rewinds that the
	// transcript ends with, -1 when it does not end with one; runs how
	// many rewinds it says.
	notice, runs int
}

// span is the entries from start up to end.
type span struct{ start, end int }

// rewind marks the entries from the index from on rolled back, and says
// so: in a notice of its own, or in the run's it follows.
func (r *rewound) rewind(t *replay.Transcript, from int, id string) {
	lo, top, end := from, len(t.Entries), len(t.Entries)
	for n := len(r.spans); n > 0 && r.spans[n-1].end >= lo; n = len(r.spans) {
		s := r.spans[n-1]
		r.spans = r.spans[:n-1]
		markRolledBack(t, max(s.end, lo), top)
		top = s.start
		if s.start <= lo {
			lo, top = s.start, s.start
		}
	}
	markRolledBack(t, lo, top)
	r.spans = append(r.spans, span{lo, end})
	r.say(t, id)
}

// say adds the notice of a rewind to message id, or counts it in the
// notice the transcript ends with.
func (r *rewound) say(t *replay.Transcript, id string) {
	if r.notice < 0 || r.notice != len(t.Entries)-1 {
		r.notice, r.runs = t.AddNotice("rewound: the conversation from here on was dropped (message "+id+")"), 1
		return
	}
	r.runs++
	t.Set(r.notice, cards.Notice{Text: fmt.Sprintf("rewound %d times: the conversation from here on was dropped (the last to message %s)", r.runs, id)})
}

// markRolledBack marks the entries from start up to end rolled back.
func markRolledBack(t *replay.Transcript, start, end int) {
	for i := start; i < end; i++ {
		t.Set(i, rolledBack(t.Entries[i]))
	}
}
