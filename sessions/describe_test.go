package sessions_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/agents/nodb"
	"github.com/cardtui/cardtui/internal/testkit"
	"github.com/cardtui/cardtui/internal/testkit/benchinput"
	"github.com/cardtui/cardtui/internal/testkit/fakehome"
	"github.com/cardtui/cardtui/replay"
	"github.com/cardtui/cardtui/sessions"
)

// TestDescribeSaysWhatReadSays: given the transcript a caller decoded,
// Describe says of every session file of a fake home, of one of several
// MiB (whose last lines are read from its tail) and of a Gemini CLI chat
// document (one JSON document, not lines), what Read says. Under -short
// the big file is 1.5 MiB, still past the 1 MiB head and 64 KiB tail
// that Describe reads before it seeks to the tail.
func TestDescribeSaysWhatReadSays(t *testing.T) {
	h := fakehome.New(t)
	big := filepath.Join(h.Roots["claude"], "projects", "-big", "0001.jsonl")
	require.NoError(t, os.MkdirAll(filepath.Dir(big), 0o755))
	size := testkit.Rounds(3<<20, 3<<19)
	require.NoError(t, os.WriteFile(big, benchinput.GrowClaude([]byte(fakehome.SessionFile(t, "claude-tools.jsonl")), size), 0o644))
	doc, err := filepath.Glob("../agents/gemini/testdata/chat-document/session-*.json")
	require.NoError(t, err)
	require.Len(t, doc, 1)
	paths := map[string]sessions.Agent{big: "claude", doc[0]: "gemini"}
	for name, p := range h.Paths {
		if name != "corrupt" {
			paths[p] = sessions.Agent(map[string]string{"archived": "codex", "zstd": "harness"}[name])
			if paths[p] == "" {
				paths[p] = sessions.Agent(name)
			}
		}
	}
	for path, agent := range paths {
		src, ok := sessions.Find(nodb.Sessions, agent)
		require.True(t, ok, agent)
		f, err := os.Open(path)
		require.NoError(t, err)
		opts := replay.Options{Formats: nodb.Formats, Path: path}
		tr, _ := replay.Load(f, path, opts)
		f.Close()
		require.NotNil(t, tr, path)

		want := sessions.Read(path, src)

		assert.Equal(t, want, sessions.Describe(path, src, tr), path)
		if path == big {
			assert.Greater(t, want.ToolCalls, 100)
		}
	}
}
