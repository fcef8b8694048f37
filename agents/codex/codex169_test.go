package codex_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/charmbracelet/colorprofile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
	"github.com/cardtui/cardtui/render"
	"github.com/cardtui/cardtui/replay"
)

// codex169Rollouts are the rollouts Codex 0.169.0 wrote, recorded by
// scripts/record-agents (codex, codex-code).
var codex169Rollouts = []string{"codex-0.169.0", "codex-0.169.0-code"}

// codex169Hidden are the record types of a 0.169 rollout that Codex's own
// UI shows nothing for, or shows from another record replay draws: the
// rest must not be skipped.
var codex169Hidden = map[string]bool{
	"turn_context":                          true, // the settings the model got
	"world_state":                           true, // the workspace state the model got
	"token_usage_record":                    true, // usage bookkeeping
	"event_msg/token_count":                 true, // the context meter
	"event_msg/task_started":                true, // the turn's start
	"event_msg/task_complete":               true, // the turn's end
	"event_msg/thread_settings_applied":     true, // the settings of the thread
	"response_item/message":                 true, // shown by its item_completed
	"response_item/reasoning":               true, // likewise
	"event_msg/item_completed/UserMessage":  true, // shown by its response item
	"event_msg/item_completed/AgentMessage": true, // likewise
	"event_msg/item_completed/Reasoning":    true, // likewise
}

// loadCodex169 loads a recorded 0.169 rollout.
func loadCodex169(t *testing.T, name string) *replay.Transcript {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name, "rollout.jsonl"))
	require.NoError(t, err)
	tr := replaytest.LoadBytes(t, agentsOptions, data)
	replaytest.CheckAccounted(t, data, tr)
	return tr
}

// TestCodex169Goldens: the recorded 0.169 rollouts replay with no
// problem and skip nothing Codex's UI shows.
func TestCodex169Goldens(t *testing.T) {
	for _, name := range codex169Rollouts {
		t.Run(name, func(t *testing.T) {
			tr := loadCodex169(t, name)
			require.Empty(t, replaytest.Problems(tr), replaytest.Describe(tr))
			for typ := range tr.Stats.Skipped {
				assert.True(t, codex169Hidden[typ], "skipped %s", typ)
			}
			golden.Assert(t, name+".plain.w100.golden", replaytest.RenderPlain(tr, 100))
		})
	}
}

// cardsByTitle finds the tool cards of a transcript, nested ones too, by
// the title of their call.
func cardsByTitle(tr *replay.Transcript) map[string]cards.ToolCard {
	found := map[string]cards.ToolCard{}
	var walk func([]cards.Entry)
	walk = func(entries []cards.Entry) {
		for _, e := range entries {
			c, ok := e.(cards.ToolCard)
			if !ok {
				continue
			}
			switch v := c.Call.(type) {
			case cards.GenericCall:
				found[v.Title] = c
			case cards.TerminalCall:
				found[v.Title] = c
			case cards.DiffCall:
				found[v.Title] = c
			}
			walk(c.Children)
		}
	}
	walk(tr.Entries)
	return found
}

// TestCodex169Patch: a patch that adds, updates and deletes files shows
// every file, from the FileChange item, with its line numbers and counts,
// named as in the session's directory.
func TestCodex169Patch(t *testing.T) {
	card := cardsByTitle(loadCodex169(t, "codex-0.169.0"))["Edit 3 files"]
	require.Equal(t, cards.StateDone, card.State())
	applied := card.Result.(cards.DiffResult)
	byPath := map[string]cards.FileDiff{}
	for _, d := range applied.Diffs {
		byPath[d.Path] = d
	}
	require.Len(t, byPath, 3)
	assert.Nil(t, byPath["NOTES.md"].OldText, "an added file")
	assert.Equal(t, "# Notes\n\n- util.py folded into calc.py\n", byPath["NOTES.md"].NewText)
	assert.Equal(t, "def clamp(x, lo, hi):\n    return max(lo, min(x, hi))\n", *byPath["util.py"].OldText, "a deleted file")
	update := byPath["calc.py"]
	assert.Equal(t, 8, update.OldStart, "the update's hunk starts at its real line")
	assert.Equal(t, 8, update.NewStart)
	rendered := replaytest.RenderPlain(loadCodex169(t, "codex-0.169.0"), 100)
	assert.Contains(t, rendered, "calc.py  +4 -1")
	assert.Contains(t, rendered, "util.py  deleted  +0 -2")
	assert.Contains(t, rendered, "+7 -3 · 3 files")
}

