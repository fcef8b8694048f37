package harness_test

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/internal/testkit/harnesslog"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
)

// TestHarnessNested replays a session whose run_code program and
// workflow made calls, and whose calls waited for approvals: each is
// nested under the card it belongs to.
func TestHarnessNested(t *testing.T) {
	tr := replaytest.LoadBytes(t, agentsOptions, golden.Session(t, "harness-nested.jsonl"))

	require.Empty(t, replaytest.Problems(tr), replaytest.Describe(tr))
	assert.Equal(t, tr.Stats.Lines, tr.Stats.Events)
	cs := replaytest.ToolCards(tr)
	require.Len(t, cs, 2)
	code := cs[0]
	require.Len(t, code.Children, 2)
	glob, bash := code.Children[0].(cards.ToolCard), code.Children[1].(cards.ToolCard)
	assert.Equal(t, cards.GenericCall{Title: "Glob **/*.go", Kind: cards.KindSearch, RawInput: []byte(`{"pattern":"**/*.go"}`)}, glob.Call,
		"a sub-call goes through the producers of a top-level call")
	assert.Equal(t, cards.TerminalCall{Title: "go test ./... 2>&1 | tail -n 3", Description: "Run the tests"}, bash.Call)
	assert.Equal(t, 1, *bash.Result.(cards.TerminalResult).ExitCode)
	assert.Equal(t, []cards.Entry{
		cards.Notice{Text: "Approval asked: bash requires manual approval in this session"},
		cards.Notice{Text: "Approval: allowed once"},
	}, bash.Children, "the approval is on the sub-call it gated")
	var agentStates []cards.State
	for _, e := range cs[1].Children {
		if c, ok := e.(cards.ToolCard); ok {
			agentStates = append(agentStates, c.State())
		}
	}
	assert.Equal(t, []cards.State{cards.StateDone, cards.StateFailed}, agentStates, "a failed workflow agent's card is failed")
	golden.Assert(t, "harness-nested.golden", replaytest.Describe(tr))
}

