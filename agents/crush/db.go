package crush

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"errors"
	"io"

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

// row is a session of the database, as a listing shows it.
type row struct {
	ID, ParentID, Title, Model string
	// Created and Updated are in Unix seconds.
	Created, Updated int64
	Messages, Calls  int
	Cost             float64
	FirstPrompt      string
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

// listSessions lists the sessions, oldest first, with their number of
// messages and tool calls, first prompt and latest model.
func listSessions(db *sqlitedb.DB) ([]row, error) {
	cols, err := sqlitedb.Columns(db, "sessions")
	if err == nil {
		err = sqlitedb.Tables(db, "messages")
	}
	if err != nil {
		return nil, err
	}
	q := "SELECT " + sqlitedb.Select(cols, sessionColumns) + `,
		(SELECT count(*) FROM messages m WHERE m.session_id = s.id),
		(SELECT count(*) FROM messages m, json_each(iif(json_valid(m.parts), m.parts, '[]')) j
			WHERE m.session_id = s.id AND json_extract(j.value, '$.type') = 'tool_call'),
		(SELECT json_extract(j.value, '$.data.text') FROM messages m, json_each(iif(json_valid(m.parts), m.parts, '[]')) j
			WHERE m.session_id = s.id AND m.role = 'user' AND json_extract(j.value, '$.type') = 'text'
			ORDER BY m.created_at, m.rowid LIMIT 1),
		(SELECT m.model FROM messages m WHERE m.session_id = s.id AND m.model IS NOT NULL AND m.model != ''
			ORDER BY m.created_at DESC, m.rowid DESC LIMIT 1)
		FROM sessions s ORDER BY created_at, rowid`
	rows, err := db.Query(q)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var list []row
	for rows.Next() {
		var r row
		var parent, prompt, model sql.NullString
		if err := rows.Scan(&r.ID, &parent, &r.Title, &r.Cost, &r.Created, &r.Updated,
			&r.Messages, &r.Calls, &prompt, &model); err != nil {
			return nil, err
		}
		r.ParentID, r.FirstPrompt, r.Model = parent.String, prompt.String, model.String
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

// writeSession writes the session line and a line per message, in the
// order Crush lists them: created_at, then rowid (several messages share
// a second).
func writeSession(db *sqlitedb.DB, s row, w *bytes.Buffer) error {
	put(w, "session", sessionRow{ID: s.ID, ParentID: s.ParentID, Title: s.Title, Cost: s.Cost})
	cols, err := sqlitedb.Columns(db, "messages")
	if err != nil {
		return err
	}
	rows, err := db.Query("SELECT "+sqlitedb.Select(cols, messageColumns)+
		" FROM messages WHERE session_id = ? ORDER BY created_at, rowid", s.ID)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id, role, parts string
		var model, provider sql.NullString
		var created int64
		var finished sql.NullInt64
		if err := rows.Scan(&id, &role, &parts, &model, &provider, &created, &finished); err != nil {
			return err
		}
		put(w, "message", struct {
			ID         string          `json:"id"`
			Role       string          `json:"role"`
			Parts      json.RawMessage `json:"parts"`
			Model      string          `json:"model,omitempty"`
			Provider   string          `json:"provider,omitempty"`
			CreatedAt  int64           `json:"created_at"`
			FinishedAt int64           `json:"finished_at,omitempty"`
		}{id, role, rawJSON(parts), model.String, provider.String, created, finished.Int64})
	}
	return rows.Err()
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
