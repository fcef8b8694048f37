package sessions

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
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
// cards that gather them.
const indexVersion = 6

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
	return errors.Join(saveSummaries(dir, ix.Records), writeAtomic(filepath.Join(dir, indexFile), data))
}

// docsDir is the directory of the sessions' documents in the cache.
const docsDir = "docs"

// docHeader starts a document's file, with the path of its session: a
// document is only used for the file it names.
const docHeader = "cardtui-document 1\t"

// docFile is the file of the document of the session file path in dir:
// named by a hash of the path, so that no path from a session file names
// a file of the cache.
func docFile(dir, path string) string {
	sum := sha256.Sum256([]byte(path))
	return filepath.Join(dir, docsDir, hex.EncodeToString(sum[:16]))
}

// saveDocument writes the document of the session file path to dir.
// stamp says which state of the session it is ("" for a file, whose
// document the listing rewrites when the file changes; a listed
// session's last activity otherwise).
func saveDocument(dir, path, stamp string, d *Document) error {
	if dir == "" || d == nil {
		return nil
	}
	if err := os.MkdirAll(filepath.Join(dir, docsDir), 0o700); err != nil {
		return err
	}
	data := append([]byte(docHeader+docName(path, stamp)+"\n"), d.data...)
	return writeAtomic(docFile(dir, path), data)
}

// docName is what a document's first line names: its session's path, and
// the stamp of the state it was made from, if any.
func docName(path, stamp string) string {
	if stamp == "" {
		return path
	}
	return path + " @" + stamp
}

// loadDocument reads the document of the session file path from dir
// into buf, grown as needed, which the document returned uses; false
// when there is none, or when the one there names another file or
// another stamp (see saveDocument).
func loadDocument(dir, path, stamp string, buf *[]byte) (*Document, bool) {
	if dir == "" {
		return nil, false
	}
	f, info, err := regularfile.Open(docFile(dir, path))
	if err != nil {
		return nil, false
	}
	defer f.Close()
	n := int(min(info.Size(), maxDocument+2*maxDocLine+int64(len(docName(path, stamp)))+64))
	if cap(*buf) < n {
		*buf = make([]byte, n)
	}
	data := (*buf)[:n]
	if _, err := io.ReadFull(f, data); err != nil {
		return nil, false
	}
	head, rest, ok := bytes.Cut(data, []byte("\n"))
	if !ok || string(head) != docHeader+docName(path, stamp) {
		return nil, false
	}
	return &Document{data: rest}, true
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
