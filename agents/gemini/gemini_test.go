package gemini_test

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/agents/nodb"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
	"github.com/cardtui/cardtui/replay"
)

// chat is the chat Gemini CLI 0.61.0 recorded against the fake model
// server (scripts/record-agents.d/gemini.sh).
const chat = "testdata/gemini-0.61.0/chat.jsonl"

// autoOptions detects the format among every agent's.
var autoOptions = nodb.Options(replay.Auto)

func TestRecordedChat(t *testing.T) {
	data, err := os.ReadFile(chat)
	require.NoError(t, err)
	tr := replaytest.LoadBytes(t, autoOptions, data)
	assert.Equal(t, "gemini", tr.Format)
	assert.Empty(t, replaytest.Problems(tr))
	replaytest.CheckAccounted(t, data, tr)
	golden.Assert(t, "chat.txt", replaytest.Describe(tr))
	golden.Assert(t, "chat-80.txt", replaytest.RenderPlain(tr, 80))

	var outcomes []string
	for _, c := range replaytest.ToolCards(tr) {
		outcomes = append(outcomes, c.Tool+":"+c.Outcome.String())
	}
	assert.Equal(t, []string{
		"read_file:done", "grep_search:done", "replace:done", "write_file:done",
		"run_shell_command:done", "run_shell_command:failed", "write_todos:done",
	}, outcomes)
	first := tr.Entries[0].(cards.Message)
	assert.Equal(t, cards.RoleContext, first.Role, "the session context is not a prompt")
}

// The same message written again with its calls adds the calls once;
// $rewindTo rolls back what followed; $set titles the session.
func TestRewriteRewindAndTitle(t *testing.T) {
	tr := replaytest.LoadLines(t, autoOptions,
		`{"sessionId":"s1","projectHash":"h","startTime":"2026-01-01T00:00:00Z","kind":"main"}`,
		`{"id":"u1","timestamp":"t","type":"user","content":[{"text":"fix it"}]}`,
		`{"id":"g1","timestamp":"t","type":"gemini","content":"On it."}`,
		`{"id":"g1","timestamp":"t","type":"gemini","content":"On it.","toolCalls":[{"id":"c1","name":"run_shell_command","args":{"command":"make"},"status":"executing"}]}`,
		`{"id":"g1","timestamp":"t","type":"gemini","content":"On it.","toolCalls":[{"id":"c1","name":"run_shell_command","args":{"command":"make"},"status":"cancelled","result":[{"functionResponse":{"response":{"error":"cancelled"}}}]}]}`,
		`{"$set":{"summary":"Fix the build"}}`,
		`{"$rewindTo":"g1"}`,
		`{"id":"u2","timestamp":"t","type":"user","content":"try again"}`,
	)
	assert.Empty(t, replaytest.Problems(tr))
	assert.Equal(t, "Fix the build", tr.Title)
	cardsSeen := replaytest.ToolCards(tr)
	require.Len(t, cardsSeen, 1)
	assert.Equal(t, cards.OutcomeInterrupted, cardsSeen[0].Outcome)
	assert.True(t, cardsSeen[0].RolledBack)
	last := tr.Entries[len(tr.Entries)-1].(cards.Message)
	assert.Equal(t, "try again", last.Text)
	assert.False(t, last.RolledBack)
}

func TestBadLines(t *testing.T) {
	tr := replaytest.LoadLines(t, autoOptions,
		`{"sessionId":"s1","projectHash":"h"}`,
		`{"what":1}`,
		`{"id":"g1","type":"gemini","content":"x","toolCalls":[{"id":"","name":""}]}`,
		`not json`,
	)
	problems := replaytest.Problems(tr)
	require.Len(t, problems, 3)
	assert.Equal(t, 2, problems[0].Line)
	assert.Contains(t, problems[1].Reason, "toolCalls[0]")
}

