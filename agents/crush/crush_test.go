package crush_test

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/agents"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
	"github.com/cardtui/cardtui/replay"
	"github.com/cardtui/cardtui/sessions"
)

// database is a Crush database written from Crush 0.90.0's migrations
// and in the shapes Crush writes (scripts/record-agents.d/crush.sh).
const database = "testdata/crush-0.90.0/crush.db"

// autoOptions detects the format among every agent's.
var autoOptions = replay.Options{Formats: agents.Formats}

// loadDocument reads a database as the command does.
func loadDocument(t *testing.T, operand string) *replay.Transcript {
	t.Helper()
	rc, format, ok, err := agents.OpenDocument(operand)
	require.True(t, ok)
	require.NoError(t, err)
	defer rc.Close()
	assert.Equal(t, "crush", format)
	data, err := io.ReadAll(rc)
	require.NoError(t, err)
	tr := replaytest.LoadBytes(t, replay.Options{Formats: agents.Formats, Format: format}, data)
	replaytest.CheckAccounted(t, data, tr)
	return tr
}

func outcomes(tr *replay.Transcript) []string {
	var list []string
	for _, c := range replaytest.ToolCards(tr) {
		list = append(list, c.Tool+":"+c.Outcome.String())
	}
	return list
}

func TestDatabase(t *testing.T) {
	tr := loadDocument(t, database)
	assert.Empty(t, replaytest.Problems(tr))
	assert.Equal(t, []string{
		"view:done", "edit:done", "bash:done", "bash:failed", "write:rejected", "agent:done",
		"shell_command:failed",
	}, outcomes(tr), "a bash ending \"Exit code 2\" failed though not is_error")
	agent := replaytest.ToolCards(tr)[5]
	require.Len(t, agent.Children, 5, "the sub-agent's session is nested under its call")
	grep := agent.Children[2].(cards.ToolCard)
	assert.Equal(t, "grep", grep.Tool)
	assert.NotNil(t, grep.Result)
	golden.Assert(t, "database.txt", replaytest.Describe(tr))
	golden.Assert(t, "database-80.txt", replaytest.RenderPlain(tr, 80))
	assert.Contains(t, tr.Entries, cards.Entry(cards.Notice{Text: "fake-model via fake in 1s"}))
}

func TestBadLines(t *testing.T) {
	tr := replaytest.LoadLines(t, autoOptions,
		`{"type":"crush.session","session":{"id":"s"}}`,
		`{"type":"crush.message","message":{"role":"assistant","parts":[{"data":{}}]}}`,
		`{"type":"crush.message","message":{"role":"tool","parts":"[not json"}}`,
		`{"type":"crush.message","message":{"role":"assistant","parts":[{"type":"finish","data":{"reason":"canceled"}},{"type":"future","data":{}}]}}`,
	)
	problems := replaytest.Problems(tr)
	require.Len(t, problems, 2)
	assert.Contains(t, problems[0].Reason, `missing field "type"`)
	assert.Equal(t, 3, problems[1].Line)
	assert.Equal(t, 1, tr.Stats.Skipped["future"])
}

// fakeHome is a data home whose crush/projects.json lists a project
// holding the database.
func fakeHome(t *testing.T) (home, project string) {
	t.Helper()
	home, project = t.TempDir(), t.TempDir()
	data, err := os.ReadFile(database)
	require.NoError(t, err)
	dataDir := filepath.Join(project, ".crush")
	require.NoError(t, os.MkdirAll(dataDir, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dataDir, "crush.db"), data, 0o644))
	list, err := json.Marshal(map[string]any{"projects": []map[string]string{{"path": project, "data_dir": dataDir}}})
	require.NoError(t, err)
	require.NoError(t, os.MkdirAll(filepath.Join(home, "crush"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(home, "crush", "projects.json"), list, 0o644))
	return home, project
}

func TestSessionsSource(t *testing.T) {
	home, project := fakeHome(t)
	list, err := sessions.List(sessions.Options{
		Sources: agents.Sessions, Agents: []sessions.Agent{"crush"}, Roots: sessions.Roots{"crush": home},
	})
	require.NoError(t, err)
	require.Len(t, list, 2)
	main, sub := list[0], list[1]
	assert.Equal(t, "Tidy the calculator", main.Title)
	assert.Equal(t, "Tidy the calculator in this folder: read it, edit it, run it, and report in Markdown.", main.FirstPrompt)
	assert.Equal(t, project, main.Project)
	assert.Equal(t, 6, main.ToolCalls)
	assert.GreaterOrEqual(t, main.LastActivity.Unix(), int64(1796415000), "times in seconds")
	assert.Equal(t, int64(1796415000), main.Started.Unix())
	assert.False(t, main.Subagent)
	assert.True(t, sub.Subagent)
	assert.Equal(t, "Find the TODOs", sub.Title)

	tr := loadDocument(t, sub.Path)
	assert.Equal(t, []string{"grep:done"}, outcomes(tr))
}
