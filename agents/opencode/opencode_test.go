package opencode_test

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/agents"
	"github.com/cardtui/cardtui/agents/opencode"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
	"github.com/cardtui/cardtui/replay"
	"github.com/cardtui/cardtui/sessions"
)

// The shapes opencode 1.18.33 wrote against the fake model server
// (scripts/record-agents.d/opencode.sh): its database, the export of its
// first session and the events of a second run with --format json.
const (
	recorded = "testdata/opencode-1.18.33/"
	database = recorded + "opencode.db"
	exported = recorded + "export.json"
	events   = recorded + "run.jsonl"
)

// autoOptions detects the format among every agent's.
var autoOptions = replay.Options{Formats: agents.Formats}

// loadDocument reads a document of agents.Documents as the command does.
func loadDocument(t *testing.T, operand string) *replay.Transcript {
	t.Helper()
	rc, format, ok, err := agents.OpenDocument(operand)
	require.True(t, ok, "%s is a document", operand)
	require.NoError(t, err)
	defer rc.Close()
	assert.Equal(t, "opencode", format)
	data, err := io.ReadAll(rc)
	require.NoError(t, err)
	tr := replaytest.LoadBytes(t, replay.Options{Formats: agents.Formats, Format: format}, data)
	replaytest.CheckAccounted(t, data, tr)
	return tr
}

// outcomes are the tool and outcome of every card.
func outcomes(tr *replay.Transcript) []string {
	var list []string
	for _, c := range replaytest.ToolCards(tr) {
		list = append(list, c.Tool+":"+c.Outcome.String())
	}
	return list
}

// firstRun are the cards of one run of the scenario: rg is not installed
// where it was recorded, so grep and glob failed. The task's sub-agent
// made two calls more, nested under it.
var firstRun = []string{"read:done", "grep:failed", "glob:failed", "edit:done", "write:done", "bash:done", "bash:failed", "todowrite:done", "task:done"}

func TestRecordedExport(t *testing.T) {
	tr := loadDocument(t, exported)
	assert.Empty(t, replaytest.Problems(tr))
	assert.Equal(t, firstRun, outcomes(tr))
	golden.Assert(t, "export.txt", replaytest.Describe(tr))
	golden.Assert(t, "export-80.txt", replaytest.RenderPlain(tr, 80))
}

func TestRecordedDatabase(t *testing.T) {
	tr := loadDocument(t, database)
	assert.Empty(t, replaytest.Problems(tr))
	assert.Len(t, outcomes(tr), 2*len(firstRun), "both sessions")
	golden.Assert(t, "database.txt", replaytest.Describe(tr))
}

func TestRecordedEvents(t *testing.T) {
	data, err := os.ReadFile(events)
	require.NoError(t, err)
	tr := replaytest.LoadBytes(t, autoOptions, data)
	assert.Equal(t, "opencode", tr.Format)
	assert.Empty(t, replaytest.Problems(tr))
	replaytest.CheckAccounted(t, data, tr)
	golden.Assert(t, "run.txt", replaytest.Describe(tr))
}

// One session of the database is read by its id; an id it does not hold
// is an error that names it.
func TestOneSession(t *testing.T) {
	list := mainSessions(listSessions(t, fakeHome(t)))
	require.Len(t, list, 2)
	tr := loadDocument(t, list[1].Path) // the older
	assert.Equal(t, firstRun, outcomes(tr))
	_, _, ok, err := agents.OpenDocument(database + "#ses_nothere")
	assert.True(t, ok)
	assert.ErrorContains(t, err, `no session "ses_nothere"`)
}

// A rejected permission and an aborted call are told from a failure by
// opencode's words for them; a message's error is a notice.
func TestOutcomes(t *testing.T) {
	tr := replaytest.LoadLines(t, autoOptions,
		`{"type":"opencode.session","info":{"id":"ses_1","title":"t","directory":"/p"}}`,
		`{"type":"opencode.message","info":{"id":"msg_1","role":"user"},"parts":[{"type":"text","text":"go"},{"type":"text","text":"<file>…</file>","synthetic":true}]}`,
		`{"type":"opencode.message","info":{"id":"msg_2","role":"assistant","error":{"name":"MessageAbortedError","data":{"message":"Aborted"}}},"parts":[`+
			`{"type":"tool","callID":"c1","tool":"bash","state":{"status":"error","input":{"command":"rm -rf /"},"error":"The user rejected permission to use this specific tool call."}},`+
			`{"type":"tool","callID":"c2","tool":"bash","state":{"status":"error","input":{"command":"sleep 9"},"error":"Tool execution aborted"}},`+
			`{"type":"tool","callID":"c3","tool":"edit","state":{"status":"running","input":{"filePath":"a.go","oldString":"a","newString":"b"}}}]}`,
	)
	assert.Empty(t, replaytest.Problems(tr))
	assert.Equal(t, []string{"bash:rejected", "bash:interrupted", "edit:done"}, outcomes(tr))
	assert.Equal(t, cards.RoleContext, tr.Entries[2].(cards.Message).Role)
	assert.Equal(t, cards.Notice{Text: "error: MessageAbortedError: Aborted"}, tr.Entries[len(tr.Entries)-1])
	assert.True(t, replaytest.ToolCards(tr)[2].Ended, "a running call the session ends with has no result")
}

