package hostile_test

import (
	"crypto/sha256"
	"database/sql"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	_ "modernc.org/sqlite" // the "sqlite" driver, to write the databases

	"github.com/cardtui/cardtui/agents"
	"github.com/cardtui/cardtui/agents/opencode"
	"github.com/cardtui/cardtui/internal/testkit"
	"github.com/cardtui/cardtui/internal/testkit/gobuild"
	"github.com/cardtui/cardtui/replay"
	"github.com/cardtui/cardtui/sessions"
)

// hangGuard is how long a database read may take before the test calls
// it hung: the reads fixed take milliseconds, the hangs they were forever.
const hangGuard = 60 * time.Second

// finishes runs f and fails the test when f has not returned within
// hangGuard (f goes on running: it is a hang being reported).
func finishes(t *testing.T, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
	case <-time.After(hangGuard):
		t.Fatalf("%s: still running after %s", what, hangGuard)
	}
}

// opencodeSchema is the part of opencode's schema cardtui reads.
const opencodeSchema = `
CREATE TABLE message (id text PRIMARY KEY, session_id text NOT NULL, time_created integer NOT NULL, data text NOT NULL);
CREATE TABLE part (id text PRIMARY KEY, message_id text NOT NULL, session_id text NOT NULL, data text NOT NULL);`

// opencodeSession is the session table; sessionView replaces it by a
// view over an endless query.
const (
	opencodeSession = `CREATE TABLE session (id text PRIMARY KEY, parent_id text, directory text NOT NULL DEFAULT '',
		title text NOT NULL DEFAULT '', time_created integer NOT NULL DEFAULT 0, time_updated integer NOT NULL DEFAULT 0);`
	sessionView = `CREATE VIEW session AS WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c)
		SELECT 'ses' || n AS id, NULL AS parent_id, '' AS directory, printf('%.*c', 100000000, 'x') AS title,
		n AS time_created, n AS time_updated FROM c ORDER BY title DESC;`
)

// writeDatabase writes a database at path with the statements given.
func writeDatabase(t *testing.T, path string, statements ...string) {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	require.NoError(t, err)
	defer db.Close()
	for _, s := range statements {
		_, err := db.Exec(s)
		require.NoError(t, err, s)
	}
}

// opencodeHome is a data home whose opencode database is written with the
// statements given, and the database's path.
func opencodeHome(t *testing.T, statements ...string) (home, path string) {
	home = t.TempDir()
	path = opencode.DatabasePath(home)
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	writeDatabase(t, path, statements...)
	return home, path
}

// listOpencode lists the opencode sessions of a data home.
func listOpencode(t *testing.T, home string) []sessions.Session {
	t.Helper()
	return listAgent(t, "opencode", home)
}

// listAgent lists an agent's sessions under its home, within the hang
// guard.
func listAgent(t *testing.T, agent sessions.Agent, home string) []sessions.Session {
	t.Helper()
	var list []sessions.Session
	finishes(t, "listing", func() {
		var err error
		list, err = sessions.List(sessions.Options{
			Sources: agents.Sessions, Agents: []sessions.Agent{agent}, Roots: sessions.Roots{agent: home},
		})
		assert.NoError(t, err)
	})
	return list
}

// readDocument reads a database (or db#session) as the command does.
func readDocument(t *testing.T, operand string) (string, error) {
	t.Helper()
	var text string
	var err error
	finishes(t, "reading "+operand, func() {
		var rc io.ReadCloser
		var ok bool
		rc, _, ok, err = agents.OpenDocument(operand)
		if err != nil || !ok {
			err = fmt.Errorf("not opened (%v)", err)
			return
		}
		defer rc.Close()
		data, _ := io.ReadAll(rc)
		text = string(data)
	})
	return text, err
}

