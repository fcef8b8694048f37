package harness_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/agents/nodb"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit"
	"github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/internal/testkit/harnesslog"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
	"github.com/cardtui/cardtui/replay"
)

// The tests build session-log lines with internal/testkit/harnesslog.

// header is the first line of a session log.
const header = harnesslog.Header

// harness loads a session log made of the header and lines.
func harness(t *testing.T, lines ...string) *replay.Transcript {
	t.Helper()
	return replaytest.Load(t, agentsOptions, header+"\n"+strings.Join(lines, "\n")+"\n")
}

const (
	bashArgs = `{"command":"go vet ./...","description":"Vet the code"}`
	readArgs = `{"file_path":"a.go","offset":2,"limit":1}`
	readMeta = `,"meta":{"path":"/w/a.go","offset":2,"lines":[{"number":2,"text":"func main() {}"}],"totalLines":3}`
)

func TestHarnessUserMessages(t *testing.T) {
	tr := harness(t,
		harnesslog.UserEvent("user", "fix the bug"),
		harnesslog.UserEvent("plugin", "Current runtime context."),
		harnesslog.Event("user/message", `{"content":[{"type":"text","text":"no source"},{"type":"image","attachment":{"mediaType":"image/png"}}]}`),
		harnesslog.Event("user/message", `{"content":"a bare string","source":{"kind":"subagent-report"}}`),
		harnesslog.Event("user/message", `{"content":[],"source":{"kind":"user"}}`),
	)

	require.Empty(t, replaytest.Problems(tr), replaytest.Describe(tr))
	assert.Equal(t, []cards.Entry{
		cards.Message{Role: cards.RoleUser, Text: "fix the bug"},
		cards.Message{Role: cards.RoleContext, Text: "Current runtime context."},
		cards.Message{Role: cards.RoleUser, Text: "no source\n\n[image: image/png]"},
		cards.Message{Role: cards.RoleContext, Text: "a bare string"},
	}, tr.Entries)
	assert.Equal(t, map[string]int{"user/message": 1}, tr.Stats.Skipped, "the empty message shows nothing")
	assert.Equal(t, 6, tr.Stats.Events, "the header and every event")
}

func TestHarnessAssistantMessageParts(t *testing.T) {
	tr := harness(t, harnesslog.AssistantEvent(
		harnesslog.ReasoningPart("think first"), harnesslog.ReasoningPart("then more"),
		harnesslog.TextPart("Running it."), harnesslog.TextPart(" "),
		harnesslog.CallPart("c1", "bash", bashArgs),
		harnesslog.TextPart("And a note after the call."),
		`{"type":"file","mediaType":"text/plain"}`,
	), harnesslog.CallEvent("c1", "bash", bashArgs))

	require.Empty(t, replaytest.Problems(tr), replaytest.Describe(tr))
	require.Len(t, tr.Entries, 4, replaytest.Describe(tr))
	assert.Equal(t, cards.Message{Role: cards.RoleReasoning, Text: "think first\n\nthen more"}, tr.Entries[0])
	assert.Equal(t, cards.Message{Role: cards.RoleAssistant, Text: "Running it."}, tr.Entries[1])
	assert.Equal(t, cards.TerminalCall{Title: "go vet ./...", Description: "Vet the code"}, tr.Entries[2].(cards.ToolCard).Call)
	assert.Equal(t, cards.Message{Role: cards.RoleAssistant, Text: "And a note after the call.\n\n[file part]"}, tr.Entries[3])
}

func TestHarnessInterruptedReply(t *testing.T) {
	tr := harness(t, harnesslog.Event("assistant/message", `{"message":{"content":[{"type":"text","text":"partial"}]},"interrupted":true}`))

	require.Len(t, tr.Entries, 2)
	assert.Equal(t, cards.Message{Role: cards.RoleAssistant, Text: "partial"}, tr.Entries[0])
	assert.Contains(t, tr.Entries[1].(cards.Notice).Text, "interrupted")
}

