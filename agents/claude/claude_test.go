package claude_test

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/agents/nodb"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
	"github.com/cardtui/cardtui/replay"
)

// TestClaudeSessionGoldens pins the rendered transcripts of the Claude
// Code sessions written for the tests.
func TestClaudeSessionGoldens(t *testing.T) {
	for _, name := range []string{"claude-tools", "claude-subagent", "claude-failures"} {
		t.Run(name, func(t *testing.T) {
			tr := replaytest.LoadBytes(t, agentsOptions, golden.Session(t, name+".jsonl"))
			require.Empty(t, replaytest.Problems(tr), replaytest.Describe(tr))
			golden.Assert(t, name+".plain.w100.golden", replaytest.RenderPlain(tr, 100))
		})
	}
}

// claudeCards returns the cards of a transcript by call id.
func claudeCards(tr *replay.Transcript) map[string]cards.ToolCard {
	byID := map[string]cards.ToolCard{}
	for _, c := range replaytest.ToolCards(tr) {
		byID[c.ID] = c
	}
	return byID
}

// TestClaudeToolsSession checks what the session of every tool becomes.
func TestClaudeToolsSession(t *testing.T) {
	data := golden.Session(t, "claude-tools.jsonl")
	tr := replaytest.LoadBytes(t, agentsOptions, data)

	require.Empty(t, replaytest.Problems(tr), replaytest.Describe(tr))
	assert.Equal(t, bytes.Count(data, []byte("\n")), tr.Stats.Events)
	assert.Equal(t, bytes.Count(data, []byte(`"type":"tool_use"`)), tr.Stats.ToolCards)
	assert.Equal(t, "Word counts: --json flag and whitespace fix", tr.Title)
	assert.Equal(t, map[string]int{"file-history-snapshot": 1, "progress": 1, "queue-operation": 1}, tr.Stats.Skipped,
		"the turn_duration line is the turn's duration")

	byID := claudeCards(tr)
	for id, c := range byID {
		assert.NotNil(t, c.Call, id)
		assert.NotNil(t, c.Result, id)
	}
	read := byID["toolu_01Read"].Result.(cards.ReadResult)
	assert.Equal(t, 3, read.Offset)
	assert.Equal(t, cards.ReadLine{Number: 7, Text: "\treturn len(strings.Split(strings.TrimSpace(s), \" \"))"}, read.Lines[4])
	edit := byID["toolu_02Edit"].Result.(cards.DiffResult)
	require.Len(t, edit.Diffs, 1)
	assert.Equal(t, [2]int{4, 4}, [2]int{edit.Diffs[0].OldStart, edit.Diffs[0].NewStart})
	multi := byID["toolu_03Multi"].Result.(cards.DiffResult)
	require.Len(t, multi.Diffs, 2)
	assert.Equal(t, 23, multi.Diffs[1].NewStart)
	assert.Equal(t, 1, *byID["toolu_05Bash"].Result.(cards.TerminalResult).ExitCode)
	assert.Equal(t, 0, *byID["toolu_11Bash"].Result.(cards.TerminalResult).ExitCode)
	assert.Equal(t, "interrupted", byID["toolu_15Long"].Result.(cards.TerminalResult).Title)
	assert.Equal(t, "Error", byID["toolu_09Edit"].Result.(cards.GenericResult).Title)
	assert.Equal(t, "github - create_issue (MCP)", byID["toolu_20Mcp"].Call.(cards.GenericCall).Title)

	assert.Contains(t, withoutTurns(tr.Entries), cards.Message{Role: cards.RoleUser, Text: "/init"})
	assert.Contains(t, withoutTurns(tr.Entries), cards.Message{Role: cards.RoleUser, Text: "/cost"})
	assert.Contains(t, tr.Entries, cards.Message{Role: cards.RoleContext, Text: "Total cost: $0.42\nTotal duration (API): 3m 12s"})
	assert.Contains(t, tr.Entries, cards.Message{Role: cards.RoleReasoning, Text: "I should read count.go first, then fix the split, then add the flag."})
	assert.Contains(t, tr.Entries, cards.Notice{Text: "Interrupted by the user while a tool was running"})
	assert.Contains(t, tr.Entries, cards.Notice{Text: "Context compacted (auto, 155,210 tokens before)"})
	assert.NotContains(t, tr.Entries, cards.Notice{Text: "Context compacted: the earlier conversation was replaced by the summary below"},
		"the summary right after a compaction boundary needs no Notice of its own")
}

