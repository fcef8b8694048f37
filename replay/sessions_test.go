package replay_test

import (
	"bytes"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/agents/nodb"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/demo"
	"github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
	"github.com/cardtui/cardtui/replay"
)

// TestSessionGoldens pins the whole rendered transcript of the sessions
// written for the tests.
func TestSessionGoldens(t *testing.T) {
	for _, name := range []string{"demo", "malformed-middle", "torn-tail", "acp-example"} {
		t.Run(name, func(t *testing.T) {
			tr, err := replay.Load(bytes.NewReader(golden.Session(t, name+".jsonl")), name+".jsonl", replay.Options{Formats: nodb.Formats})
			require.NoError(t, err)

			golden.Assert(t, name+".plain.w100.golden", replaytest.RenderPlain(tr, 100))
		})
	}
}

// demoCards are the demo's tool cards by tool name, in order.
func demoCards(t *testing.T) (*replay.Transcript, map[string][]cards.ToolCard) {
	t.Helper()
	tr := replaytest.LoadBytes(t, lineOptions, demo.Session)
	byTool := map[string][]cards.ToolCard{}
	for _, c := range replaytest.ToolCards(tr) {
		byTool[c.Tool] = append(byTool[c.Tool], c)
	}
	return tr, byTool
}

// TestDemoIsACleanSessionLog: the built-in demo replays without a problem
// and without a card left pending, under its title.
func TestDemoIsACleanSessionLog(t *testing.T) {
	tr, _ := demoCards(t)

	require.Empty(t, replaytest.Problems(tr), replaytest.Describe(tr))
	assert.Empty(t, tr.InputNotices)
	assert.Equal(t, "Add a --json flag to tally count", tr.Title)
	assert.Equal(t, bytes.Count(demo.Session, []byte("\n")), tr.Stats.Events)
	assert.Equal(t, bytes.Count(demo.Session, []byte(`{"type":"tool/call"`)), tr.Stats.ToolCards)
	for _, c := range replaytest.ToolCards(tr) {
		assert.NotNil(t, c.Result, "card %s (%s) has its result", c.ID, c.Tool)
	}
	roles := map[cards.Role]bool{}
	for _, e := range tr.Entries {
		if m, ok := e.(cards.Message); ok {
			roles[m.Role] = true
		}
	}
	assert.Equal(t, map[cards.Role]bool{cards.RoleUser: true, cards.RoleAssistant: true, cards.RoleReasoning: true, cards.RoleContext: true}, roles)
	for _, skipped := range []string{"assistant/chunk", "reasoning-chunks", "text-chunks", "tool-call-chunks", "turn/start", "step/end", "todo/write"} {
		assert.Positive(t, tr.Stats.Skipped[skipped], skipped)
	}
}

// TestDemoCallsEveryNativeTool checks the card each native tool makes in
// the demo: the producer's view, never the generic fallback.
func TestDemoCallsEveryNativeTool(t *testing.T) {
	_, byTool := demoCards(t)
	for _, tool := range []string{
		"read", "write", "edit", "bash", "job_output", "job_list", "job_kill",
		"todo_write", "glob", "grep", "web_search", "web_fetch",
	} {
		require.NotEmpty(t, byTool[tool], "the demo never calls %s", tool)
		for _, c := range byTool[tool] {
			if call, ok := c.Call.(cards.GenericCall); ok {
				assert.NotEqual(t, tool, call.Title, "%s fell back to the generic card", tool)
			}
		}
	}
	assert.IsType(t, cards.ReadResult{}, byTool["read"][0].Result)
	assert.IsType(t, cards.SearchPaths{}, byTool["glob"][0].Result)
	assert.IsType(t, cards.SearchMatches{}, byTool["grep"][0].Result)
	assert.IsType(t, cards.WebSearch{}, byTool["web_search"][0].Result)
	assert.IsType(t, cards.WebFetch{}, byTool["web_fetch"][0].Result)
	assert.Contains(t, byTool["todo_write"][1].Call.(cards.GenericCall).Content[0].(cards.TextBlock).Text, "- [x] Run the tests")
	assert.Equal(t, "Kill background job bash-1", byTool["job_kill"][0].Call.(cards.GenericCall).Title)
}

func TestDemoFileChanges(t *testing.T) {
	_, byTool := demoCards(t)

	written := byTool["write"][0].Result.(cards.DiffResult)
	require.Len(t, written.Diffs, 1)
	assert.Nil(t, written.Diffs[0].OldText, "a new file")
	assert.Equal(t, "internal/count/json.go", written.Diffs[0].Path)

	var replaceAll cards.DiffResult
	for _, c := range byTool["edit"] {
		if r := c.Result.(cards.DiffResult); len(r.Diffs) == 2 {
			replaceAll = r
		}
	}
	require.Len(t, replaceAll.Diffs, 2, "the replace_all edit has a hunk per site")
	assert.Equal(t, 24, replaceAll.Diffs[0].OldStart)
	assert.Equal(t, 33, replaceAll.Diffs[1].OldStart)
	for _, d := range replaceAll.Diffs {
		assert.Contains(t, *d.OldText, "count.EncodeJSON(")
		assert.Contains(t, d.NewText, "count.WriteJSON(")
	}
}

func TestDemoCommands(t *testing.T) {
	_, byTool := demoCards(t)
	var outcomes []string
	for _, c := range byTool["bash"] {
		switch r := c.Result.(type) {
		case cards.TerminalResult:
			outcomes = append(outcomes, c.Call.(cards.TerminalCall).Title+" → exit "+strconv.Itoa(*r.ExitCode))
		case cards.GenericResult:
			assert.Equal(t, cards.KindExecute, c.Call.(cards.GenericCall).Kind)
			outcomes = append(outcomes, "background: "+r.Content[0].(cards.TextBlock).Text)
		}
	}
	assert.Equal(t, []string{
		"go build ./... → exit 1", "go test ./... → exit 0",
		"background: started background job bash-1",
	}, outcomes)
	failed := byTool["bash"][0].Result.(cards.TerminalResult)
	assert.Contains(t, failed.Output, "undefined: count.EncodeJSON")
	assert.NotContains(t, failed.Output, "[exit code:", "the marker is taken out of the output")
}

// TestMalformedMiddleLine: the bad line is a Problem with its line number;
// everything around it renders, and the call whose tool/call line was bad
// still has its card from the assistant message.
func TestMalformedMiddleLine(t *testing.T) {
	tr := replaytest.LoadBytes(t, lineOptions, golden.Session(t, "malformed-middle.jsonl"))

	ps := replaytest.Problems(tr)
	require.Len(t, ps, 1)
	assert.Equal(t, 12, ps[0].Line)
	assert.Contains(t, ps[0].Reason, "not a JSON object")
	cs := replaytest.ToolCards(tr)
	require.Len(t, cs, 3)
	for _, c := range cs {
		assert.NotNil(t, c.Result, c.ID)
	}
	assert.Equal(t, cards.Message{Role: cards.RoleAssistant, Text: "Both footers now say © 2025."}, tr.Entries[len(tr.Entries)-1])
}

func TestTornTail(t *testing.T) {
	tr := replaytest.LoadBytes(t, lineOptions, golden.Session(t, "torn-tail.jsonl"))

	require.Empty(t, replaytest.Problems(tr))
	require.Len(t, tr.InputNotices, 1)
	assert.Contains(t, tr.InputNotices[0], "line 12 is torn")
	cs := replaytest.ToolCards(tr)
	require.Len(t, cs, 2)
	assert.NotNil(t, cs[0].Result)
	assert.True(t, cs[1].Ended, "the lint result was in the torn line")
}
