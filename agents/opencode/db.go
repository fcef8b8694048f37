package opencode

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/cardtui/cardtui/agents/internal/sqlitedb"
	"github.com/cardtui/cardtui/replay"
)

// Document reads opencode's database, and the JSON document of `opencode
// export`, as the lines of Format.
var Document = replay.Document{Format: "opencode", Match: match, Open: open}

// match recognises a SQLite database, or an export: a JSON document
// whose first key is "info", indented.
func match(head []byte) bool {
	if sqlitedb.IsDatabase(head) {
		return true
	}
	rest, ok := bytes.CutPrefix(bytes.TrimLeft(head, " \t\r\n"), []byte("{"))
	return ok && bytes.HasPrefix(bytes.TrimLeft(rest, " \t\r"), []byte("\n")) &&
		bytes.HasPrefix(bytes.TrimLeft(rest, " \t\r\n"), []byte(`"info"`))
}

// maxExport bounds the export document read from a file or a pipe.
const maxExport = 256 << 20

// open gives the lines of a database (one session, or all) or of an
// export.
func open(path string, r io.Reader, session string) (io.ReadCloser, error) {
	br := newPeek(r)
	if sqlitedb.IsDatabase(br.head) {
		if path == "" {
			return nil, errors.New("an opencode database must be read from its file, not a pipe")
		}
		return databaseLines(path, session)
	}
	return exportLines(io.LimitReader(br, maxExport))
}

// export is the document `opencode export` prints.
type export struct {
	Info     json.RawMessage `json:"info"`
	Messages []struct {
		Info  json.RawMessage   `json:"info"`
		Parts []json.RawMessage `json:"parts"`
	} `json:"messages"`
}

// exportLines decodes an export into lines.
func exportLines(r io.Reader) (io.ReadCloser, error) {
	var e export
	if err := json.NewDecoder(r).Decode(&e); err != nil {
		return nil, fmt.Errorf("opencode export: %w", err)
	}
	var w lineWriter
	w.put(sessionLine, e.Info, nil)
	for _, m := range e.Messages {
		w.put(messageLine, m.Info, m.Parts)
	}
	return w.done()
}

// lineWriter writes the lines of the Format.
type lineWriter struct {
	buf bytes.Buffer
	err error
}

// put writes a line of type typ with its info and parts.
func (w *lineWriter) put(typ string, info json.RawMessage, parts []json.RawMessage) {
	l := struct {
		Type  string            `json:"type"`
		Info  json.RawMessage   `json:"info"`
		Parts []json.RawMessage `json:"parts,omitempty"`
	}{typ, info, parts}
	b, err := json.Marshal(l)
	if err != nil {
		w.err = errors.Join(w.err, err)
		return
	}
	w.buf.Write(b)
	w.buf.WriteByte('\n')
}

func (w *lineWriter) done() (io.ReadCloser, error) {
	return io.NopCloser(&w.buf), w.err
}

// databaseLines reads one session of the database, or every session.
func databaseLines(path, session string) (io.ReadCloser, error) {
	var w lineWriter
	err := sqlitedb.Read(path, session, listSessions, row.ids, func(db *sqlitedb.DB, s row) error {
		return writeSession(db, s, &w)
	})
	if err != nil {
		return nil, err
	}
	return w.done()
}

// withSubagentCalls counts in each session's Calls the calls of the
// sub-agents' sessions under it, which the viewer nests under its task
// cards. A cycle of parents (a broken database) is counted once round.
func withSubagentCalls(rows []row) {
	children := map[string][]int{}
	for i, r := range rows {
		if r.ParentID != "" {
			children[r.ParentID] = append(children[r.ParentID], i)
		}
	}
	total, counting := make([]int, len(rows)), make([]bool, len(rows))
	var count func(i int) int
	count = func(i int) int {
		if counting[i] {
			return total[i]
		}
		counting[i] = true
		total[i] = rows[i].Calls
		for _, c := range children[rows[i].ID] {
			total[i] += count(c)
		}
		return total[i]
	}
	for i := range rows {
		count(i)
	}
	for i := range rows {
		rows[i].Calls = total[i]
	}
}

// row is a session of the database, as a listing shows it.
type row struct {
	ID, ParentID, Directory, Title, Model string
	Created, Updated                      int64
	Messages, Calls                       int
	FirstPrompt                           string
}

// sessionColumns are the session columns read, with what stands for one
// an older database lacks.
var sessionColumns = [][2]string{
	{"id", "''"},
	{"parent_id", "NULL"},
	{"directory", "''"},
	{"title", "''"},
	{"model", "NULL"},
	{"time_created", "0"},
	{"time_updated", "0"},
}