// TestClaudeSubagentSession: each sub-agent's turns follow its Task card
// under a Notice naming it, even when its lines are out of order in the
// file; its prompt is not repeated and its text is collapsed.
func TestClaudeSubagentSession(t *testing.T) {
	tr := replaytest.LoadBytes(t, agentsOptions, golden.Session(t, "claude-subagent.jsonl"))
	require.Empty(t, replaytest.Problems(tr), replaytest.Describe(tr))

	var outline []string
	for _, e := range tr.Entries {
		switch e := e.(type) {
		case cards.ToolCard:
			outline = append(outline, "card "+e.ID)
		case cards.Notice:
			outline = append(outline, e.Text)
		case cards.Message:
			outline = append(outline, string(e.Role))
		}
	}
	assert.Equal(t, []string{
		"Claude Code 2.0.8 session in /home/dev/tally (branch main)", "user", "card toolu_31TaskA", "card toolu_32TaskB",
		"Sub-agent · Review error handling", "context", "card toolu_41Grep", "card toolu_42Read", "context",
		"Sub-agent · Check the README", "card toolu_51Glob", "card toolu_52Bash", "context",
		"Main agent", "assistant",
	}, outline)
	byID := claudeCards(tr)
	assert.IsType(t, cards.SearchPaths{}, byID["toolu_51Glob"].Result, "the result written before its call still reaches it")
	task := byID["toolu_31TaskA"].Result.(cards.GenericResult)
	assert.Equal(t, cards.TextBlock{Text: "_2 tool uses · 18.3s · 20,417 tokens_", Markdown: true}, task.Content[len(task.Content)-1])
}

// claudeLine is a user line of a made-up transcript.
func claudeLine(uuid, parent, text string) string {
	p := `null`
	if parent != "" {
		p = `"` + parent + `"`
	}
	return fmt.Sprintf(`{"type":"user","uuid":%q,"parentUuid":%s,"sessionId":"s","message":{"role":"user","content":%q}}`, uuid, p, text)
}

// userTexts are the texts of the user messages of a transcript, in order.
func userTexts(tr *replay.Transcript) []string {
	var out []string
	for _, m := range replaytest.Messages(tr, cards.RoleUser) {
		out = append(out, m.Text)
	}
	return out
}

func TestClaudeFollowsTheParentChain(t *testing.T) {
	cases := []struct {
		name  string
		lines []string
		want  []string
	}{
		{"in order", []string{claudeLine("a", "", "1"), claudeLine("b", "a", "2"), claudeLine("c", "b", "3")}, []string{"1", "2", "3"}},
		{"a child before its parent", []string{claudeLine("a", "", "1"), claudeLine("c", "b", "3"), claudeLine("b", "a", "2")}, []string{"1", "2", "3"}},
		{
			"a chain written backwards",
			[]string{claudeLine("r", "", "0"), claudeLine("c", "b", "3"), claudeLine("b", "a", "2"), claudeLine("a", "r", "1")},
			[]string{"0", "1", "2", "3"},
		},
		{"the first line's parent is in another file", []string{claudeLine("b", "elsewhere", "1"), claudeLine("c", "b", "2")}, []string{"1", "2"}},
		{
			"other lines keep their place",
			[]string{claudeLine("a", "", "1"), claudeLine("c", "b", "3"), claudeLine("x", "a", "x"), claudeLine("b", "a", "2")},
			[]string{"1", "2", "3", "x"},
		},
		{
			"a parent not in the file",
			[]string{claudeLine("a", "", "1"), claudeLine("b", "elsewhere", "2"), claudeLine("c", "a", "3")},
			[]string{"1", "2", "3"},
		},
		{"a cycle", []string{claudeLine("r", "", "0"), claudeLine("a", "b", "1"), claudeLine("b", "a", "2")}, []string{"0", "2", "1"}},
		{"its own parent", []string{claudeLine("a", "a", "1"), claudeLine("b", "a", "2")}, []string{"1", "2"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr := replaytest.LoadLines(t, agentsOptions, c.lines...)
			require.Empty(t, replaytest.Problems(tr), replaytest.Describe(tr))
			assert.Equal(t, c.want, userTexts(tr))
			assert.Equal(t, len(c.lines), tr.Stats.Events)
		})
	}
}

