package native_test

import (
	"encoding/json"
	"errors"
	"maps"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/agents/harness/native"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/producertest"
	"github.com/cardtui/cardtui/producers"
)

func TestNativeHasTheFamily(t *testing.T) {
	require.ElementsMatch(t, []string{
		"read", "write", "edit", "read_image", "str_replace_editor", "bash", "pwsh",
		"job_output", "job_list", "job_kill", "terminal_open", "terminal_send", "terminal_read", "terminal_signal",
		"terminal_close", "terminal_list", "run_code", "workflow", "subagent", "subagent_codex", "subagent_claude_code",
		"subagent_fork", "send_message", "list_agents", "report", "todo_write", "exit_plan_mode", "ask_user_question",
		"lsp", "skill", "session_event_read", "cordis_define", "cordis_run", "cordis_inspect_self",
		"cordis_inspect_query", "cordis_undefine", "glob", "grep", "web_search", "web_fetch", "get_goal", "create_goal", "update_goal",
	}, slices.Collect(maps.Keys(tools)))
}

// TestUnknownToolFallsBack: a tool with no producer still shows as a card,
// with its name, its arguments and its result, and no error note.
func TestUnknownToolFallsBack(t *testing.T) {
	args := `{"url": "https://x", "depth": 2, "html": "<b>"}`
	require.Equal(t, cards.GenericCall{
		Title:    "future_tool",
		Kind:     cards.KindOther,
		RawInput: json.RawMessage(`{"url":"https://x","depth":2,"html":"\u003cb\u003e"}`),
	}, call(t, "future_tool", args))

	r := textResult("definition at a.go:3")
	require.Equal(t, cards.GenericResult{Content: r.Content}, result(t, "future_tool", args, r))
}

func TestUnknownToolErrorShowsTheError(t *testing.T) {
	view := result(t, "future_tool", `{}`, failed("Error: not resumable", "SubagentError (NOT_RESUMABLE)"))
	require.Equal(t, cards.GenericResult{Content: []cards.ContentBlock{
		cards.TextBlock{Text: "Error: not resumable"},
		cards.TextBlock{Text: "Tool error: SubagentError (NOT_RESUMABLE)"},
	}}, view)
	require.Equal(t, cards.GenericResult{Content: []cards.ContentBlock{cards.TextBlock{Text: "The tool reported an error."}}},
		result(t, "future_tool", `{}`, producers.Result{IsError: true}))
}

// TestMalformedArguments: arguments that are not one JSON object are kept
// as the card's input, as JSON when they parse and as text otherwise.
func TestMalformedArguments(t *testing.T) {
	cases := []struct {
		name, args string
		rawInput   json.RawMessage
		reason     string
	}{
		{"not JSON", `{"file_path": "a.go"`, json.RawMessage(`"{\"file_path\": \"a.go\""`), "the arguments are not valid JSON"},
		{"JSON array", `["a.go"]`, json.RawMessage(`["a.go"]`), "the arguments are an array, not a JSON object"},
		{"JSON string", `"a.go"`, json.RawMessage(`"a.go"`), "the arguments are a string, not a JSON object"},
		{"JSON number", `7`, json.RawMessage(`7`), "the arguments are a number, not a JSON object"},
		{"JSON null", `null`, json.RawMessage(`"null"`), "the arguments are null, not a JSON object"},
		{"empty", ``, nil, "the arguments are not valid JSON"},
		{"two objects", `{} {}`, json.RawMessage(`"{} {}"`), "the arguments are not valid JSON"},
		{"missing required field", `{"offset":3}`, json.RawMessage(`{"offset":3}`), `arguments: missing field "file_path"`},
		{"invalid UTF-8", "{\"file_path\":\"a\xff\"", json.RawMessage("\"{\\\"file_path\\\":\\\"a\ufffd\\\"\""), "the arguments are not valid JSON"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			view := call(t, "read", c.args)
			require.Equal(t, cards.GenericCall{
				Title:    "read",
				Kind:     cards.KindOther,
				RawInput: c.rawInput,
				Content:  []cards.ContentBlock{cards.TextBlock{Text: "could not present this call: " + c.reason}},
			}, view)

			r := textResult("file contents")
			require.Equal(t, cards.GenericResult{Content: []cards.ContentBlock{
				cards.TextBlock{Text: "file contents"},
				cards.TextBlock{Text: "could not present this result: " + c.reason},
			}}, result(t, "read", c.args, r))
		})
	}
}

// misbehaving is a registry of producers that break every rule.
var misbehaving = producers.Registry{
	"panics": {
		PresentCall:   func(json.RawMessage) (cards.CallView, error) { panic("boom") },
		PresentResult: func(json.RawMessage, producers.Result) (cards.ResultView, error) { panic(errors.New("bang")) },
	},
	"fails": {
		PresentCall:   func(json.RawMessage) (cards.CallView, error) { return nil, errors.New("no good") },
		PresentResult: func(json.RawMessage, producers.Result) (cards.ResultView, error) { return nil, errors.New("no good") },
	},
	"nothing": {
		PresentCall:   func(json.RawMessage) (cards.CallView, error) { return nil, nil },
		PresentResult: func(json.RawMessage, producers.Result) (cards.ResultView, error) { return nil, nil },
	},
	"pointer": {
		PresentCall: func(json.RawMessage) (cards.CallView, error) { return &cards.TerminalCall{Title: "ls"}, nil },
		PresentResult: func(json.RawMessage, producers.Result) (cards.ResultView, error) {
			return &cards.GenericResult{}, nil
		},
	},
	"invalid": {
		PresentCall: func(json.RawMessage) (cards.CallView, error) {
			return cards.DiffCall{Title: "Edit", Diffs: []cards.FileDiff{{Path: ""}}}, nil
		},
		PresentResult: func(json.RawMessage, producers.Result) (cards.ResultView, error) {
			return cards.GenericResult{Content: []cards.ContentBlock{cards.OpaqueBlock{Type: "text"}}}, nil
		},
	},
	"nil funcs": {},
}

