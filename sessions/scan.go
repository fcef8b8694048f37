package sessions

import (
	"bytes"
	"io"
)

// window is how much of a file's head, and of its tail, is read.
const window = 64 << 10

// maxHead bounds the head when its first lines are long: the head is read
// on to the end of the line that crosses window, up to this size.
const maxHead = 1 << 20

// longLine is the length past which an unfinished line is counted as it
// comes instead of held whole.
const longLine = 1 << 20

// markerTail is longer than every marker: the bytes of an unfinished long
// line that are kept uncounted, so that no marker is cut in two.
const markerTail = 64

// countCalls counts the markers in data.
func countCalls(data []byte, markers [][]byte) int {
	n := 0
	for _, m := range markers {
		n += bytes.Count(data, m)
	}
	return n
}

// lineScan reads a stream once and keeps its head, its tail and the
// number of tool calls in its complete lines (a torn last line is not
// counted, so that counting can resume at complete when the file grows).
type lineScan struct {
	markers [][]byte
	head    []byte
	tail    []byte
	// calls counts the markers of complete lines; pending those of the
	// unfinished line that were counted already, carry its bytes not
	// counted yet.
	calls, pending int
	carry          []byte
	// read is the number of bytes scanned, complete the offset after the
	// last newline.
	read, complete int64
}

// Write scans p; it never fails.
func (s *lineScan) Write(p []byte) (int, error) {
	s.keepHead(p)
	s.keepTail(p)
	s.read += int64(len(p))
	buf := append(s.carry, p...)
	if i := bytes.LastIndexByte(buf, '\n'); i >= 0 {
		s.calls += s.pending + countCalls(buf[:i+1], s.markers)
		s.pending = 0
		s.complete = s.read - int64(len(buf)-i-1)
		buf = buf[i+1:]
	}
	if len(buf) > longLine {
		s.pending += countCalls(buf[:len(buf)-markerTail], s.markers)
		buf = buf[len(buf)-markerTail:]
	}
	s.carry = append(s.carry[:0], buf...)
	return len(p), nil
}

// keepHead keeps the first window bytes and the rest of the line that
// crosses them.
func (s *lineScan) keepHead(p []byte) {
	if len(s.head) >= maxHead || len(s.head) >= window && bytes.IndexByte(s.head[window:], '\n') >= 0 {
		return
	}
	s.head = append(s.head, p[:min(len(p), maxHead-len(s.head))]...)
}

// keepTail keeps the last window bytes.
func (s *lineScan) keepTail(p []byte) {
	s.tail = append(s.tail, p...)
	if len(s.tail) > 2*window {
		s.tail = append(s.tail[:0], s.tail[len(s.tail)-window:]...)
	}
}

// tailStart is the offset of the tail's first byte in the stream.
func (s *lineScan) tailStart() int64 { return s.read - int64(len(s.tail)) }

// scanAll scans r to its end. The error is a read failure; what was read
// before it is scanned.
func scanAll(r io.Reader, markers [][]byte) (*lineScan, error) {
	s := &lineScan{markers: markers}
	_, err := io.CopyBuffer(s, r, make([]byte, window))
	return s, err
}

// completeLines cuts data after its last newline, dropping a line not
// finished yet.
func completeLines(data []byte) []byte {
	return data[:bytes.LastIndexByte(data, '\n')+1]
}

// fromLineStart drops the bytes of data before its first line start:
// data begins at offset start in the file, mid-line unless start is 0.
func fromLineStart(data []byte, start int64) []byte {
	if start == 0 {
		return data
	}
	i := bytes.IndexByte(data, '\n')
	if i < 0 {
		return nil
	}
	return data[i+1:]
}