// TestClaudeWaitsForAParentOnlySoLong: a line whose parent comes much
// later keeps its place in the file.
func TestClaudeWaitsForAParentOnlySoLong(t *testing.T) {
	lines := []string{claudeLine("late-child", "late-parent", "child")}
	for i := range 300 {
		lines = append(lines, claudeLine(fmt.Sprintf("u%d", i), "", fmt.Sprintf("%d", i)))
	}
	lines = append(lines, claudeLine("late-parent", "", "parent"))
	texts := userTexts(replaytest.LoadLines(t, agentsOptions, lines...))
	assert.Equal(t, "child", texts[0])
	assert.Equal(t, "parent", texts[len(texts)-1])
}

// TestClaudeStreamsLinesInOrder: Stream gives the same transcript as Load,
// lines held for their parent included.
func TestClaudeStreamsLinesInOrder(t *testing.T) {
	data := golden.Session(t, "claude-subagent.jsonl")
	var batches []replay.Batch
	streamed, err := replay.Stream(context.Background(), bytes.NewReader(data), "test.jsonl", replay.StreamOptions{Options: nodb.Options("")}, func(b replay.Batch) {
		batches = append(batches, b)
	})
	require.NoError(t, err)
	loaded := replaytest.LoadBytes(t, agentsOptions, data)
	assert.Equal(t, loaded.Entries, streamed.Entries)
	assert.NotEmpty(t, batches)
}

func TestClaudeDuplicateLines(t *testing.T) {
	line := claudeLine("a", "", "hi")
	tr := replaytest.LoadLines(t, agentsOptions, line, line, claudeLine("b", "a", "again"))
	require.Empty(t, replaytest.Problems(tr))
	assert.Equal(t, []string{"hi", "again"}, userTexts(tr))
	assert.Equal(t, map[string]int{"duplicate uuid": 1}, tr.Stats.Skipped)
}

// TestClaudeReusedUUID: a line under the uuid of an other line, saying
// something else, is no copy: it is shown where it is, with a Problem.
func TestClaudeReusedUUID(t *testing.T) {
	tr := replaytest.LoadLines(t, agentsOptions, claudeLine("a", "", "hi"), claudeLine("a", "", "something else"), claudeLine("b", "a", "again"))
	ps := replaytest.Problems(tr)
	require.Len(t, ps, 1)
	assert.Equal(t, 2, ps[0].Line)
	assert.Contains(t, ps[0].Reason, `uuid "a" is that of line 1`)
	assert.Equal(t, []string{"hi", "something else", "again"}, userTexts(tr))
	assert.Empty(t, tr.Stats.Skipped)
}