// TestDatabaseViewNotRead: a session table that is a view over an endless
// query that sorts 100 MB titles is not read: the listing names the
// database with a problem, at once.
func TestDatabaseViewNotRead(t *testing.T) {
	home, path := opencodeHome(t, opencodeSchema, sessionView)
	list := listOpencode(t, home)
	require.Len(t, list, 1)
	assert.Equal(t, path, list[0].Path)
	assert.Contains(t, list[0].Problem, "view")
	_, err := readDocument(t, path)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "view")
}

// TestDatabaseValueBound: a real table whose generated column builds a
// 900 MB title on every read is not read: the title is missing.
func TestDatabaseValueBound(t *testing.T) {
	home, _ := opencodeHome(t, opencodeSchema, `CREATE TABLE session (id text PRIMARY KEY, parent_id text,
		directory text NOT NULL DEFAULT '', time_created integer NOT NULL DEFAULT 0, time_updated integer NOT NULL DEFAULT 0)`,
		`INSERT INTO session (id) VALUES ('ses1'), ('ses2'), ('ses3')`,
		`ALTER TABLE session ADD COLUMN title text GENERATED ALWAYS AS (printf('%.*c', 900000000, 'x')) VIRTUAL`)
	list := listOpencode(t, home)
	require.Len(t, list, 3)
	for _, s := range list {
		assert.Empty(t, s.Problem)
		assert.Empty(t, s.Title)
	}
}

// TestDatabaseNotRegular: a database that is a FIFO with no writer, or a
// link to a character device, is a problem of the listing, not a hang.
func TestDatabaseNotRegular(t *testing.T) {
	for name, make := range map[string]func(path string) error{
		"fifo":   func(path string) error { return syscall.Mkfifo(path, 0o600) },
		"device": func(path string) error { return os.Symlink("/dev/zero", path) },
	} {
		t.Run(name, func(t *testing.T) {
			home := t.TempDir()
			path := opencode.DatabasePath(home)
			require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
			require.NoError(t, make(path))
			list := listOpencode(t, home)
			require.Len(t, list, 1)
			assert.Contains(t, list[0].Problem, "not a regular file")
			_, err := readDocument(t, path+"#ses1")
			assert.Error(t, err)
		})
	}
}

// opencodeRows are a session with a prompt and a part.
func opencodeRows(session, part string) string {
	return fmt.Sprintf(`INSERT INTO session (id, title) VALUES ('%[1]s', 'title %[1]s');
		INSERT INTO message VALUES ('msg_%[1]s', '%[1]s', 1, '{"role":"user"}');
		INSERT INTO part VALUES ('prt_%[1]s', 'msg_%[1]s', '%[1]s', '%[2]s');`, session, part)
}

// besideFiles are the sums of the files of a database's folder.
func besideFiles(t *testing.T, dir string) map[string][32]byte {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	sums := map[string][32]byte{}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		require.NoError(t, err)
		sums[e.Name()] = sha256.Sum256(data)
	}
	return sums
}

// TestDatabaseNothingBeside: listing and reading a database in WAL mode,
// whose agent is not running (no -wal, no -shm), creates no file beside
// it and changes none.
func TestDatabaseNothingBeside(t *testing.T) {
	home, path := opencodeHome(t, "PRAGMA journal_mode=WAL", opencodeSchema, opencodeSession,
		opencodeRows("ses1", `{"type":"text","text":"hello"}`))
	before := besideFiles(t, filepath.Dir(path))
	require.Len(t, before, 1, "the writer removed its -wal and -shm on closing")
	list := listOpencode(t, home)
	require.Len(t, list, 1)
	assert.Empty(t, list[0].Problem)
	assert.Equal(t, "hello", list[0].FirstPrompt)
	text, err := readDocument(t, path+"#ses1")
	require.NoError(t, err)
	assert.Contains(t, text, "hello")
	assert.Equal(t, before, besideFiles(t, filepath.Dir(path)))
}

