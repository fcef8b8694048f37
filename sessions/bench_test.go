package sessions_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/agents/nodb"
	"github.com/cardtui/cardtui/internal/testkit/benchinput"
	"github.com/cardtui/cardtui/internal/testkit/fakehome"
	"github.com/cardtui/cardtui/sessions"
)

// benchFiles and benchFileSize make the history of the benchmarks: 2,000
// session files of 1 MiB, about 2 GB, unless CARDTUI_BENCH_SESSIONS says
// how many files.
var benchFiles = benchSessions()

const benchFileSize = 1 << 20

// benchSessions is the number of files CARDTUI_BENCH_SESSIONS asks for,
// else 2,000.
func benchSessions() int {
	if n, err := strconv.Atoi(os.Getenv("CARDTUI_BENCH_SESSIONS")); err == nil && n > 0 {
		return n
	}
	return 2000
}

// writeHistory writes benchFiles Claude Code transcripts of about
// benchFileSize bytes each under root: a real head, then distinct tool
// calls (commands) and their outputs up to the size. The i-th file's
// last call runs "make release-i".
func writeHistory(b *testing.B, root string) {
	b.Helper()
	head := fakehome.SessionFile(b, "claude-tools.jsonl")
	var body bytes.Buffer
	for i := range benchFiles {
		body.Reset()
		body.WriteString(head)
		for n := 0; body.Len() < benchFileSize; n++ {
			command := fmt.Sprintf("go test ./pkg%d/...", n)
			if body.Len() > benchFileSize-4096 {
				command = fmt.Sprintf("make release-%d", i)
			}
			var out strings.Builder
			for k := range 30 {
				fmt.Fprintf(&out, "ok  \\texample.com/tally/pkg%d/sub%d\\t0.%02ds\\n", n, k, (n+k)%100)
			}
			fmt.Fprintf(&body, `{"parentUuid":"r%d","isSidechain":false,"cwd":"/home/dev/tally","sessionId":"s","type":"assistant","message":{"role":"assistant","content":[{"type":"tool_use","id":"toolu_%d","name":"Bash","input":{"command":%q}}]},"uuid":"a%d","timestamp":"2025-10-07T09:00:00.000Z"}`+"\n", n, n, command, n)
			fmt.Fprintf(&body, `{"parentUuid":"a%d","isSidechain":false,"cwd":"/home/dev/tally","sessionId":"s","type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_%d","content":"%s"}]},"uuid":"r%d","timestamp":"2025-10-07T09:00:01.000Z"}`+"\n", n, n, out.String(), n+1)
		}
		dir := filepath.Join(root, "projects", fmt.Sprintf("-home-dev-project%02d", i%40))
		require.NoError(b, os.MkdirAll(dir, 0o755))
		require.NoError(b, os.WriteFile(filepath.Join(dir, fmt.Sprintf("%08d.jsonl", i)), body.Bytes(), 0o644))
	}
}

// benchHistory writes the history once per benchmark run and returns
// the options that list it. Under CARDTUI_BENCH_HOME the history is kept
// (in a folder named by its number of files) and written only when no
// earlier run finished writing it: binaries of two versions measured on
// the same files.
func benchHistory(b *testing.B) sessions.Options {
	home := b.TempDir()
	if dir := os.Getenv("CARDTUI_BENCH_HOME"); dir != "" {
		home = filepath.Join(dir, fmt.Sprintf("sessions-%d", benchFiles))
	}
	done := filepath.Join(home, "written")
	if _, err := os.Stat(done); err != nil {
		require.NoError(b, os.RemoveAll(home))
		writeHistory(b, filepath.Join(home, ".claude"))
		require.NoError(b, os.WriteFile(done, nil, 0o644))
	}
	roots := sessions.Roots{"claude": filepath.Join(home, ".claude"), "codex": filepath.Join(home, ".codex"), "harness": filepath.Join(home, ".dsh")}
	return sessions.Options{Sources: nodb.Sessions, Roots: roots}
}