// TestHarnessCallSeenTwiceIsOneCard: the call of an assistant message's
// tool-call part and of its tool/call event are the same call, in either
// order.
func TestHarnessCallSeenTwiceIsOneCard(t *testing.T) {
	part := harnesslog.AssistantEvent(harnesslog.CallPart("c1", "read", readArgs))
	call := harnesslog.CallEvent("c1", "read", readArgs)
	result := harnesslog.ResultEvent("c1", "2: func main() {}", false, readMeta)
	for name, lines := range map[string][]string{
		"part first":  {part, call, result},
		"event first": {call, part, result},
		"part again":  {part, call, part, result},
	} {
		t.Run(name, func(t *testing.T) {
			tr := harness(t, lines...)

			require.Empty(t, replaytest.Problems(tr), replaytest.Describe(tr))
			cs := replaytest.ToolCards(tr)
			require.Len(t, cs, 1, replaytest.Describe(tr))
			assert.Equal(t, "read", cs[0].Tool)
			assert.Equal(t, "Read a.go (2 - 2)", cs[0].Call.(cards.GenericCall).Title)
			assert.Equal(t, cards.ReadResult{
				Path: "/w/a.go", Offset: 2, TotalLines: 3,
				Lines: []cards.ReadLine{{Number: 2, Text: "func main() {}"}},
			}, cs[0].Result)
			assert.Equal(t, 1, tr.Stats.ToolCards)
		})
	}
}

// TestHarnessCallEventIsAuthoritative: when the tool/call event differs
// from the part, the event's tool and arguments make the card and present
// the result.
func TestHarnessCallEventIsAuthoritative(t *testing.T) {
	tr := harness(t,
		harnesslog.AssistantEvent(harnesslog.CallPart("c1", "bash", `{"command":"ls","description":"List"}`)),
		harnesslog.CallEvent("c1", "read", readArgs),
		harnesslog.ResultEvent("c1", "2: func main() {}", false, readMeta))

	require.Empty(t, replaytest.Problems(tr), replaytest.Describe(tr))
	cs := replaytest.ToolCards(tr)
	require.Len(t, cs, 1)
	assert.Equal(t, "read", cs[0].Tool)
	assert.Equal(t, "Read a.go (2 - 2)", cs[0].Call.(cards.GenericCall).Title)
	assert.IsType(t, cards.ReadResult{}, cs[0].Result, "the result is presented with the event's tool")
}

func TestHarnessCallFromOneSourceOnly(t *testing.T) {
	t.Run("part without event", func(t *testing.T) {
		tr := harness(t, harnesslog.AssistantEvent(harnesslog.CallPart("c1", "bash", bashArgs)), harnesslog.ResultEvent("c1", "ok", false, ""))

		cs := replaytest.ToolCards(tr)
		require.Len(t, cs, 1)
		assert.Equal(t, cards.TerminalResult{Output: "ok", ExitCode: ptr(0)}, cs[0].Result)
	})
	t.Run("event without part", func(t *testing.T) {
		tr := harness(t, harnesslog.CallEvent("c1", "bash", bashArgs), harnesslog.ResultEvent("c1", "vet: bad\n[exit code: 1]", false, ""))

		cs := replaytest.ToolCards(tr)
		require.Len(t, cs, 1)
		assert.Equal(t, cards.TerminalResult{Output: "vet: bad", ExitCode: ptr(1)}, cs[0].Result)
	})
	t.Run("part without id waits for the event", func(t *testing.T) {
		tr := harness(t, harnesslog.AssistantEvent(harnesslog.CallPart("", "bash", bashArgs)), harnesslog.CallEvent("c1", "bash", bashArgs))

		assert.Len(t, replaytest.ToolCards(tr), 1)
		assert.Empty(t, replaytest.Problems(tr))
	})
}

