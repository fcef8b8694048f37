package replay_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
)

// cardStates is the state of each tool card, by call id.
func cardStates(cs []cards.ToolCard) map[string]string {
	states := map[string]string{}
	for _, c := range cs {
		states[c.ID] = c.State().String()
	}
	return states
}

// TestClaudeFailureStates: each way a Claude Code call can fail to do
// what it was asked shows as its own state.
func TestClaudeFailureStates(t *testing.T) {
	tr := replaytest.LoadBytes(t, lineOptions, golden.Session(t, "claude-failures.jsonl"))
	assert.Equal(t, map[string]string{
		"toolu_01Rej":  "rejected",
		"toolu_01Wr":   "failed",
		"toolu_01Perm": "denied",
		"toolu_01Push": "rejected",
		"toolu_01Test": "failed",
		"toolu_01Long": "interrupted",
	}, cardStates(replaytest.ToolCards(tr)))
}

// TestCodexRefusalStates: a call the user declined, one the sandbox
// denied and one a turn abort cut off.
func TestCodexRefusalStates(t *testing.T) {
	tr := replaytest.LoadBytes(t, lineOptions, golden.Session(t, "codex-refused.jsonl"))
	assert.Equal(t, map[string]string{
		"call_Push1":  "rejected",
		"call_Patch1": "rejected",
		"call_Rm1":    "denied",
		"call_Test1":  "interrupted",
	}, cardStates(replaytest.ToolCards(tr)))
}

// TestCodexAbortInterruptsPendingCalls: a call still waiting for its
// output when the turn is aborted is interrupted, not "no result".
func TestCodexAbortInterruptsPendingCalls(t *testing.T) {
	tr := replaytest.LoadBytes(t, lineOptions, golden.Session(t, "codex-aborted.jsonl"))
	states := cardStates(replaytest.ToolCards(tr))
	assert.Equal(t, "interrupted", states["call_Bn5wE3rT8yUi1Opl"])
	assert.Equal(t, "done", states["call_Lc2kS9dF4gHj7Kzx"])
}

// TestViewStreamOutcome: a result line's outcome becomes the card's
// state; without one the card is done.
func TestViewStreamOutcome(t *testing.T) {
	tr := replaytest.LoadLines(t, lineOptions,
		`{"type":"call","id":"a","view":{"card":"diff","title":"Write x","diffs":[{"path":"x","oldText":null,"newText":"x\n"}]}}`,
		`{"type":"result","id":"a","outcome":"rejected","view":{"card":"generic","content":[{"type":"text","text":"no"}]}}`,
		`{"type":"call","id":"b","view":{"card":"terminal","title":"make"}}`,
		`{"type":"result","id":"b","outcome":"done","view":{"card":"terminal","exitCode":0}}`,
		`{"type":"call","id":"c","view":{"card":"generic","title":"lsp"}}`,
		`{"type":"result","id":"c","view":{"card":"generic"}}`,
		`{"type":"call","id":"d","view":{"card":"generic","title":"fetch"}}`,
		`{"type":"result","id":"d","outcome":"failed","view":{"card":"generic"}}`,
	)
	assert.Equal(t, map[string]string{"a": "rejected", "b": "done", "c": "done", "d": "failed"}, cardStates(replaytest.ToolCards(tr)))
}
