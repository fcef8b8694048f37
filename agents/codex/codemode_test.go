package codex_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/agents/codex"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
	"github.com/cardtui/cardtui/sessions"
)

// childTools are the tools and states of the cards nested under c.
func childTools(c cards.ToolCard) []string {
	var out []string
	for _, e := range c.Children {
		child := e.(cards.ToolCard)
		out = append(out, child.Tool+" "+child.State().String())
	}
	return out
}

// TestCodexCodeModeExec: the commands and patches a code-mode script ran
// are cards under its exec card, each through the Codex producers, also
// when the script yielded and a wait call saw them; the exec card shows
// the script and its status.
func TestCodexCodeModeExec(t *testing.T) {
	tr := replaytest.LoadBytes(t, agentsOptions, golden.Session(t, "codex-code-mode.jsonl"))
	require.Empty(t, replaytest.Problems(tr), replaytest.Describe(tr))
	top := replaytest.ToolCards(tr)
	require.Len(t, top, 3, replaytest.Describe(tr))
	assert.Equal(t, []string{"shell failed", "apply_patch done", "shell done"}, childTools(top[0]))
	assert.Equal(t, "go test ./...", top[0].Children[0].(cards.ToolCard).Call.(cards.TerminalCall).Title)
	assert.IsType(t, cards.DiffResult{}, top[0].Children[1].(cards.ToolCard).Result)
	assert.Equal(t, "Script completed · 2.4s", top[0].Result.(cards.GenericResult).Title)
	assert.Equal(t, []string{"shell done"}, childTools(top[1]), "the command the yielded script ran while the wait waited")
	assert.Empty(t, top[2].Children)
	assert.Equal(t, "Wait for script cell 2", top[2].Call.(cards.GenericCall).Title)
	assert.Equal(t, 3, tr.Stats.ToolCards, "the calls the model made: two scripts and a wait")
}

// TestCodexNestedEventsWithoutExec: an event of a script's call id with
// no exec card, and an event of another id while an exec runs, stay at
// the top level.
func TestCodexNestedEventsWithoutExec(t *testing.T) {
	end := func(id string) string {
		return `{"timestamp":"2025-11-20T14:00:06.000Z","type":"event_msg","payload":{"type":"exec_command_end","call_id":"` + id +
			`","command":["bash","-lc","ls"],"cwd":"/w","aggregated_output":"a\n","exit_code":0,"duration":{"secs":0,"nanos":1000000}}}`
	}
	exec := `{"timestamp":"2025-11-20T14:00:05.000Z","type":"response_item","payload":{"type":"custom_tool_call","call_id":"call_E","name":"exec","input":"text(1)"}}`
	tr := replaytest.Load(t, agentsOptions, strings.Join([]string{end("exec-1"), exec, end("call_other"), end("exec-2")}, "\n")+"\n")
	require.Empty(t, replaytest.Problems(tr), replaytest.Describe(tr))
	top := replaytest.ToolCards(tr)
	require.Len(t, top, 3, replaytest.Describe(tr))
	assert.Equal(t, []string{"exec-1", "call_E", "call_other"}, []string{top[0].ID, top[1].ID, top[2].ID})
	assert.Equal(t, []string{"shell done"}, childTools(top[1]))
	assert.Equal(t, "exec-2", top[1].Children[0].(cards.ToolCard).ID)
	assert.Equal(t, 2, tr.Stats.ToolCards, "call_E and call_other: the model made no exec-<uuid> call")
}

// TestSessionCountsModelCalls: the sessions list counts the calls the
// model made (two exec scripts and a wait), not the commands and patches
// the scripts ran, whose events Codex records under exec-<uuid> ids; a
// write_stdin drawn as a line of its command's card is a call too.
func TestSessionCountsModelCalls(t *testing.T) {
	for file, want := range map[string]int{
		filepath.Join(golden.Root(t), "testdata", "sessions", "codex-code-mode.jsonl"): 3,
		"testdata/code-mode-0.144/rollout.jsonl":                                       3,
		"testdata/codex-0.169.0/rollout.jsonl":                                         9,
	} {
		s := sessions.Read(file, codex.Sessions)
		assert.Empty(t, s.Problem, file)
		assert.Equal(t, want, s.ToolCalls, file)
	}
}