func TestHarnessDuplicateCallEvent(t *testing.T) {
	tr := harness(t,
		harnesslog.CallEvent("c1", "bash", bashArgs),
		harnesslog.CallEvent("c1", "bash", `{"command":"true","description":"again"}`),
		harnesslog.ResultEvent("c1", "first", false, ""),
		harnesslog.ResultEvent("c1", "second", false, ""),
		harnesslog.ResultEvent("c1", "third", false, ""))

	cs := replaytest.ToolCards(tr)
	require.Len(t, cs, 2)
	assert.Equal(t, "first", cs[0].Result.(cards.TerminalResult).Output)
	assert.Equal(t, "second", cs[1].Result.(cards.TerminalResult).Output)
	ps := replaytest.Problems(tr)
	require.Len(t, ps, 2, replaytest.Describe(tr))
	assert.Equal(t, 3, ps[0].Line)
	assert.Contains(t, ps[0].Reason, `duplicate call id "c1"`)
	assert.Equal(t, 6, ps[1].Line)
	assert.Contains(t, ps[1].Reason, `second result for call id "c1"`)
	assert.Equal(t, 6, tr.Stats.Events, "both kinds of problem are about lines that were read")
}

func TestHarnessResults(t *testing.T) {
	t.Run("error with the harness's error object", func(t *testing.T) {
		tr := harness(t, harnesslog.CallEvent("c1", "read", readArgs),
			harnesslog.ResultEvent("c1", "Error: no such file", true, `,"error":{"name":"FsError","code":"FS_NOT_FOUND"}`))

		r := replaytest.ToolCards(tr)[0].Result.(cards.GenericResult)
		assert.Equal(t, []cards.ContentBlock{
			cards.TextBlock{Text: "Error: no such file"},
			cards.TextBlock{Text: "Tool error: FsError (FS_NOT_FOUND)"},
		}, r.Content)
	})
	t.Run("orphan result", func(t *testing.T) {
		tr := harness(t, harnesslog.ResultEvent("c9", "lost call", false, ""))

		require.Empty(t, replaytest.Problems(tr))
		cs := replaytest.ToolCards(tr)
		require.Len(t, cs, 1)
		assert.Nil(t, cs[0].Call)
		assert.Equal(t, cards.GenericResult{Content: []cards.ContentBlock{cards.TextBlock{Text: "lost call"}}}, cs[0].Result)
	})
	t.Run("call without result ends", func(t *testing.T) {
		tr := harness(t, harnesslog.CallEvent("c1", "bash", bashArgs))

		assert.True(t, replaytest.ToolCards(tr)[0].Ended)
	})
	t.Run("unknown tool falls back", func(t *testing.T) {
		tr := harness(t, harnesslog.CallEvent("c1", "lsp", `{"op":"hover"}`), harnesslog.ResultEvent("c1", "docs", false, ""))

		c := replaytest.ToolCards(tr)[0]
		assert.Equal(t, "lsp", c.Call.(cards.GenericCall).Title)
		assert.Equal(t, json.RawMessage(`{"op":"hover"}`), c.Call.(cards.GenericCall).RawInput)
	})
	t.Run("arguments as an object", func(t *testing.T) {
		tr := harness(t, harnesslog.Event("tool/call", `{"callId":"c1","name":"bash","arguments":`+bashArgs+`}`))

		assert.Equal(t, cards.TerminalCall{Title: "go vet ./...", Description: "Vet the code"}, replaytest.ToolCards(tr)[0].Call)
	})
	t.Run("several tool-result parts", func(t *testing.T) {
		tr := harness(t, harnesslog.CallEvent("a", "bash", bashArgs), harnesslog.CallEvent("b", "bash", bashArgs),
			harnesslog.Event("tool/result", `{"message":{"content":[`+
				`{"type":"tool-result","toolCallId":"a","content":[{"type":"text","text":"A"}],"isError":false},`+
				`{"type":"text","text":"not a result part"},`+
				`{"type":"tool-result","toolCallId":"b","content":[{"type":"text","text":"B"}],"isError":false}]}}`))

		require.Empty(t, replaytest.Problems(tr))
		cs := replaytest.ToolCards(tr)
		assert.Equal(t, "A", cs[0].Result.(cards.TerminalResult).Output)
		assert.Equal(t, "B", cs[1].Result.(cards.TerminalResult).Output)
	})
}

