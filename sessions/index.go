package sessions

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
)

// indexVersion changes whenever what a record holds or means changes: an
// index of another version is read as empty, and every file is read anew.
const indexVersion = 1

// indexFile is the index's name in its directory.
const indexFile = "sessions-index.json"

// DefaultCacheDir is where the index lives: cardtui under the user's
// cache directory ($XDG_CACHE_HOME, else ~/.cache, on Linux).
func DefaultCacheDir() (string, error) {
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "cardtui"), nil
}

// index is what was learnt of every session file, keyed by path.
type index struct {
	Version int                `json:"version"`
	Records map[string]*record `json:"records"`
}

// loadIndex reads the index in dir. A missing, unreadable, corrupt or
// older index is an empty one: it is a cache, rebuilt by reading the
// files.
func loadIndex(dir string) *index {
	empty := &index{Version: indexVersion, Records: map[string]*record{}}
	if dir == "" {
		return empty
	}
	data, err := os.ReadFile(filepath.Join(dir, indexFile))
	if err != nil {
		return empty
	}
	var ix index
	if json.Unmarshal(data, &ix) != nil || ix.Version != indexVersion || ix.Records == nil {
		return empty
	}
	return &ix
}

// save writes the index to dir atomically: a listing running at the same
// time reads the old index or the new one, never half of one.
func (ix *index) save(dir string) error {
	if dir == "" {
		return nil
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	data, err := json.Marshal(ix)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, indexFile+".*")
	if err != nil {
		return err
	}
	_, werr := tmp.Write(data)
	cerr := tmp.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Rename(tmp.Name(), filepath.Join(dir, indexFile)); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return nil
}
