package acp

import (
	"encoding/json"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/producers"
	"github.com/cardtui/cardtui/replay"
)

// recordingDecoder reads a recording of `cardtui acp --record`: the JSON-RPC
// traffic of a session and cardtui's notes, which Traffic turns
// into the entries the live session showed.
type recordingDecoder struct {
	tr *Traffic // made at the first line, named as the input
	// at maps the index of each of tr's entries to its index in the
	// replay transcript, which holds problems of its own too.
	at []int
}

// DecodeLine applies one record to the ACP transcript and puts what it
// changed into t.
func (d *recordingDecoder) DecodeLine(t *replay.Transcript, l replay.Line) {
	r, err := DecodeRecord(l.Data)
	if err != nil {
		if l.Torn() {
			t.AddTornNotice(l)
			return
		}
		t.AddLineProblem(err.Error())
		return
	}
	if d.tr == nil {
		d.tr = NewTraffic(t.Source)
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
func (d *recordingDecoder) set(t *replay.Transcript, c cards.Change) {
	if c.Index < len(d.at) {
		i := d.at[c.Index]
		t.Set(i, c.Entry)
		return
	}
	switch c.Entry.(type) {
	case cards.ToolCard:
		t.Stats.ToolCards++
	case cards.Problem:
		t.Stats.Problems++
	case cards.Message, cards.Notice:
	}
	d.at = append(d.at, t.Add(c.Entry))
}

// Format is a recording of `cardtui acp --record`: one
// {"time","from","msg"|...} line per JSON-RPC message of a session with an
// ACP agent, or note of cardtui's. Its lines have no type.
var Format = replay.Format{
	Name:       "acp",
	Untyped:    true,
	Detect:     func(head map[string]json.RawMessage, _ string) bool { return IsRecordLine(head) },
	Expect:     "the time and peer of an ACP recording line",
	NewDecoder: func(producers.Registry) replay.Decoder { return &recordingDecoder{} },
}
