package replay

import (
	"runtime"
	"sync"
)

// LineDecode applies one line, decoded ahead by a Pipeline, to a
// transcript; data is the line. An error makes the line a Problem.
type LineDecode func(t *Transcript, data []byte) error

// AheadDecoder is a decoder whose lines can be decoded ahead of the
// transcript, by a Pipeline: BatchDecoder returns the function that
// decodes the lines of one batch, in order, each into what applies it.
// That function runs on a goroutine of its own, and is pure but for what
// it remembers of the batch's earlier lines.
type AheadDecoder interface {
	BatchDecoder() func(data []byte) LineDecode
}

// LineApplier is an AheadDecoder that applies each decoded line itself,
// rather than as one event (the function ApplyLine): the Pipeline calls
// its ApplyLine with each line, in input order, and what the line was
// decoded into.
type LineApplier interface {
	ApplyLine(t *Transcript, l Line, decode LineDecode)
}

// The bounds of a pipeline: a batch holds up to batchMaxLines lines in
// batchBytes bytes (or one longer line), and up to aheadBatches per
// processor are decoded ahead of the transcript.
const (
	batchMaxLines = 256
	batchBytes    = 64 << 10
	aheadBatches  = 2
)

// Pipeline decodes the lines of a format ahead of the transcript (the view
// stream, a session log, a headless stream, a Claude Code transcript), in
// batches, each on a goroutine of its own, and applies them in input
// order: the JSON decoding (and, but for Claude Code, most of the
// producers' work), nearly all the time a line takes, runs on every
// processor, and the transcript is exactly what decoding the lines one by
// one gives. The lines are copied: a batch owns them. A decoder that
// holds a Pipeline hands it each line (Add) and drains it in its Flush and
// Drain. Unless the decoder applies its lines itself, each decoded line
// counts as one event (a LineDecode that adds entries uses the Put
// methods of Transcript, which count none), a LineDecode's error makes
// the line a Problem, and a torn line is a Notice.
//
// Within a batch, a result's view is presented with the call decoded
// before it under the same id (presenter.guessResult); applying the result
// keeps that view only when the call is the one its card has.
type Pipeline struct {
	dec     AheadDecoder
	filling *lineBatch
	queue   []*lineBatch // decoding, in input order
	// applying is set while a batch is applied.
	applying bool
}

// lineBatch is a run of lines and, once done is closed, what applies each.
type lineBatch struct {
	data    []byte
	lines   []Line
	decodes []LineDecode
	done    chan struct{}
}

// Add takes a line to be decoded ahead by dec and applies the lines decoded by
// then; it waits for the oldest batch when too many are being decoded.
func (p *Pipeline) Add(t *Transcript, l Line, dec AheadDecoder) {
	p.dec, t.ahead = dec, p
	if b := p.filling; b != nil && len(b.data)+len(l.Data) > cap(b.data) {
		p.submit()
	}
	if p.filling == nil {
		p.filling = newBatch(len(l.Data))
	}
	b := p.filling
	start := len(b.data)
	b.data = append(b.data, l.Data...)
	l.Data = b.data[start:len(b.data):len(b.data)]
	b.lines = append(b.lines, l)
	if len(b.lines) == batchMaxLines {
		p.submit()
	}
	p.applyDone(t, aheadBatches*runtime.GOMAXPROCS(0))
}

// freeBatches are applied batches whose buffers can take new lines, of
// any pipeline: a listing reads thousands of files, each through a
// pipeline of its own.
var freeBatches sync.Pool

// newBatch returns an empty batch with room for a line of size bytes,
// reusing a free one when the line fits a batch's usual buffer.
func newBatch(size int) *lineBatch {
	if size <= batchBytes {
		if b, ok := freeBatches.Get().(*lineBatch); ok {
			return b
		}
	}
	return &lineBatch{
		data:  make([]byte, 0, max(batchBytes, size)),
		lines: make([]Line, 0, batchMaxLines),
		done:  make(chan struct{}),
	}
}

// recycle makes an applied batch free, unless its buffer was made for one
// long line. Nothing refers to an applied batch's lines (see apply).
func recycle(b *lineBatch) {
	if cap(b.data) != batchBytes {
		return
	}
	clear(b.lines)
	b.data, b.lines, b.decodes, b.done = b.data[:0], b.lines[:0], nil, make(chan struct{})
	freeBatches.Put(b)
}

// submit starts decoding the batch being filled.
func (p *Pipeline) submit() {
	b := p.filling
	p.filling = nil
	p.queue = append(p.queue, b)
	go b.decode(p.dec)
}

// decode decodes every line of the batch.
func (b *lineBatch) decode(dec AheadDecoder) {
	defer close(b.done)
	decode := dec.BatchDecoder()
	b.decodes = make([]LineDecode, len(b.lines))
	for i, l := range b.lines {
		b.decodes[i] = decode(l.Data)
	}
}

// applyDone applies the decoded batches at the head of the queue, waiting
// for them while more than ahead batches are queued.
func (p *Pipeline) applyDone(t *Transcript, ahead int) {
	for len(p.queue) > 0 {
		b := p.queue[0]
		if len(p.queue) <= ahead {
			select {
			case <-b.done:
			default:
				return
			}
		}
		<-b.done
		p.applying = true
		b.apply(t, p.dec)
		p.applying = false
		p.queue[0] = nil
		p.queue = p.queue[1:]
		recycle(b)
	}
}

// Drain applies every line given so far.
func (p *Pipeline) Drain(t *Transcript) {
	if p.filling != nil {
		p.submit()
	}
	p.applyDone(t, 0)
}

// catchUp drains the pipeline before the transcript takes an entry that
// does not come from it.
func (p *Pipeline) catchUp(t *Transcript) {
	if !p.applying {
		p.Drain(t)
	}
}

// apply applies the batch's lines in order, each as the transcript's
// current line, as dec applies them; the line current before is current
// again after, so that nothing refers to the batch's buffer once it is
// applied.
func (b *lineBatch) apply(t *Transcript, dec AheadDecoder) {
	applyLine := ApplyLine
	if a, ok := dec.(LineApplier); ok {
		applyLine = a.ApplyLine
	}
	current := t.current
	for i, l := range b.lines {
		t.current = l
		applyLine(t, l, b.decodes[i])
	}
	t.current = current
}

// ApplyObject applies one line as ApplyLine does, for a decoder whose
// lines are JSON objects of type L: decode is given the line decoded
// (DecodeObject), and a line that does not decode is a Problem.
func ApplyObject[L any](t *Transcript, l Line, decode func(*Transcript, L) error) {
	ApplyLine(t, l, func(t *Transcript, data []byte) error {
		var v L
		if err := DecodeObject(data, &v); err != nil {
			return err
		}
		return decode(t, v)
	})
}

// ApplyLine applies one line with decode, as a Pipeline applies a line
// decoded ahead: a torn last line is a Notice, a line decode rejects a
// Problem, and any other line one event. A decoder that decodes its lines
// as they come hands each to it from DecodeLine.
func ApplyLine(t *Transcript, l Line, decode LineDecode) {
	if l.Torn() {
		t.AddTornNotice(l)
		return
	}
	if err := decode(t, l.Data); err != nil {
		t.AddProblem(l.Number, err.Error(), l.Data)
		return
	}
	t.Stats.Events++
}