// TestClaudeUnknownLinesAreSkipped: a line of a type the decoder does not
// know is counted, whatever its fields hold; a line of a known type that
// does not decode is a Problem, and everything around it renders.
func TestClaudeUnknownLinesAreSkipped(t *testing.T) {
	tr := replaytest.LoadLines(t, agentsOptions,
		claudeLine("a", "", "first"),
		`{"type":"progress","uuid":"p1","parentUuid":"a","sessionId":"s","data":{"type":"bash_progress","output":"..."}}`,
		`{"type":"attachment","uuid":7,"message":"not an object","isMeta":"yes","sessionId":"s"}`,
		`{"type":"assistant","uuid":"x","parentUuid":"a","sessionId":"s","message":{"content":7}}`,
		`{"type":"user","uuid":"y","parentUuid":"a","sessionId":"s","message":{"content":[{"type":"text","text":5}]}}`,
		`{"type":"user","sessionId":"s"}`,
		`{"type":"user","uuid":"z","parentUuid":"a","sessionId":"s", oops}`,
		claudeLine("b", "p1", "last"),
	)
	assert.Equal(t, map[string]int{"progress": 1, "attachment": 1}, tr.Stats.Skipped)
	assert.Equal(t, []string{"first", "last"}, userTexts(tr))
	ps := replaytest.Problems(tr)
	require.Len(t, ps, 4)
	assert.Equal(t, []int{4, 5, 6, 7}, []int{ps[0].Line, ps[1].Line, ps[2].Line, ps[3].Line})
	assert.Equal(t, `field "message.content": want a string or an array, found a number`, ps[0].Reason)
	assert.Equal(t, `field "message.content.text": want a string, found a number`, ps[1].Reason)
	assert.Equal(t, `missing field "message"`, ps[2].Reason)
	assert.Contains(t, ps[3].Reason, "not a JSON object")
	for _, e := range tr.Entries {
		assert.NotEmpty(t, replaytest.RenderPlain(&replay.Transcript{Entries: []cards.Entry{e}}, 60))
	}
}

func TestClaudeTornLastLine(t *testing.T) {
	whole := claudeLine("a", "", "kept")
	tr := replaytest.Load(t, agentsOptions, whole+"\n"+claudeLine("b", "a", "torn")[:40])
	assert.Equal(t, []string{"kept"}, userTexts(tr))
	require.Len(t, tr.InputNotices, 1)
	assert.Contains(t, tr.InputNotices[0], "line 2 is torn")
}

func TestClaudeMessages(t *testing.T) {
	tr := replaytest.LoadLines(t, agentsOptions,
		`{"type":"summary","summary":"Old title","leafUuid":"l1"}`,
		`{"type":"summary","summary":"New title","leafUuid":"l2"}`,
		`{"type":"user","uuid":"u1","parentUuid":null,"sessionId":"s","message":{"role":"user","content":"<bash-input>git status</bash-input>"}}`,
		`{"type":"user","uuid":"u2","parentUuid":"u1","sessionId":"s","message":{"role":"user","content":"<bash-stdout>clean</bash-stdout><bash-stderr></bash-stderr>"}}`,
		`{"type":"user","uuid":"u3","parentUuid":"u2","sessionId":"s","message":{"role":"user","content":[{"type":"text","text":"See"},{"type":"image","source":{"type":"base64","media_type":"image/png","data":"iVBO"}}]}}`,
		`{"type":"assistant","uuid":"u4","parentUuid":"u3","sessionId":"s","message":{"role":"assistant","content":[{"type":"redacted_thinking","data":"x"},{"type":"thinking","thinking":""},{"type":"text","text":"Looks fine."},{"type":"citations","x":1}]}}`,
		`{"type":"assistant","uuid":"u5","parentUuid":"u4","sessionId":"s","isApiErrorMessage":true,"message":{"role":"assistant","content":[{"type":"text","text":"API Error: 529 overloaded"}]}}`,
		`{"type":"user","uuid":"u6","parentUuid":"u5","sessionId":"s","message":{"role":"user","content":"[Request interrupted by user]"}}`,
		`{"type":"system","uuid":"u7","parentUuid":"u6","sessionId":"s","subtype":"informational","content":"Claude Code was updated.","level":"info"}`,
	)
	require.Empty(t, replaytest.Problems(tr))
	assert.Equal(t, "New title", tr.Title)
	assert.Equal(t, []cards.Entry{
		cards.Notice{Text: "Summary: Old title"},
		cards.Notice{Text: "Summary: New title"},
		cards.Message{Role: cards.RoleUser, Text: "! git status"},
		cards.Message{Role: cards.RoleContext, Text: "clean"},
		cards.Message{Role: cards.RoleUser, Text: "See\n\n[image: image/png]"},
		cards.Message{Role: cards.RoleReasoning, Text: "[redacted thinking]"},
		cards.Message{Role: cards.RoleAssistant, Text: "Looks fine."},
		cards.Message{Role: cards.RoleAssistant, Text: "[citations block]"},
		cards.Notice{Text: "API Error: 529 overloaded"},
		cards.Notice{Text: "Interrupted by the user"},
		cards.Notice{Text: "Claude Code was updated."},
	}, tr.Entries)
}

