package views_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
)

// badLineCase is one line the view-stream decoder must reject.
type badLineCase struct {
	name string
	line string
	// mention are texts the problem's reason must contain.
	mention []string
}

var badLineCases = []badLineCase{
	{"invalid JSON", `{"type":"call",`, []string{"not a JSON object"}},
	{"not JSON at all", `hello`, []string{"not a JSON object", "invalid character"}},
	{"array", `[{"type":"call"}]`, []string{"not a JSON object", "an array"}},
	{"string", `"call"`, []string{"not a JSON object", "a string"}},
	{"data after the object", `{"type":"message","role":"user","text":"a"} {}`, []string{"data after the object"}},
	{"duplicate field", `{"type":"message","type":"call","role":"user","text":"a"}`, []string{`duplicate field "type"`}},
	{"missing type", `{"id":"c9","view":{"card":"terminal","title":"ls"}}`, []string{`missing field "type"`, `"call", "result", "message"`}},
	{"type not a string", `{"type":7,"id":"c9"}`, []string{`field "type"`, "a number"}},
	{"unknown type", `{"type":"tool_call","id":"c9"}`, []string{`unknown type "tool_call"`}},
	{"call missing id", `{"type":"call","view":{"card":"terminal","title":"ls"}}`, []string{`call: missing field "id"`}},
	{"call empty id", `{"type":"call","id":"","view":{"card":"terminal","title":"ls"}}`, []string{`call: field "id": must not be empty`}},
	{"call id not a string", `{"type":"call","id":9,"view":{"card":"terminal","title":"ls"}}`, []string{`call: field "id": want a string, found a number`}},
	{"call tool not a string", `{"type":"call","id":"c9","tool":["bash"],"view":{"card":"terminal","title":"ls"}}`, []string{`call: field "tool"`, "an array"}},
	{"call missing view", `{"type":"call","id":"c9","tool":"bash"}`, []string{`call: missing field "view"`}},
	{"call null view", `{"type":"call","id":"c9","view":null}`, []string{`call: missing field "view"`}},
	{"call view missing card", `{"type":"call","id":"c9","view":{"title":"ls"}}`, []string{"call view", `field "card"`, "missing card"}},
	{"call view unknown card", `{"type":"call","id":"c9","view":{"card":"popup","title":"ls"}}`, []string{`field "card"`, `"popup"`}},
	{"call view foreign field", `{"type":"call","id":"c9","view":{"card":"terminal","title":"ls","exitCode":0}}`, []string{"terminal call", `field "exitCode"`}},
	{"call view nested error", `{"type":"call","id":"c9","view":{"card":"diff","title":"t","diffs":[{"path":"a","newText":""}]}}`, []string{"diff call", `field "diffs[0].oldText"`}},
	{"call envelope extra field", `{"type":"call","id":"c9","seq":4,"view":{"card":"terminal","title":"ls"}}`, []string{`call: unknown field "seq"`}},
	{"result missing id", `{"type":"result","view":{"card":"generic"}}`, []string{`result: missing field "id"`}},
	{"result missing view", `{"type":"result","id":"c9"}`, []string{`result: missing field "view"`}},
	{"result view error", `{"type":"result","id":"c9","view":{"card":"terminal","exitCode":1,"signal":"SIGKILL"}}`, []string{"terminal result", `field "exitCode"`, "exclusive"}},
	{"result outcome unknown", `{"type":"result","id":"c9","outcome":"cancelled","view":{"card":"generic"}}`, []string{`result: field "outcome": "cancelled" is not one of "done", "failed", "rejected", "denied", "interrupted"`}},
	{"result outcome not a string", `{"type":"result","id":"c9","outcome":true,"view":{"card":"generic"}}`, []string{`result: field "outcome": want a string, found a boolean`}},
	{"result envelope has tool", `{"type":"result","id":"c9","tool":"bash","view":{"card":"generic"}}`, []string{`result: unknown field "tool"`}},
	{"message unknown role", `{"type":"message","role":"system","text":"be brief"}`, []string{`message: field "role": "system" is not one of "user", "assistant"`}},
	{"message missing role", `{"type":"message","text":"hi"}`, []string{`message: missing field "role"`}},
	{"message missing text", `{"type":"message","role":"user"}`, []string{`message: missing field "text"`}},
	{"message text not a string", `{"type":"message","role":"user","text":{"parts":[]}}`, []string{`message: field "text"`, "an object"}},
	{"message extra fields", `{"type":"message","role":"user","text":"hi","id":"m1","time":3}`, []string{`message: unknown fields "id", "time"`}},
}

// TestViewStreamBadLines puts each bad line between good ones: it becomes
// one Problem naming its line and the reason, and the lines around it
// still make their entries.
func TestViewStreamBadLines(t *testing.T) {
	for _, c := range badLineCases {
		t.Run(c.name, func(t *testing.T) {
			tr := replaytest.LoadLines(t, agentsOptions, replaytest.UserLine, c.line, replaytest.CallLine, replaytest.ResultLine)

			ps := replaytest.Problems(tr)
			require.Len(t, ps, 1, replaytest.Describe(tr))
			assert.Equal(t, 2, ps[0].Line)
			assert.Equal(t, "test.jsonl", ps[0].Source)
			for _, m := range c.mention {
				assert.Contains(t, ps[0].Reason, m)
			}
			assert.Equal(t, c.line, ps[0].Excerpt)

			require.Len(t, tr.Entries, 3)
			assert.Equal(t, cards.Message{Role: cards.RoleUser, Text: "hi"}, tr.Entries[0])
			assert.IsType(t, cards.Problem{}, tr.Entries[1])
			card := tr.Entries[2].(cards.ToolCard)
			assert.Equal(t, "c1", card.ID)
			assert.NotNil(t, card.Result)
			assert.Equal(t, 4, tr.Stats.Lines)
			assert.Equal(t, 3, tr.Stats.Events)
			assert.Equal(t, 1, tr.Stats.Problems)
		})
	}
}

