package acp_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/cardtui/cardtui/cards"
)

// TestCodexLoadedHistory: codex-acp's session/load replays Codex's calls
// bare, titled with the tool's name and its arguments as raw input. An
// exec_command is a terminal card whose exit code and duration come from
// the header of its output; an update_plan is the plan's checklist.
func TestCodexLoadedHistory(t *testing.T) {
	got := toolCards(t, rec(
		update(`{"sessionUpdate":"tool_call","toolCallId":"c1","title":"exec_command","status":"completed","rawInput":{"cmd":"python3 -c 'import calc'","workdir":"/p","yield_time_ms":5000}}`),
		update(`{"sessionUpdate":"tool_call_update","toolCallId":"c1","status":"completed","rawOutput":"Chunk ID: cb49af\nWall time: 1.5 seconds\nProcess exited with code 1\nOriginal token count: 23\nOutput:\nAssertionError\n"}`),
		update(`{"sessionUpdate":"tool_call","toolCallId":"c2","title":"update_plan","status":"completed","rawInput":{"explanation":"Tidy","plan":[{"status":"in_progress","step":"Read calc.py"},{"status":"pending","step":"Fix sub()"}]}}`),
		update(`{"sessionUpdate":"tool_call_update","toolCallId":"c2","status":"completed","rawOutput":"Plan updated"}`),
	))
	code := 1
	assert.Equal(t, cards.TerminalCall{Title: "python3 -c 'import calc'", Cwd: "/p"}, got["c1"].Call)
	assert.Equal(t, cards.TerminalResult{Title: "took 1.5 s", Output: "AssertionError\n", ExitCode: &code}, got["c1"].Result)
	assert.Equal(t, cards.StateFailed, got["c1"].State(), "exit 1 is a failure, whatever the status says")
	plan, ok := got["c2"].Call.(cards.GenericCall)
	if assert.True(t, ok) {
		assert.Equal(t, cards.KindThink, plan.Kind)
		assert.NotEmpty(t, plan.Content, "the checklist")
	}
}
