// Package sqlitedb opens the SQLite databases agents keep their sessions
// in (opencode's, Crush's) for reading while the agent may be writing to
// them, with modernc.org/sqlite, a pure-Go driver (no cgo, no WebAssembly
// runtime to compile at start-up; the driver Crush itself uses).
package sqlitedb

import (
	"bytes"
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"strings"
	"time"

	_ "modernc.org/sqlite" // the "sqlite" driver

	"github.com/cardtui/cardtui/sessions"
)

// Magic starts every SQLite database file.
var Magic = []byte("SQLite format 3\x00")

// IsDatabase reports whether a file starting with head is a SQLite
// database.
func IsDatabase(head []byte) bool { return bytes.HasPrefix(head, Magic) }

// busyTimeout is how long a read waits for a writer's lock: an agent in
// WAL mode only takes one to checkpoint.
const busyTimeout = 5 * time.Second

// Open opens the database at path read-only: no write, no journal of its
// own; the agent's write-ahead log is read as SQLite reads it.
func Open(path string) (*sql.DB, error) {
	q := url.Values{}
	q.Set("mode", "ro")
	q.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", busyTimeout.Milliseconds()))
	q.Add("_pragma", "query_only(1)")
	db, err := sql.Open("sqlite", "file:"+(&url.URL{Path: path}).EscapedPath()+"?"+q.Encode())
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1)
	if err := db.Ping(); err != nil {
		db.Close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	return db, nil
}

// List lists in f the sessions read gives of the database at path, each
// the size of the database: a missing database lists none, and any other
// failure to open or read it is a problem of path.
func List(path string, f *sessions.Found, read func(*sql.DB) ([]sessions.Session, error)) {
	info, err := os.Stat(path)
	if os.IsNotExist(err) {
		return
	}
	if err != nil {
		f.Problem(path, err)
		return
	}
	db, err := Open(path)
	if err != nil {
		f.Problem(path, err)
		return
	}
	defer db.Close()
	listed, err := read(db)
	if err != nil {
		f.Problem(path, err)
		return
	}
	for _, s := range listed {
		s.Size = info.Size()
		f.Listed(s)
	}
}

// Columns are the columns of a table, so that a query selects those it
// knows that the database has: an older release lacks some, a newer one
// adds others, which are not selected.
func Columns(db *sql.DB, table string) (map[string]bool, error) {
	rows, err := db.Query("SELECT name FROM pragma_table_info(?)", table)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	cols := map[string]bool{}
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			return nil, err
		}
		cols[name] = true
	}
	if len(cols) == 0 && rows.Err() == nil {
		return nil, fmt.Errorf("the database has no table %q", table)
	}
	return cols, rows.Err()
}

// Select is the list of columns wanted, each the column when the table
// has it, else the fallback expression given ("NULL", "0", "”").
func Select(have map[string]bool, want [][2]string) string {
	var parts []string
	for _, w := range want {
		if have[w[0]] {
			parts = append(parts, `"`+w[0]+`"`)
		} else {
			parts = append(parts, w[1])
		}
	}
	return strings.Join(parts, ", ")
}

// Read opens the database at path, lists its sessions with list and
// gives write those a reading of session takes: that session and the
// sessions under it (its sub-agents', which nest under its task cards),
// in the order listed, or every session when session is "". ids are a
// listed session's id and its parent's.
func Read[S any](path, session string, list func(*sql.DB) ([]S, error), ids func(S) (id, parent string), write func(*sql.DB, S) error) error {
	db, err := Open(path)
	if err != nil {
		return err
	}
	defer db.Close()
	all, err := list(db)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	parents := map[string]string{}
	for _, s := range all {
		id, parent := ids(s)
		parents[id] = parent
	}
	found := false
	for _, s := range all {
		id, _ := ids(s)
		if session != "" && !within(parents, id, session) {
			continue
		}
		found = true
		if err := write(db, s); err != nil {
			return fmt.Errorf("%s: session %s: %w", path, id, err)
		}
	}
	if session != "" && !found {
		return fmt.Errorf("%s: no session %q", path, session)
	}
	return nil
}

// within reports whether the session id is root or a session under it
// (parents maps a session to its parent).
func within(parents map[string]string, id, root string) bool {
	for range len(parents) + 1 { // a cycle of parents ends too
		if id == root {
			return true
		}
		if id = parents[id]; id == "" {
			return false
		}
	}
	return false
}
