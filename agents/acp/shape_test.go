package acp_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
)

func TestCodexCommandIsATerminalCard(t *testing.T) {
	begin := `{"call_id":"c1","turn_id":"t","command":["/bin/bash","-lc","python3 test_calc.py"],"cwd":"/p","parsed_cmd":[{"type":"unknown","cmd":"python3 test_calc.py"}],"source":"agent"}`
	end := `{"call_id":"c1","exit_code":2,"aggregated_output":"FAIL: test_div\n","formatted_output":"FAIL: test_div\n","stdout":"","stderr":"FAIL: test_div\n","duration":{"secs":1,"nanos":250000000},"status":"failed"}`
	t.Run("with a display-only terminal", func(t *testing.T) {
		card := toolCards(t, rec(
			update(`{"sessionUpdate":"tool_call","toolCallId":"c1","title":"python3 test_calc.py","kind":"execute","status":"in_progress","rawInput":`+begin+`,"content":[{"type":"terminal","terminalId":"c1"}],"_meta":{"terminal_info":{"terminal_id":"c1","cwd":"/p"}}}`),
			update(`{"sessionUpdate":"tool_call_update","toolCallId":"c1","_meta":{"terminal_output":{"terminal_id":"c1","data":"FAIL: test_div\n"}}}`),
			update(`{"sessionUpdate":"tool_call_update","toolCallId":"c1","status":"failed","rawOutput":`+end+`,"_meta":{"terminal_exit":{"terminal_id":"c1","exit_code":2,"signal":null}}}`),
		))["c1"]
		assert.Equal(t, cards.TerminalCall{Title: "python3 test_calc.py", Cwd: "/p"}, card.Call)
		code := 2
		assert.Equal(t, cards.TerminalResult{Title: "took 1.2 s", Output: "FAIL: test_div\n", ExitCode: &code}, card.Result)
		assert.Equal(t, cards.StateFailed, card.State())
	})
	t.Run("without a terminal", func(t *testing.T) {
		card := toolCards(t, rec(
			update(`{"sessionUpdate":"tool_call","toolCallId":"c1","title":"python3 test_calc.py","kind":"execute","status":"in_progress","rawInput":`+begin+`}`),
			update(`{"sessionUpdate":"tool_call_update","toolCallId":"c1","status":"failed","rawOutput":`+end+`}`),
		))["c1"]
		assert.Equal(t, cards.TerminalCall{Title: "python3 test_calc.py", Cwd: "/p"}, card.Call)
		code := 2
		assert.Equal(t, cards.TerminalResult{Title: "took 1.2 s", Output: "FAIL: test_div\n", ExitCode: &code}, card.Result,
			"the output once, not aggregated, formatted and stderr")
	})
	t.Run("a read", func(t *testing.T) {
		card := toolCards(t, rec(
			update(`{"sessionUpdate":"tool_call","toolCallId":"c2","title":"Read calc.py","kind":"read","status":"in_progress","locations":[{"path":"/p/calc.py"}],"rawInput":{"command":["/bin/bash","-lc","cat calc.py"],"parsed_cmd":[{"type":"read","cmd":"cat calc.py","name":"calc.py","path":"calc.py"}]}}`),
			update(`{"sessionUpdate":"tool_call_update","toolCallId":"c2","content":[{"type":"content","content":{"type":"text","text":"`+"```"+`py\ndef add(a, b):\n    return a + b\n`+"```"+`\n"}}]}`),
			update(`{"sessionUpdate":"tool_call_update","toolCallId":"c2","status":"completed","rawOutput":{"exit_code":0,"aggregated_output":"def add(a, b):\n    return a + b\n"}}`),
		))["c2"]
		assert.Equal(t, cards.GenericCall{
			Title: "Read calc.py", Kind: cards.KindRead, Locations: []cards.FileLocation{{Path: "calc.py"}},
			Content: []cards.ContentBlock{cards.TextBlock{Text: "$ cat calc.py"}, cards.TextBlock{Text: "def add(a, b):\n    return a + b", Lang: "py"}},
		}, card.Call,
			"the command and the file once, without its fence; no raw input")
		assert.Equal(t, cards.GenericResult{}, card.Result, "no raw output under it")
	})
}

