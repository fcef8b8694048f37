package sessions_test

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

// FuzzRead reads arbitrary bytes as a session file of every agent, plain
// and as a .zstd log: reading never panics, and what it learns holds
// together (the size is the file's; a count is never negative).
func FuzzRead(f *testing.F) {
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
