package native_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/producertest"
)

func TestTerminalToolCalls(t *testing.T) {
	cases := []struct {
		tool, args string
		want       cards.CallView
	}{
		{"terminal_open", `{"type":"shell","name":"main"}`, cards.GenericCall{Title: "Open terminal main", Kind: cards.KindExecute}},
		{"terminal_open", `{"type":"python"}`, cards.GenericCall{Title: "Open terminal python", Kind: cards.KindExecute}},
		{"terminal_send", `{"sessionId":"pty-1","text":"make && ./run"}`, cards.TerminalCall{Title: "make && ./run", Description: "Terminal pty-1"}},
		{"terminal_send", `{"sessionId":"pty-1","text":""}`, cards.TerminalCall{Title: "(send input)", Description: "Terminal pty-1"}},
		{
			"terminal_send", `{"sessionId":"pty-1","text":"sleep 9","run_in_background":true}`,
			cards.GenericCall{Title: "Send to terminal pty-1 in background", Kind: cards.KindExecute, RawInput: json.RawMessage(`"sleep 9"`)},
		},
		{
			"terminal_read", `{"sessionId":"pty-1","offset":0}`,
			cards.GenericCall{Title: "Read terminal pty-1", Kind: cards.KindRead, RawInput: json.RawMessage(`{"sessionId":"pty-1","offset":0}`)},
		},
		{
			"terminal_signal", `{"sessionId":"pty-1","signal":"SIGINT"}`,
			cards.GenericCall{Title: "Signal terminal pty-1", Kind: cards.KindExecute, RawInput: json.RawMessage(`{"sessionId":"pty-1","signal":"SIGINT"}`)},
		},
		{"terminal_close", `{"sessionId":"pty-1"}`, cards.GenericCall{Title: "Close terminal pty-1", Kind: cards.KindDelete}},
		{"terminal_list", `{}`, cards.GenericCall{Title: "List terminal sessions", Kind: cards.KindRead}},
	}
	for _, c := range cases {
		t.Run(c.tool+" "+c.args, func(t *testing.T) {
			require.Equal(t, c.want, call(t, c.tool, c.args))
		})
	}
}

func TestTerminalToolsRequireTheSession(t *testing.T) {
	for _, tool := range []string{"terminal_send", "terminal_read", "terminal_signal", "terminal_close"} {
		producertest.RequireFallbackNote(t, call(t, tool, `{"text":"x"}`), `missing field "sessionId"`)
	}
}

func TestTerminalToolResults(t *testing.T) {
	send := `{"sessionId":"pty-1","text":"ls"}`
	require.Equal(t, cards.TerminalResult{Output: "a.go\ndsh>"}, result(t, "terminal_send", send, textResult("a.go\ndsh>")))
	require.Equal(t, cards.GenericResult{Content: []cards.ContentBlock{cards.TextBlock{Text: "started background job j1"}}},
		result(t, "terminal_send", `{"sessionId":"pty-1","text":"ls","run_in_background":true}`, textResult("started background job j1")))
	require.Equal(t, cards.GenericResult{Content: []cards.ContentBlock{
		cards.TextBlock{Text: "Error: unknown PTY session"},
		cards.TextBlock{Text: "Tool error: x"},
	}}, result(t, "terminal_send", send, failed("Error: unknown PTY session", "x")))
	require.Equal(t, cards.GenericResult{Content: []cards.ContentBlock{cards.TextBlock{Text: "dsh> ls\n  a.go"}}},
		result(t, "terminal_read", `{"sessionId":"pty-1"}`, textResult("dsh> ls\n  a.go")), "a screen stays preformatted")
}