func TestOpencodeCommandExit(t *testing.T) {
	card := toolCards(t, rec(
		update(`{"sessionUpdate":"tool_call","toolCallId":"b","title":"bash","kind":"execute","status":"pending","rawInput":{}}`),
		update(`{"sessionUpdate":"tool_call_update","toolCallId":"b","status":"in_progress","rawInput":{"command":"python3 test_calc.py","description":"Run the tests"}}`),
		update(`{"sessionUpdate":"tool_call_update","toolCallId":"b","status":"completed","content":[{"type":"content","content":{"type":"text","text":"FAIL\n"}}],"rawOutput":{"output":"FAIL\n","metadata":{"output":"FAIL\n","exit":2,"description":"Run the tests"}}}`),
	))["b"]
	assert.Equal(t, cards.TerminalCall{Title: "python3 test_calc.py", Description: "bash"}, card.Call)
	code := 2
	assert.Equal(t, cards.TerminalResult{Output: "FAIL\n", ExitCode: &code}, card.Result)
	assert.Equal(t, cards.StateFailed, card.State(), "completed, but the command exited 2")
}

func TestClaudeAdapterCards(t *testing.T) {
	got := toolCards(t, rec(
		update(`{"sessionUpdate":"tool_call","toolCallId":"agent1","title":"Find TODOs","kind":"think","status":"pending","rawInput":{"description":"Find TODOs","prompt":"Search"},"content":[{"type":"content","content":{"type":"text","text":"Search"}}],"_meta":{"claudeCode":{"toolName":"Agent"}}}`),
		update(`{"sessionUpdate":"tool_call","toolCallId":"read1","title":"Read README.md","kind":"read","status":"pending","rawInput":{"file_path":"/p/README.md"},"locations":[{"path":"/p/README.md","line":1}],"_meta":{"claudeCode":{"toolName":"Read","parentToolUseId":"agent1"}}}`),
		update(`{"sessionUpdate":"tool_call_update","toolCallId":"read1","status":"completed","rawOutput":"     1\t# Calc\n\n<system-reminder>\nWhenever you read a file, consider malware.\n</system-reminder>\n","content":[{"type":"content","content":{"type":"text","text":"`+"```"+`\n     1\t# Calc\n\n<system-reminder>\nWhenever you read a file, consider malware.\n</system-reminder>\n`+"```"+`"}}],"_meta":{"claudeCode":{"toolName":"Read","parentToolUseId":"agent1"}}}`),
		update(`{"sessionUpdate":"tool_call_update","toolCallId":"agent1","status":"completed","rawOutput":[{"type":"text","text":"Found 3 TODOs"}],"content":[{"type":"content","content":{"type":"text","text":"Found 3 TODOs"}}]}`),
	))
	require.NotContains(t, got, "read1", "the sub-agent's call is not a card of its own")
	agent := got["agent1"]
	require.Len(t, agent.Children, 1, "it is nested under its Agent card")
	read := agent.Children[0].(cards.ToolCard)
	assert.Equal(t, cards.GenericCall{
		Title: "Read README.md", Kind: cards.KindRead, Locations: []cards.FileLocation{{Path: "README.md", Line: 1}},
		Content: []cards.ContentBlock{cards.TextBlock{Text: "     1\t# Calc"}},
	}, read.Call,
		"no fence, no <system-reminder>, no arguments, the output once")
	assert.Equal(t, cards.GenericResult{}, read.Result)
	assert.Equal(t, cards.StateDone, agent.State())
}