func TestHarnessNotices(t *testing.T) {
	cases := []struct {
		name, line, want string
	}{
		{"title", harnesslog.Event("session/title", `{"title":"Fix the footer"}`), "Session: Fix the footer"},
		{
			"compaction", harnesslog.Event("compaction/summary", `{"summary":[{"type":"text","text":"We fixed it."}],"shadowedTokenCount":266}`),
			"Context compacted: 266 tokens of earlier conversation were replaced by the summary below",
		},
		{"compaction without summary", harnesslog.Event("compaction/summary", `{}`), "Context compacted: the earlier conversation was replaced by a summary"},
		{"turn aborted", harnesslog.Event("turn/end", `{"turn":2,"reason":{"kind":"aborted","reason":{"kind":"user"}}}`), "Turn 2 was aborted by the user"},
		{"turn aborted, no why", harnesslog.Event("turn/end", `{"turn":3,"reason":{"kind":"aborted"}}`), "Turn 3 was aborted"},
		{
			"turn error", harnesslog.Event("turn/end", `{"turn":1,"reason":{"kind":"error","error":{"message":"provider error (HTTP 401)","code":"AUTH"}}}`),
			"Turn 1 failed: provider error (HTTP 401) (AUTH)",
		},
		{"turn max tokens", harnesslog.Event("turn/end", `{"turn":1,"reason":{"kind":"max-tokens"}}`), "Turn 1 stopped: the reply reached the model's output token limit"},
		{"turn other", harnesslog.Event("turn/end", `{"turn":1,"reason":{"kind":"handoff"}}`), "Turn 1 ended: handoff"},
		{
			"approval asked", harnesslog.Event("approval/asked", `{"id":"a1","toolName":"bash","callId":"c1","reason":"write outside the workspace"}`),
			"Approval asked for bash: write outside the workspace",
		},
		{"approval decided, unknown id", harnesslog.Event("approval/decided", `{"id":"a9","outcome":"allowed-once"}`), "Approval: allowed once"},
		{
			"hook blocked", harnesslog.Event("hook/result", `{"point":"PreToolUse","handlerId":"h1","decision":"block","stderrSummary":"bash is disabled"}`),
			"Hook PreToolUse blocked: bash is disabled",
		},
		{"hook asked", harnesslog.Event("hook/result", `{"point":"PreToolUse","decision":"ask"}`), "Hook PreToolUse asked for approval"},
		{"hook other", harnesslog.Event("hook/result", `{"decision":"defer"}`), "Hook decided defer"},
		{
			"retry", harnesslog.Event("llm/retry", `{"retry":1,"maxRetries":2,"failure":{"message":"empty response","code":"EMPTY_RESPONSE"}}`),
			"The model request failed (empty response (EMPTY_RESPONSE)): retry 1 of 2",
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr := harness(t, c.line)

			require.Empty(t, replaytest.Problems(tr), replaytest.Describe(tr))
			require.NotEmpty(t, tr.Entries)
			assert.Equal(t, cards.Notice{Text: c.want}, tr.Entries[0])
			assert.Empty(t, tr.Stats.Skipped)
			assert.Empty(t, tr.InputNotices, "a notice about the session, not the input")
		})
	}
}

func TestHarnessApprovalNamesItsTool(t *testing.T) {
	tr := harness(t,
		harnesslog.Event("approval/asked", `{"id":"a1","toolName":"write","reason":"outside the workspace"}`),
		harnesslog.Event("approval/decided", `{"id":"a1","outcome":"rejected"}`))

	assert.Equal(t, cards.Notice{Text: "Approval for write: rejected"}, tr.Entries[1])
}

