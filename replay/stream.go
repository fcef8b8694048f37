package replay

import (
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"time"

	"github.com/cardtui/cardtui/cards"
)

// Batches are bounded so that a large file reaches a viewer in a few
// hundred messages rather than one per line, and a slow writer's lines
// still show at once: Stream sends what changed after batchLines lines or
// batchDelay, whichever comes first, and whenever the input has nothing
// more to read for now.
const (
	batchLines = 1000
	batchDelay = 50 * time.Millisecond
)

// aheadChunks is how many reads of the input Stream keeps ready ahead of
// the decoding, each of up to readBufferSize bytes.
const aheadChunks = 4

// StreamOptions say how to stream a session.
type StreamOptions struct {
	Options
	// Total is the size of the input in bytes when it is known (a regular
	// file), 0 otherwise; batches report it with their progress.
	Total int64
}

// Batch is what Stream sends each time: the changes since the previous
// batch, in index order, each index once, with the entry as it is now; and
// the progress of the reading.
type Batch struct {
	Changes []cards.Change
	// Read is the number of bytes of the input read so far (compressed
	// bytes for a .jsonl.zstd input); Total is StreamOptions.Total.
	Read, Total int64
	// CaughtUp is set when the input had nothing more to read as the batch
	// was sent: the entries are up to date with all the writer has written
	// so far (a pipe or a followed file that waits for more, or the end).
	CaughtUp bool
}

// Stream reads a session as Load does and sends its entries to emit in
// batches as they are decoded, so that a viewer shows the start of a large
// file at once and the lines of a live stream as they arrive: a batch goes
// out every 1,000 lines or 50 ms, whichever comes first, and whenever the
// input has nothing more to read for now. emit runs on Stream's
// goroutine; it owns the batch it gets.
//
// At the end of the input, Stream marks the calls without a result as
// ended (those changes are in the last batch) and returns the transcript.
// When r reports a *FollowNotice (a followed file was truncated, replaced,
// deleted or came back), Stream adds a Notice that says so and reads on;
// on a restart it ends the calls left without a result and reads what
// follows as a new session, after the entries so far. A read failure ends
// it,
// with a Notice, and is returned. When ctx is done Stream returns its
// error at once, without a last batch; a Read of r already waiting is
// left to finish on its own goroutine.
func Stream(ctx context.Context, r io.Reader, name string, opts StreamOptions, emit func(Batch)) (*Transcript, error) {
	t := NewTranscript(name)
	t.Format = formatName(opts.Format)
	t.trackChanges()
	dec, err := decoderFor(opts.Options)
	if err != nil {
		return t, err
	}
	s := &streamer{ctx: ctx, t: t, dec: dec, emit: emit, total: opts.Total, last: time.Now()}
	for {
		err = s.readInput(r)
		var notice *FollowNotice
		if !errors.As(err, &notice) {
			break
		}
		if err = s.followed(notice, opts.Options); err != nil {
			break
		}
	}
	return t, s.end(name, err)
}

// readInput reads r into the transcript until it ends or fails.
func (s *streamer) readInput(r io.Reader) error {
	ahead := newAheadReader(s.ctx, r, s)
	defer ahead.stop()
	in, err := openInput(ahead)
	if err != nil {
		return err
	}
	defer in.close()
	return readLines(s.t, in, s.dec, s.afterLine)
}

// followed shows what a followed file's notice says and, when the file is
// read anew, ends the calls of what was read before (their results will
// not come) and starts a new decoder.
func (s *streamer) followed(notice *FollowNotice, opts Options) error {
	drainDecoder(s.t, s.dec)
	s.t.addInputNotice(notice.Error())
	if notice.Restart {
		s.t.Finish()
		s.t.forgetCalls()
		s.t.Format = formatName(opts.Format)
		dec, err := decoderFor(opts)
		if err != nil {
			return err
		}
		s.dec = dec
	}
	s.flush(false)
	return nil
}

// streamer batches the changes of a transcript being read.
type streamer struct {
	ctx context.Context
	t   *Transcript
	// dec is the decoder, which may be decoding lines ahead.
	dec  Decoder
	emit func(Batch)
	// read and total are the progress; sentRead is the read of the last
	// batch.
	read, total, sentRead int64
	// lines counts the lines since the last batch, sent when it was.
	lines int
	last  time.Time
	// caughtUp is whether the last batch said CaughtUp.
	caughtUp bool
}

// afterLine sends a batch when the current one is full or old enough.
func (s *streamer) afterLine() error {
	s.lines++
	if s.lines < batchLines && time.Since(s.last) < batchDelay {
		return nil
	}
	if err := s.ctx.Err(); err != nil {
		return err
	}
	s.flush(false)
	return nil
}

// waiting is called before the reading waits for the input: what was read
// so far is applied and goes out.
func (s *streamer) waiting() {
	drainDecoder(s.t, s.dec)
	s.flush(true)
}

// Drainer is a Decoder that decodes lines ahead of the transcript, on
// other goroutines: Drain applies every line it was given. Unlike a
// Flusher's Flush it changes nothing but when the lines are applied, so
// Stream calls it whenever the input has nothing more to read for now.
type Drainer interface {
	Drain(t *Transcript)
}

