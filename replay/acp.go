package replay

import (
	"encoding/json"

	"github.com/cardtui/cardtui/acp"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/producers"
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

func (d *acpRecording) DecodeLine(t *Transcript, l Line) {
	r, err := acp.DecodeRecord(l.Data)
	if err != nil {
		if l.Torn() {
			t.AddTornNotice(l)
			return
		}
		t.AddLineProblem(err.Error())
		return
	}
	if d.tr == nil {
		d.tr = acp.NewTranscript(t.Source)
	}
	problems := d.tr.Problems()
	d.tr.Apply(r, l.Data, l.Number)
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

// ACPFormat is a recording of `cardtui acp --record`: one
// {"time","from","msg"|...} line per JSON-RPC message of a session with an
// ACP agent, or note of cardtui's. Its lines have no type.
var ACPFormat = Format{
	Name:       "acp",
	Untyped:    true,
	Detect:     func(head map[string]json.RawMessage, _ string) bool { return acp.IsRecordLine(head) },
	Expect:     "the time and peer of an ACP recording line",
	NewDecoder: func(producers.Registry) Decoder { return &acpRecording{} },
}