func TestHarnessTitle(t *testing.T) {
	tr := harness(t,
		harnesslog.Event("session/title", `{"title":"Fix the"}`),
		harnesslog.Event("session/title", `{"title":"Fix the"}`),
		harnesslog.Event("session/title", `{"title":"  "}`),
		harnesslog.Event("session/title", `{"title":"Fix the footer year"}`))

	assert.Equal(t, "Fix the footer year", tr.Title)
	assert.Equal(t, []cards.Entry{cards.Notice{Text: "Session: Fix the"}, cards.Notice{Text: "Session: Fix the footer year"}}, tr.Entries)
	assert.Equal(t, map[string]int{"session/title": 2}, tr.Stats.Skipped)
}

func TestHarnessCompactionSummaryIsCollapsedContext(t *testing.T) {
	tr := harness(t, harnesslog.Event("compaction/summary", `{"summary":[{"type":"text","text":"We fixed it."}]}`))

	require.Len(t, tr.Entries, 2)
	assert.Equal(t, cards.Message{Role: cards.RoleContext, Text: "We fixed it."}, tr.Entries[1])
}

// TestHarnessSkippedEvents: the event types not displayed, known or not,
// are counted by type and still count as events.
func TestHarnessSkippedEvents(t *testing.T) {
	tr := harness(t,
		harnesslog.Event("turn/start", `{"turn":1}`),
		harnesslog.Event("step/start", `{"turn":1,"step":1}`),
		harnesslog.Event("assistant/chunk", `{"turn":1,"step":1,"chunk":{"type":"text-delta","index":0,"text":"D"}}`),
		harnesslog.Event("assistant/chunk", `{"turn":1,"step":1,"chunk":{"type":"text-delta","index":0,"text":"ONE"}}`),
		harnesslog.Event("reasoning-chunks", `{"texts":["a"," b"]}`),
		harnesslog.Event("text-chunks", `{"texts":["a"]}`),
		harnesslog.Event("tool-call-chunks", `{"id":"c1","args":["{}"]}`),
		harnesslog.Event("turn/end", `{"turn":1,"reason":{"kind":"completed"}}`),
		harnesslog.Event("hook/result", `{"decision":"pass"}`),
		harnesslog.Event("todo/write", `{"todos":[]}`),
		harnesslog.Event("request/header", `{}`),
		harnesslog.Event("teleport/begin", `{"where":"mars"}`),
		`{"type":"future-event-without-data"}`,
	)

	assert.Empty(t, tr.Entries, replaytest.Describe(tr))
	assert.Equal(t, map[string]int{
		"turn/start": 1, "step/start": 1, "assistant/chunk": 2, "reasoning-chunks": 1,
		"text-chunks": 1, "tool-call-chunks": 1, "turn/end": 1, "hook/result": 1, "todo/write": 1, "request/header": 1,
		"teleport/begin": 1, "future-event-without-data": 1,
	}, tr.Stats.Skipped)
	assert.Equal(t, 14, tr.Stats.Events)
}