// TestCodex169ErrorsAsOutput: the errors codex-rs answers the model with
// in a tool's place are failures, a patch that did not apply drawn as not
// applied and a refused plan as not applied.
func TestCodex169ErrorsAsOutput(t *testing.T) {
	tr := loadCodex169(t, "codex-0.169.0")
	byTitle := cardsByTitle(tr)
	patch := byTitle["Edit calc.py"]
	assert.Equal(t, cards.StateFailed, patch.State(), "apply_patch verification failed")
	assert.False(t, patch.State().Applied())
	assert.Equal(t, cards.StateFailed, byTitle["frobnicate"].State(), "unsupported call")
	assert.Equal(t, cards.StateFailed, byTitle["exec_command"].State(), "failed to parse function arguments")
	assert.Contains(t, replaytest.RenderPlain(tr, 100), "✗ Not applied: the change failed")

	plan := cardsByTitle(loadCodex169(t, "codex-0.169.0-code"))["Plan · 1/2 done · 1 in progress"]
	assert.Equal(t, cards.StateFailed, plan.State(), "unsupported call: update_plan")
	text := producersText(plan.Result.(cards.GenericResult).Content)
	assert.Contains(t, text, "unsupported call: update_plan")
	assert.Contains(t, text, "The plan was not applied")
}

// producersText joins the text blocks of content.
func producersText(content []cards.ContentBlock) string {
	var s string
	for _, b := range content {
		if t, ok := b.(cards.TextBlock); ok {
			s += t.Text + "\n"
		}
	}
	return s
}

// TestCodex169PolledCommand: a command left running and polled with
// write_stdin is one card with the exit code of its end, the poll a
// Notice in it, no card of its own.
func TestCodex169PolledCommand(t *testing.T) {
	tr := loadCodex169(t, "codex-0.169.0")
	byTitle := cardsByTitle(tr)
	card := byTitle["sleep 2; echo finished; exit 3"]
	r := card.Result.(cards.TerminalResult)
	require.NotNil(t, r.ExitCode)
	assert.Equal(t, 3, *r.ExitCode)
	assert.Equal(t, "finished\n", r.Output)
	assert.Equal(t, cards.StateFailed, card.State())
	assert.Equal(t, []cards.Entry{cards.Notice{Text: "Waited for background terminal"}}, card.Children)
	for title, c := range byTitle {
		assert.NotEqual(t, "write_stdin", c.Tool, title)
	}
}