// TestDatabaseBeingWritten: a database its agent is writing at the same
// moment (its rows still in the write-ahead log) is read with them, and
// the agent's files are changed by the agent only.
func TestDatabaseBeingWritten(t *testing.T) {
	home, path := opencodeHome(t, "PRAGMA journal_mode=WAL", opencodeSchema, opencodeSession)
	agent, err := sql.Open("sqlite", path)
	require.NoError(t, err)
	defer agent.Close()
	agent.SetMaxOpenConns(1)
	for i := range 3 {
		_, err := agent.Exec("PRAGMA wal_autocheckpoint=0; " +
			opencodeRows(fmt.Sprintf("ses%d", i), fmt.Sprintf(`{"type":"text","text":"prompt %d"}`, i)))
		require.NoError(t, err)
		before := besideFiles(t, filepath.Dir(path))
		require.Contains(t, before, "opencode.db-wal")
		list := listOpencode(t, home)
		require.Len(t, list, i+1)
		assert.Equal(t, fmt.Sprintf("prompt %d", i), list[i].FirstPrompt)
		text, err := readDocument(t, list[i].Path)
		require.NoError(t, err)
		assert.Contains(t, text, fmt.Sprintf("prompt %d", i))
		assert.Equal(t, before, besideFiles(t, filepath.Dir(path)))
	}
}

// TestDatabaseDeepPart: a part nested deeper than SQLite's JSON parser
// goes costs its own session's prompt and that part, never the other
// sessions of the database.
func TestDatabaseDeepPart(t *testing.T) {
	deep := strings.Repeat(`{"a":`, 1100) + "1" + strings.Repeat("}", 1100)
	home, path := opencodeHome(t, opencodeSchema, opencodeSession,
		opencodeRows("ses1", `{"type":"text","text":"good"}`), opencodeRows("ses2", deep))
	list := listOpencode(t, home)
	require.Len(t, list, 2)
	assert.Empty(t, list[0].Problem)
	assert.Equal(t, "good", list[0].FirstPrompt)
	assert.Empty(t, list[1].Problem)
	text, err := readDocument(t, path+"#ses1")
	require.NoError(t, err)
	assert.Contains(t, text, "good")
	_, err = readDocument(t, path+"#ses2")
	require.NoError(t, err)
}

// TestDatabaseLongChain: the last of a chain of 20,000 sub-agent
// sessions opens (the sessions under the one read are found once, not
// walked up from every session).
func TestDatabaseLongChain(t *testing.T) {
	var b strings.Builder
	b.WriteString("INSERT INTO session (id, parent_id, time_created) VALUES ('s0', NULL, 0)")
	for i := 1; i < 20_000; i++ {
		fmt.Fprintf(&b, ", ('s%d', 's%d', %d)", i, i-1, i)
	}
	_, path := opencodeHome(t, opencodeSchema, opencodeSession, b.String())
	start := time.Now()
	text, err := readDocument(t, path+"#s19999")
	require.NoError(t, err)
	assert.Equal(t, 1, strings.Count(text, `"type":"opencode.session"`), "only the last session: %.200s", text)
	t.Logf("opened in %s", time.Since(start))
}

// TestCrushProjectsNotRegular: a crush/projects.json that is /dev/zero is
// a problem of the listing, not read (it was read whole, without end).
func TestCrushProjectsNotRegular(t *testing.T) {
	home := t.TempDir()
	path := filepath.Join(home, "crush", "projects.json")
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	require.NoError(t, os.Symlink("/dev/zero", path))
	list := listAgent(t, "crush", home)
	require.Len(t, list, 1)
	assert.Contains(t, list[0].Problem, "not a regular file")
}

// TestDatabaseParentCycle: sessions that are each other's parent are
// listed and read once each.
func TestDatabaseParentCycle(t *testing.T) {
	home, path := opencodeHome(t, opencodeSchema, opencodeSession,
		opencodeRows("ses1", `{"type":"text","text":"one"}`), opencodeRows("ses2", `{"type":"text","text":"two"}`),
		"UPDATE session SET parent_id = 'ses2' WHERE id = 'ses1'", "UPDATE session SET parent_id = 'ses1' WHERE id = 'ses2'")
	assert.Len(t, listOpencode(t, home), 2)
	text, err := readDocument(t, path+"#ses1")
	require.NoError(t, err)
	assert.Equal(t, 2, strings.Count(text, `"type":"opencode.session"`))
}