func TestBadLines(t *testing.T) {
	tr := replaytest.LoadLines(t, autoOptions,
		`{"type":"opencode.session","info":{"id":"ses_1"}}`,
		`{"type":"opencode.message","info":{"role":"assistant"},"parts":[{"type":"tool","tool":"bash","state":{}}]}`,
		`{"type":"opencode.message","info":{"role":"assistant"},"parts":[{"text":"no type"}]}`,
		`{"type":"opencode.message","info":"not an object"}`,
	)
	problems := replaytest.Problems(tr)
	require.Len(t, problems, 3)
	assert.Contains(t, problems[0].Reason, "parts[0]: tool part: missing callID")
	assert.Contains(t, problems[1].Reason, `missing field "type"`)
	assert.Equal(t, 4, problems[2].Line)
}

func TestNotADocument(t *testing.T) {
	_, _, ok, err := agents.OpenDocument(events)
	assert.False(t, ok, "JSON lines are read as lines")
	assert.NoError(t, err)
	bad := filepath.Join(t.TempDir(), "bad.db")
	require.NoError(t, os.WriteFile(bad, append([]byte("SQLite format 3\x00"), make([]byte, 100)...), 0o644))
	_, _, ok, err = agents.OpenDocument(bad)
	assert.True(t, ok)
	assert.Error(t, err)
}

// fakeHome is a data home holding the recorded database where opencode
// keeps it.
func fakeHome(t *testing.T) string {
	t.Helper()
	home := t.TempDir()
	data, err := os.ReadFile(database)
	require.NoError(t, err)
	path := opencode.DatabasePath(home)
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	require.NoError(t, os.WriteFile(path, data, 0o644))
	return home
}

// listSessions lists opencode's sessions under the data home.
func listSessions(t *testing.T, home string) []sessions.Session {
	t.Helper()
	list, err := sessions.List(sessions.Options{
		Sources: agents.Sessions, Agents: []sessions.Agent{"opencode"}, Roots: sessions.Roots{"opencode": home},
	})
	require.NoError(t, err)
	return list
}

// mainSessions are the sessions of list that are no sub-agent's.
func mainSessions(list []sessions.Session) []sessions.Session {
	var main []sessions.Session
	for _, s := range list {
		if !s.Subagent {
			main = append(main, s)
		}
	}
	return main
}

func TestSessionsSource(t *testing.T) {
	home := fakeHome(t)
	all := listSessions(t, home)
	require.Len(t, all, 4, "two runs, each with its sub-agent's session")
	list := mainSessions(all)
	require.Len(t, list, 2)
	for _, s := range list {
		assert.Equal(t, sessions.Agent("opencode"), s.Agent)
		assert.Regexp(t, `opencode\.db#ses_`, s.Path)
		assert.Equal(t, "/tmp/rec/opencode/proj", s.Project)
		assert.Equal(t, "Let me read the calculator.", s.Title)
		assert.Equal(t, `"Tidy the calculator in this folder: read it, search it, edit it, run it, and report in Markdown."`, s.FirstPrompt)
		assert.Equal(t, 11, s.ToolCalls, "its 9 calls and its sub-agent's 2, as the viewer nests them")
		assert.True(t, s.LastActivity.After(s.Started))
		assert.Empty(t, s.Problem)
	}
	assert.True(t, list[0].LastActivity.After(list[1].LastActivity), "newest first")
}

// A sub-agent's session is read under the task call that started it: its
// calls are the task card's children, without the prompt and answer the
// card shows already; reading the database whole nests them too.
func TestSubagentSessionNestsUnderItsTask(t *testing.T) {
	list := mainSessions(listSessions(t, fakeHome(t)))
	require.NotEmpty(t, list)
	for _, tr := range []*replay.Transcript{loadDocument(t, list[0].Path), loadDocument(t, database)} {
		var tasks []cards.ToolCard
		for _, c := range replaytest.ToolCards(tr) {
			if c.Tool == "task" {
				tasks = append(tasks, c)
			}
		}
		require.NotEmpty(t, tasks)
		for _, task := range tasks {
			require.Len(t, task.Children, 2, "the sub-agent's grep and read, nothing else")
			assert.Equal(t, "grep", task.Children[0].(cards.ToolCard).Tool)
			assert.Equal(t, cards.OutcomeFailed, task.Children[0].(cards.ToolCard).Outcome)
			assert.Equal(t, "read", task.Children[1].(cards.ToolCard).Tool)
			result := replaytest.RenderPlain(&replay.Transcript{Entries: []cards.Entry{task}}, 100)
			assert.Contains(t, result, "No TODO is left")
			assert.NotContains(t, result, "<task_result>", "the wrapper opencode hands its model")
		}
		for _, e := range tr.Entries {
			if n, ok := e.(cards.Notice); ok {
				assert.NotContains(t, n.Text, "a sub-agent's session", "no sub-agent session read apart")
			}
		}
	}
}

func TestMatch(t *testing.T) {
	head := func(p string) []byte {
		data, err := os.ReadFile(p)
		require.NoError(t, err)
		return data[:min(len(data), 512)]
	}
	assert.True(t, opencode.Document.Match(head(exported)))
	assert.True(t, opencode.Document.Match(head(database)))
	assert.False(t, opencode.Document.Match(head(events)))
	assert.False(t, opencode.Document.Match([]byte(`{"info":{}}`)), "one line is a log")
	_, err := opencode.Document.Open("", bytes.NewReader([]byte("{\n \"info\": [")), "")
	assert.ErrorContains(t, err, "opencode export")
}