// harnessBadLines are lines the session-log decoder must reject, each
// with texts its reason must contain.
var harnessBadLines = []struct {
	name, line string
	mention    []string
}{
	{"not JSON", `{"type":"tool/call","data":{"callId":"c1"`, []string{"not a JSON object", "unexpected end of JSON input"}},
	{"delta row not JSON", `{"type":"assistant/chunk","data":{"turn":1,`, []string{"not a JSON object"}},
	{"array", `[{"type":"tool/call"}]`, []string{"not a JSON object: the line is an array"}},
	{"data after the object", `{"type":"turn/start","data":{}} {}`, []string{"not a JSON object", "after top-level value"}},
	{"missing type", `{"data":{"callId":"c1"}}`, []string{`missing field "type"`}},
	{"type not a string", `{"type":7,"data":{}}`, []string{`field "type": want a string, found a number`}},
	{"data missing", `{"type":"tool/call"}`, []string{`tool/call: missing field "data"`}},
	{"data not an object", `{"type":"user/message","data":"hi"}`, []string{`user/message: field "data": want an object, found a string`}},
	{"call id missing", harnesslog.Event("tool/call", `{"name":"bash","arguments":"{}"}`), []string{`tool/call: missing field "data.callId"`}},
	{"call id a number", harnesslog.Event("tool/call", `{"callId":7,"name":"bash"}`), []string{`tool/call: field "data.callId": want a string, found a number`}},
	{"user content bad", harnesslog.Event("user/message", `{"content":7}`), []string{`user/message: field "data.content"`}},
	{"assistant without content", harnesslog.Event("assistant/message", `{"message":{}}`), []string{`assistant/message: missing field "data.message.content"`}},
	{"assistant parts not objects", harnesslog.Event("assistant/message", `{"message":{"content":["hi"]}}`), []string{`field "data.message.content`, "want an object, found a string"}},
	{"result without message", harnesslog.Event("tool/result", `{"meta":{}}`), []string{`tool/result: missing field "data.message"`}},
	{"result without result part", harnesslog.Event("tool/result", `{"message":{"content":[{"type":"text","text":"x"}]}}`), []string{`no "tool-result" part`}},
	{
		"result part without call id", harnesslog.Event("tool/result", `{"message":{"content":[{"type":"tool-result","content":[]}]}}`),
		[]string{`missing field "data.message.content[0].toolCallId"`},
	},
	{
		"result isError not a boolean", harnesslog.Event("tool/result", `{"message":{"content":[{"type":"tool-result","toolCallId":"c1","isError":"yes"}]}}`),
		[]string{`isError": want a boolean, found a string`},
	},
	{"title not a string", harnesslog.Event("session/title", `{"title":["a"]}`), []string{`session/title: field "data.title": want a string, found an array`}},
	{"turn not a number", harnesslog.Event("turn/end", `{"turn":"one","reason":{"kind":"error"}}`), []string{`turn/end: field "data.turn": want an integer from 1`}},
}

// TestHarnessBadLines puts each bad line between good ones: it becomes one
// Problem naming its line, and the lines around it still make their
// entries.
func TestHarnessBadLines(t *testing.T) {
	for _, c := range harnessBadLines {
		t.Run(c.name, func(t *testing.T) {
			tr := harness(t, harnesslog.UserEvent("user", "hi"), c.line, harnesslog.CallEvent("c1", "bash", bashArgs), harnesslog.ResultEvent("c1", "ok", false, ""))

			ps := replaytest.Problems(tr)
			require.Len(t, ps, 1, replaytest.Describe(tr))
			assert.Equal(t, 3, ps[0].Line)
			for _, m := range c.mention {
				assert.Contains(t, ps[0].Reason, m)
			}
			require.Len(t, tr.Entries, 3)
			assert.Equal(t, cards.Message{Role: cards.RoleUser, Text: "hi"}, tr.Entries[0])
			assert.NotNil(t, tr.Entries[2].(cards.ToolCard).Result)
			assert.Equal(t, 4, tr.Stats.Events)
		})
	}
}

// TestHarnessBadLinesGolden pins the exact wording of every reason.
func TestHarnessBadLinesGolden(t *testing.T) {
	lines := make([]string, len(harnessBadLines))
	for i, c := range harnessBadLines {
		lines[i] = c.line
	}
	golden.Assert(t, "harness-bad-lines.golden", replaytest.Describe(harness(t, lines...)))
}

func TestHarnessTornLastLine(t *testing.T) {
	call := harnesslog.CallEvent("c1", "bash", bashArgs)
	result := harnesslog.ResultEvent("c1", "ok", false, "")
	tr := replaytest.Load(t, agentsOptions, header+"\n"+call+"\n"+result[:40])

	require.Empty(t, replaytest.Problems(tr))
	require.Len(t, tr.Entries, 2, replaytest.Describe(tr))
	assert.True(t, tr.Entries[0].(cards.ToolCard).Ended)
	assert.Equal(t, []string{"line 3 is torn: the input ends in the middle of it (40 bytes without a newline), so it was not read"}, tr.InputNotices)
	assert.Equal(t, cards.Notice{Text: tr.InputNotices[0]}, tr.Entries[1])
}