// TestDatabaseByteFlips: 300 databases, each a recorded one with random
// bytes changed, are listed and read without a panic or a hang (a
// problem is fine).
func TestDatabaseByteFlips(t *testing.T) {
	testkit.SkipLong(t, "300 databases read twice")
	t.Parallel()
	for _, src := range []string{"../../agents/opencode/testdata/opencode-1.18.33/opencode.db", "../../agents/crush/testdata/crush-0.90.0/crush.db"} {
		data, err := os.ReadFile(src)
		require.NoError(t, err)
		rng := rand.New(rand.NewPCG(1, uint64(len(data))))
		for i := range 150 {
			flipped := slices.Clone(data)
			for range 1 + rng.IntN(8) {
				flipped[rng.IntN(len(flipped))] ^= byte(1 + rng.IntN(255))
			}
			path := filepath.Join(t.TempDir(), filepath.Base(src))
			require.NoError(t, os.WriteFile(path, flipped, 0o600))
			finishes(t, fmt.Sprintf("%s flipped #%d", src, i), func() {
				if rc, _, ok, err := agents.OpenDocument(path); ok && err == nil {
					_, _ = replay.Load(rc, path, replay.Options{Formats: agents.Formats, Path: path})
					rc.Close()
				}
			})
		}
	}
}

// TestDatabaseStringEscapes: escape sequences in a database's titles and
// prompts reach neither the listing nor a replay of the session.
func TestDatabaseStringEscapes(t *testing.T) {
	t.Parallel()
	bin := gobuild.Program(t, commandPackage)
	home := t.TempDir()
	path := opencode.DatabasePath(filepath.Join(home, ".local", "share"))
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	writeDatabase(t, path, opencodeSchema, opencodeSession,
		opencodeRows("ses1", `{"type":"text","text":"hi \u001b]52;c;ZXZpbA==\u0007 \u009b2J"}`),
		"UPDATE session SET title = 'T \x1b]0;pwned\x07 \x1b[2J', directory = '/p\x1b[31m'")
	env := append(os.Environ(), "HOME="+home, "XDG_DATA_HOME=", "XDG_CACHE_HOME="+filepath.Join(home, ".cache"))
	for _, args := range [][]string{
		{"sessions", "--all"},
		{"sessions", "--all", "--json"},
		{"replay", "--print", "--color", "always", path + "#ses1"},
		{"replay", "--print", path + "#ses1"},
	} {
		cmd := exec.Command(bin, args...)
		cmd.Env, cmd.Dir = env, home
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "%v: %s", args, out)
		for _, bad := range []string{"\x1b]52", "\x1b]0", "\x1b[2J", "\u009b", "\x07"} {
			assert.NotContains(t, string(out), bad, "%v", args)
		}
		assert.Contains(t, string(out), "pwned", "%v: the text stays visible", args)
	}
}

// TestDatabaseNullColumns: a session whose title, directory and times are
// NULL costs those values, never the other sessions of the database.
func TestDatabaseNullColumns(t *testing.T) {
	home, _ := opencodeHome(t, opencodeSchema, `CREATE TABLE session (id text PRIMARY KEY, parent_id text,
		directory text, title text, time_created integer, time_updated integer)`,
		opencodeRows("ses1", `{"type":"text","text":"one"}`), opencodeRows("ses2", `{"type":"text","text":"two"}`),
		"UPDATE session SET title = NULL, directory = NULL, time_created = NULL WHERE id = 'ses1'")
	list := listOpencode(t, home)
	require.Len(t, list, 2)
	for _, s := range list {
		assert.Empty(t, s.Problem)
	}
}