func TestSessionsSource(t *testing.T) {
	home := t.TempDir()
	data, err := os.ReadFile(chat)
	require.NoError(t, err)
	dir := filepath.Join(home, ".gemini", "tmp", "proj", "chats")
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "parent-id"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "session-2026-12-04T20-10-4748d382.jsonl"), data, 0o644))
	sub := strings.Replace(string(data), `"kind":"main"`, `"kind":"subagent"`, 1)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "parent-id", "sub.jsonl"), []byte(sub), 0o644))
	root, err := os.ReadFile("testdata/gemini-0.61.0/.project_root")
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "..", ".project_root"), root, 0o644))

	list := listSessions(t, home)
	require.Len(t, list, 2)
	for _, s := range list {
		assert.Equal(t, "Tidy the calculator in this folder: read it, search it, edit it, run it, and report in Markdown.", s.FirstPrompt)
		assert.Equal(t, "2026-12-04T20:10:48.725Z", s.Started.Format("2006-01-02T15:04:05.000Z"))
		assert.Equal(t, "2026-12-04T20:10:53.817Z", s.LastActivity.Format("2006-01-02T15:04:05.000Z"))
		assert.Empty(t, s.Problem)
		assert.Equal(t, 7, s.ToolCalls)
		assert.Equal(t, strings.HasSuffix(s.Path, "sub.jsonl"), s.Subagent)
		assert.Equal(t, "/tmp/rec/gemini/proj", s.Project, "the project named by .project_root")
	}
}

// A .project_root that is not one absolute path, or not a regular file,
// names no project; the chats are still listed.
func TestProjectRootThatSaysNothing(t *testing.T) {
	data, err := os.ReadFile(chat)
	require.NoError(t, err)
	for name, write := range map[string]func(path string) error{
		"missing":  func(string) error { return nil },
		"relative": func(p string) error { return os.WriteFile(p, []byte("proj"), 0o644) },
		"two lines": func(p string) error {
			return os.WriteFile(p, []byte("/a\n/b"), 0o644)
		},
		"too long": func(p string) error {
			return os.WriteFile(p, []byte("/"+strings.Repeat("a", 5000)), 0o644)
		},
		"a FIFO":      func(p string) error { return syscall.Mkfifo(p, 0o644) },
		"a directory": func(p string) error { return os.Mkdir(p, 0o755) },
	} {
		t.Run(name, func(t *testing.T) {
			home := t.TempDir()
			dir := filepath.Join(home, ".gemini", "tmp", "proj", "chats")
			require.NoError(t, os.MkdirAll(dir, 0o755))
			require.NoError(t, os.WriteFile(filepath.Join(dir, "session-1.jsonl"), data, 0o644))
			require.NoError(t, write(filepath.Join(dir, "..", ".project_root")))
			list := listSessions(t, home)
			require.Len(t, list, 1)
			assert.Empty(t, list[0].Project)
			assert.Empty(t, list[0].Problem)
		})
	}
}

// TestRecordedRepliesSayTimeAndModel: each reply of the recorded chat
// carries its message's timestamp and model.
func TestRecordedRepliesSayTimeAndModel(t *testing.T) {
	tr := replaytest.LoadFile(t, autoOptions, chat)
	replaytest.CheckReplies(t, tr, "gemini-2.5-flash", time.Date(2026, 12, 4, 20, 10, 49, 624e6, time.UTC))
	assert.Contains(t, replaytest.RenderPlain(tr, 80), "● Assistant · 20:10 · gemini-2.5-flash\n  Let me read the calculator.")
}

// TestRecordedSessionContextIsInternal: the session context Gemini CLI
// sends as the first user turn, which its UI never draws, is hidden with
// the other agents' internals.
func TestRecordedSessionContextIsInternal(t *testing.T) {
	first := replaytest.LoadFile(t, autoOptions, chat).Entries[0].(cards.Message)
	require.Equal(t, cards.RoleContext, first.Role)
	assert.True(t, cards.IsInternal(first))
}

// TestRecordedPromptSaysItsTurn: the prompt carries its turn's facts as
// Claude's and Codex's do: when it was sent, the model, how long the
// agent worked (to its last reply) and the tokens of the turn's replies,
// each message counted once however often it was written.
func TestRecordedPromptSaysItsTurn(t *testing.T) {
	tr := replaytest.LoadFile(t, autoOptions, chat)
	prompts := replaytest.Messages(tr, cards.RoleUser)
	require.Len(t, prompts, 1)
	start := time.Date(2026, 12, 4, 20, 10, 48, 790e6, time.UTC)
	assert.Equal(t, cards.Turn{
		Start: start, Model: "gemini-2.5-flash",
		Duration: time.Date(2026, 12, 4, 20, 10, 53, 813e6, time.UTC).Sub(start),
		Usage:    cards.Usage{Input: 1392, Output: 43},
	}, cards.Turn{Start: prompts[0].Turn.Start.UTC(), Model: prompts[0].Turn.Model, Duration: prompts[0].Turn.Duration, Usage: prompts[0].Turn.Usage})
	assert.Contains(t, replaytest.RenderPlain(tr, 80), "▌ You · 20:10 · gemini-2.5-flash · 5s · 1.4k tokens\n")
}
