package sessions_test

import (
	"encoding/json"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/agents/views"
	"github.com/cardtui/cardtui/internal/testkit/fakehome"
	"github.com/cardtui/cardtui/sessions"
)

// TestSourceFromOutside: an agent's sessions are listed from its Source
// alone, defined outside the sessions package: where its files are, what
// marks a call, and what its lines say.
func TestSourceFromOutside(t *testing.T) {
	home := t.TempDir()
	path := fakehome.Write(t, filepath.Join(home, "logs", "a.jsonl"),
		`{"type":"notice","text":"cwd /src/toy"}`+"\n"+`{"type":"call","id":"c1","view":{"card":"generic","title":"a"}}`+"\n"+`{"type":"call","id":"c2","view":{"card":"generic","title":"b"}}`+"\n", time.Now())
	toy := sessions.Source{
		Agent:  "toy",
		Format: views.Format,
		Where:  func(home string) []string { return []string{filepath.Join(home, "logs", "*.jsonl")} },
		Discover: func(home string, f *sessions.Found) {
			for _, e := range f.Entries(filepath.Join(home, "logs")) {
				f.File(filepath.Join(home, "logs", e.Name()), false)
			}
		},
		Meta: func(l []byte, f *sessions.Facts) error {
			var m struct{ Text string }
			if err := json.Unmarshal(l, &m); err != nil {
				return err
			}
			if cwd, ok := strings.CutPrefix(m.Text, "cwd "); ok {
				f.Project = cwd
				f.Stamp("2026-01-02T03:04:05Z")
			}
			return nil
		},
	}

	list, err := sessions.List(sessions.Options{Sources: []sessions.Source{toy}, Roots: sessions.Roots{"toy": home}})
	require.NoError(t, err)

	require.Len(t, list, 1)
	s := list[0]
	assert.Equal(t, sessions.Agent("toy"), s.Agent)
	assert.Equal(t, path, s.Path)
	assert.Equal(t, "/src/toy", s.Project)
	assert.Equal(t, 2, s.ToolCalls)
	assert.Equal(t, time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC), s.Started)
	assert.Equal(t, []string{filepath.Join(home, "logs", "*.jsonl")}, sessions.Roots{"toy": home}.Where([]sessions.Source{toy}))
}

// TestListedSessionsAreSearched: a session a Source lists itself (one of
// a database's, "DB#SESSION") is searched through its OpenListed; its
// document is kept in the cache for as long as its last activity is the
// same, and read anew once the session moved on.
func TestListedSessionsAreSearched(t *testing.T) {
	home := t.TempDir()
	db := fakehome.Write(t, filepath.Join(home, "toy.db"), "not read by the listing", time.Now())
	text, active := "first words", time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	opened := 0
	toy := sessions.Source{
		Agent:  "toy",
		Format: views.Format,
		Discover: func(home string, f *sessions.Found) {
			f.Listed(sessions.Session{Path: db + "#s1", LastActivity: active})
		},
		Meta: func([]byte, *sessions.Facts) error { return nil },
		OpenListed: func(path, session string) (io.ReadCloser, error) {
			opened++
			assert.Equal(t, db, path)
			assert.Equal(t, "s1", session)
			return io.NopCloser(strings.NewReader(`{"type":"message","role":"assistant","text":"` + text + `"}` + "\n")), nil
		},
	}
	o := sessions.Options{Sources: []sessions.Source{toy}, Roots: sessions.Roots{"toy": home}, CacheDir: t.TempDir()}
	search := func(words string) []string {
		list, err := sessions.List(o)
		require.NoError(t, err)
		var found []string
		sessions.Search(o, list, sessions.LiteralMatcher([]byte(words)), false, func(h sessions.Hit) bool {
			found = append(found, h.Session.Path+": "+h.Line.Text)
			return true
		})
		return found
	}

	assert.Equal(t, []string{db + "#s1: first words"}, search("first"))
	assert.Equal(t, []string{db + "#s1: first words"}, search("words"))
	assert.Equal(t, 1, opened, "the second search reads the cache")
	text, active = "later words", active.Add(time.Minute)
	assert.Equal(t, []string{db + "#s1: later words"}, search("words"))
	assert.Equal(t, 2, opened, "a session that moved on is read anew")
}