// drainDecoder drains dec, or the decoder a detector found, when it is a
// drainer.
func drainDecoder(t *Transcript, dec Decoder) {
	if d, ok := dec.(*detector); ok {
		dec = d.found
	}
	if d, ok := dec.(Drainer); ok {
		d.Drain(t)
	}
}

// flush sends the changes not sent yet and the progress, unless there is
// nothing new to say.
func (s *streamer) flush(caughtUp bool) {
	s.lines, s.last = 0, time.Now()
	if s.t.unchanged() && s.read == s.sentRead && (!caughtUp || s.caughtUp) {
		return
	}
	s.emit(Batch{Changes: s.t.takeChanges(), Read: s.read, Total: s.total, CaughtUp: caughtUp})
	s.sentRead, s.caughtUp = s.read, caughtUp
}

// end finishes the transcript after the reading stopped with err (nil at
// the end of the input) and returns the error for Stream.
func (s *streamer) end(name string, err error) error {
	if ctxErr := s.ctx.Err(); ctxErr != nil {
		return ctxErr
	}
	if IsNotSession(err) {
		return err // nothing was sent, nothing is
	}
	switch {
	case err != nil:
		err = readError(name, err)
		s.t.addInputNotice(fmt.Sprintf("reading stopped: %v; everything read before is shown", err))
	}
	s.t.Finish()
	s.flush(true)
	return err
}

// takeChanges returns the entries changed or added since the last call,
// in index order, and starts recording anew.
func (t *Transcript) takeChanges() []cards.Change {
	changes := make([]cards.Change, 0, len(t.changed)+len(t.Entries)-t.sent)
	for _, i := range slices.Sorted(maps.Keys(t.changed)) {
		changes = append(changes, cards.Change{Index: i, Entry: t.Entries[i]})
	}
	for i := t.sent; i < len(t.Entries); i++ {
		changes = append(changes, cards.Change{Index: i, Entry: t.Entries[i]})
	}
	clear(t.changed)
	t.sent = len(t.Entries)
	return changes
}

// unchanged reports whether no entry changed since takeChanges.
func (t *Transcript) unchanged() bool { return len(t.changed) == 0 && t.sent == len(t.Entries) }

// aheadReader reads its source on a goroutine of its own, a few chunks
// ahead of the decoding, so that the decoding knows when the next read
// would wait (a pipe whose writer has not written more, a followed file at
// its end) and can send what it has first.
type aheadReader struct {
	ctx    context.Context
	s      *streamer
	chunks chan chunk
	free   chan []byte
	done   chan struct{}
	// cur is the chunk being read, from off on.
	cur chunk
	off int
}

// chunk is the result of one read of the source: buf[:n] and its error.
type chunk struct {
	buf []byte
	n   int
	err error
}

func newAheadReader(ctx context.Context, r io.Reader, s *streamer) *aheadReader {
	a := &aheadReader{
		ctx: ctx, s: s,
		chunks: make(chan chunk, aheadChunks),
		free:   make(chan []byte, aheadChunks),
		done:   make(chan struct{}),
	}
	for range aheadChunks {
		a.free <- make([]byte, readBufferSize)
	}
	go a.fill(r)
	return a
}

// fill reads the source into free buffers until it fails or ends, or the
// reader is stopped.
func (a *aheadReader) fill(r io.Reader) {
	for {
		var buf []byte
		select {
		case buf = <-a.free:
		case <-a.done:
			return
		}
		n, err := r.Read(buf)
		select {
		case a.chunks <- chunk{buf: buf, n: n, err: err}:
		case <-a.done:
			return
		}
		if err != nil {
			return
		}
	}
}

// Read copies from the current chunk, taking the next one when it is
// used up; the source's error comes after its data.
func (a *aheadReader) Read(p []byte) (int, error) {
	for a.off == a.cur.n {
		if a.cur.err != nil {
			return 0, a.cur.err
		}
		if a.cur.buf != nil {
			a.free <- a.cur.buf
			a.cur.buf = nil
		}
		next, err := a.next()
		if err != nil {
			return 0, err
		}
		a.cur, a.off = next, 0
	}
	n := copy(p, a.cur.buf[a.off:a.cur.n])
	a.off += n
	a.s.read += int64(n)
	return n, nil
}

// waitGrace is how long next waits for a chunk before the input counts as
// having nothing more for now: a source that has the data (a file) but
// whose reading goroutine was not scheduled yet delivers within it, and
// the decoding ahead (see Pipeline) goes on instead of being drained.
const waitGrace = 2 * time.Millisecond

// next returns the next chunk; when none comes within waitGrace, it lets
// the streamer send what it has before waiting.
func (a *aheadReader) next() (chunk, error) {
	select {
	case c := <-a.chunks:
		return c, nil
	default:
	}
	grace := time.NewTimer(waitGrace)
	defer grace.Stop()
	select {
	case c := <-a.chunks:
		return c, nil
	case <-grace.C:
	case <-a.ctx.Done():
		return chunk{}, a.ctx.Err()
	}
	a.s.waiting()
	select {
	case c := <-a.chunks:
		return c, nil
	case <-a.ctx.Done():
		return chunk{}, a.ctx.Err()
	}
}

// stop ends the reading goroutine (after the read it may be waiting in).
func (a *aheadReader) stop() { close(a.done) }
