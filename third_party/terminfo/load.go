package terminfo

import (
	"os"
	"path"
	"strings"
	"sync"
)

// termCache is the terminfo cache.
var termCache = struct {
	db map[string]*Terminfo
	sync.RWMutex
}{
	db: make(map[string]*Terminfo),
}

// Load follows the behavior described in terminfo(5) to find correct the
// terminfo file using the name, reads the file and then returns a Terminfo
// struct that describes the file.
func Load(name string) (*Terminfo, error) {
	if name == "" {
		return nil, ErrEmptyTermName
	}
	termCache.RLock()
	ti, ok := termCache.db[name]
	termCache.RUnlock()
	if ok {
		return ti, nil
	}
	var checkDirs []string
	// check $TERMINFO
	if dir := os.Getenv("TERMINFO"); dir != "" {
		checkDirs = append(checkDirs, dir)
	}
	// check $HOME/.terminfo
	//
	// cardtui's patch: $HOME, as ncurses reads it (terminfo(5)), not
	// os/user's user.Current: with cgo, os/user links the C library
	// dynamically into every program, the loader and libc's start-up run
	// before main (about 1 ms of every start of cardtui), for this one
	// directory. Without $HOME the directory is skipped, as ncurses
	// does, rather than failing the lookup.
	if home := os.Getenv("HOME"); home != "" {
		checkDirs = append(checkDirs, path.Join(home, ".terminfo"))
	}
	// check $TERMINFO_DIRS
	if dirs := os.Getenv("TERMINFO_DIRS"); dirs != "" {
		checkDirs = append(checkDirs, strings.Split(dirs, ":")...)
	}
	// check fallback directories
	checkDirs = append(checkDirs, "/etc/terminfo", "/lib/terminfo", "/usr/share/terminfo")
	for _, dir := range checkDirs {
		ti, err := Open(dir, name) // cardtui's patch: := (err was user.Current's)
		if err != nil && err != ErrFileNotFound && !os.IsNotExist(err) {
			return nil, err
		} else if err == nil {
			return ti, nil
		}
	}
	return nil, ErrDatabaseDirectoryNotFound
}

// LoadFromEnv loads the terminal info based on the name contained in
// environment variable TERM.
func LoadFromEnv() (*Terminfo, error) {
	return Load(os.Getenv("TERM"))
}
