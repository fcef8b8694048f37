package hostile_test

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/agents"
	"github.com/cardtui/cardtui/internal/testkit"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
	"github.com/cardtui/cardtui/replay"
	"github.com/cardtui/cardtui/sessions"
)

// crushSchema is the part of Crush's schema cardtui reads.
const crushSchema = `
CREATE TABLE sessions (id text PRIMARY KEY, parent_session_id text, title text NOT NULL DEFAULT '',
	cost real NOT NULL DEFAULT 0, updated_at integer NOT NULL DEFAULT 0, created_at integer NOT NULL DEFAULT 0);
CREATE TABLE messages (id text PRIMARY KEY, session_id text NOT NULL, role text NOT NULL, parts text NOT NULL DEFAULT '[]',
	model text, created_at integer NOT NULL DEFAULT 0, finished_at integer, provider text);
CREATE INDEX idx_messages_session_id ON messages (session_id);`

// crushRows are a session with a user prompt and an assistant reply.
func crushRows(session string) string {
	return fmt.Sprintf(`INSERT INTO sessions (id, title, created_at) VALUES ('%[1]s', 'title %[1]s', 1);
		INSERT INTO messages (id, session_id, role, parts, created_at) VALUES
		('u_%[1]s', '%[1]s', 'user', '[{"type":"text","data":{"text":"prompt %[1]s"}}]', 1),
		('a_%[1]s', '%[1]s', 'assistant', '[{"type":"text","data":{"text":"reply %[1]s"}}]', 2);`, session)
}

// crushHome is a data home listing one project whose Crush database is
// written with the statements given, and the database's path.
func crushHome(t *testing.T, statements ...string) (home, path string) {
	home = t.TempDir()
	project := filepath.Join(home, "proj")
	data := filepath.Join(project, ".crush")
	require.NoError(t, os.MkdirAll(data, 0o755))
	require.NoError(t, os.MkdirAll(filepath.Join(home, "crush"), 0o755))
	list, err := json.Marshal(map[string]any{"projects": []map[string]string{{"path": project, "data_dir": data}}})
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(home, "crush", "projects.json"), list, 0o600))
	path = filepath.Join(data, "crush.db")
	writeDatabase(t, path, statements...)
	return home, path
}

// loadDocument replays a database (or db#session) as the command does.
func loadDocument(t *testing.T, operand string) *replay.Transcript {
	t.Helper()
	return loadWithin(t, operand, func() (io.ReadCloser, replay.Options, error) {
		rc, format, ok, err := agents.OpenDocument(operand)
		if err == nil && !ok {
			err = fmt.Errorf("%s: not a document", operand)
		}
		return rc, replay.Options{Formats: agents.Formats, Format: format}, err
	})
}

// byID are the sessions of a listing by the id after the "#" of their
// path.
func byID(list []sessions.Session) map[string]sessions.Session {
	m := map[string]sessions.Session{}
	for _, s := range list {
		_, id, _ := strings.Cut(s.Path, "#")
		m[id] = s
	}
	return m
}

// assertRowProblem checks that a transcript has one problem, naming the
// table, row and reason, and that it shows what is wanted besides.
func assertRowProblem(t *testing.T, tr *replay.Transcript, table, row, reason string, want ...string) {
	t.Helper()
	problems := replaytest.Problems(tr)
	if assert.Len(t, problems, 1, replaytest.Describe(tr)) {
		for _, s := range []string{"table " + table, "row " + row, reason} {
			assert.Contains(t, problems[0].Reason, s)
		}
	}
	text := replaytest.Describe(tr)
	for _, s := range want {
		assert.Contains(t, text, s)
	}
}

// TestDatabaseBadRowsOpencode: a session row whose time is text, a
// message row without an id and a part row whose data is not JSON cost
// those rows only: each is a problem naming its table, row and reason, and the
// other rows are listed and shown.
func TestDatabaseBadRowsOpencode(t *testing.T) {
	home, path := opencodeHome(t, opencodeSchema, opencodeSession,
		opencodeRows("ses1", `{"type":"text","text":"one"}`), opencodeRows("ses2", `{"type":"text","text":"two"}`),
		opencodeRows("ses3", `{"type":"text","text":"three"}`),
		"UPDATE session SET time_created = 'yesterday' WHERE id = 'ses2'",
		"UPDATE session SET time_updated = 1.5 WHERE id = 'ses3'",
		`INSERT INTO message VALUES (NULL, 'ses1', 2, '{"role":"assistant"}')`,
		`INSERT INTO message VALUES ('msg_late', 'ses1', 'late', '{"role":"assistant"}')`,
		`INSERT INTO part VALUES ('prt_late', 'msg_late', 'ses1', '{"type":"text","text":"after"}')`,
		`INSERT INTO part VALUES ('prt_torn', 'msg_ses3', 'ses3', '{"type":"text","te')`)
	list := byID(listOpencode(t, home))
	require.Len(t, list, 3)
	assert.Equal(t, "one", list["ses1"].FirstPrompt)
	assert.Empty(t, list["ses1"].Problem)
	assert.Equal(t, "three", list["ses3"].FirstPrompt)
	assert.Empty(t, list["ses3"].Problem)
	for _, s := range []string{"table session", "row ses2", "time_created", "not a number"} {
		assert.Contains(t, list["ses2"].Problem, s)
	}
	assertRowProblem(t, loadDocument(t, path+"#ses1"), "message", "#2", "id is NULL", `"one"`, `"after"`)
	assertRowProblem(t, loadDocument(t, path+"#ses2"), "session", "ses2", "not a number")
	assertRowProblem(t, loadDocument(t, path+"#ses3"), "part", "prt_torn", "data is not JSON", `"three"`)
}

