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

// TestCodexCodeModeWebRun: a script's one web__run call is titled by
// what it does: its queries, the page it opens, the text it finds there,
// or the links it follows.
func TestCodexCodeModeWebRun(t *testing.T) {
	for _, tc := range []struct{ arg, title string }{
		{`{"search_query":[{"q":"python fsum"}]}`, `Search the web for "python fsum"`},
		{`{"open":[{"ref_id":"https://go.dev/doc"}]}`, "Open https://go.dev/doc"},
		{`{"find":[{"ref_id":"turn2view0","pattern":"fsum"}]}`, "Find 'fsum' in turn2view0"},
		{`{"click":[{"ref_id":"turn3view0","id":0},{"ref_id":"turn3view0","id":18}],"response_length":"long"}`, "Follow 2 links"},
	} {
		script := "const r = await tools.web__run(" + tc.arg + ");\ntext(r);"
		v, ok := toolCall(t, "exec", `{"input":`+quoteJSON(script)+`}`).(cards.GenericCall)
		if assert.True(t, ok, tc.arg) {
			assert.Equal(t, tc.title, v.Title, tc.arg)
			assert.Equal(t, cards.KindFetch, v.Kind, tc.arg)
		}
	}
	v := toolCall(t, "exec", `{"input":`+quoteJSON(`await tools.web__run({"click":[{"ref_id":"turn3view0","id":18}]});`)+`}`)
	assert.Equal(t, textBlocks("link 18 of turn3view0"), v.(cards.GenericCall).Content)
}

// TestCodexCodeModeToolsDrawnAsTheirOwn: a script's one update_plan or
// write_stdin call is drawn as the tool's own card.
func TestCodexCodeModeToolsDrawnAsTheirOwn(t *testing.T) {
	plan := `{"explanation":"Build it","plan":[{"step":"Scaffold","status":"in_progress"}]}`
	stdin := `{"session_id":95469,"chars":"","yield_time_ms":30000}`
	for tool, arg := range map[string]string{"update_plan": plan, "write_stdin": stdin} {
		script := "const r = await tools." + tool + "(" + arg + ");\ntext(r.output);"
		assert.Equal(t, toolCall(t, tool, arg), toolCall(t, "exec", `{"input":`+quoteJSON(script)+`}`), tool)
	}
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
