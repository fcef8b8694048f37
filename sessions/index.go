package sessions

import (
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"

	"github.com/cardtui/cardtui/internal/regularfile"
)

// indexVersion changes whenever what a record holds or means changes: an
// index of another version is read as empty, and every file is read anew.
// Version 3 has the documents' summaries beside it; version 4 the
// projects an agent's folder names (Gemini CLI's); version 5's summaries
// hold 4-grams too; version 6 counts the calls an agent made, not the
// cards that gather them; version 7 keeps the documents compressed.
const indexVersion = 7

// maxIndex bounds the index read: a larger one is read as empty.
const maxIndex = 256 << 20

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
// files. A record is only ever used for the file it is stored under: one
// whose own path disagrees with its key was not written by cardtui, and
// is dropped (the file is read anew).
func loadIndex(dir string) *index {
	empty := &index{Version: indexVersion, Records: map[string]*record{}}
	if dir == "" {
		return empty
	}
	f, _, err := regularfile.Open(filepath.Join(dir, indexFile))
	if err != nil {
		return empty
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxIndex))
	if err != nil || len(data) == maxIndex {
		return empty
	}
	var ix index
	if json.Unmarshal(data, &ix) != nil || ix.Version != indexVersion || ix.Records == nil {
		return empty
	}
	for key, r := range ix.Records {
		if r == nil || r.Path != key {
			delete(ix.Records, key)
		}
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
	return errors.Join(saveSummaries(dir, ix.Records), writeAtomic(filepath.Join(dir, indexFile), data),
		os.RemoveAll(filepath.Join(dir, legacyDocsDir)))
}

// writeAtomic writes data to path through a temporary file renamed over
// it: a reader sees the old file or the new one, never half of one.
func writeAtomic(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	_, werr := tmp.Write(data)
	cerr := tmp.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return nil
}
