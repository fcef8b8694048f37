package harness_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/internal/testkit/harnesslog"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
)

// TestHarnessOlderShape replays a log written before the harness gave its
// messages an identity: every reply, reasoning block, tool output and
// steering message is shown, with no problem.
func TestHarnessOlderShape(t *testing.T) {
	tr := replaytest.LoadBytes(t, agentsOptions, golden.Session(t, "harness-legacy.jsonl"))

	require.Empty(t, replaytest.Problems(tr), replaytest.Describe(tr))
	assert.Equal(t, tr.Stats.Lines, tr.Stats.Events, "every line understood")
	cs := replaytest.ToolCards(tr)
	require.Len(t, cs, 2)
	assert.Equal(t, "  42 main.go\n", cs[0].Result.(cards.TerminalResult).Output)
	assert.Equal(t, 1, *cs[1].Result.(cards.TerminalResult).ExitCode)
	assert.Contains(t, tr.Entries, cards.Message{Role: cards.RoleReasoning, Text: "I should run wc on the file before answering."})
	assert.Contains(t, tr.Entries, cards.Message{Role: cards.RoleAssistant, Text: "main.go has **42 lines**; main_test.go does not exist."})
	assert.Contains(t, tr.Entries, cards.Message{Role: cards.RoleUser, Text: "Also count main_test.go."}, "steering {turn, content, source}")
	assert.Contains(t, tr.Entries, cards.Message{Role: cards.RoleUser, Text: "Now create it."}, "steering {turn, message}")
	golden.Assert(t, "harness-legacy.golden", replaytest.Describe(tr))
}

// TestHarnessOlderShapePerEvent decides the shape of each event on its
// own: older and current events mix in one log.
func TestHarnessOlderShapePerEvent(t *testing.T) {
	tr := harness(t,
		harnesslog.AssistantEvent(harnesslog.CallPart("c1", "bash", `{"command":"ls","description":"List"}`)),
		harnesslog.Event("tool/result", `{"turn":1,"step":1,"callId":"c1","content":[{"type":"text","text":"a.go"}],"isError":false}`),
		harnesslog.Event("assistant/message", `{"turn":1,"step":2,"content":[{"type":"text","text":"old"}],"provenance":{}}`),
		harnesslog.AssistantEvent(harnesslog.TextPart("new")))

	require.Empty(t, replaytest.Problems(tr), replaytest.Describe(tr))
	assert.Equal(t, "a.go", replaytest.ToolCards(tr)[0].Result.(cards.TerminalResult).Output)
	assert.Equal(t, []cards.Entry{cards.Message{Role: cards.RoleAssistant, Text: "old"}, cards.Message{Role: cards.RoleAssistant, Text: "new"}},
		tr.Entries[1:])
}

