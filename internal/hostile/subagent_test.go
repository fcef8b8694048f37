package hostile_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/agents"
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
	var tr *replay.Transcript
	finishes(t, "replaying "+path, func() {
		f, err := os.Open(path)
		if !assert.NoError(t, err) {
			return
		}
		defer f.Close()
		tr, err = replay.Load(f, path, replay.Options{Formats: agents.Formats, Path: path})
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
