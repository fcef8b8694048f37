package sessions

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"os"
	"strings"

	"github.com/klauspost/compress/zstd"
)

// record is what the index keeps of one file: its session and what says
// whether the file changed since.
type record struct {
	Session
	// ModTime is the file's mtime in Unix nanoseconds when it was read.
	ModTime int64 `json:"mtime"`
	// CountedTo is the offset (after a newline) up to which ToolCalls
	// counts every call exactly, -1 when the count is an estimate or the
	// file is compressed: counting resumes there when the file grows.
	CountedTo int64 `json:"countedTo"`
}

// fresh reports whether the record still describes the file c.
func (r *record) fresh(c candidate) bool {
	return r.Size == c.info.Size() && r.ModTime == c.info.ModTime().UnixNano()
}

// readCandidate reads the file c, at its head and tail only when it is
// large, or only what it grew by when prev, its earlier record, allows.
func readCandidate(c candidate, prev *record) record {
	rec := record{
		Session: Session{
			Agent: c.source.Agent, Path: c.path, Size: c.info.Size(), Archived: c.archived,
			LastActivity: c.info.ModTime().UTC(),
		},
		ModTime:   c.info.ModTime().UnixNano(),
		CountedTo: -1,
	}
	f, err := os.Open(c.path)
	if err != nil {
		rec.Problem = err.Error()
		return rec
	}
	defer f.Close()
	switch size := rec.Size; {
	case size == 0:
		rec.Problem = "empty file"
	case strings.HasSuffix(c.path, ".zstd"):
		err = readCompressed(f, c.source, &rec)
	case prev != nil && prev.canResume(f, size):
		err = readGrowth(f, c.source, prev, &rec)
	case size <= 2*window:
		err = readWhole(f, c.source, &rec)
	default:
		err = readEnds(f, c.source, &rec)
	}
	if err != nil {
		rec.Problem = err.Error()
	}
	return rec
}

// readWhole reads a small file whole and counts its calls exactly.
func readWhole(r io.Reader, src *Source, rec *record) error {
	s, err := scanAll(r, src.CallMarkers)
	rec.take(src, s)
	rec.CountedTo = s.complete
	return err
}

// readCompressed decompresses a .jsonl.zstd log as a stream (its frames
// are independent, so a torn last frame leaves the others readable) and
// counts its calls exactly. It is an error only when nothing could be
// decompressed.
func readCompressed(r io.Reader, src *Source, rec *record) error {
	dec, err := zstd.NewReader(r, zstd.WithDecoderConcurrency(1))
	if err != nil {
		return err
	}
	defer dec.Close()
	s, err := scanAll(dec, src.CallMarkers)
	if s.read == 0 && err != nil {
		return fmt.Errorf("zstd: %w", err)
	}
	rec.take(src, s)
	return nil
}

// take fills the record from a scan of the whole file.
func (r *record) take(src *Source, s *lineScan) {
	readHead(src, s.head, &r.Session)
	readTail(src, s.tail, s.tailStart(), &r.Session)
	r.ToolCalls = s.calls
}

// readEnds reads a large file's head and tail, and estimates its calls
// from their density there.
func readEnds(f *os.File, src *Source, rec *record) error {
	head, err := readHeadBytes(f)
	if err != nil {
		return err
	}
	start := rec.Size - window
	tail := make([]byte, window)
	if _, err := f.ReadAt(tail, start); err != nil && err != io.EOF {
		return err
	}
	readHead(src, head, &rec.Session)
	readTail(src, tail, start, &rec.Session)
	head, tail = completeLines(head), completeLines(fromLineStart(tail, start))
	calls := countCalls(head, src.CallMarkers) + countCalls(tail, src.CallMarkers)
	rec.ToolCalls = int(math.Round(float64(calls) * float64(rec.Size) / float64(max(len(head)+len(tail), 1))))
	rec.ToolCallsEstimated = true
	return nil
}

// readHeadBytes reads the first window bytes of f, and on to the end of
// the line that crosses them, up to maxHead.
func readHeadBytes(f *os.File) ([]byte, error) {
	head := make([]byte, 0, window)
	chunk := make([]byte, window)
	for len(head) < maxHead {
		n, err := f.ReadAt(chunk, int64(len(head)))
		head = append(head, chunk[:n]...)
		if err == io.EOF || bytes.IndexByte(chunk[:n], '\n') >= 0 {
			return head, nil
		}
		if err != nil {
			return head, err
		}
	}
	return head, nil
}

// canResume reports whether the file f, now size bytes, is the file the
// record was made of, grown by a little: counting can then resume at
// CountedTo. The byte before CountedTo must still be the newline it was.
func (r *record) canResume(f *os.File, size int64) bool {
	if r.Problem != "" || r.CountedTo <= 0 || size <= r.Size || size-r.CountedTo > 2*window {
		return false
	}
	b := make([]byte, 1)
	_, err := f.ReadAt(b, r.CountedTo-1)
	return err == nil && b[0] == '\n'
}

// readGrowth reads only what the file grew by since prev, counts the
// calls in it and takes the latest title and activity from its lines.
func readGrowth(f *os.File, src *Source, prev *record, rec *record) error {
	s, err := scanAll(io.NewSectionReader(f, prev.CountedTo, rec.Size-prev.CountedTo), src.CallMarkers)
	if err != nil {
		return err
	}
	grown := rec.Session
	rec.Session = prev.Session
	rec.Size, rec.LastActivity = grown.Size, grown.LastActivity
	readTail(src, s.tail, s.tailStart(), &rec.Session)
	rec.ToolCalls = prev.ToolCalls + s.calls
	rec.CountedTo = prev.CountedTo + s.complete
	return nil
}

// Read describes the session file at path, written by the agent of src,
// reading it as List would (without an index).
func Read(path string, src Source) Session {
	info, err := os.Stat(path)
	if err != nil {
		return Session{Agent: src.Agent, Path: path, Problem: err.Error()}
	}
	return readCandidate(candidate{source: &src, path: path, info: info}, nil).Session
}
