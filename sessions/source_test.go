package sessions_test

import (
	"encoding/json"
	"path/filepath"
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
		`{"type":"call","cwd":"/src/toy","at":"2026-01-02T03:04:05Z"}`+"\n"+`{"type":"call"}`+"\n", time.Now())
	toy := sessions.Source{
		Agent:  "toy",
		Format: views.Format,
		Where:  func(home string) []string { return []string{filepath.Join(home, "logs", "*.jsonl")} },
		Discover: func(home string, f *sessions.Found) {
			for _, e := range f.Entries(filepath.Join(home, "logs")) {
				f.File(filepath.Join(home, "logs", e.Name()), false)
			}
		},
		CallMarkers: [][]byte{[]byte(`"type":"call"`)},
		Meta: func(l []byte, f *sessions.Facts) error {
			var m struct{ Cwd, At string }
			if err := json.Unmarshal(l, &m); err != nil {
				return err
			}
			if m.Cwd != "" {
				f.Project = m.Cwd
			}
			f.Stamp(m.At)
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
