package sessions

import "bytes"

// window is how much of a file's head, and of its tail, is kept for the
// facts its lines give.
const window = 64 << 10

// maxHead bounds the head when its first lines are long: the head is kept
// on to the end of the line that crosses window, up to this size.
const maxHead = 1 << 20

// lineScan sees a stream go by and keeps its head and its tail.
type lineScan struct {
	head []byte
	tail []byte
	// read is the number of bytes seen.
	read int64
}

// Write keeps what p adds to the head and the tail; it never fails.
func (s *lineScan) Write(p []byte) (int, error) {
	s.keepHead(p)
	s.keepTail(p)
	s.read += int64(len(p))
	return len(p), nil
}

// keepHead keeps the first window bytes and the rest of the line that
// crosses them, in a buffer made at once for as much again (the line
// that crosses window is seldom longer), or for all of a longer first p.
func (s *lineScan) keepHead(p []byte) {
	if len(s.head) >= maxHead || len(s.head) >= window && bytes.IndexByte(s.head[window:], '\n') >= 0 {
		return
	}
	if s.head == nil {
		s.head = make([]byte, 0, max(2*window, min(len(p), maxHead)))
	}
	s.head = append(s.head, p[:min(len(p), maxHead-len(s.head))]...)
}

// keepTail keeps the last window bytes, or more, up to 2*window: the
// bytes seen are added to the tail until it would hold more, and then
// the last window bytes of it and p are kept, in the one buffer of the
// scan.
func (s *lineScan) keepTail(p []byte) {
	if s.tail == nil {
		s.tail = make([]byte, 0, 2*window)
	}
	switch {
	case len(s.tail)+len(p) <= 2*window:
		s.tail = append(s.tail, p...)
	case len(p) >= window:
		s.tail = append(s.tail[:0], p[len(p)-window:]...)
	default:
		n := copy(s.tail, s.tail[len(s.tail)-(window-len(p)):])
		s.tail = append(s.tail[:n], p...)
	}
}

// tailStart is the offset of the tail's first byte in the stream.
func (s *lineScan) tailStart() int64 { return s.read - int64(len(s.tail)) }

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