// TestHarnessNestedEdgeCases shows what has no parent at the top level
// and makes what does not pair a Problem.
func TestHarnessNestedEdgeCases(t *testing.T) {
	t.Run("sub-call of an unknown call", func(t *testing.T) {
		tr := harness(t, harnesslog.Dispatch("gone", "gone:code:1", "read", `{"file_path":"a.go"}`, ""))

		require.Empty(t, replaytest.Problems(tr))
		assert.Equal(t, "gone:code:1", replaytest.ToolCards(tr)[0].ID)
	})
	t.Run("sub-call with a case-variant argument key", func(t *testing.T) {
		tr := harness(t, harnesslog.CallEvent("c1", "run_code", `{"code":"1"}`),
			harnesslog.Dispatch("c1", "c1:code:1", "bash", `{"command":"curl x | sh","Command":"npm test"}`, ""))

		require.Len(t, replaytest.Problems(tr), 1, replaytest.Describe(tr))
		assert.Contains(t, replaytest.Problems(tr)[0].Reason, `the "bash" call`)
		sub := replaytest.ToolCards(tr)[0].Children[0].(cards.ToolCard)
		assert.NotEqual(t, cards.TerminalCall{Title: "npm test"}, sub.Call, "the spoofed key does not name the command")
	})
	t.Run("settled without a start", func(t *testing.T) {
		tr := harness(t, harnesslog.CallEvent("c1", "run_code", `{"code":"1"}`),
			harnesslog.Dispatch("c1", "c1:code:1", "bash", `{"command":"ls","description":"List"}`, "a.go"))

		require.Empty(t, replaytest.Problems(tr))
		child := replaytest.ToolCards(tr)[0].Children[0].(cards.ToolCard)
		assert.Equal(t, "a.go", child.Result.(cards.TerminalResult).Output)
	})
	t.Run("nested two deep", func(t *testing.T) {
		tr := harness(t, harnesslog.CallEvent("c1", "run_code", `{"code":"1"}`),
			harnesslog.Dispatch("c1", "c1:code:1", "run_code", `{"code":"2"}`, ""),
			harnesslog.Dispatch("c1:code:1", "c1:code:1:code:1", "job_list", `{}`, ""))

		require.Empty(t, replaytest.Problems(tr))
		inner := replaytest.ToolCards(tr)[0].Children[0].(cards.ToolCard)
		assert.Equal(t, "c1:code:1:code:1", inner.Children[0].(cards.ToolCard).ID)
	})
	t.Run("second result", func(t *testing.T) {
		tr := harness(t, harnesslog.CallEvent("c1", "run_code", `{"code":"1"}`),
			harnesslog.Dispatch("c1", "c1:code:1", "job_list", `{}`, "one"),
			harnesslog.Dispatch("c1", "c1:code:1", "job_list", `{}`, "two"))

		require.Len(t, replaytest.Problems(tr), 1)
		assert.Equal(t, `tool/code-dispatch: second result for sub-call "c1:code:1": the card keeps the first`, replaytest.Problems(tr)[0].Reason)
	})
	t.Run("missing ids", func(t *testing.T) {
		tr := harness(t, harnesslog.Event("tool/code-dispatch-start", `{"parentCallId":"c1","name":"x","arguments":{}}`))

		require.Len(t, replaytest.Problems(tr), 1)
		assert.Equal(t, `tool/code-dispatch-start: missing field "data.subCallId"`, replaytest.Problems(tr)[0].Reason)
	})
	t.Run("workflow agent of no run", func(t *testing.T) {
		tr := harness(t, harnesslog.Event("tool-workflow/agent-start", `{"runId":"r1","seq":1,"label":"x","childId":"k"}`))

		require.Len(t, replaytest.Problems(tr), 1)
		assert.Equal(t, `tool-workflow/agent-start: workflow run "r1" was not started`, replaytest.Problems(tr)[0].Reason)
	})
	t.Run("workflow without its call", func(t *testing.T) {
		tr := harness(t, harnesslog.Event("tool-workflow/run-start", `{"runId":"r1","name":"flow"}`),
			harnesslog.Event("tool-workflow/agent-start", `{"runId":"r1","seq":1,"label":"x","childId":"k"}`))

		require.Empty(t, replaytest.Problems(tr))
		assert.Equal(t, cards.Notice{Text: "Workflow flow started"}, tr.Entries[0])
		assert.Equal(t, "r1:agent:1", tr.Entries[1].(cards.ToolCard).ID)
	})
	t.Run("approval of an unknown call", func(t *testing.T) {
		tr := harness(t, harnesslog.Event("approval/asked", `{"id":"a1","toolName":"write","callId":"nope","reason":"outside"}`),
			harnesslog.Event("approval/decided", `{"id":"a1","outcome":"rejected"}`))

		assert.Equal(t, []cards.Entry{cards.Notice{Text: "Approval asked for write: outside"}, cards.Notice{Text: "Approval for write: rejected"}}, tr.Entries)
	})
}

// TestHarnessNestedEnded ends the nested cards without a result with
// their session.
func TestHarnessNestedEnded(t *testing.T) {
	tr := harness(t, harnesslog.CallEvent("c1", "run_code", `{"code":"1"}`),
		harnesslog.Dispatch("c1", "c1:code:1", "job_list", `{}`, ""))

	card := replaytest.ToolCards(tr)[0]
	assert.True(t, card.Ended)
	assert.True(t, card.Children[0].(cards.ToolCard).Ended)
}

// TestFixturesNestEverySubcall checks the real sessions: every sub-call
// of a run_code program is a card under its parent's, with its result,
// and every approval of a call is on that call's card.
func TestFixturesNestEverySubcall(t *testing.T) {
	nestedSeen := 0
	for _, file := range fixtureFiles(t) {
		tr := loadFixture(t, file).tr
		for _, c := range replaytest.ToolCards(tr) {
			for _, child := range c.Children {
				nestedSeen++
				if sub, ok := child.(cards.ToolCard); ok {
					assert.NotNil(t, sub.Result, "%s: sub-call %s", filepath.Base(file), sub.ID)
					assert.NotNil(t, sub.Call)
				}
			}
		}
		for _, e := range tr.Entries {
			if n, ok := e.(cards.Notice); ok {
				assert.NotContains(t, n.Text, "Approval asked for", "%s: an approval left out of its card", filepath.Base(file))
			}
		}
	}
	assert.Positive(t, nestedSeen)
}
