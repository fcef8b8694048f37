package acp_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/agents/nodb"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
	"github.com/cardtui/cardtui/replay"
)

// rec builds a recording: a start in /p, then each message from its
// peer ("agent" or "client"), as JSON-RPC.
func rec(msgs ...string) string {
	lines := []string{`{"time":"2026-01-01T00:00:00Z","from":"cardtui","start":{"command":["agent"],"dir":"/p"}}`}
	for i, m := range msgs {
		from, msg, _ := strings.Cut(m, " ")
		lines = append(lines, fmt.Sprintf(`{"time":"2026-01-01T00:00:%02dZ","from":%q,"msg":%s}`, i%60, from, msg))
	}
	return strings.Join(lines, "\n") + "\n"
}

// update is a session/update from the agent.
func update(u string) string {
	return `agent {"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s","update":` + u + `}}`
}

const prompt = `client {"jsonrpc":"2.0","id":1,"method":"session/prompt","params":{"sessionId":"s","prompt":[{"type":"text","text":"go"}]}}`

// ask is a permission request for the tool call, with allow and reject
// options.
func ask(id int, call string) string {
	return fmt.Sprintf(`agent {"jsonrpc":"2.0","id":%d,"method":"session/request_permission","params":{"sessionId":"s","toolCall":%s,"options":[{"optionId":"ok","name":"Allow once","kind":"allow_once"},{"optionId":"no","name":"Skip","kind":"reject_once"}]}}`, id, call)
}

// answer is the client's answer to permission request id.
func answer(id int, option string) string {
	return fmt.Sprintf(`client {"jsonrpc":"2.0","id":%d,"result":{"outcome":{"outcome":"selected","optionId":%q}}}`, id, option)
}

// toolCards loads a recording and returns its tool cards by id.
func toolCards(t *testing.T, recording string) map[string]cards.ToolCard {
	t.Helper()
	tr := replaytest.Load(t, nodb.Options(replay.Auto), recording)
	require.Zero(t, tr.Stats.Problems, "%#v", replaytest.Problems(tr))
	out := map[string]cards.ToolCard{}
	for _, e := range tr.Entries {
		if c, ok := e.(cards.ToolCard); ok {
			out[c.ID] = c
		}
	}
	return out
}

func TestToolCallStates(t *testing.T) {
	editCall := `{"toolCallId":"e","title":"Edit a.txt","kind":"edit","status":"pending","content":[{"type":"diff","path":"/p/a.txt","oldText":"a\n","newText":"b\n"}]}`
	cases := []struct {
		name string
		msgs []string
		want cards.State
	}{
		// A recording that ends while a call runs leaves it without a result.
		{"pending", []string{update(`{"sessionUpdate":"tool_call","toolCallId":"e","title":"Read","status":"pending"}`)}, cards.StateNoResult},
		{"in progress", []string{update(`{"sessionUpdate":"tool_call","toolCallId":"e","title":"Read","status":"in_progress"}`)}, cards.StateNoResult},
		{"completed", []string{update(`{"sessionUpdate":"tool_call","toolCallId":"e","title":"Read","status":"completed"}`)}, cards.StateDone},
		{"failed", []string{
			update(`{"sessionUpdate":"tool_call","toolCallId":"e","title":"Read x","kind":"read","status":"pending"}`),
			update(`{"sessionUpdate":"tool_call_update","toolCallId":"e","status":"failed","content":[{"type":"content","content":{"type":"text","text":"no such file"}}]}`),
		}, cards.StateFailed},
		{"waiting for the user", []string{update(`{"sessionUpdate":"tool_call",` + editCall[1:]), ask(7, `{"toolCallId":"e"}`)}, cards.StateWaiting},
		{"allowed", []string{
			update(`{"sessionUpdate":"tool_call",` + editCall[1:]), ask(7, `{"toolCallId":"e"}`), answer(7, "ok"),
			update(`{"sessionUpdate":"tool_call_update","toolCallId":"e","status":"completed"}`),
		}, cards.StateDone},
		{"rejected", []string{
			update(`{"sessionUpdate":"tool_call",` + editCall[1:]), ask(7, `{"toolCallId":"e"}`), answer(7, "no"),
			update(`{"sessionUpdate":"tool_call_update","toolCallId":"e","status":"failed"}`),
		}, cards.StateRejected},
		{"allowed, never reported", []string{
			prompt, ask(7, `{"toolCallId":"e"}`), answer(7, "ok"),
			`agent {"jsonrpc":"2.0","id":1,"result":{"stopReason":"end_turn"}}`,
		}, cards.StateNoResult},
		{"rejected, never reported", []string{
			prompt, ask(7, `{"toolCallId":"e"}`), answer(7, "no"),
			`agent {"jsonrpc":"2.0","id":1,"result":{"stopReason":"end_turn"}}`,
		}, cards.StateRejected},
		{"permission cancelled", []string{
			update(`{"sessionUpdate":"tool_call",` + editCall[1:]), ask(7, `{"toolCallId":"e"}`),
			`client {"jsonrpc":"2.0","id":7,"result":{"outcome":{"outcome":"cancelled"}}}`,
		}, cards.StateInterrupted},
		{"turn cancelled", []string{
			prompt, update(`{"sessionUpdate":"tool_call","toolCallId":"e","title":"Run","status":"in_progress"}`),
			`agent {"jsonrpc":"2.0","id":1,"result":{"stopReason":"cancelled"}}`,
		}, cards.StateInterrupted},
		{"finished before the turn was cancelled", []string{
			prompt, update(`{"sessionUpdate":"tool_call","toolCallId":"e","title":"Run","status":"completed"}`),
			`agent {"jsonrpc":"2.0","id":1,"result":{"stopReason":"cancelled"}}`,
		}, cards.StateDone},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			card := toolCards(t, rec(c.msgs...))["e"]
			assert.Equal(t, c.want, card.State())
		})
	}
}

