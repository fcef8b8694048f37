// Package regularfile opens files that must be regular files — session
// files, logs being followed — without ever blocking: a FIFO or a device
// put where a session was is refused with a clear error instead of
// freezing the reader on open or feeding it endless bytes.
package regularfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
)

// ErrNotRegular is the error of a path that is not a regular file once
// opened (a FIFO, a device, a socket, a directory).
var ErrNotRegular = fmt.Errorf("not a regular file")

// Open opens path for reading without blocking (O_NONBLOCK, so that a
// FIFO with no writer does not wait for one) and checks that what was
// opened (fstat, not a stat before the open that a rename could race)
// is a regular file. The file is then switched back to blocking reads.
func Open(path string) (*os.File, fs.FileInfo, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|openNonblocking, 0)
	if err != nil {
		return nil, nil, err
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	if !info.Mode().IsRegular() {
		f.Close()
		return nil, nil, &fs.PathError{Op: "open", Path: path, Err: fmt.Errorf("%w (%s)", ErrNotRegular, kind(info.Mode()))}
	}
	if err := setBlocking(f); err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, info, nil
}

// kind names what a file that is not regular is.
func kind(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m.IsDir():
		return "a directory"
	}
	return "mode " + m.String()
}

// ErrTooLarge is the error of a file larger than a bounded read allows.
var ErrTooLarge = fmt.Errorf("file too large")

// ReadFile reads the regular file at path whole, at most limit bytes: a
// larger file, or one that grows past limit while it is read, is refused
// with ErrTooLarge instead of being read on (a device such as /dev/zero
// is refused by Open before any read).
func ReadFile(path string, limit int64) ([]byte, error) {
	return AppendFile(nil, path, limit)
}

// AppendFile is ReadFile appending the file to buf, for a reader of one
// file after another that reuses its buffer. On an error it returns buf
// as it was given, its capacity perhaps grown.
func AppendFile(buf []byte, path string, limit int64) ([]byte, error) {
	f, info, err := Open(path)
	if err != nil {
		return buf, err
	}
	defer f.Close()
	if info.Size() > limit {
		return buf, tooLarge(path, limit)
	}
	start := len(buf)
	buf = slices.Grow(buf, int(info.Size())+1) // one more, for the read that meets the end
	r := io.LimitReader(f, limit+1)
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		switch {
		case errors.Is(err, io.EOF):
			if int64(len(buf)-start) > limit {
				return buf[:start], tooLarge(path, limit)
			}
			return buf, nil
		case err != nil:
			return buf[:start], err
		}
	}
}

// Check reports whether path is a regular file, opening it as Open does
// (a FIFO does not block) and closing it again, for a reader that must
// open the file itself (SQLite).
func Check(path string) (fs.FileInfo, error) {
	f, info, err := Open(path)
	if err != nil {
		return nil, err
	}
	f.Close()
	return info, nil
}

// tooLarge is the error of a file over limit bytes.
func tooLarge(path string, limit int64) error {
	return &fs.PathError{Op: "read", Path: path, Err: fmt.Errorf("%w (over %d bytes)", ErrTooLarge, limit)}
}
