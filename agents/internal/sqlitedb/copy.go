package sqlitedb

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/cardtui/cardtui/internal/regularfile"
)

// MaxCopy bounds the database and write-ahead log copied to read a
// database its agent may be writing.
const MaxCopy = 1 << 30

// copyTries is how many times a copy is taken again when the agent wrote
// to the database while it was copied.
const copyTries = 3

// snapshot is a private copy of a database and its write-ahead log, in a
// folder of its own.
type snapshot struct {
	dir, path string
}

// copyDatabase copies the database at path and its -wal into a new
// private folder (never its -shm, which SQLite rebuilds from the log), so
// that reading it neither creates nor changes a file beside the user's
// database. A copy the agent wrote to meanwhile (a size or time of the
// two files changed) is taken again, up to copyTries times.
func copyDatabase(path string) (*snapshot, error) {
	dir, err := os.MkdirTemp("", "cardtui-db-")
	if err != nil {
		return nil, err
	}
	s := &snapshot{dir: dir, path: filepath.Join(dir, "db")}
	for range copyTries {
		before := stamp(path)
		if err = s.take(path); err != nil || stamp(path) == before {
			break
		}
	}
	if err != nil {
		s.remove()
		return nil, err
	}
	return s, nil
}

// take copies the database, then its log, within MaxCopy bytes in all.
func (s *snapshot) take(path string) error {
	n, err := copyFile(s.path, path, MaxCopy)
	if err != nil {
		return err
	}
	_, err = copyFile(s.path+"-wal", path+"-wal", MaxCopy-n)
	if errors.Is(err, os.ErrNotExist) { // checkpointed and removed meanwhile
		return os.Remove(s.path + "-wal")
	}
	return err
}

// remove removes the copy's folder.
func (s *snapshot) remove() { os.RemoveAll(s.dir) }

// copyFile copies the regular file src to dst, at most limit bytes.
func copyFile(dst, src string, limit int64) (int64, error) {
	in, _, err := regularfile.Open(src)
	if err != nil {
		return 0, err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return 0, err
	}
	n, err := io.Copy(out, io.LimitReader(in, limit+1))
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err == nil && n > limit {
		err = fmt.Errorf("the database and its write-ahead log are over %d bytes: not copied to be read", int64(MaxCopy))
	}
	return n, err
}

// stamp is the sizes and times of a database and its log, which a write
// changes.
func stamp(path string) [4]int64 {
	var s [4]int64
	for i, p := range []string{path, path + "-wal"} {
		if info, err := os.Stat(p); err == nil {
			s[2*i], s[2*i+1] = info.Size(), info.ModTime().UnixNano()
		}
	}
	return s
}