// list lists the history with the index in cache.
func list(b *testing.B, o sessions.Options, cache string) []sessions.Session {
	o.CacheDir = cache
	got, err := sessions.List(o)
	require.NoError(b, err)
	require.Len(b, got, benchFiles)
	return got
}

// BenchmarkList lists a 2 GB history: cold with an empty index (every
// file is read whole by its decoder and its document written; the page
// cache is not dropped), and warm with the index the cold run left (no
// file is read).
func BenchmarkList(b *testing.B) {
	o := benchHistory(b)
	b.Run("cold", func(b *testing.B) {
		for b.Loop() {
			list(b, o, b.TempDir())
		}
	})
	b.Run("warm", func(b *testing.B) {
		cache := b.TempDir()
		list(b, o, cache)
		for b.Loop() {
			list(b, o, cache)
		}
	})
}

// BenchmarkSearch is `cardtui search --all` on a 2 GB history: a listing
// and a search of every session's document. Cold starts from an empty
// index (every file is read and its document written) and looks for a
// command that one session ran; warm starts from the index and documents
// a first run left, and looks for that command ("one"), and for a
// command no session ran whose every part every document holds
// ("partly": "go test ./pkg1" and "tally/pkg1/sub1"), the worst case,
// where no document can be skipped and each is read whole.
func BenchmarkSearch(b *testing.B) {
	o := benchHistory(b)
	one := needle{"one", fmt.Sprintf("make release-%d", benchFiles*5/8), 1}
	search := func(b *testing.B, cache string, n needle) {
		o.CacheDir = cache
		found := map[string]bool{}
		sessions.Search(o, list(b, o, cache), sessions.LiteralMatcher([]byte(n.text)), false, func(h sessions.Hit) bool {
			found[h.Session.Path] = true
			return true
		})
		require.Len(b, found, n.sessions, n.text)
	}
	b.Run("cold", func(b *testing.B) {
		for b.Loop() {
			search(b, b.TempDir(), one)
		}
	})
	b.Run("warm", func(b *testing.B) {
		cache := b.TempDir()
		search(b, cache, one)
		for _, n := range []needle{one, {"partly", "go test ./pkg1/sub1", 0}} {
			b.Run(n.name, func(b *testing.B) {
				for b.Loop() {
					search(b, cache, n)
				}
			})
		}
	})
}

// needle is a text searched for, and the number of sessions that hold it.
type needle struct {
	name, text string
	sessions   int
}

// generatedHome is a home of benchFiles sessions cloned from the
// recorded Claude Code and Codex sessions (benchinput.KeptHome), written
// once per run, or kept under CARDTUI_BENCH_HOME.
func generatedHome(b *testing.B) sessions.Options {
	home, err := benchinput.KeptHome(b.TempDir(), "..", benchFiles)
	require.NoError(b, err)
	roots := sessions.Roots{"claude": filepath.Join(home, ".claude"), "codex": filepath.Join(home, ".codex"), "harness": filepath.Join(home, ".dsh")}
	return sessions.Options{Sources: nodb.Sessions, Roots: roots}
}

// BenchmarkFirstRows is the picker's first screen on a cold cache over
// the generated home: the time to the first report of a listing (every
// session found, the newest screenful described from their files' heads
// and tails), which is then stopped.
func BenchmarkFirstRows(b *testing.B) {
	o := generatedHome(b)
	o.Heads = true
	for b.Loop() {
		o.CacheDir = b.TempDir()
		rows := 0
		_, err := sessions.ListProgressively(o, func(p sessions.Progress) bool {
			rows = len(p.Sessions)
			return false
		})
		require.NoError(b, err)
		require.Equal(b, benchFiles, rows)
	}
}

// BenchmarkListHome lists the generated home, cold (an empty index:
// every file read whole) and warm (the index the cold run left).
func BenchmarkListHome(b *testing.B) {
	o := generatedHome(b)
	b.Run("cold", func(b *testing.B) {
		for b.Loop() {
			list(b, o, b.TempDir())
		}
	})
	b.Run("warm", func(b *testing.B) {
		cache := b.TempDir()
		list(b, o, cache)
		for b.Loop() {
			list(b, o, cache)
		}
	})
}