// TestClaudeResultsWithoutCalls: a result whose call is not in the file
// (the session continued another) gets a card of its own.
func TestClaudeResultsWithoutCalls(t *testing.T) {
	tr := replaytest.LoadLines(t, agentsOptions, `{"type":"user","uuid":"u1","parentUuid":"gone","sessionId":"s","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_x","content":"done"}]}}`)
	require.Empty(t, replaytest.Problems(tr))
	cs := replaytest.ToolCards(tr)
	require.Len(t, cs, 1)
	assert.Nil(t, cs[0].Call)
	assert.Equal(t, cards.GenericResult{Content: []cards.ContentBlock{cards.TextBlock{Text: "done"}}}, cs[0].Result)
}

// TestClaudeSubagentWithoutTask: sub-agent lines whose Task is not in the
// file (an agent's own transcript) are one group.
func TestClaudeSubagentWithoutTask(t *testing.T) {
	side := func(uuid, parent, text string) string {
		return strings.Replace(claudeLine(uuid, parent, text), `"type":"user"`, `"type":"user","isSidechain":true`, 1)
	}
	tr := replaytest.LoadLines(t, agentsOptions, side("a", "", "Look around."), side("b", "a", "more"), side("c", "lost", "and more"))
	var notices []string
	for _, e := range tr.Entries {
		if n, ok := e.(cards.Notice); ok {
			notices = append(notices, n.Text)
		}
	}
	assert.Equal(t, []string{"Sub-agent"}, notices)
	assert.Len(t, tr.Entries, 4, "the prompt of an unknown Task is shown")
}

// TestTranscriptFormat: the transcript says which format it was read as,
// detected or forced.
func TestTranscriptFormat(t *testing.T) {
	detected := map[string]string{
		"claude-tools.jsonl": "claude", "codex-exec.jsonl": "codex",
		"demo.jsonl": "harness", "demo-views.jsonl": "views",
	}
	for name, want := range detected {
		assert.Equal(t, want, replaytest.LoadBytes(t, agentsOptions, golden.Session(t, name)).Format, name)
	}
	forced, err := replay.Load(bytes.NewReader(golden.Session(t, "codex-exec.jsonl")), "x", replay.Options{Formats: nodb.Formats, Format: "claude"})
	require.NoError(t, err)
	assert.Equal(t, "claude", forced.Format)
	tr, err := replay.Load(strings.NewReader("not json\n"+replaytest.CallLine+"\n"), "x", agentsOptions)
	require.NoError(t, err)
	assert.Equal(t, "views", tr.Format, "detected after a bad line")
}

func TestClaudeLinesThatAreNotObjects(t *testing.T) {
	tr := replaytest.LoadLines(t, agentsOptions, claudeLine("a", "", "hi"), `null`, `[1]`, `"text"`)
	var reasons []string
	for _, p := range replaytest.Problems(tr) {
		reasons = append(reasons, p.Reason)
	}
	assert.Equal(t, []string{
		"not a JSON object: the line is null", "not a JSON object: the line is an array",
		"not a JSON object: the line is a string",
	}, reasons)
}
