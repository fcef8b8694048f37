package hostile_test

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/agents"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
	"github.com/cardtui/cardtui/replay"
)

// agentSession writes a Claude Code session with calls Agent calls, each
// answered, and gives its path and its sub-agents' folder.
func agentSession(t *testing.T, calls int) (path, subagents string) {
	t.Helper()
	dir := t.TempDir()
	path = filepath.Join(dir, "s1.jsonl")
	subagents = filepath.Join(dir, "s1", "subagents")
	require.NoError(t, os.MkdirAll(subagents, 0o755))
	var b strings.Builder
	head := `"sessionId":"s1","cwd":"/p","timestamp":"2026-01-02T10:00:00.000Z"`
	fmt.Fprintf(&b, `{"type":"user",%s,"uuid":"u0","parentUuid":null,"message":{"role":"user","content":"go"}}`+"\n", head)
	for i := range calls {
		fmt.Fprintf(&b, `{"type":"assistant",%s,"uuid":"a%d","message":{"role":"assistant","id":"m%d","content":[`+
			`{"type":"tool_use","id":"toolu_%d","name":"Agent","input":{"description":"d%d","prompt":"survey %d"}}]}}`+"\n",
			head, i, i, i, i, i)
		fmt.Fprintf(&b, `{"type":"user",%s,"uuid":"r%d","message":{"role":"user","content":[`+
			`{"type":"tool_result","tool_use_id":"toolu_%d","content":"done"}]}}`+"\n", head, i, i)
	}
	require.NoError(t, os.WriteFile(path, []byte(b.String()), 0o600))
	return path, subagents
}

// loadSession replays a session file as the command does, within the
// hang guard.
func loadSession(t *testing.T, path string) *replay.Transcript {
	t.Helper()
	return loadWithin(t, path, func() (io.ReadCloser, replay.Options, error) {
		f, err := os.Open(path)
		return f, replay.Options{Formats: agents.Formats, Path: path}, err
	})
}

// loadWithin replays what open opens, named name, within the hang guard.
func loadWithin(t *testing.T, name string, open func() (io.ReadCloser, replay.Options, error)) *replay.Transcript {
	t.Helper()
	var tr *replay.Transcript
	finishes(t, "replaying "+name, func() {
		rc, opts, err := open()
		if !assert.NoError(t, err) {
			return
		}
		defer rc.Close()
		tr, err = replay.Load(rc, name, opts)
		assert.NoError(t, err)
	})
	require.NotNil(t, tr)
	return tr
}

// TestSubagentFilesNotRegular: a sub-agent transcript that is a FIFO with
// no writer and a .meta.json that is /dev/zero are neither waited on nor
// read: the session replays, its Agent card says the transcript was not
// read.
func TestSubagentFilesNotRegular(t *testing.T) {
	path, dir := agentSession(t, 1)
	require.NoError(t, syscall.Mkfifo(filepath.Join(dir, "agent-a1.jsonl"), 0o600))
	require.NoError(t, os.Symlink("/dev/zero", filepath.Join(dir, "agent-a1.meta.json")))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "agent-a2.jsonl"), nil, 0o600))
	require.NoError(t, os.Symlink("/dev/zero", filepath.Join(dir, "agent-a2.meta.json")))
	tr := loadSession(t, path)
	assert.Zero(t, tr.Stats.Problems)
}

// TestSubagentFilesReadOnce: transcripts whose first line gives no prompt
// (links to one sparse 64 MiB file) are read once each, not again for
// every Agent call that found no transcript, and only their first MiB is
// read for a prompt.
func TestSubagentFilesReadOnce(t *testing.T) {
	path, dir := agentSession(t, 20)
	sparse := filepath.Join(t.TempDir(), "sparse")
	f, err := os.Create(sparse)
	require.NoError(t, err)
	require.NoError(t, f.Truncate(64<<20))
	require.NoError(t, f.Close())
	for i := range 20 {
		require.NoError(t, os.Symlink(sparse, filepath.Join(dir, fmt.Sprintf("agent-l%d.jsonl", i))))
	}
	tr := loadSession(t, path)
	assert.Zero(t, tr.Stats.Problems)
}

// bytesRead is how many bytes the process has read from files so far
// (rchar of /proc/self/io); the test skips where there is none.
func bytesRead(t *testing.T) int64 {
	t.Helper()
	data, err := os.ReadFile("/proc/self/io")
	if err != nil {
		t.Skip("no /proc/self/io to count the bytes read:", err)
	}
	for line := range strings.Lines(string(data)) {
		if v, ok := strings.CutPrefix(line, "rchar: "); ok {
			n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
			require.NoError(t, err)
			return n
		}
	}
	t.Fatalf("no rchar in /proc/self/io: %s", data)
	return 0
}

// agentTranscript writes a sub-agent transcript whose first line is the
// prompt given, padded to pad bytes, followed by lines lines of text, and
// gives its size and its first line's.
func agentTranscript(t *testing.T, path, prompt string, pad, lines int) (size, first int64) {
	t.Helper()
	head := `"sessionId":"s1","cwd":"/p","timestamp":"2026-01-02T10:00:01.000Z"`
	var b strings.Builder
	fmt.Fprintf(&b, `{"type":"user",%s,"uuid":"p","message":{"role":"user","content":%q}}`+"\n",
		head, prompt+strings.Repeat(" ", pad))
	first = int64(b.Len())
	for i := range lines {
		fmt.Fprintf(&b, `{"type":"assistant",%s,"uuid":"x%d","message":{"role":"assistant","id":"mx%d","content":[{"type":"text","text":"step %d %s"}]}}`+"\n",
			head, i, i, i, strings.Repeat("y", 1000))
	}
	require.NoError(t, os.WriteFile(path, []byte(b.String()), 0o600))
	return int64(b.Len()), first
}

// TestSubagentFilesBytesReadOnce: a replay reads each byte of a session's
// sub-agent files at most once (up to a small read-ahead per file): a
// transcript its .meta.json matches to its call is not also read for its
// first line, one matched by its prompt is not read again from the
// start, and one that matches no call is read for its first line only,
// once.
func TestSubagentFilesBytesReadOnce(t *testing.T) {
	const readAhead = 4 << 10
	path, dir := agentSession(t, 3)
	info, err := os.Stat(path)
	require.NoError(t, err)
	total := info.Size()
	meta := `{"agentType":"general-purpose","toolUseId":"toolu_0"}`
	require.NoError(t, os.WriteFile(filepath.Join(dir, "agent-a0.meta.json"), []byte(meta), 0o600))
	total += int64(len(meta))
	for _, name := range []string{"a0", "a1"} {
		size, _ := agentTranscript(t, filepath.Join(dir, "agent-"+name+".jsonl"), "survey "+name[1:], 300<<10, 200)
		total += size
	}
	_, first := agentTranscript(t, filepath.Join(dir, "agent-a9.jsonl"), "nobody's", 300<<10, 200)
	total += first
	before := bytesRead(t)
	tr := loadSession(t, path)
	read := bytesRead(t) - before
	t.Logf("%d bytes read for %d bytes of files", read, total)
	assert.Zero(t, tr.Stats.Problems)
	assert.LessOrEqual(t, read, total+2*readAhead, "%d bytes read of %d", read, total)
	text := replaytest.Describe(tr)
	for _, want := range []string{"step 199", "step 0"} {
		assert.Equal(t, 2, strings.Count(text, want+" "), "%s: both matched transcripts nested", want)
	}
}
