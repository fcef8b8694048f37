package replay

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/fsnotify/fsnotify"

	"github.com/cardtui/cardtui/internal/regularfile"
)

// polls is how often a followed file at its end is checked for growth.
type polls struct {
	// unwatched: when the file system cannot say when it changes.
	unwatched time.Duration
	// watched: all the same while the file system watches it, since a
	// watch misses changes on some file systems (network mounts); an idle
	// follower wakes no more often than this.
	watched time.Duration
}

// followPolls are Follow's polls.
var followPolls = polls{unwatched: 100 * time.Millisecond, watched: 2 * time.Second}

// FollowNotice is what a followed file's reader reports, as its error,
// when the file changed under it other than by growing: it was
// truncated, replaced by another file of the same name, deleted, or came
// back after it was deleted. The reader goes on after it: the next Read
// waits for the file to come back (Restart false) or reads the file anew
// from its start (Restart true). Stream shows it as a notice and, on a
// restart, reads what follows as a new session.
type FollowNotice struct {
	Name string
	// What happened, as the notice says it.
	What    string
	Restart bool
}

func (e *FollowNotice) Error() string { return e.Name + " " + e.What }

// Follow returns a reader of f that does not end at the end of the file:
// like tail -F, it waits at the end until the file system says the file
// changed (fsnotify on its directory, checking every 2 s all the same;
// every 100 ms where there is no such watch), reads on, and follows the
// file's name: when the file is truncated, replaced (a
// writer that renames a new file over it) or deleted and created again,
// Read returns a *FollowNotice saying so, then reads the file now at that
// name from its start. Given to Stream, it shows the lines a writer
// appends as they come; a last line the writer has not finished yet is
// held until its newline arrives, never reported torn. Read returns ctx's
// error once ctx is done. Follow reads f from its current offset and
// does not close it; it closes the files it opens itself when ctx is
// done.
func Follow(ctx context.Context, f *os.File) io.Reader {
	return follow(ctx, f, followPolls)
}

// follow is Follow checking the file as often as p says.
func follow(ctx context.Context, f *os.File, p polls) io.Reader {
	pos, err := f.Seek(0, io.SeekCurrent)
	if err != nil {
		pos = 0
	}
	return &follower{ctx: ctx, name: f.Name(), f: f, pos: pos, polls: p}
}

// follower is the reader Follow returns; pos is the offset read up to in
// f, which is nil while the file is deleted.
type follower struct {
	ctx   context.Context
	name  string
	f     *os.File
	pos   int64
	polls polls
	// owned is set when f was opened by the follower.
	owned bool
	// watch reports the changes in the file's directory; nil before the
	// first wait, or when the file system cannot watch it.
	watch   *fsnotify.Watcher
	watched bool // a watch was tried
}

// Read returns the next bytes of the file, waiting at its end until there
// are some.
func (fl *follower) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	for {
		if fl.f == nil {
			if err := fl.reappeared(); err != nil {
				return 0, err
			}
		} else {
			n, err := fl.f.Read(p)
			fl.pos += int64(n)
			switch {
			case n > 0:
				return n, nil
			case err != nil && !errors.Is(err, io.EOF):
				return 0, err
			}
			if err := fl.changed(); err != nil {
				return 0, err // a *FollowNotice, or the file failed
			}
		}
		if err := fl.wait(); err != nil {
			return 0, err
		}
	}
}

// changed checks, at the end of the file, whether it was truncated,
// replaced or deleted, switches to what is now at its name and returns
// a *FollowNotice saying so; nil when the file is as it was.
func (fl *follower) changed() error {
	info, err := fl.f.Stat()
	if err != nil {
		return err
	}
	if info.Size() < fl.pos {
		read := fl.pos
		if _, err := fl.f.Seek(0, io.SeekStart); err != nil {
			return err
		}
		fl.pos = 0
		return fl.notice(fmt.Sprintf("was truncated to %d bytes after %d had been read; reading it again from its start", info.Size(), read), true)
	}
	now, err := os.Stat(fl.name)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		fl.use(nil)
		return fl.notice("was deleted; waiting for it to come back", false)
	case err != nil:
		return err
	case !os.SameFile(info, now):
		next, _, err := regularfile.Open(fl.name)
		if errors.Is(err, regularfile.ErrNotRegular) {
			return err
		}
		if err == nil {
			fl.use(next)
			return fl.notice("was replaced by another file; reading the new one from its start", true)
		}
	}
	return nil
}

// reappeared opens the file when it is back at its name: a *FollowNotice
// saying so, nil while it is still gone. It is opened without blocking
// and must be a regular file: a FIFO or a device put there (a symbolic
// link to /dev/zero) ends the reading with that error.
func (fl *follower) reappeared() error {
	f, _, err := regularfile.Open(fl.name)
	if errors.Is(err, regularfile.ErrNotRegular) {
		return err
	}
	if err != nil {
		return nil
	}
	fl.use(f)
	return fl.notice("is back; reading it from its start", true)
}

// use follows f (nil: none while the file is deleted) from its start,
// closing the file the follower opened before.
func (fl *follower) use(f *os.File) {
	if fl.owned {
		fl.f.Close()
	}
	fl.f, fl.pos, fl.owned = f, 0, f != nil
}

func (fl *follower) notice(what string, restart bool) *FollowNotice {
	return &FollowNotice{Name: fl.name, What: what, Restart: restart}
}

// wait sleeps until the file system reports a change of the file, or
// for the poll interval, or until ctx is done, when it closes the file
// the follower opened.
func (fl *follower) wait() error {
	events, poll := fl.events()
	timer := time.NewTimer(poll)
	defer timer.Stop()
	for {
		select {
		case <-fl.ctx.Done():
			if fl.owned {
				fl.f.Close()
				fl.owned = false
			}
			return fl.ctx.Err()
		case <-timer.C:
			return nil
		case ev, ok := <-events:
			if !ok || filepath.Clean(ev.Name) == filepath.Clean(fl.name) {
				return nil
			}
		}
	}
}

// events starts watching the file's directory on the first wait and
// returns its events (nil, which never delivers, without a watch) and how
// long to wait without one. The watch ends with ctx.
func (fl *follower) events() (<-chan fsnotify.Event, time.Duration) {
	if !fl.watched {
		fl.watched = true
		if w, err := fsnotify.NewWatcher(); err == nil {
			if w.Add(filepath.Dir(fl.name)) == nil {
				fl.watch = w
				context.AfterFunc(fl.ctx, func() { w.Close() })
			} else {
				w.Close()
			}
		}
	}
	if fl.watch == nil {
		return nil, fl.polls.unwatched
	}
	return fl.watch.Events, fl.polls.watched
}
