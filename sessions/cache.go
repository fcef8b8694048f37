package sessions

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// CacheFile is one file (or directory) cardtui keeps in its cache
// directory, and its size in bytes.
type CacheFile struct {
	// Name is the file's name in the cache directory.
	Name string
	// Size is its size, a directory's the sum of its files'.
	Size int64
	// Legacy marks what an older version kept and this one no longer
	// reads (the sessions' documents as text).
	Legacy bool
}

// cacheNames are the files of the cache directory: the listing's index,
// the summaries of the sessions' documents, the documents (compressed),
// and what older versions kept.
var cacheNames = []string{indexFile, summariesFile, docsDir, legacyDocsDir}

// ownedByCache reports whether the entry name of the cache directory is
// one of cardtui's files, or a temporary file of one being written.
func ownedByCache(name string) bool {
	for _, n := range cacheNames {
		if name == n || strings.HasPrefix(name, n+".") {
			return true
		}
	}
	return false
}

// CacheFiles are cardtui's files in the cache directory dir, with their
// sizes, in the order of the directory; none when it does not exist.
func CacheFiles(dir string) ([]CacheFile, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var files []CacheFile
	for _, e := range entries {
		if !ownedByCache(e.Name()) {
			continue
		}
		f := CacheFile{Name: e.Name(), Legacy: e.Name() == legacyDocsDir}
		err := filepath.WalkDir(filepath.Join(dir, e.Name()), func(_ string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			info, err := d.Info()
			if err == nil {
				f.Size += info.Size()
			}
			return err
		})
		if err != nil {
			return files, err
		}
		files = append(files, f)
	}
	return files, nil
}

// ClearCache removes cardtui's files from the cache directory dir (and
// nothing else it may hold): the next listing reads every session file
// again.
func ClearCache(dir string) error {
	files, err := CacheFiles(dir)
	for _, f := range files {
		err = errors.Join(err, os.RemoveAll(filepath.Join(dir, f.Name)))
	}
	return err
}
