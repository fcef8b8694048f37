package replay

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"slices"
)

// readBufferSize is the size of the read buffer; a longer line is
// accumulated across several reads (up to maxLineBytes), so it bounds
// nothing.
const readBufferSize = 64 << 10

// minReadBufferSize is the smallest read buffer, that of a small file: a
// file that grows while it is read is still read whole, its lines longer
// than the buffer accumulated.
const minReadBufferSize = 4 << 10

// readBufferSizeFor is the read buffer's size for r: readBufferSize, or
// less for a file or an in-memory reader known to be smaller. Allocating
// (and clearing) 64 KB took a fifth of the printing of a one-line
// session.
func readBufferSizeFor(r io.Reader) int {
	size := int64(readBufferSize)
	switch r := r.(type) {
	case interface{ Stat() (fs.FileInfo, error) }:
		if info, err := r.Stat(); err == nil && info.Mode().IsRegular() {
			size = info.Size() + 1 // + 1: the read that sees the end
		}
	case interface{ Len() int }:
		size = int64(r.Len()) + 1
	}
	return int(min(max(size, minReadBufferSize), readBufferSize))
}

// maxLineBytes is the longest line read. A longer one is not held in
// memory but skipped, and becomes a Problem: a line is decoded whole, and
// a few bytes of zstd can hold a line of gigabytes.
const maxLineBytes = 64 << 20

// utf8BOM is the byte order mark some editors write at the start of a
// UTF-8 file; on the first line it is not part of the session.
var utf8BOM = []byte("\uFEFF")

// Line is one line of newline-delimited input, as a Decoder gets it.
type Line struct {
	// Number is the 1-based line number.
	Number int
	// Data is the line without its "\n" (or "\r\n"); it is only valid
	// until the decoder returns (a decoder that keeps it copies it).
	Data []byte
	// terminated is false for a final line that ended without "\n": it
	// may have been torn by a writer that crashed mid-line.
	terminated bool
	// skipped is the length of a line longer than maxLineBytes, which is
	// not read: data is then empty and start holds the line's first
	// bytes, for the problem's excerpt.
	skipped int
	start   []byte
}

// Torn reports whether l is a final line cut short: no newline and not
// valid JSON. A decoder shows it with Transcript.AddTornNotice rather
// than as a Problem.
func (l Line) Torn() bool { return !l.terminated && !json.Valid(l.Data) }

// blank reports whether the line holds only white space.
func (l Line) blank() bool { return len(bytes.TrimSpace(l.Data)) == 0 }

// lineReader reads newline-delimited input of any line length.
type lineReader struct {
	r      *bufio.Reader
	number int
	long   []byte // accumulates a line longer than the read buffer
}

// newLineReader reads the lines of r. An uncompressed input's buffered
// reader, sized to its file by openInput, is read directly: a buffer of
// its own would copy every byte once more, and would be a full-size
// allocation for a file of one line.
func newLineReader(r io.Reader) *lineReader {
	if in, ok := r.(*input); ok {
		r = in.Reader
	}
	buffered, ok := r.(*bufio.Reader)
	if !ok {
		buffered = bufio.NewReaderSize(r, readBufferSize)
	}
	return &lineReader{r: buffered}
}

// next returns the next line, or io.EOF after the last one. Any other
// error is a read failure.
func (lr *lineReader) next() (Line, error) {
	data, size, err := lr.readLine()
	if err == io.EOF && size == 0 {
		return Line{}, io.EOF
	}
	if err != nil && err != io.EOF {
		return Line{}, err
	}
	lr.number++
	if lr.number == 1 {
		data = bytes.TrimPrefix(data, utf8BOM)
	}
	terminated := err == nil
	if terminated {
		data = trimNewline(data)
		size -= len("\n")
	}
	if size > maxLineBytes {
		return Line{Number: lr.number, terminated: terminated, skipped: size, start: data[:ExcerptBytes]}, nil
	}
	return Line{Number: lr.number, Data: data, terminated: terminated}, nil
}

// readLine reads up to and including the next "\n" and returns it with
// its size. A line that fits the buffer is returned without copying; a
// longer one is accumulated, up to maxLineBytes: of a line longer than
// that only the start is returned, and size says how long it was.
func (lr *lineReader) readLine() (data []byte, size int, err error) {
	chunk, err := lr.r.ReadSlice('\n')
	if !errors.Is(err, bufio.ErrBufferFull) {
		return chunk, len(chunk), err
	}
	lr.long = append(lr.long[:0], chunk...)
	size = len(chunk)
	for errors.Is(err, bufio.ErrBufferFull) {
		chunk, err = lr.r.ReadSlice('\n')
		size += len(chunk)
		if len(lr.long) <= maxLineBytes {
			// Doubling, where append grows a big slice by a quarter: a
			// line of 36 MB then costs 72 MB of copies, not 180.
			if cap(lr.long)-len(lr.long) < len(chunk) {
				lr.long = slices.Grow(lr.long, max(len(chunk), len(lr.long)))
			}
			lr.long = append(lr.long, chunk...)
		}
	}
	return lr.long, size, err
}

// trimNewline removes the final "\n" and a "\r" before it.
func trimNewline(b []byte) []byte {
	b = b[:len(b)-1]
	if n := len(b); n > 0 && b[n-1] == '\r' {
		b = b[:n-1]
	}
	return b
}
