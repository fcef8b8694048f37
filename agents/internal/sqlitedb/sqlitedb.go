// Package sqlitedb opens the SQLite databases agents keep their sessions
// in (opencode's, Crush's) for reading while the agent may be writing to
// them, with modernc.org/sqlite, a pure-Go driver (no cgo, no WebAssembly
// runtime to compile at start-up; the driver Crush itself uses).
//
// A database may come with a cloned repository, so it is untrusted input
// like any log: only its real tables are read, its schema is not trusted
// (no view, no function a schema names that is not innocuous), every
// query has a deadline, a row limit and a value size limit, and nothing
// is ever created or changed beside the user's file.
package sqlitedb

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"strings"
	"time"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/cardtui/cardtui/internal/regularfile"
	"github.com/cardtui/cardtui/sessions"
)

// Magic starts every SQLite database file.
var Magic = []byte("SQLite format 3\x00")

// IsDatabase reports whether a file starting with head is a SQLite
// database.
func IsDatabase(head []byte) bool { return bytes.HasPrefix(head, Magic) }

// Bounds on reading a database.
const (
	// QueryTime is how long one query may run, rows read included.
	QueryTime = 10 * time.Second
	// MaxValue is the largest string or blob a query may make or read.
	MaxValue = 64 << 20
	// MaxRows is the most rows one query gives.
	MaxRows = 1_000_000
	// MaxHeap bounds the memory SQLite allocates in all.
	MaxHeap = 512 << 20
)

// busyTimeout is how long a read waits for a writer's lock.
const busyTimeout = 5 * time.Second

// DB is a database opened for reading, through one connection whose
// limits are set.
type DB struct {
	db   *sql.DB
	conn *sql.Conn
	// copy is the private copy read instead of a database with a
	// write-ahead log, removed on Close.
	copy *snapshot
	// columns are the columns of the tables Columns read, by table.
	columns map[string]map[string]bool
}