// TestViewStreamViewErrorIsTheCardsMessage checks that a view error is
// reported exactly as cards words it.
func TestViewStreamViewErrorIsTheCardsMessage(t *testing.T) {
	view := `{"card":"diff","title":"t","diffs":[{"path":"a","newText":""}]}`
	_, want := cards.DecodeCall([]byte(view))
	require.Error(t, want)

	tr := replaytest.LoadLines(t, agentsOptions, `{"type":"call","id":"c9","view":`+view+`}`)

	require.Len(t, replaytest.Problems(tr), 1)
	assert.Equal(t, want.Error(), replaytest.Problems(tr)[0].Reason)
}

// TestViewStreamBadLinesGolden pins the exact wording of every reason.
func TestViewStreamBadLinesGolden(t *testing.T) {
	lines := []string{replaytest.UserLine}
	for _, c := range badLineCases {
		lines = append(lines, c.line)
	}
	golden.Assert(t, "bad-lines.golden", replaytest.Describe(replaytest.LoadLines(t, agentsOptions, lines...)))
}

func TestViewStreamGoodLines(t *testing.T) {
	tr := replaytest.LoadLines(t, agentsOptions, replaytest.UserLine, replaytest.CallLine, replaytest.Call2Line, replaytest.Result2Line, replaytest.ResultLine, replaytest.AssistantLine)

	require.Empty(t, replaytest.Problems(tr))
	require.Len(t, tr.Entries, 4)
	assert.Equal(t, cards.Message{Role: cards.RoleUser, Text: "hi"}, tr.Entries[0])
	zero := 0
	assert.Equal(t, cards.ToolCard{
		ID: "c1", Tool: "bash", Call: cards.TerminalCall{Title: "ls"},
		Result: cards.TerminalResult{Output: "a.go", ExitCode: &zero},
	}, tr.Entries[1])
	assert.Equal(t, cards.ToolCard{
		ID: "c2", Call: cards.GenericCall{Title: "Think"},
		Result: cards.GenericResult{},
	}, tr.Entries[2])
	assert.Equal(t, cards.Message{Role: cards.RoleAssistant, Text: "done"}, tr.Entries[3])
	assert.Equal(t, 6, tr.Stats.Lines)
	assert.Equal(t, 6, tr.Stats.Events)
	assert.Equal(t, 2, tr.Stats.ToolCards)
}

func TestViewStreamBlankAndCRLFLines(t *testing.T) {
	tr := replaytest.Load(t, agentsOptions, replaytest.UserLine+"\r\n\r\n   \n"+replaytest.CallLine+"\r\n"+replaytest.ResultLine+"\r\n\n")

	require.Empty(t, replaytest.Problems(tr), replaytest.Describe(tr))
	assert.Len(t, tr.Entries, 2)
	assert.Equal(t, 6, tr.Stats.Lines)
	assert.Equal(t, 3, tr.Stats.Events)
}

// TestViewDemoSession checks that the view-stream demo decodes without a
// problem and holds every card kind.
func TestViewDemoSession(t *testing.T) {
	lines := replaytest.ViewDemoLines(t)
	tr := replaytest.LoadLines(t, agentsOptions, lines...)

	require.Empty(t, replaytest.Problems(tr))
	assert.Equal(t, len(lines), tr.Stats.Lines)
	assert.Equal(t, len(lines), tr.Stats.Events)
	kinds := map[string]bool{}
	for _, e := range tr.Entries {
		switch e := e.(type) {
		case cards.Message:
			kinds["message "+string(e.Role)] = true
		case cards.ToolCard:
			kinds[replaytest.CardOf(e.Call)] = true
			kinds[replaytest.CardOf(e.Result)] = true
			if e.Result == nil {
				assert.True(t, e.Ended, "pending card %s is marked ended", e.ID)
			}
		}
	}
	for _, want := range []string{
		"message user", "message assistant",
		"cards.GenericCall", "cards.TerminalCall", "cards.DiffCall",
		"cards.GenericResult", "cards.TerminalResult", "cards.DiffResult", "cards.ReadResult",
		"cards.SearchMatches", "cards.SearchPaths", "cards.WebSearch", "cards.WebFetch", "-",
	} {
		assert.True(t, kinds[want], "the demo has no %s", want)
	}
	golden.Assert(t, "demo-views.golden", replaytest.Describe(tr))
}

// TestViewDemoTerminalOutcomes checks the view-stream demo's terminal
// cards: one success, one failure, one signal, one pending.
func TestViewDemoTerminalOutcomes(t *testing.T) {
	var outcomes []string
	for _, c := range replaytest.ToolCards(replaytest.LoadLines(t, agentsOptions, replaytest.ViewDemoLines(t)...)) {
		if _, ok := c.Call.(cards.TerminalCall); !ok {
			continue
		}
		r, ok := c.Result.(cards.TerminalResult)
		switch {
		case !ok:
			outcomes = append(outcomes, "pending")
		case r.Signal != "":
			outcomes = append(outcomes, "signal "+r.Signal)
		case r.ExitCode != nil && *r.ExitCode != 0:
			outcomes = append(outcomes, "failed")
			assert.True(t, strings.Contains(r.Output, "\x1b[31m"), "the failure output is red")
		default:
			outcomes = append(outcomes, "ok")
		}
	}
	assert.ElementsMatch(t, []string{"failed", "ok", "signal SIGTERM", "pending"}, outcomes)
}