// ids are the session's id and its parent's.
func (r row) ids() (id, parent string) { return r.ID, r.ParentID }

// listSessions lists the sessions of the database, oldest first, with
// the number of their messages and tool calls and their first prompt.
func listSessions(db *sqlitedb.DB) ([]row, error) {
	cols, err := sqlitedb.Columns(db, "session")
	if err == nil {
		err = sqlitedb.Tables(db, "message", "part")
	}
	if err != nil {
		return nil, err
	}
	q := "SELECT " + sqlitedb.Select(cols, sessionColumns) + `,
		(SELECT count(*) FROM message m WHERE m.session_id = s.id),
		(SELECT count(*) FROM part p WHERE p.session_id = s.id AND json_extract(iif(json_valid(p.data), p.data, NULL), '$.type') = 'tool'),
		(SELECT json_extract(iif(json_valid(p.data), p.data, NULL), '$.text') FROM part p JOIN message m ON m.id = p.message_id
			WHERE p.session_id = s.id AND json_extract(iif(json_valid(m.data), m.data, NULL), '$.role') = 'user'
			AND json_extract(iif(json_valid(p.data), p.data, NULL), '$.type') = 'text' AND coalesce(json_extract(iif(json_valid(p.data), p.data, NULL), '$.synthetic'), 0) = 0
			ORDER BY p.id LIMIT 1)
		FROM session s ORDER BY time_created, id`
	rows, err := db.Query(q)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var list []row
	for rows.Next() {
		var r row
		var parent, model, prompt sql.NullString
		if err := rows.Scan(&r.ID, &parent, &r.Directory, &r.Title, &model, &r.Created, &r.Updated,
			&r.Messages, &r.Calls, &prompt); err != nil {
			return nil, err
		}
		r.ParentID, r.Model, r.FirstPrompt = parent.String, modelName(model.String), prompt.String
		list = append(list, r)
	}
	return list, rows.Err()
}

// modelName is "provider/model" of a session's model JSON.
func modelName(raw string) string {
	var m struct {
		ProviderID string `json:"providerID"`
		ModelID    string `json:"modelID"`
		ID         string `json:"id"`
	}
	if json.Unmarshal([]byte(raw), &m) != nil {
		return ""
	}
	id := firstOf(m.ModelID, m.ID)
	if m.ProviderID != "" && id != "" {
		return m.ProviderID + "/" + id
	}
	return id
}

// writeSession writes the session line and its messages' lines, each
// message with its parts in the order of their ids.
func writeSession(db *sqlitedb.DB, s row, w *lineWriter) error {
	info, _ := json.Marshal(sessionInfo{ID: s.ID, Title: s.Title, Directory: s.Directory, ParentID: s.ParentID})
	w.put(sessionLine, info, nil)
	parts, err := sessionParts(db, s.ID)
	if err != nil {
		return err
	}
	rows, err := db.Query(`SELECT id, data FROM message WHERE session_id = ? ORDER BY time_created, id`, s.ID)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id, data string
		if err := rows.Scan(&id, &data); err != nil {
			return err
		}
		w.put(messageLine, withID(data, id), parts[id])
	}
	return rows.Err()
}

// sessionParts are the parts of a session's messages, by message id.
func sessionParts(db *sqlitedb.DB, session string) (map[string][]json.RawMessage, error) {
	rows, err := db.Query(`SELECT id, message_id, data FROM part WHERE session_id = ? ORDER BY id`, session)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	parts := map[string][]json.RawMessage{}
	for rows.Next() {
		var id, message, data string
		if err := rows.Scan(&id, &message, &data); err != nil {
			return nil, err
		}
		parts[message] = append(parts[message], withID(data, id))
	}
	return parts, rows.Err()
}

// withID is a row's data JSON with the row's id, which the data leaves
// to its column; data that is not an object is kept as it is, for the
// decoder to report.
func withID(data, id string) json.RawMessage {
	var m map[string]json.RawMessage
	if json.Unmarshal([]byte(data), &m) != nil {
		return json.RawMessage(data)
	}
	if _, ok := m["id"]; !ok {
		m["id"], _ = json.Marshal(id)
	}
	b, _ := json.Marshal(m)
	return b
}

// peek is a reader whose first bytes are read ahead.
type peek struct {
	head []byte
	r    io.Reader
}

func newPeek(r io.Reader) *peek {
	head := make([]byte, 16)
	n, _ := io.ReadFull(r, head)
	return &peek{head: head[:n], r: io.MultiReader(bytes.NewReader(head[:n]), r)}
}

func (p *peek) Read(b []byte) (int, error) { return p.r.Read(b) }
