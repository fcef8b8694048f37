package opencode

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/cardtui/cardtui/agents/internal/sqlitedb"
	"github.com/cardtui/cardtui/replay"
)

// Document reads opencode's database, and the JSON document of `opencode
// export`, as the lines of Format.
var Document = replay.Document{Format: "opencode", Match: match, Open: open}

// match recognises a SQLite database, or an export: a JSON document
// whose first key is "info", indented.
func match(head []byte) bool {
	return sqlitedb.IsDatabase(head) || replay.IndentedObject(head, "info")
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

// problem writes a problem line: a row of the database that could not
// be read, which the decoder shows as a problem.
func (w *lineWriter) problem(err error) {
	b, _ := json.Marshal(map[string]string{"type": problemLine, "problem": err.Error()})
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

// row is a session of the database, as a listing shows it, or the
// Problem of a session row that could not be read (with its parent's id,
// so that reading the parent shows it).
type row struct {
	ID, ParentID, Directory, Title, Model string
	Created, Updated                      int64
	Messages, Calls                       int
	FirstPrompt                           string
	Problem                               error
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

// sessionFacts are the counts and first prompt of each session listed,
// of its message and part rows: a part's data that is too large or not
// JSON SQLite reads counts as no part of the kind looked for.
var sessionFacts = strings.NewReplacer("{pdata}", sqlitedb.JSON("p.data"), "{mdata}", sqlitedb.JSON("m.data"),
	"{m.session}", sqlitedb.Equal("m.session_id", sqlitedb.Guard("s.id")),
	"{p.session}", sqlitedb.Equal("p.session_id", sqlitedb.Guard("s.id")),
	"{p.message}", sqlitedb.Equal("m.id", sqlitedb.Guard("p.message_id")), "{pid}", sqlitedb.Guard("p.id")).Replace(`
	(SELECT count(*) FROM message m WHERE {m.session}),
	(SELECT count(*) FROM part p WHERE {p.session} AND json_extract({pdata}, '$.type') = 'tool'),
	(SELECT json_extract({pdata}, '$.text') FROM part p JOIN message m ON {p.message}
		WHERE {p.session} AND json_extract({mdata}, '$.role') = 'user'
		AND json_extract({pdata}, '$.type') = 'text' AND coalesce(json_extract({pdata}, '$.synthetic'), 0) = 0
		ORDER BY {pid} LIMIT 1)`)

// listSessions lists the sessions of the database, oldest first, with
// the number of their messages and tool calls and their first prompt. A
// session row that cannot be read is listed as its Problem.
func listSessions(db *sqlitedb.DB) ([]row, error) {
	cols, err := sqlitedb.Columns(db, "session")
	if err == nil {
		err = sqlitedb.Tables(db, "message", "part")
	}
	if err != nil {
		return nil, err
	}
	sel := sqlitedb.Select(cols, "session", sessionColumns)
	rows, err := db.Query("SELECT " + sel.SQL() + "," + sessionFacts + " FROM session s ORDER BY " +
		sqlitedb.OrderBy("time_created", "id"))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var list []row
	for n := 1; rows.Next(); n++ {
		var prompt sql.NullString
		var r row
		v := sel.Scan(rows, n, &r.Messages, &r.Calls, &prompt)
		r.ID, r.ParentID, r.Directory, r.Title = v.Text("id"), v.Text("parent_id"), v.Text("directory"), v.Text("title")
		r.Model, r.FirstPrompt = modelName(v.Text("model")), prompt.String
		r.Created, r.Updated = v.Int("time_created"), v.Int("time_updated")
		if r.Problem = v.Err(); r.Problem != nil {
			r = row{ID: v.ID(), ParentID: r.ParentID, Problem: r.Problem}
		}
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

// messageColumns and partColumns are the message and part columns read.
var (
	messageColumns = [][2]string{{"id", "NULL"}, {"data", "NULL"}}
	partColumns    = [][2]string{{"id", "NULL"}, {"message_id", "NULL"}, {"data", "NULL"}}
)

// writeSession writes the session line and its messages' lines, each
// message with its parts in the order of their ids. A row that cannot be
// read is a problem line, the others are written.
func writeSession(db *sqlitedb.DB, s row, w *lineWriter) error {
	if s.Problem != nil {
		w.problem(s.Problem)
		return nil
	}
	info, _ := json.Marshal(sessionInfo{ID: s.ID, Title: s.Title, Directory: s.Directory, ParentID: s.ParentID})
	w.put(sessionLine, info, nil)
	parts, err := sessionParts(db, s.ID, w)
	if err != nil {
		return err
	}
	return sqlitedb.EachRow(db, "message", messageColumns, sqlitedb.OrderBy("time_created", "id"), s.ID, func(r *sqlitedb.Row) {
		id, data := r.Need("id"), r.NeedJSON("data")
		if r.Err() == nil {
			w.put(messageLine, withID(data, id), parts[id])
		}
	}, w.problem)
}

// sessionParts are the parts of a session's messages, by message id.
func sessionParts(db *sqlitedb.DB, session string, w *lineWriter) (map[string][]json.RawMessage, error) {
	parts := map[string][]json.RawMessage{}
	err := sqlitedb.EachRow(db, "part", partColumns, sqlitedb.OrderBy("id"), session, func(r *sqlitedb.Row) {
		id, message, data := r.Need("id"), r.Need("message_id"), r.NeedJSON("data")
		if r.Err() == nil {
			parts[message] = append(parts[message], withID(data, id))
		}
	}, w.problem)
	return parts, err
}

// withID is a row's data JSON with the row's id, which the data leaves
// to its column; JSON that is not an object is kept as it is, for the
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