// Open opens the database at path read-only. It must be a regular file
// (a FIFO or /dev/tty would block SQLite's open). A database without a
// write-ahead log beside it is opened immutable, which creates no -wal or
// -shm file beside it; one with a log (its agent may be writing) is read
// from a private copy of both, so the agent's own files stay untouched.
func Open(path string) (*DB, error) {
	if _, err := regularfile.Check(path); err != nil {
		return nil, err
	}
	d := &DB{}
	src, immutable := path, true
	if _, err := os.Lstat(path + "-wal"); err == nil {
		c, err := copyDatabase(path)
		if err != nil {
			return nil, fmt.Errorf("open %s: %w", path, err)
		}
		d.copy, src, immutable = c, c.path, false
	}
	if err := d.open(src, immutable); err != nil {
		d.Close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	return d, nil
}

// open opens the file at src and sets the connection's limits.
func (d *DB) open(src string, immutable bool) error {
	q := url.Values{}
	q.Set("mode", "ro")
	if immutable {
		q.Set("immutable", "1")
	}
	for _, p := range []string{
		fmt.Sprintf("busy_timeout(%d)", busyTimeout.Milliseconds()),
		"query_only(1)", "trusted_schema(0)", fmt.Sprintf("hard_heap_limit(%d)", MaxHeap),
	} {
		q.Add("_pragma", p)
	}
	db, err := sql.Open("sqlite", "file:"+(&url.URL{Path: src}).EscapedPath()+"?"+q.Encode())
	if err != nil {
		return err
	}
	d.db = db
	db.SetMaxOpenConns(1)
	ctx, cancel := context.WithTimeout(context.Background(), QueryTime)
	defer cancel()
	if d.conn, err = db.Conn(ctx); err != nil {
		return err
	}
	if _, err := sqlite.Limit(d.conn, sqlite3.SQLITE_LIMIT_LENGTH, MaxValue); err != nil {
		return err
	}
	return d.conn.PingContext(ctx)
}

// Close closes the database and removes its private copy.
func (d *DB) Close() error {
	var err error
	if d.conn != nil {
		err = d.conn.Close()
	}
	if d.db != nil {
		err = d.db.Close()
	}
	if d.copy != nil {
		d.copy.remove()
	}
	return err
}

// Query runs a query within QueryTime; its rows stop at MaxRows.
func (d *DB) Query(query string, args ...any) (*Rows, error) {
	ctx, cancel := context.WithTimeout(context.Background(), QueryTime)
	rows, err := d.conn.QueryContext(ctx, query, args...)
	if err != nil {
		cancel()
		return nil, err
	}
	return &Rows{Rows: rows, cancel: cancel}, nil
}

// Rows are a query's rows, at most MaxRows.
type Rows struct {
	*sql.Rows
	cancel context.CancelFunc
	n      int
	err    error
}

// Next moves to the next row, and refuses one past MaxRows.
func (r *Rows) Next() bool {
	if r.n == MaxRows {
		r.err = fmt.Errorf("more than %d rows", MaxRows)
		return false
	}
	r.n++
	return r.Rows.Next()
}

// Err is the error that ended the rows, if any.
func (r *Rows) Err() error {
	if r.err != nil {
		return r.err
	}
	return r.Rows.Err()
}

// Close closes the rows and ends their deadline.
func (r *Rows) Close() error {
	err := r.Rows.Close()
	r.cancel()
	return err
}

// List lists in f the sessions read gives of the database at path, each
// the size of the database: a missing database lists none, and any other
// failure to open or read it is a problem of path.
func List(path string, f *sessions.Found, read func(*DB) ([]sessions.Session, error)) {
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

// Tables checks that each of names is a real table of the database: not
// a view (which could run any query), not a virtual table.
func Tables(db *DB, names ...string) error {
	for _, name := range names {
		rows, err := db.Query("SELECT type, coalesce(sql, '') FROM sqlite_master WHERE name = ?", name)
		if err != nil {
			return err
		}
		var typ, schema string
		found := rows.Next()
		if found {
			err = rows.Scan(&typ, &schema)
		}
		rows.Close()
		switch {
		case err != nil:
			return err
		case !found:
			return fmt.Errorf("the database has no table %q", name)
		case typ != "table" || strings.HasPrefix(strings.ToUpper(strings.TrimSpace(schema)), "CREATE VIRTUAL"):
			return fmt.Errorf("%q is not a table of the database but a %s: not read", name, kindOf(typ, schema))
		}
	}
	return nil
}

// kindOf names what a schema entry that is not a plain table is.
func kindOf(typ, schema string) string {
	if typ == "table" {
		return "virtual table"
	}
	return typ
}

// Columns are the columns of a table, so that a query selects those it
// knows that the database has: an older release lacks some, a newer one
// adds others, which are not selected. The table must be a real one; a
// virtual generated column, computed on every read by an expression the
// database names (a printf of 900 MB), counts as missing.
func Columns(db *DB, table string) (map[string]bool, error) {
	if cols, ok := db.columns[table]; ok {
		return cols, nil
	}
	cols, err := readColumns(db, table)
	if err == nil {
		if db.columns == nil {
			db.columns = map[string]map[string]bool{}
		}
		db.columns[table] = cols
	}
	return cols, err
}

// readColumns reads the columns of a table that is a real one.
func readColumns(db *DB, table string) (map[string]bool, error) {
	if err := Tables(db, table); err != nil {
		return nil, err
	}
	rows, err := db.Query("SELECT name FROM pragma_table_xinfo(?) WHERE hidden != 2", table)
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

// Read opens the database at path, lists its sessions with list and
// gives write those a reading of session takes: that session and the
// sessions under it (its sub-agents', which nest under its task cards),
// in the order listed, or every session when session is "". ids are a
// listed session's id and its parent's.
func Read[S any](path, session string, list func(*DB) ([]S, error), ids func(S) (id, parent string), write func(*DB, S) error) error {
	db, err := Open(path)
	if err != nil {
		return err
	}
	defer db.Close()
	all, err := list(db)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	keep := func(string) bool { return true }
	if session != "" {
		keep = under(all, ids, session)
	}
	found := false
	for _, s := range all {
		id, _ := ids(s)
		if !keep(id) {
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

// under is the test of whether a session is root or a session under it,
// the sessions under it found once, in time linear in the sessions (a
// cycle of parents ends too).
func under[S any](all []S, ids func(S) (id, parent string), root string) func(string) bool {
	children := map[string][]string{}
	for _, s := range all {
		id, parent := ids(s)
		children[parent] = append(children[parent], id)
	}
	in := map[string]bool{root: true}
	for queue := []string{root}; len(queue) > 0; queue = queue[1:] {
		for _, c := range children[queue[0]] {
			if !in[c] {
				in[c] = true
				queue = append(queue, c)
			}
		}
	}
	return func(id string) bool { return in[id] }
}
