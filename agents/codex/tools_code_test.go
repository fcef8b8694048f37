package codex_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/cardtui/cardtui/agents/codex"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/producertest"
	"github.com/cardtui/cardtui/producers"
)

func TestCodexCodeModeCalls(t *testing.T) {
	script := "// @exec: {\"yield_time_ms\": 5000}\nconst r = await tools.exec_command({cmd: \"go test ./...\"});\ntext(r.output);\n"
	assert.Equal(t, cards.GenericCall{
		Title: "Run JavaScript", Kind: cards.KindExecute,
		Content: []cards.ContentBlock{cards.TextBlock{Text: script[:len(script)-1], Lang: "javascript"}},
	},
		toolCall(t, "exec", `{"input":`+quoteJSON(script)+`}`))
	assert.Equal(t, cards.GenericCall{Title: "Wait for script cell 3", Kind: cards.KindExecute}, toolCall(t, "wait", `{"cell_id":"3","yield_time_ms":10000}`))
	assert.Equal(t, cards.GenericCall{Title: "Stop script cell 3", Kind: cards.KindExecute}, toolCall(t, "wait", `{"cell_id":"3","terminate":true}`))
	producertest.RequireFallbackNote(t, toolCall(t, "exec", `{}`), `"input"`)
	producertest.RequireFallbackNote(t, toolCall(t, "wait", `{"cell_id":""}`), "cell_id")
}

func TestCodexCodeModeResults(t *testing.T) {
	for _, tc := range []struct {
		name, output, title, shown string
		outcome                    cards.Outcome
		cell                       string
	}{
		{"completed", "Script completed\nWall time 1.4 seconds\nOutput:\nok  \tpkg\t0.2s\n", "Script completed · 1.4s", "ok  \tpkg\t0.2s", cards.OutcomeDone, ""},
		{
			"failed", "Script failed\nWall time 0.1 seconds\nOutput:\nScript error:\nReferenceError: x is not defined", "Script failed · 0.1s",
			"Script error:\nReferenceError: x is not defined", cards.OutcomeFailed, "",
		},
		{"terminated", "Script terminated\nWall time 9.0 seconds\nOutput:\n", "Script terminated · 9.0s", "", cards.OutcomeInterrupted, ""},
		{"yielded", "Script running with cell ID 3\nWall time 5.0 seconds\nOutput:\nbuilding…", "Script running with cell ID 3 · 5.0s", "building…", cards.OutcomeDone, "3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			view := toolResult(t, "exec", `{"input":"text(1)"}`, tc.output, ``)
			assert.Equal(t, cards.GenericResult{Title: tc.title, Content: textBlocks(tc.shown)}, view)
			assert.Equal(t, tc.outcome, codex.Outcome(producers.Result{Content: producertest.Blocks(tc.output)}))
			assert.Equal(t, tc.cell, codex.CodeModeCell(tc.output))
		})
	}
	assert.Equal(t, cards.GenericResult{Content: producertest.Blocks("exec cannot invoke itself")}, toolResult(t, "wait", `{"cell_id":"1"}`, "exec cannot invoke itself", ``),
		"an output without the status header is shown as it is")
}

// quoteJSON is s as a JSON string.
func quoteJSON(s string) string {
	out, _ := json.Marshal(s)
	return string(out)
}

// textBlocks is s as one plain text block, none for "".
func textBlocks(s string) []cards.ContentBlock {
	if s == "" {
		return nil
	}
	return producertest.Blocks(s)
}