func TestRejectedDiffIsNotApplied(t *testing.T) {
	card := toolCards(t, rec(
		update(`{"sessionUpdate":"tool_call","toolCallId":"e","title":"Edit","kind":"edit","status":"pending","content":[{"type":"diff","path":"/p/a.txt","oldText":"a\n","newText":"b\n"}]}`),
		ask(7, `{"toolCallId":"e"}`), answer(7, "no")))["e"]
	assert.False(t, card.State().Applied())
	assert.Equal(t, cards.GenericResult{Title: "Rejected: Skip (reject once)"}, card.Result)
}

func TestUnannouncedPermission(t *testing.T) {
	card := toolCards(t, rec(ask(7, `{"toolCallId":"call_9"}`)))["call_9"]
	assert.Equal(t, cards.StateWaiting, card.State())
	call, ok := card.Call.(cards.GenericCall)
	require.True(t, ok)
	assert.Equal(t, "Tool call call_9, which the agent did not describe", call.Title)
	text := card.Result.(cards.GenericResult).Content[0].(cards.TextBlock).Text
	assert.Contains(t, text, "1. Allow once\n2. Skip (reject once)\n", "the kind is shown once, when the name does not say it")
}

func TestDiffLabels(t *testing.T) {
	diffs := func(content string) []cards.FileDiff {
		card := toolCards(t, rec(update(`{"sessionUpdate":"tool_call","toolCallId":"e","title":"Write","kind":"edit","status":"completed","content":[`+content+`]}`)))["e"]
		return card.Call.(cards.DiffCall).Diffs
	}
	created := diffs(`{"type":"diff","path":"/p/src/new.go","newText":"package x\n"}`)[0]
	assert.True(t, created.Created(), "no oldText is a new file")
	assert.Equal(t, "src/new.go", created.Path, "relative to the session directory")
	deleted := diffs(`{"type":"diff","path":"/p/old.txt","oldText":"gone\n","newText":""}`)[0]
	assert.True(t, deleted.Deleted(), "an empty newText after an old text is a deletion")
	edited := diffs(`{"type":"diff","path":"/elsewhere/a.txt","oldText":"a\n","newText":"b\n"}`)[0]
	assert.False(t, edited.Created() || edited.Deleted())
	assert.Equal(t, "/elsewhere/a.txt", edited.Path, "a path outside the session directory stays whole")
}
