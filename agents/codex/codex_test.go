package codex_test

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
)

// codexSessions are the Codex rollouts written for the tests.
var codexSessions = []string{"codex-exec", "codex-patch", "codex-aborted", "codex-refused", "codex-plan", "codex-code-mode", "codex-rollback", "codex-recorded-hunks"}

// TestCodexSessionGoldens pins the rendered transcripts of the Codex
// rollouts, which replay without a problem.
func TestCodexSessionGoldens(t *testing.T) {
	for _, name := range codexSessions {
		t.Run(name, func(t *testing.T) {
			data := golden.Session(t, name+".jsonl")
			tr := replaytest.LoadBytes(t, agentsOptions, data)
			require.Empty(t, replaytest.Problems(tr), replaytest.Describe(tr))
			assert.Equal(t, bytes.Count(data, []byte("\n")), tr.Stats.Events)
			golden.Assert(t, name+".plain.w100.golden", replaytest.RenderPlain(tr, 100))
		})
	}
}

// TestCodexCommands: each command is one card, with the exit code and
// the duration of its exec_command_end event or its output, even when
// the rollout holds the call twice.
func TestCodexCommands(t *testing.T) {
	tr := replaytest.LoadBytes(t, agentsOptions, golden.Session(t, "codex-exec.jsonl"))
	type outcome struct {
		command, took string
		exit          int
	}
	var got []outcome
	for _, c := range replaytest.ToolCards(tr) {
		r := c.Result.(cards.TerminalResult)
		got = append(got, outcome{c.Call.(cards.TerminalCall).Title, r.Title, *r.ExitCode})
	}
	assert.Equal(t, []outcome{
		{"go test ./...", "took 1.82s", 1},
		{"sed -n '1,40p' internal/count/count.go", "took 100ms", 0},
		{"git log --oneline -3 -- internal/count", "took 51.3ms", 0},
	}, got)
	assert.Equal(t, 2, tr.Stats.Skipped["event_msg/exec_command_begin"], "the begin events of calls seen as response items")
	assert.Equal(t, 1, tr.Stats.Skipped["response_item/function_call"], "the duplicated call")
	assert.Equal(t, 1, tr.Stats.Skipped["response_item/function_call_output"], "its duplicated output")

	var roles []cards.Role
	for _, e := range tr.Entries {
		if m, ok := e.(cards.Message); ok {
			roles = append(roles, m.Role)
		}
	}
	assert.Equal(t, []cards.Role{cards.RoleContext, cards.RoleContext, cards.RoleUser, cards.RoleReasoning, cards.RoleReasoning, cards.RoleAssistant}, roles,
		"each message once, though the rollout has it as a response item and as an event")
}

// TestCodexPatches: apply_patch shows the diff of every file, and the
// result the changes with their line numbers.
func TestCodexPatches(t *testing.T) {
	tr := replaytest.LoadBytes(t, agentsOptions, golden.Session(t, "codex-patch.jsonl"))
	cs := replaytest.ToolCards(tr)
	require.Len(t, cs, 3)

	call := cs[0].Call.(cards.DiffCall)
	assert.Equal(t, "Edit 3 files", call.Title)
	applied := cs[0].Result.(cards.DiffResult)
	byPath := map[string]cards.FileDiff{}
	for _, d := range applied.Diffs {
		byPath[d.Path] = d
	}
	assert.Equal(t, 4, byPath["internal/count/count.go"].OldStart, "an update")
	assert.Nil(t, byPath["internal/count/fields_test.go"].OldText, "an added file")
	assert.Equal(t, "", byPath["internal/count/split.go"].NewText, "a deleted file")
	assert.Contains(t, *byPath["internal/count/split.go"].OldText, "const sep")

	failed := cs[1].Result.(cards.GenericResult)
	assert.Equal(t, "Error", failed.Title)

	moved := cs[2]
	assert.Equal(t, "Move internal/count/count_test.go → internal/count/words_test.go", moved.Call.(cards.DiffCall).Title)
	assert.Equal(t, 15, moved.Result.(cards.DiffResult).Diffs[0].NewStart)
}

// TestCodexAbortedTurn: the command the turn was running has no result,
// the abort is a Notice, and the next turn goes on.
func TestCodexAbortedTurn(t *testing.T) {
	tr := replaytest.LoadBytes(t, agentsOptions, golden.Session(t, "codex-aborted.jsonl"))
	cs := replaytest.ToolCards(tr)
	require.Len(t, cs, 2)
	assert.Nil(t, cs[0].Result)
	assert.True(t, cs[0].Ended)
	assert.Contains(t, tr.Entries, cards.Notice{Text: "The turn was interrupted by the user"})
	assert.Equal(t, "go test -run '^$' -bench BenchmarkCount ./internal/count", cs[1].Call.(cards.TerminalCall).Title)
	assert.Equal(t, cards.TerminalResult{
		Title: "took 2.48s", ExitCode: ptr(0),
		Output: "goos: linux\ngoarch: amd64\npkg: github.com/dev/tally/internal/count\nBenchmarkCount-8   \t 8411562\t       142.6 ns/op\nPASS\nok  \tgithub.com/dev/tally/internal/count\t1.354s\n",
	},
		cs[1].Result)
	assert.Equal(t, 1, tr.Stats.Skipped["response_item/ghost_snapshot"])
	assert.Equal(t, 1, tr.Stats.Skipped["event_msg/mcp_startup_complete"])
	assert.Equal(t, 1, tr.Stats.Skipped["event_msg/context_compacted"], "the compaction is shown once")
}