// TestCodex169Exploration: commands Codex parsed as reads and searches
// are read and search cards, the command once, gathered in one
// "Explored" card while they follow each other.
func TestCodex169Exploration(t *testing.T) {
	tr := loadCodex169(t, "codex-0.169.0-code")
	byTitle := cardsByTitle(tr)
	group := byTitle["Explored · Read calc.py, util.py, Search nothing-here in calc.py, List ls"]
	require.Len(t, group.Children, 4)
	assert.Equal(t, cards.StateDone, group.State())

	read := group.Children[0].(cards.ToolCard)
	assert.Equal(t, cards.KindRead, read.Call.(cards.GenericCall).Kind)
	window := read.Result.(cards.ReadResult)
	assert.Equal(t, "calc.py", window.Path)
	assert.Equal(t, cards.ReadLine{Number: 4, Text: "def add(a, b):"}, window.Lines[3])
	assert.Equal(t, 10, window.TotalLines, "cat printed the whole file")

	head := byTitle["Read util.py"].Result.(cards.ReadResult)
	assert.Equal(t, 0, head.TotalLines, "head -n 2 does not say how long the file is")

	none := byTitle["Search nothing-here in calc.py"]
	assert.Equal(t, cards.SearchMatches{Title: "exit 1 · took 8.667µs", Files: []cards.SearchFile{}}, none.Result)
	assert.Equal(t, cards.StateDone, none.State(), "grep's exit 1 is no match, not a failure")

	found := byTitle["Search def  in calc.py"].Result.(cards.SearchMatches)
	assert.Equal(t, 3, found.Total)
	assert.Equal(t, "util.py", found.Files[1].Path)

	rendered := replaytest.RenderPlain(tr, 100)
	assert.NotContains(t, rendered, "$ cat calc.py", "an exploring command is shown once, not as a terminal")
}

// TestCodexPollFoldsWithoutItems: in a rollout with no end event or item
// for the command (before 0.169), its polls' output and exit code still
// go to the command's card; a poll of a session no command is known for
// keeps its own card.
func TestCodexPollFoldsWithoutItems(t *testing.T) {
	tr := replaytest.LoadLines(t, agentsOptions,
		codexMeta,
		`{"timestamp":"t","type":"response_item","payload":{"type":"function_call","name":"exec_command","arguments":"{\"cmd\":\"make test\"}","call_id":"c1"}}`,
		`{"timestamp":"t","type":"response_item","payload":{"type":"function_call_output","call_id":"c1","output":"Chunk ID: a\nWall time: 0.5 seconds\nProcess running with session ID 7\nOriginal token count: 2\nOutput:\nstart\n"}}`,
		`{"timestamp":"t","type":"response_item","payload":{"type":"function_call","name":"write_stdin","arguments":"{\"session_id\":7,\"chars\":\"y\\n\"}","call_id":"c2"}}`,
		`{"timestamp":"t","type":"response_item","payload":{"type":"function_call_output","call_id":"c2","output":"Chunk ID: b\nWall time: 1.5 seconds\nProcess exited with code 3\nOriginal token count: 1\nOutput:\nfailed\n"}}`,
		`{"timestamp":"t","type":"response_item","payload":{"type":"function_call","name":"write_stdin","arguments":"{\"session_id\":9,\"chars\":\"\"}","call_id":"c3"}}`,
	)
	require.Empty(t, replaytest.Problems(tr), replaytest.Describe(tr))
	cs := replaytest.ToolCards(tr)
	require.Len(t, cs, 2, replaytest.Describe(tr))
	assert.Equal(t, cards.TerminalResult{Title: "took 2s", Output: "start\nfailed\n", ExitCode: ptr(3)}, cs[0].Result)
	assert.Equal(t, []cards.Entry{cards.Notice{Text: `Interacted with background terminal: sent "y\n"`}}, cs[0].Children)
	assert.Equal(t, "write_stdin", cs[1].Tool, "session 9 ran no command the rollout shows")
}