// TestHarnessFiftyMegabyteLine reads a tool result far longer than any read
// buffer.
func TestHarnessFiftyMegabyteLine(t *testing.T) {
	testkit.SkipLong(t, "a 50 MB line")
	output := strings.Repeat("0123456789abcdef", 50<<20/16)
	tr := harness(t, harnesslog.CallEvent("c1", "bash", bashArgs), harnesslog.ResultEvent("c1", output, false, ""), harnesslog.AssistantEvent(harnesslog.TextPart("done")))

	require.Empty(t, replaytest.Problems(tr))
	cs := replaytest.ToolCards(tr)
	require.Len(t, cs, 1)
	assert.Len(t, cs[0].Result.(cards.TerminalResult).Output, len(output))
	assert.IsType(t, cards.Message{}, tr.Entries[1])
}

// wrap turns session-log event lines into headless lines.
func wrap(lines ...string) string {
	var b strings.Builder
	for i, l := range lines {
		b.WriteString(`{"type":"session_event","sessionId":"s1","event":` + strings.Replace(l, `"data"`, `"seq":`+jsonNumber(i)+`,"time":0,"data"`, 1) + "}\n")
	}
	return b.String()
}

func jsonNumber(i int) string {
	data, _ := json.Marshal(i)
	return string(data)
}

func TestHeadlessStream(t *testing.T) {
	session := []string{
		harnesslog.UserEvent("user", "run it"),
		harnesslog.Event("assistant/chunk", `{"chunk":{"type":"text-delta","text":"x"}}`),
		harnesslog.AssistantEvent(harnesslog.TextPart("Running."), harnesslog.CallPart("c1", "bash", bashArgs)),
		harnesslog.CallEvent("c1", "bash", bashArgs),
		harnesslog.ResultEvent("c1", "ok", false, ""),
		harnesslog.AssistantEvent(harnesslog.TextPart("DONE")),
	}
	t.Run("the same transcript as the session log", func(t *testing.T) {
		headless := replaytest.Load(t, agentsOptions, wrap(session...))
		log := harness(t, session...)

		require.Empty(t, replaytest.Problems(headless), replaytest.Describe(headless))
		assert.Equal(t, log.Entries, headless.Entries)
		assert.Equal(t, log.Stats.Skipped, headless.Stats.Skipped)
	})
	t.Run("result line repeating the last reply", func(t *testing.T) {
		tr := replaytest.Load(t, agentsOptions, wrap(session...)+`{"type":"result","sessionId":"s1","output":"DONE","usage":{"inputTokens":70,"outputTokens":33}}`+"\n")

		assert.Equal(t, cards.Notice{Text: "The run finished (70 input tokens, 33 output tokens)"}, tr.Entries[len(tr.Entries)-1])
		assert.Equal(t, cards.Message{Role: cards.RoleAssistant, Text: "DONE"}, tr.Entries[len(tr.Entries)-2])
	})
	t.Run("result line with new output", func(t *testing.T) {
		tr := replaytest.Load(t, agentsOptions, wrap(session[0])+`{"type":"result","output":"The answer is 42."}`+"\n")

		assert.Equal(t, []cards.Entry{
			cards.Message{Role: cards.RoleUser, Text: "run it"},
			cards.Message{Role: cards.RoleAssistant, Text: "The answer is 42."},
			cards.Notice{Text: "The run finished"},
		}, tr.Entries)
	})
	t.Run("other line types and bad lines", func(t *testing.T) {
		tr := replaytest.Load(t, agentsOptions, wrap(session[0])+
			`{"type":"status","state":"thinking"}`+"\n"+
			`{"type":"session_event","sessionId":"s1"}`+"\n"+
			`{"type":"session_event","event":{"data":{}}}`+"\n"+
			`{"type":"session_event","event":{"type":"tool/call","data":{"name":"bash"}}}`+"\n"+
			`{"event":{}}`+"\n")

		assert.Equal(t, map[string]int{"status": 1}, tr.Stats.Skipped)
		ps := replaytest.Problems(tr)
		require.Len(t, ps, 4, replaytest.Describe(tr))
		assert.Equal(t, `session_event: missing field "event"`, ps[0].Reason)
		assert.Equal(t, 3, ps[0].Line)
		assert.Equal(t, `session_event: missing field "event.type"`, ps[1].Reason)
		assert.Equal(t, `tool/call: missing field "data.callId"`, ps[2].Reason)
		assert.Equal(t, `missing field "type"`, ps[3].Reason)
	})
	t.Run("forced", func(t *testing.T) {
		tr, err := replay.Load(strings.NewReader(header+"\n"+wrap(session[0])), "f", replay.Options{Formats: nodb.Formats, Format: "headless"})
		require.NoError(t, err)

		assert.Equal(t, map[string]int{"session": 1}, tr.Stats.Skipped, "the log's header is no headless line")
		assert.Len(t, tr.Entries, 1)
	})
}