// TestHarnessOlderShapeStrictness rejects what the harness's reader
// rejects: an event that is neither of the older shape nor of the current
// one, a malformed upgrade, and the vocabulary it no longer replays.
func TestHarnessOlderShapeStrictness(t *testing.T) {
	cases := []struct{ name, line, want string }{
		{
			"assistant content without provenance", harnesslog.Event("assistant/message", `{"turn":1,"content":[]}`),
			`assistant/message: missing field "data.message.content"`,
		},
		{
			"assistant with a null message", harnesslog.Event("assistant/message", `{"message":null,"content":[],"provenance":{}}`),
			`assistant/message: missing field "data.message.content"`,
		},
		{
			"assistant content not parts", harnesslog.Event("assistant/message", `{"content":[{"type":7}],"provenance":{}}`),
			`assistant/message: field "data.content.type": want a string, found a number`,
		},
		{"result without isError", harnesslog.Event("tool/result", `{"callId":"c1","content":[]}`), `tool/result: missing field "data.message"`},
		{
			"result isError not a boolean", harnesslog.Event("tool/result", `{"callId":"c1","content":[],"isError":"no"}`),
			`tool/result: field "data.isError": want a boolean`,
		},
		{
			"result call id empty", harnesslog.Event("tool/result", `{"callId":"","content":[],"isError":false}`),
			`tool/result: field "data.callId": want a call id`,
		},
		{
			"steering without turn", harnesslog.Event("steering/message", `{"content":[],"source":{"kind":"user"}}`),
			"steering/message: malformed: neither {turn, message} nor {turn, content, source}",
		},
		{
			"steering with an extra key", harnesslog.Event("steering/message", `{"turn":1,"content":[],"source":{"kind":"user"},"id":"x"}`),
			"steering/message: malformed: neither {turn, message} nor {turn, content, source}",
		},
		{
			"turn start trigger without kind", harnesslog.Event("turn/start", `{"turn":1,"trigger":{}}`),
			`turn/start: field "data.trigger.kind": want a non-empty string`,
		},
		{
			"turn start trigger with extra key", harnesslog.Event("turn/start", `{"turn":1,"trigger":{"kind":"user"},"x":1}`),
			`turn/start: unexpected field "data.x"`,
		},
		{
			"turn start turn 0", harnesslog.Event("turn/start", `{"turn":0,"trigger":{"kind":"user"}}`),
			`turn/start: field "data.turn": want an integer from 1`,
		},
		{
			"turn end extra key", harnesslog.Event("turn/end", `{"turn":1,"reason":{"kind":"completed"},"step":2}`),
			`turn/end: unexpected field "data.step"`,
		},
		{
			"turn end completed with extra key", harnesslog.Event("turn/end", `{"turn":1,"reason":{"kind":"completed","why":"x"}}`),
			`turn/end: unexpected field "data.reason.why"`,
		},
		{
			"turn end kind not a string", harnesslog.Event("turn/end", `{"turn":1,"reason":{"kind":1}}`),
			`turn/end: field "data.reason.kind": want a string`,
		},
		{
			"turn end old error without step", harnesslog.Event("turn/end", `{"turn":1,"reason":{"kind":"error","message":"boom"}}`),
			`turn/end: field "data.reason": an error reason wants {error}, {step, failure} or {step, message, code?}`,
		},
		{
			"header delta", harnesslog.Event("request/header-delta", `{}`),
			"request/header-delta: request/header-delta is an obsolete event the harness no longer replays",
		},
		{"mode set", harnesslog.Event("mode/set", `{"mode":"plan"}`), "mode/set: mode/set is an obsolete event the harness no longer replays"},
		{
			"header fallback", harnesslog.Event("request/header", `{"reason":"fallback","header":{}}`),
			`request/header: the reason "fallback" is obsolete: the harness no longer replays it`,
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr := harness(t, c.line)

			ps := replaytest.Problems(tr)
			require.Len(t, ps, 1, replaytest.Describe(tr))
			assert.Equal(t, c.want, ps[0].Reason)
		})
	}
}

// TestHarnessOlderTurnEnds upgrades the older turn endings as the harness
// does.
func TestHarnessOlderTurnEnds(t *testing.T) {
	cases := []struct{ name, data, want string }{
		{"aborted without why", `{"turn":2,"reason":{"kind":"aborted"}}`, "Turn 2 was aborted"},
		{"disposed", `{"turn":2,"reason":{"kind":"disposed"}}`, "Turn 2 was aborted: the session was closed"},
		{"error message", `{"turn":2,"reason":{"kind":"error","step":1,"message":"boom"}}`, "Turn 2 failed: boom (UNKNOWN)"},
		{"error message and code", `{"turn":2,"reason":{"kind":"error","step":1,"message":"boom","code":"E1"}}`, "Turn 2 failed: boom (E1)"},
		{
			"error failure", `{"turn":2,"reason":{"kind":"error","step":0,"failure":{"message":"slow","code":"RATE","requestId":"r"}}}`,
			"Turn 2 failed: slow (RATE)",
		},
		{"interrupted", `{"turn":2,"reason":{"kind":"interrupted"}}`, "Turn 2 was interrupted"},
		{"blocked", `{"turn":2,"reason":{"kind":"blocked"}}`, "Turn 2 was blocked"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr := harness(t, harnesslog.Event("turn/end", c.data))

			require.Empty(t, replaytest.Problems(tr), replaytest.Describe(tr))
			assert.Equal(t, []cards.Entry{cards.Notice{Text: c.want}}, tr.Entries)
		})
	}
}

// TestHeadlessOlderShape upgrades the events of a headless stream too.
func TestHeadlessOlderShape(t *testing.T) {
	wrap := func(typ, data string) string {
		return `{"type":"session_event","sessionId":"s1","event":{"type":"` + typ + `","seq":1,"time":2,"data":` + data + `}}`
	}
	tr := replaytest.Load(t, agentsOptions, wrap("assistant/message", `{"turn":1,"step":1,"content":[{"type":"text","text":"old reply"}],"provenance":{}}`)+"\n"+
		wrap("steering/message", `{"turn":1,"content":[{"type":"text","text":"steer"}],"source":{"kind":"user"}}`)+"\n")

	require.Empty(t, replaytest.Problems(tr), replaytest.Describe(tr))
	assert.Equal(t, []cards.Entry{cards.Message{Role: cards.RoleAssistant, Text: "old reply"}, cards.Message{Role: cards.RoleUser, Text: "steer"}},
		tr.Entries)
}
