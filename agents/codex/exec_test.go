package codex_test

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/agents/nodb"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
	"github.com/cardtui/cardtui/replay"
)

// readExec reads what a recorded `codex exec --json` printed.
func readExec(t testing.TB, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name, "exec.jsonl"))
	require.NoError(t, err)
	return data
}

// TestCodexExecGoldens: what `codex exec --json` printed is detected as
// codex-exec and replays with no problem, each item once.
func TestCodexExecGoldens(t *testing.T) {
	for _, name := range codex169Rollouts {
		t.Run(name, func(t *testing.T) {
			data := readExec(t, name)
			tr := replaytest.LoadBytes(t, agentsOptions, data)
			replaytest.CheckAccounted(t, data, tr)
			assert.Equal(t, "codex-exec", tr.Format)
			require.Empty(t, replaytest.Problems(tr), replaytest.Describe(tr))
			assert.Equal(t, map[string]int{"turn.started": 1}, tr.Stats.Skipped)
			golden.Assert(t, name+".exec.plain.w100.golden", replaytest.RenderPlain(tr, 100))
		})
	}
}

// TestCodexExecItems: a command is its `bash -lc` script with its output
// and exit code, a patch names its files, the usage is a notice.
func TestCodexExecItems(t *testing.T) {
	tr := replaytest.LoadBytes(t, agentsOptions, readExec(t, "codex-0.169.0"))
	cs := replaytest.ToolCards(tr)
	require.Len(t, cs, 5)
	assert.Equal(t, cards.TerminalCall{Title: "sed -n '1,40p' calc.py"}, cs[0].Call)
	assert.Equal(t, cards.TerminalCall{Title: "sleep 2; echo finished; exit 3"}, cs[4].Call)
	assert.Equal(t, cards.TerminalResult{Output: "finished\n", ExitCode: ptr(3)}, cs[4].Result)
	assert.Equal(t, cards.StateFailed, cs[4].State())
	patch := cs[2].Call.(cards.GenericCall)
	assert.Equal(t, "Edit 3 files", patch.Title)
	assert.Equal(t, "A /tmp/rec/codex-json/proj/NOTES.md\nM /tmp/rec/codex-json/proj/calc.py\nD /tmp/rec/codex-json/proj/util.py",
		patch.Content[0].(cards.TextBlock).Text)
	assert.Contains(t, tr.Entries, cards.Notice{Text: "Turn completed: 1260 input tokens (0 cached), 91 output tokens (16 reasoning)"})
}

// TestCodexExecLive: piped in as codex prints it, a command's card is
// running from its item.started until its item.completed gives it its
// result.
func TestCodexExecLive(t *testing.T) {
	lines := bytes.SplitAfter(readExec(t, "codex-0.169.0"), []byte("\n"))
	started := 5 // thread, turn, reasoning, message, the first command's item.started
	r, w := io.Pipe()
	caughtUp := make(chan []cards.Change, 16)
	go func() {
		_, _ = w.Write(bytes.Join(lines[:started], nil))
		<-caughtUp
		_, _ = w.Write(bytes.Join(lines[started:], nil))
		_ = w.Close()
	}()
	var first []cards.Change
	sent := false
	tr, err := replay.Stream(context.Background(), r, "-", replay.StreamOptions{Options: nodb.Options("")}, func(b replay.Batch) {
		if sent {
			return
		}
		first = append(first, b.Changes...)
		if b.CaughtUp && len(first) >= 4 {
			sent = true
			caughtUp <- first
		}
	})
	require.NoError(t, err)
	require.True(t, sent)
	running := first[len(first)-1].Entry.(cards.ToolCard)
	assert.Equal(t, cards.StateRunning, running.State())
	assert.Equal(t, "codex-exec", tr.Format)
	assert.Equal(t, cards.StateDone, replaytest.ToolCards(tr)[0].State())
}

// TestCodexExecShapes: the other items and lines in the shapes of
// @openai/codex-sdk's ThreadEvent, and bad ones.
func TestCodexExecShapes(t *testing.T) {
	tr := replaytest.LoadLines(t, agentsOptions,
		`{"type":"thread.started","thread_id":"t1"}`,
		`{"type":"item.started","item":{"id":"i1","type":"todo_list","items":[{"text":"Read","completed":true},{"text":"Edit","completed":false}]}}`,
		`{"type":"item.completed","item":{"id":"i2","type":"mcp_tool_call","server":"docs","tool":"search","arguments":{"q":"x"},"result":{"content":[{"type":"text","text":"found"}],"structured_content":null},"status":"completed"}}`,
		`{"type":"item.completed","item":{"id":"i3","type":"mcp_tool_call","server":"docs","tool":"fetch","arguments":{},"error":{"message":"timed out"},"status":"failed"}}`,
		`{"type":"item.completed","item":{"id":"i4","type":"web_search","query":"cardtui"}}`,
		`{"type":"item.completed","item":{"id":"i5","type":"error","message":"a warning"}}`,
		`{"type":"item.completed","item":{"id":"i6","type":"command_execution","command":"rm -rf /","aggregated_output":"","exit_code":null,"status":"declined"}}`,
		`{"type":"item.completed","item":{"id":"i7","type":"collab_tool_call"}}`,
		`{"type":"turn.failed","error":{"message":"stream disconnected"}}`,
		`{"type":"error","message":"reconnecting"}`,
		`{"type":"item.completed","item":{"type":"agent_message","text":"no id"}}`,
		`{"type":"item.completed","item":"not an object"}`,
	)
	cs := replaytest.ToolCards(tr)
	require.Len(t, cs, 5, replaytest.Describe(tr))
	assert.Equal(t, "Update plan", cs[0].Call.(cards.GenericCall).Title)
	assert.Contains(t, cs[0].Result.(cards.GenericResult).Content[0].(cards.TextBlock).Text, "- [x] Read")
	assert.Equal(t, "docs__search", cs[1].Tool)
	assert.Equal(t, cards.StateDone, cs[1].State())
	assert.Equal(t, cards.StateFailed, cs[2].State())
	assert.Equal(t, `Search the web for "cardtui"`, cs[3].Call.(cards.GenericCall).Title)
	assert.Equal(t, cards.StateRejected, cs[4].State())
	assert.Contains(t, tr.Entries, cards.Notice{Text: "Error: a warning"})
	assert.Contains(t, tr.Entries, cards.Notice{Text: "The turn failed: stream disconnected"})
	assert.Contains(t, tr.Entries, cards.Notice{Text: "Error: reconnecting"})
	assert.Equal(t, 1, tr.Stats.Skipped["item.completed/collab_tool_call"])
	var reasons []string
	for _, p := range replaytest.Problems(tr) {
		reasons = append(reasons, p.Reason)
	}
	assert.Equal(t, []string{`missing field "item.id"`, `field "item": want an object, found a string`}, reasons)
}
