package harness

import (
	"bytes"
	"testing"

	"github.com/cardtui/cardtui/internal/demo"

	"github.com/stretchr/testify/require"
)

// quickLineSeeds are lines of every event type decodeEvent decodes by
// hand, as the harness writes them and otherwise.
var quickLineSeeds = []string{
	`{"type":"tool/call","data":{"callId":"c1","name":"bash","arguments":"{\"command\":\"ls\"}"}}`,
	`{"type":"tool/call","data":{"callId":"c1","name":null,"arguments":{"a":1}}}`,
	`{"type":"tool/call","data":{"callId":"c1","callId":"c2"}}`,
	`{"type":"tool/call","data":{"CallID":"c1"}}`,
	`{"type":"tool/call","Data":{"callId":"c1"}}`,
	`{"type":"tool/call","data":{"callId":"c\u00e9\n","nam\u0065":"x"}}`,
	`{"type":"tool/call","data":null}`,
	`{"type":"tool/call","data":[]}`,
	`{"type":"tool/result","data":{"message":{"content":[{"type":"tool-result","toolCallId":"c1","content":[{"type":"text","text":"a\nb"}],"isError":false}]},"error":null,"meta":{"x":[1,{"y":"}"}]}}}`,
	`{"type":"tool/result","data":{"message":{"content":[]},"meta":null}}`,
	`{"type":"tool/result","data":{"message":{},"error":"x"}}`,
	`{"type":"tool/result","data":{"message":{"content":[{"isError":null}]}}}`,
	`{"type":"tool/result","data":{"message":{"content":[null]}}}`,
	`{"type":"assistant/message","data":{"message":{"content":[{"type":"text","text":"hi"},{"type":"tool-call","id":"c1","name":"read","arguments":"{}"}]},"interrupted":true}}`,
	`{"type":"assistant/message","data":{"message":{"content":[]},"interrupted":false}}`,
	`{"type":"assistant/message","data":{"message":{"content":null}}}`,
	`{"type":"assistant/message","data":{"message":{}}}`,
	`{"type":"user/message","data":{"content":[{"type":"text","text":"hi"}],"source":{"kind":"user"},"id":"x"}}`,
	`{"type":"user/message","data":{"content":"hi","source":{"kind":7}}}`,
	`{"type":"session_event","sessionId":"s","event":{"type":"tool/call","seq":3,"data":{"callId":"c1","name":"bash"}}}`,
	` { "type" : "tool/call" , "data" : { "callId" : "c1" } } `,
}

// requireQuickIsJSON checks that decoding an event's data by hand gives
// what encoding/json gives, whenever it decodes it at all.
func requireQuickIsJSON[T any](t *testing.T, src eventSource) {
	t.Helper()
	quick, ok := decodeEventQuickly[T](src)
	if !ok {
		return
	}
	want, err := decodeEventWithJSON[T](src)
	require.NoError(t, err, "%s", src.line)
	require.Equal(t, want, quick, "%s", src.line)
}

func requireQuickLine(t *testing.T, line []byte) {
	t.Helper()
	for _, wrapped := range []bool{false, true} {
		src := eventSource{line: line, wrapped: wrapped}
		requireQuickIsJSON[userMessageData](t, src)
		requireQuickIsJSON[assistantMessageData](t, src)
		requireQuickIsJSON[toolCallData](t, src)
		requireQuickIsJSON[toolResultData](t, src)
	}
}

func TestQuickDecodingIsJSON(t *testing.T) {
	for _, line := range quickLineSeeds {
		requireQuickLine(t, []byte(line))
	}
	demo, err := demo.Session, error(nil)
	require.NoError(t, err)
	quick := 0
	for line := range bytes.SplitSeq(bytes.TrimSpace(demo), []byte("\n")) {
		requireQuickLine(t, line)
		if _, ok := decodeEventQuickly[toolResultData](eventSource{line: line}); ok {
			quick++
		}
	}
	require.Positive(t, quick, "no line of the demo is decoded by hand")
}

// FuzzQuickDecodingIsJSON: on any line, decoding by hand gives what
// encoding/json gives, or leaves the line to it.
func FuzzQuickDecodingIsJSON(f *testing.F) {
	for _, line := range quickLineSeeds {
		f.Add([]byte(line))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		requireQuickLine(t, line)
	})
}
