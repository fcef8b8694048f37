package sessions_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/agents"
	"github.com/cardtui/cardtui/internal/testkit/fakehome"
	"github.com/cardtui/cardtui/sessions"
)

// benchFiles and benchFileSize make the history of the benchmark: 2,000
// session files of 1 MiB, about 2 GB.
const (
	benchFiles    = 2000
	benchFileSize = 1 << 20
)

// writeHistory writes benchFiles Claude Code transcripts of about
// benchFileSize bytes each under root: a real head, then tool calls and
// results up to the size.
func writeHistory(b *testing.B, root string) {
	b.Helper()
	head := fakehome.SessionFile(b, "claude-tools.jsonl")
	call := `{"parentUuid":"p","isSidechain":false,"cwd":"/home/dev/tally","sessionId":"s","type":"assistant","message":{"role":"assistant","content":[{"type":"tool_use","id":"toolu_1","name":"Bash","input":{"command":"go test ./..."}}]},"uuid":"u","timestamp":"2025-10-07T09:00:00.000Z"}` + "\n"
	result := `{"parentUuid":"u","isSidechain":false,"cwd":"/home/dev/tally","sessionId":"s","type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_1","content":"` + strings.Repeat("ok  \\texample.com/tally\\t0.01s\\n", 60) + `"}]},"uuid":"v","timestamp":"2025-10-07T09:00:01.000Z"}` + "\n"
	pair := call + result
	body := head + strings.Repeat(pair, (benchFileSize-len(head))/len(pair))
	for i := range benchFiles {
		dir := filepath.Join(root, "projects", fmt.Sprintf("-home-dev-project%02d", i%40))
		require.NoError(b, os.MkdirAll(dir, 0o755))
		require.NoError(b, os.WriteFile(filepath.Join(dir, fmt.Sprintf("%08d.jsonl", i)), []byte(body), 0o644))
	}
}

// BenchmarkList lists a 2 GB history: cold with an empty index (every
// file is read at its head and tail; the page cache is not dropped), and
// warm with the index the cold run left (no file is read).
func BenchmarkList(b *testing.B) {
	home := b.TempDir()
	writeHistory(b, filepath.Join(home, ".claude"))
	roots := sessions.Roots{"claude": filepath.Join(home, ".claude"), "codex": filepath.Join(home, ".codex"), "harness": filepath.Join(home, ".dsh")}
	list := func(b *testing.B, cache string) {
		got, err := sessions.List(sessions.Options{Sources: agents.Sessions, Roots: roots, CacheDir: cache})
		require.NoError(b, err)
		require.Len(b, got, benchFiles)
	}
	b.Run("cold", func(b *testing.B) {
		for b.Loop() {
			list(b, b.TempDir())
		}
	})
	b.Run("warm", func(b *testing.B) {
		cache := b.TempDir()
		list(b, cache)
		for b.Loop() {
			list(b, cache)
		}
	})
}
