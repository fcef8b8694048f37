package crush

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"errors"
	"io"
	"strings"

	"github.com/cardtui/cardtui/agents/internal/sqlitedb"
	"github.com/cardtui/cardtui/replay"
)

// Document reads a Crush database as the lines of Format. Match looks at
// the file's first bytes only; Open fails on a database of another agent
// (opencode's has no sessions table), which the next Document reads.
var Document = replay.Document{Format: "crush", Match: sqlitedb.IsDatabase, Open: open}

// open gives the lines of one session of the database at path with its
// sub-agents' sessions (each after its parent: sessions are listed in the
// order they began), or of all.
func open(path string, _ io.Reader, session string) (io.ReadCloser, error) {
	if path == "" {
		return nil, errors.New("a Crush database must be read from its file, not a pipe")
	}
	var buf bytes.Buffer
	err := sqlitedb.Read(path, session, listSessions, row.ids, func(db *sqlitedb.DB, s row) error {
		return writeSession(db, s, &buf)
	})
	if err != nil {
		return nil, err
	}
	return io.NopCloser(&buf), nil
}

// row is a session of the database, as a listing shows it, or the
// Problem of a session row that could not be read (with its parent's id,
// so that reading the parent shows it).
type row struct {
	ID, ParentID, Title, Model string
	// Created and Updated are in Unix seconds.
	Created, Updated int64
	Messages, Calls  int
	Cost             float64
	FirstPrompt      string
	Problem          error
}

// sessionColumns are the sessions columns read, with what stands for one
// an older database lacks.
var sessionColumns = [][2]string{
	{"id", "''"},
	{"parent_session_id", "NULL"},
	{"title", "''"},
	{"cost", "0"},
	{"created_at", "0"},
	{"updated_at", "0"},
}

// ids are the session's id and its parent's.
func (r row) ids() (id, parent string) { return r.ID, r.ParentID }

// sessionFacts are the counts, first prompt and latest model of each
// session listed, of its messages rows: parts that are too large or not
// JSON SQLite reads count as none.
var sessionFacts = strings.NewReplacer("{parts}", "coalesce("+sqlitedb.JSON("m.parts")+", '[]')",
	"{session}", sqlitedb.Equal("m.session_id", sqlitedb.Guard("s.id")), "{role}", sqlitedb.Guard("m.role"), "{model}", sqlitedb.Guard("m.model"),
	"{order}", sqlitedb.OrderBy("m.created_at", "m.rowid")).Replace(`
	(SELECT count(*) FROM messages m WHERE {session}),
	(SELECT count(*) FROM messages m, json_each({parts}) j
		WHERE {session} AND json_extract(j.value, '$.type') = 'tool_call'),
	(SELECT json_extract(j.value, '$.data.text') FROM messages m, json_each({parts}) j
		WHERE {session} AND {role} = 'user' AND json_extract(j.value, '$.type') = 'text'
		ORDER BY {order} LIMIT 1),
	(SELECT {model} FROM messages m WHERE {session} AND {model} IS NOT NULL AND {model} != ''
		ORDER BY {order} DESC LIMIT 1)`)

// listSessions lists the sessions, oldest first, with their number of
// messages and tool calls, first prompt and latest model. A session row
// that cannot be read is listed as its Problem.
func listSessions(db *sqlitedb.DB) ([]row, error) {
	cols, err := sqlitedb.Columns(db, "sessions")
	if err == nil {
		err = sqlitedb.Tables(db, "messages")
	}
	if err != nil {
		return nil, err
	}
	sel := sqlitedb.Select(cols, "sessions", sessionColumns)
	rows, err := db.Query("SELECT " + sel.SQL() + "," + sessionFacts + " FROM sessions s ORDER BY " +
		sqlitedb.OrderBy("created_at", "rowid"))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var list []row
	for n := 1; rows.Next(); n++ {
		var prompt, model sql.NullString
		var r row
		v := sel.Scan(rows, n, &r.Messages, &r.Calls, &prompt, &model)
		r.ID, r.ParentID, r.Title, r.Cost = v.Text("id"), v.Text("parent_session_id"), v.Text("title"), v.Float("cost")
		r.Created, r.Updated, r.FirstPrompt, r.Model = v.Int("created_at"), v.Int("updated_at"), prompt.String, model.String
		if r.Problem = v.Err(); r.Problem != nil {
			r = row{ID: v.ID(), ParentID: r.ParentID, Problem: r.Problem}
		}
		list = append(list, r)
	}
	return list, rows.Err()
}

// messageColumns are the messages columns read.
var messageColumns = [][2]string{
	{"id", "''"},
	{"role", "''"},
	{"parts", "'[]'"},
	{"model", "NULL"},
	{"provider", "NULL"},
	{"created_at", "0"},
	{"finished_at", "NULL"},
}

// message is a message, as its line holds it.
type message struct {
	ID         string          `json:"id"`
	Role       string          `json:"role"`
	Parts      json.RawMessage `json:"parts"`
	Model      string          `json:"model,omitempty"`
	Provider   string          `json:"provider,omitempty"`
	CreatedAt  int64           `json:"created_at"`
	FinishedAt int64           `json:"finished_at,omitempty"`
}

// writeSession writes the session line and a line per message, in the
// order Crush lists them: created_at, then rowid (several messages share
// a second). A row that cannot be read is a problem line, the others are
// written.
func writeSession(db *sqlitedb.DB, s row, w *bytes.Buffer) error {
	if s.Problem != nil {
		put(w, "problem", s.Problem.Error())
		return nil
	}
	put(w, "session", sessionRow{ID: s.ID, ParentID: s.ParentID, Title: s.Title, Cost: s.Cost})
	return sqlitedb.EachRow(db, "messages", messageColumns, sqlitedb.OrderBy("created_at", "rowid"), s.ID, func(v *sqlitedb.Row) {
		m := message{
			ID: v.Text("id"), Role: v.Text("role"), Parts: rawJSON(v.Text("parts")), Model: v.Text("model"),
			Provider: v.Text("provider"), CreatedAt: v.Int("created_at"), FinishedAt: v.Int("finished_at"),
		}
		if v.Err() == nil {
			put(w, "message", m)
		}
	}, func(err error) { put(w, "problem", err.Error()) })
}

// rawJSON is text as JSON, or as a JSON string when it is not JSON (the
// decoder then reports it).
func rawJSON(text string) json.RawMessage {
	if json.Valid([]byte(text)) {
		return json.RawMessage(text)
	}
	b, _ := json.Marshal(text)
	return b
}

// put writes the line {"type": "crush.<kind>", "<kind>": v}.
func put(w *bytes.Buffer, kind string, v any) {
	b, _ := json.Marshal(map[string]any{"type": "crush." + kind, kind: v})
	w.Write(b)
	w.WriteByte('\n')
}