// Lines of a made-up rollout.
const (
	codexMeta   = `{"timestamp":"t","type":"session_meta","payload":{"id":"s","cwd":"/w","cli_version":"0.50.0"}}`
	codexCall   = `{"timestamp":"t","type":"response_item","payload":{"type":"function_call","name":"shell","arguments":"{\"command\":[\"bash\",\"-lc\",\"ls\"]}","call_id":"c1"}}`
	codexOutput = `{"timestamp":"t","type":"response_item","payload":{"type":"function_call_output","call_id":"c1","output":"Exit code: 0\nWall time: 0.1 seconds\nOutput:\na.go\n"}}`
	codexEnd    = `{"timestamp":"t","type":"event_msg","payload":{"type":"exec_command_end","call_id":"c1","aggregated_output":"a.go\n","exit_code":0,"duration":{"secs":0,"nanos":20000000}}}`
	codexBegin  = `{"timestamp":"t","type":"event_msg","payload":{"type":"exec_command_begin","call_id":"c1","command":["bash","-lc","ls"],"cwd":"/w"}}`
)

// TestCodexCallAndEventsInAnyOrder: whatever comes first of a call, its
// begin and end events and its output, the call is one card with the
// result of everything known.
func TestCodexCallAndEventsInAnyOrder(t *testing.T) {
	want := cards.TerminalResult{Title: "took 20ms", Output: "a.go\n", ExitCode: ptr(0)}
	orders := map[string][]string{
		"call, output, end":        {codexCall, codexOutput, codexEnd},
		"call, end, output":        {codexCall, codexEnd, codexOutput},
		"begin, end, call, output": {codexBegin, codexEnd, codexCall, codexOutput},
		"output, call, end":        {codexOutput, codexCall, codexEnd},
		"end, begin, output, call": {codexEnd, codexBegin, codexOutput, codexCall},
	}
	for name, lines := range orders {
		t.Run(name, func(t *testing.T) {
			tr := replaytest.LoadLines(t, agentsOptions, append([]string{codexMeta}, lines...)...)
			require.Empty(t, replaytest.Problems(tr), replaytest.Describe(tr))
			cs := replaytest.ToolCards(tr)
			require.Len(t, cs, 1, replaytest.Describe(tr))
			assert.Equal(t, "ls", cs[0].Call.(cards.TerminalCall).Title)
			assert.Equal(t, want, cs[0].Result)
		})
	}
}

// TestCodexUnknownLinesAreSkipped: unknown line, item and event types are
// counted, whatever their fields hold; a line that does not decode is a
// Problem and the rest renders.
func TestCodexUnknownLinesAreSkipped(t *testing.T) {
	tr := replaytest.LoadLines(t, agentsOptions,
		codexMeta,
		`{"timestamp":"t","type":"rate_limits","payload":{"primary":{}}}`,
		`{"timestamp":"t","type":"response_item","payload":{"type":"tool_search","name":{"nested":true},"call_id":5}}`,
		`{"timestamp":"t","type":"event_msg","payload":{"type":"plan_delta","message":["not","a","string"]}}`,
		`{"timestamp":"t","type":"event_msg","payload":{"type":"agent_message","message":42}}`,
		`{"timestamp":"t","type":"response_item","payload":{"type":"function_call","name":"shell","arguments":"{}"}}`,
		`{"timestamp":"t","type":"response_item","payload":[1,2]}`,
		`{"timestamp":"t","type":"event_msg", "payload": {`,
		`{"timestamp":"t","type":"response_item"}`,
		codexCall, codexOutput,
	)
	assert.Equal(t, map[string]int{"rate_limits": 1, "response_item/tool_search": 1, "event_msg/plan_delta": 1}, tr.Stats.Skipped)
	var reasons []string
	for _, p := range replaytest.Problems(tr) {
		reasons = append(reasons, p.Reason)
	}
	assert.Equal(t, []string{
		`event_msg: field "payload.message": want a string`,
		`response_item: missing field "payload.call_id"`,
		`response_item: field "payload": want an object, found an array`,
		`not a JSON object: unexpected end of JSON input`,
		`response_item: missing field "payload"`,
	}, reasons)
	assert.Len(t, replaytest.ToolCards(tr), 1)
	assert.Equal(t, 11, tr.Stats.Lines)
}
