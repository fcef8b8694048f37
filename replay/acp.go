package replay

import (
	"github.com/cardtui/cardtui/acp"
	"github.com/cardtui/cardtui/cards"
)

// acpRecording reads a recording of `cardtui acp --record`: the JSON-RPC
// traffic of a session and cardtui's notes, which acp.Transcript turns
// into the entries the live session showed.
type acpRecording struct {
	tr *acp.Transcript // made at the first line, named as the input
	// at maps the index of each of tr's entries to its index in the
	// replay transcript, which holds problems of its own too.
	at []int
}

func (d *acpRecording) decodeLine(t *Transcript, l line) {
	r, err := acp.DecodeRecord(l.data)
	if err != nil {
		if tornJSON(l) {
			addTornNotice(t, l)
			return
		}
		t.addCurrentProblem(err.Error())
		return
	}
	if d.tr == nil {
		d.tr = acp.NewTranscript(t.Source)
	}
	problems := d.tr.Problems()
	d.tr.Apply(r, l.data, l.number)
	if d.tr.Problems() == problems {
		t.Stats.Events++ // a line is an event or a problem
	}
	for _, c := range d.tr.Changes() {
		d.set(t, c)
	}
	for what, n := range d.tr.Skipped() {
		t.Stats.Skipped[what] = n
	}
}

// set puts a changed entry of the ACP transcript into t.
func (d *acpRecording) set(t *Transcript, c cards.Change) {
	if c.Index < len(d.at) {
		i := d.at[c.Index]
		t.Entries[i] = c.Entry
		t.touch(i)
		return
	}
	switch c.Entry.(type) {
	case cards.ToolCard:
		t.Stats.ToolCards++
	case cards.Problem:
		t.Stats.Problems++
	case cards.Message, cards.Notice:
	}
	d.at = append(d.at, t.add(c.Entry))
}