// TestMisbehavingProducersFallBack: an error, a panic, a missing, pointer
// or invalid view all give the fallback card with the reason.
func TestMisbehavingProducersFallBack(t *testing.T) {
	cases := []struct{ tool, callReason, resultReason string }{
		{"panics", "the producer panicked: boom", "the producer panicked: bang"},
		{"fails", "no good", "no good"},
		{"nothing", "the producer returned no view", "the producer returned no view"},
		{"pointer", "a pointer (*cards.TerminalCall)", "a pointer (*cards.GenericResult)"},
		{"invalid", `invalid view: diff call: field "diffs[0].path"`, `invalid view: generic result: field "content[0].text"`},
		{"nil funcs", "the producer panicked", "the producer panicked"},
	}
	for _, c := range cases {
		t.Run(c.tool, func(t *testing.T) {
			args := []byte(`{"a":1}`)
			callView := misbehaving.Call(c.tool, args)
			producertest.RequireCallRoundTrip(t, callView)
			producertest.RequireFallbackNote(t, callView, c.callReason)
			require.Equal(t, json.RawMessage(`{"a":1}`), callView.(cards.GenericCall).RawInput)

			r := textResult("out")
			resultView := misbehaving.Result(c.tool, args, r)
			producertest.RequireResultRoundTrip(t, resultView)
			producertest.RequireFallbackNote(t, resultView, c.resultReason)
			require.Equal(t, r.Content, resultView.(cards.GenericResult).Content[:1])
		})
	}
}

func TestFallbackCall(t *testing.T) {
	require.Equal(t, cards.GenericCall{Title: "unnamed tool", Kind: cards.KindOther, RawInput: json.RawMessage(`{}`)},
		producers.FallbackCall("", []byte(`{}`), nil))
	require.Equal(t, cards.GenericCall{
		Title: "t\ufffd", Kind: cards.KindOther,
		Content: []cards.ContentBlock{cards.TextBlock{Text: "could not present this call: why"}},
	},
		producers.FallbackCall("t\xff", []byte("  \n"), errors.New("why")))
}

// TestResultCleansContent: content that would not survive the cards codec
// unchanged is put into the form it re-encodes to.
func TestResultCleansContent(t *testing.T) {
	r := producers.Result{Content: []cards.ContentBlock{
		cards.TextBlock{Text: "bad \xff byte"},
		cards.OpaqueBlock{Type: "reasoning", Raw: json.RawMessage(`{ "type": "reasoning", "text": "<think>" }`)},
		cards.OpaqueBlock{Type: "weird", Raw: json.RawMessage(`not json`)},
	}, Error: "e\xff"}
	want := cards.GenericResult{Content: []cards.ContentBlock{
		cards.TextBlock{Text: "bad \ufffd byte"},
		cards.OpaqueBlock{Type: "reasoning", Raw: json.RawMessage(`{"type":"reasoning","text":"\u003cthink\u003e"}`)},
		cards.TextBlock{Text: "[unreadable weird block]"},
		cards.TextBlock{Text: "Tool error: e\ufffd"},
	}}
	require.Equal(t, want, result(t, "mcp_tool", `{}`, r))
	require.Equal(t, want, producers.FallbackResult(r, nil))
}

// TestProducersDoNotShareTheCallersContent: a view never aliases spare
// capacity of the result's content, so presenting twice cannot interfere.
func TestProducersDoNotShareTheCallersContent(t *testing.T) {
	content := make([]cards.ContentBlock, 1, 4)
	content[0] = cards.TextBlock{Text: "out"}
	r := producers.Result{Content: content, IsError: true, Error: "E"}
	first := tools.Result("read", []byte(`{"file_path":"a"}`), r)
	second := producers.FallbackResult(producers.Result{Content: content}, errors.New("x"))
	require.Equal(t, cards.TextBlock{Text: "Tool error: E"}, first.(cards.GenericResult).Content[1])
	require.Equal(t, cards.TextBlock{Text: "could not present this result: x"}, second.Content[1])
	require.Len(t, content, 1)
}

// TestRegistriesMerge: a family added to the native one takes part in the
// same fallback rules.
func TestRegistriesMerge(t *testing.T) {
	reg := native.Tools()
	maps.Copy(reg, producers.Registry{"Echo": {
		PresentCall: func(json.RawMessage) (cards.CallView, error) { return cards.TerminalCall{Title: "echo"}, nil },
		PresentResult: func(_ json.RawMessage, r producers.Result) (cards.ResultView, error) {
			return cards.TerminalResult{Output: "hi"}, nil
		},
	}})
	require.Equal(t, cards.TerminalCall{Title: "echo"}, reg.Call("Echo", []byte(`{}`)))
	require.Equal(t, cards.TerminalCall{Title: "ls", Description: "d"}, reg.Call("bash", []byte(`{"command":"ls","description":"d"}`)))
}