// TestDatabaseBadRowsCrush: the same of a Crush database: a sub-agent's
// session row whose time is text (a problem of its parent's reading too)
// and a message row whose time is text cost those rows only.
func TestDatabaseBadRowsCrush(t *testing.T) {
	home, path := crushHome(t, crushSchema, crushRows("s1"), crushRows("s2"), crushRows("s3"),
		"UPDATE sessions SET created_at = 'yesterday', parent_session_id = 's1' WHERE id = 's2'",
		"UPDATE messages SET created_at = 'soon' WHERE id = 'u_s3'",
		"UPDATE sessions SET updated_at = 2.5 WHERE id = 's1'")
	list := byID(listAgent(t, "crush", home))
	require.Len(t, list, 3)
	assert.Equal(t, "prompt s1", list["s1"].FirstPrompt)
	assert.Empty(t, list["s1"].Problem)
	assert.Empty(t, list["s3"].Problem)
	for _, s := range []string{"table sessions", "row s2", "created_at", "not a number"} {
		assert.Contains(t, list["s2"].Problem, s)
	}
	assertRowProblem(t, loadDocument(t, path+"#s3"), "messages", "u_s3", "created_at", "reply s3")
	assertRowProblem(t, loadDocument(t, path+"#s2"), "sessions", "s2", "not a number")
	assertRowProblem(t, loadDocument(t, path+"#s1"), "sessions", "s2", "not a number", "reply s1")
}

// hugeValue is a value one byte past the 64 MiB a value may have.
const hugeValue = "zeroblob(64 * 1024 * 1024 + 1)"

// TestDatabaseHugeValue: a part or message larger than 64 MiB, or one
// whose id, session or message is, costs its row, neither its session nor
// the database's listing, whether an index serves the query or not.
func TestDatabaseHugeValue(t *testing.T) {
	testkit.SkipLong(t, "writes five values of 64 MiB")
	t.Parallel()
	defer holdBig(t, heavyWeight)() // as much memory as a heavy case of the corpus
	t.Run("opencode", func(t *testing.T) {
		home, path := opencodeHome(t, opencodeSchema, opencodeSession,
			opencodeRows("ses1", `{"type":"text","text":"one"}`), opencodeRows("ses2", `{"type":"text","text":"two"}`),
			`INSERT INTO part VALUES ('prt_big', 'msg_ses1', 'ses1', `+hugeValue+`)`,
			`INSERT INTO part VALUES ('prt_message', `+hugeValue+`, 'ses2', '{}')`,
			`INSERT INTO message VALUES ('msg_session', `+hugeValue+`, 3, '{}')`)
		list := byID(listOpencode(t, home))
		require.Len(t, list, 2)
		assert.Empty(t, list["ses1"].Problem)
		assert.Equal(t, "two", list["ses2"].FirstPrompt)
		assertRowProblem(t, loadDocument(t, path+"#ses1"), "part", "prt_big", "more than", `"one"`)
	})
	t.Run("crush", func(t *testing.T) {
		home, path := crushHome(t, crushSchema, crushRows("s1"), crushRows("s2"),
			`INSERT INTO messages (id, session_id, role, parts, created_at) VALUES ('big', 's1', 'user', `+hugeValue+`, 3)`,
			`INSERT INTO messages (id, session_id, role, parts, created_at) VALUES ('session', `+hugeValue+`, 'user', '[]', 3)`,
			"DROP INDEX idx_messages_session_id")
		list := byID(listAgent(t, "crush", home))
		require.Len(t, list, 2)
		assert.Empty(t, list["s1"].Problem)
		assert.Equal(t, "prompt s2", list["s2"].FirstPrompt)
		assertRowProblem(t, loadDocument(t, path+"#s1"), "messages", "big", "more than", "reply s1")
	})
}