func ptr[T any](v T) *T { return &v }

// reorder re-encodes each line with its keys sorted, so that "type" no
// longer comes first: the decoder then splits the line before decoding the
// event instead of decoding the line in one pass.
func reorder(t *testing.T, input string) string {
	t.Helper()
	var b strings.Builder
	for _, l := range strings.SplitAfter(input, "\n") {
		var v any
		if json.Unmarshal([]byte(l), &v) != nil {
			b.WriteString(l)
			continue
		}
		data, err := json.Marshal(v)
		require.NoError(t, err)
		b.Write(data)
		b.WriteString("\n")
	}
	return b.String()
}

// TestLinesInAnyKeyOrder: a line is understood, and a bad one worded, the
// same whether its type comes first (the harness's own form) or not.
func TestLinesInAnyKeyOrder(t *testing.T) {
	lines := []string{
		harnesslog.UserEvent("user", "hi"), harnesslog.AssistantEvent(harnesslog.ReasoningPart("hm"), harnesslog.CallPart("c1", "read", readArgs)),
		harnesslog.CallEvent("c1", "read", readArgs), harnesslog.ResultEvent("c1", "x", false, readMeta),
		harnesslog.Event("turn/end", `{"turn":1,"reason":{"kind":"error","error":{"message":"boom"}}}`),
		harnesslog.Event("assistant/chunk", `{"chunk":{}}`),
	}
	bad := 0
	for _, c := range harnessBadLines {
		if json.Valid([]byte(c.line)) && strings.Contains(c.line, `"data"`) {
			lines = append(lines, c.line)
			bad++
		}
	}
	log := header + "\n" + strings.Join(lines, "\n") + "\n"
	for name, input := range map[string]string{"session log": log, "headless": wrap(lines...)} {
		t.Run(name, func(t *testing.T) {
			inOrder, reordered := replaytest.Load(t, agentsOptions, input), replaytest.Load(t, agentsOptions, reorder(t, input))

			require.NotEqual(t, input, reorder(t, input))
			assert.Equal(t, withoutExcerpts(inOrder), withoutExcerpts(reordered))
			assert.Len(t, replaytest.Problems(inOrder), bad, replaytest.Describe(inOrder))
			assert.Equal(t, inOrder.Stats, reordered.Stats)
		})
	}
}

// withoutExcerpts is the transcript's entries with the excerpts of its
// problems left out.
func withoutExcerpts(tr *replay.Transcript) []cards.Entry {
	entries := make([]cards.Entry, len(tr.Entries))
	for i, e := range tr.Entries {
		if p, ok := e.(cards.Problem); ok {
			p.Excerpt = ""
			e = p
		}
		entries[i] = e
	}
	return entries
}
