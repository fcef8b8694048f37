package agents_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/agents"
	"github.com/cardtui/cardtui/internal/testkit/fakehome"
	"github.com/cardtui/cardtui/sessions"
)

// TestRootsFromEnv: the home of each agent of agents.Sessions, as the
// environment names it.
func TestRootsFromEnv(t *testing.T) {
	t.Setenv("HOME", "/home/someone")
	t.Setenv("CLAUDE_CONFIG_DIR", "/etc/claude")
	t.Setenv("CODEX_HOME", "")
	t.Setenv("DSH_HOME", "~/harness")
	t.Setenv("XDG_DATA_HOME", "/data")

	r := sessions.RootsFromEnv(agents.Sessions)

	assert.Equal(t, sessions.Roots{
		"claude": "/etc/claude", "codex": "/home/someone/.codex", "harness": "/home/someone/harness",
		"gemini": "/home/someone/.gemini", "opencode": "/data", "crush": "/data",
	}, r)
}

// FuzzSessionsRead reads arbitrary bytes as a session file of every agent
// of agents.Sessions, plain and as a .zstd log: reading never panics, and
// what it learns holds together (the size is the file's; a count is never
// negative).
func FuzzSessionsRead(f *testing.F) {
	for _, name := range []string{"claude-tools.jsonl", "codex-exec.jsonl", "demo.jsonl", "torn-tail.jsonl"} {
		f.Add([]byte(fakehome.SessionFile(f, name)))
	}
	f.Add([]byte("{\"type\":\"session\",\"cwd\":1}\n\x00\xff\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		for _, name := range []string{"session.jsonl", "session.jsonl.zstd"} {
			path := filepath.Join(dir, name)
			require.NoError(t, os.WriteFile(path, data, 0o644))
			for _, src := range agents.Sessions {
				s := sessions.Read(path, src)
				assert.Equal(t, int64(len(data)), s.Size)
				assert.GreaterOrEqual(t, s.ToolCalls, 0)
				assert.Equal(t, src.Agent, s.Agent)
			}
		}
	})
}