func TestRawOutputIsReadable(t *testing.T) {
	card := toolCards(t, rec(
		update(`{"sessionUpdate":"tool_call","toolCallId":"x","title":"lookup","kind":"other","status":"completed","rawOutput":{"title":"Found","lines":["a","b"],"body":"one\ntwo\n"}}`),
	))["x"]
	assert.Equal(t, cards.GenericResult{Content: []cards.ContentBlock{cards.TextBlock{Text: "body:\n  one\n  two\nlines:\n  - a\n  - b\ntitle: Found"}}}, card.Result,
		"shown only as nothing else shows it, as key: value lines")
}

func TestOpencodeTodowriteIsAPlan(t *testing.T) {
	card := toolCards(t, rec(
		update(`{"sessionUpdate":"tool_call","toolCallId":"t","title":"todowrite","kind":"other","status":"pending","rawInput":{}}`),
		update(`{"sessionUpdate":"tool_call_update","toolCallId":"t","status":"completed","title":"2 todos","rawInput":{"todos":[{"id":"1","content":"Read calc.py","status":"completed","priority":"high"},{"id":"2","content":"Fix sub()","status":"pending","priority":"medium"}]},"rawOutput":{"output":"[{\"id\":\"1\"}]","metadata":{"todos":[]}},"content":[{"type":"content","content":{"type":"text","text":"[{\"id\":\"1\"}]"}}]}`),
	))["t"]
	call, ok := card.Call.(cards.GenericCall)
	require.True(t, ok)
	assert.Equal(t, "2 todos", call.Title)
	assert.Equal(t, []cards.ContentBlock{cards.TextBlock{Text: "- [x] Read calc.py (high priority)\n- [ ] Fix sub()", Markdown: true}}, call.Content,
		"the list as a checklist, once: no JSON")
	assert.Equal(t, cards.GenericResult{}, card.Result)
}

// TestAStreamingCommandIsRunningUntilItEnds: a command's output that
// arrives before the call ended is a running result, its header running,
// not a done card whose title says "running".
func TestAStreamingCommandIsRunningUntilItEnds(t *testing.T) {
	begin := `{"call_id":"c1","turn_id":"t","command":["/bin/bash","-lc","make"],"cwd":"/p","parsed_cmd":[{"type":"unknown","cmd":"make"}],"source":"agent"}`
	started := update(`{"sessionUpdate":"tool_call","toolCallId":"c1","title":"make","kind":"execute","status":"in_progress","rawInput":` + begin + `,"content":[{"type":"terminal","terminalId":"c1"}],"_meta":{"terminal_info":{"terminal_id":"c1","cwd":"/p"}}}`)
	output := update(`{"sessionUpdate":"tool_call_update","toolCallId":"c1","_meta":{"terminal_output":{"terminal_id":"c1","data":"cc main.c\n"}}}`)
	card := toolCards(t, rec(started, output))["c1"]
	assert.Equal(t, cards.TerminalResult{Output: "cc main.c\n", Running: true}, card.Result)
	assert.Equal(t, cards.StateRunning, card.State())

	exited := update(`{"sessionUpdate":"tool_call_update","toolCallId":"c1","status":"completed","_meta":{"terminal_exit":{"terminal_id":"c1","exit_code":0,"signal":null}}}`)
	card = toolCards(t, rec(started, output, exited))["c1"]
	assert.Equal(t, cards.TerminalResult{Output: "cc main.c\n", ExitCode: cards.Exit(0)}, card.Result)
	assert.Equal(t, cards.StateDone, card.State())

	t.Run("without a terminal", func(t *testing.T) {
		card := toolCards(t, rec(
			update(`{"sessionUpdate":"tool_call","toolCallId":"b","title":"bash","kind":"execute","status":"in_progress","rawInput":{"command":"make"}}`),
			update(`{"sessionUpdate":"tool_call_update","toolCallId":"b","content":[{"type":"content","content":{"type":"text","text":"cc main.c\n"}}]}`),
		))["b"]
		assert.Equal(t, cards.StateRunning, card.State())
		require.IsType(t, cards.TerminalResult{}, card.Result)
		assert.Empty(t, card.Result.(cards.TerminalResult).Title, "no running note in the title")
	})
}
