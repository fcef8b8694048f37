package replay

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"
)

// pollInterval is how often a followed file at its end is checked for
// growth.
const pollInterval = 100 * time.Millisecond

// TruncatedError is the error of a followed file that became shorter than
// what had been read from it: it was truncated or rewritten, and what it
// now holds no longer follows what was read.
type TruncatedError struct {
	Name string
	// Size is the file's new size; Read is how much had been read.
	Size, Read int64
}

func (e *TruncatedError) Error() string {
	return fmt.Sprintf("%s was truncated to %d bytes after %d had been read", e.Name, e.Size, e.Read)
}

// Follow returns a reader of f that does not end at the end of the file:
// like tail -f, it checks every 100 ms whether the file grew and reads on.
// Given to Stream, it shows the lines a writer appends as they come; a
// last line the writer has not finished yet is held until its newline
// arrives, never reported torn. Read returns ctx's error once ctx is done
// and a *TruncatedError when the file shrinks below what was read. Follow
// only reads f, from its current offset, and does not close it.
func Follow(ctx context.Context, f *os.File) io.Reader {
	pos, err := f.Seek(0, io.SeekCurrent)
	if err != nil {
		pos = 0
	}
	return &follower{ctx: ctx, f: f, pos: pos}
}

// follower is the reader Follow returns; pos is the offset read up to.
type follower struct {
	ctx context.Context
	f   *os.File
	pos int64
}

// Read returns the next bytes of the file, waiting at its end until there
// are some.
func (fl *follower) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	for {
		n, err := fl.f.Read(p)
		fl.pos += int64(n)
		switch {
		case n > 0:
			return n, nil
		case err != nil && !errors.Is(err, io.EOF):
			return 0, err
		}
		if err := fl.checkSize(); err != nil {
			return 0, err
		}
		if err := fl.wait(); err != nil {
			return 0, err
		}
	}
}

// checkSize returns a *TruncatedError when the file is now shorter than
// what was read.
func (fl *follower) checkSize() error {
	info, err := fl.f.Stat()
	if err != nil {
		return err
	}
	if info.Size() < fl.pos {
		return &TruncatedError{Name: fl.f.Name(), Size: info.Size(), Read: fl.pos}
	}
	return nil
}

// wait sleeps for pollInterval, or until ctx is done.
func (fl *follower) wait() error {
	timer := time.NewTimer(pollInterval)
	defer timer.Stop()
	select {
	case <-fl.ctx.Done():
		return fl.ctx.Err()
	case <-timer.C:
		return nil
	}
}