// TestCodexItemShapes: the item_completed items in the exact shapes
// codex-rs 0.169 writes them — a command the user ran (no call seen), a
// declined patch, a compaction — and one whose fields do not decode.
func TestCodexItemShapes(t *testing.T) {
	tr := replaytest.LoadLines(t, agentsOptions,
		codexMeta,
		`{"timestamp":"t","type":"event_msg","payload":{"type":"item_completed","thread_id":"s","turn_id":"1","item":{"type":"CommandExecution","id":"u1","process_id":null,"command":["/bin/bash","-lc","ls"],"cwd":"file:///w","parsed_cmd":[{"type":"list_files","cmd":"ls","path":null}],"source":"user_shell","status":"completed","aggregated_output":"a.go\n","exit_code":0,"duration":{"secs":0,"nanos":5000000}},"started_at_ms":1,"completed_at_ms":2}}`,
		`{"timestamp":"t","type":"event_msg","payload":{"type":"item_completed","thread_id":"s","turn_id":"1","item":{"type":"FileChange","id":"p1","changes":{"/w/a.go":{"type":"add","content":"package a\n"}},"status":"declined","stdout":"","stderr":""},"started_at_ms":1,"completed_at_ms":2}}`,
		`{"timestamp":"t","type":"event_msg","payload":{"type":"item_completed","thread_id":"s","turn_id":"1","item":{"type":"ContextCompaction","id":"k1"},"started_at_ms":1,"completed_at_ms":2}}`,
		`{"timestamp":"t","type":"event_msg","payload":{"type":"item_completed","thread_id":"s","turn_id":"1","item":{"type":"Plan","id":"x","text":"1. a"},"started_at_ms":1,"completed_at_ms":2}}`,
		`{"timestamp":"t","type":"event_msg","payload":{"type":"item_completed","thread_id":"s","turn_id":"1","item":{"type":"AgentMessage","id":"m","content":"not parts"}}}`,
		`{"timestamp":"t","type":"event_msg","payload":{"type":"item_completed","thread_id":"s","turn_id":"1","item":["no object"]}}`,
	)
	cs := replaytest.ToolCards(tr)
	require.Len(t, cs, 2, replaytest.Describe(tr))
	assert.Equal(t, cards.GenericCall{Title: "List ls", Kind: cards.KindRead, Content: []cards.ContentBlock{cards.TextBlock{Text: "ls", Lang: "bash"}}}, cs[0].Call)
	assert.Equal(t, cards.TerminalResult{Title: "took 5ms", Output: "a.go\n", ExitCode: ptr(0)}, cs[0].Result)
	assert.Equal(t, "Add a.go", cs[1].Call.(cards.DiffCall).Title, "named in the session's directory")
	assert.Equal(t, cards.StateRejected, cs[1].State(), "a declined patch")
	assert.Contains(t, tr.Entries, cards.Notice{Text: "Context compacted"})
	assert.Equal(t, 1, tr.Stats.Skipped["event_msg/item_completed/Plan"])
	var reasons []string
	for _, p := range replaytest.Problems(tr) {
		reasons = append(reasons, p.Reason)
	}
	assert.Equal(t, []string{
		`event_msg: field "payload.item.content": want an array of parts`,
		`event_msg: field "payload.item": want an object, found an array`,
	}, reasons)
}

// TestCodex169ExploredColours pins the "Explored" card of the recorded
// session in colour, its reads in the colours of Python.
func TestCodex169ExploredColours(t *testing.T) {
	tr := loadCodex169(t, "codex-0.169.0-code")
	var group cards.ToolCard
	for _, c := range replaytest.ToolCards(tr) {
		if c.Tool == "exec_command" && len(c.Children) > 1 {
			group = c
		}
	}
	require.NotEmpty(t, group.Children)
	for _, width := range []int{60, 100} {
		o := render.Options{Width: width, Profile: colorprofile.TrueColor, Theme: render.Dark, Terminal: true, Expanded: true}
		golden.Assert(t, fmt.Sprintf("codex-0.169.0-explored.color.w%d.golden", width), render.Entry(group, o))
	}
}

// TestCodex169RepliesSayTimeAndModel: each reply carries the time of its
// line and the model of the turn_context before it; the session's totals
// still count the turns only.
func TestCodex169RepliesSayTimeAndModel(t *testing.T) {
	tr := loadCodex169(t, "codex-0.169.0")
	replaytest.CheckReplies(t, tr, "gpt-5.5", time.Date(2026, 12, 4, 20, 3, 42, 160e6, time.UTC))
	assert.Contains(t, replaytest.RenderPlain(tr, 100), "● Assistant · 20:03 · gpt-5.5\n")
}
