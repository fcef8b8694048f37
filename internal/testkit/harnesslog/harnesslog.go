// Package harnesslog builds the lines of a harness session log for the
// tests of the harness's decoder (agents/harness) and of the engine's
// compressed and streamed input (replay): a header, and events of user
// and assistant messages, tool calls, results and the dispatches of a
// run_code program; and the lines of the built-in demo. Besides the
// standard library it imports only internal/demo.
package harnesslog

import (
	"encoding/json"
	"strings"

	"github.com/cardtui/cardtui/internal/demo"
)

// Header is the first line of a session log.
const Header = `{"type":"session","version":0,"id":"s1","createdAt":1783352050748,"cwd":"/w","delegationDepth":0}`

// JSONText is s as a JSON string.
func JSONText(s string) string {
	data, _ := json.Marshal(s)
	return string(data)
}

// Event is a line of the event typ whose data is the JSON value data.
func Event(typ, data string) string { return `{"type":"` + typ + `","data":` + data + `}` }

// UserEvent is a user/message of one text block from the source kind.
func UserEvent(kind, text string) string {
	return Event("user/message", `{"content":[{"type":"text","text":`+JSONText(text)+`}],"source":{"kind":"`+kind+`"},"role":"user","id":"u1"}`)
}

// AssistantEvent is an assistant/message whose content is parts (each a
// JSON object: TextPart, ReasoningPart, CallPart).
func AssistantEvent(parts ...string) string {
	return Event("assistant/message", `{"turn":1,"step":1,"message":{"role":"assistant","content":[`+strings.Join(parts, ",")+`]}}`)
}

// TextPart is a text part of an assistant message.
func TextPart(s string) string { return `{"type":"text","text":` + JSONText(s) + `}` }

// ReasoningPart is a reasoning part of an assistant message.
func ReasoningPart(s string) string { return `{"type":"reasoning","text":` + JSONText(s) + `}` }

// CallPart is a tool-call part of an assistant message; args is the
// arguments' JSON text.
func CallPart(id, name, args string) string {
	return `{"type":"tool-call","id":"` + id + `","name":"` + name + `","arguments":` + JSONText(args) + `}`
}

// CallEvent is a tool/call line; args is the arguments' JSON text.
func CallEvent(id, name, args string) string {
	return Event("tool/call", `{"turn":1,"step":1,"callId":"`+id+`","name":"`+name+`","arguments":`+JSONText(args)+`}`)
}

// ResultEvent is a tool/result with one text block; extra is added to the
// data object as is (`,"meta":{...}`).
func ResultEvent(id, text string, isError bool, extra string) string {
	isErr := "false"
	if isError {
		isErr = "true"
	}
	return Event("tool/result", `{"message":{"source":{"kind":"tool","callId":"`+id+`"},"content":[{"type":"tool-result","toolCallId":"`+id+
		`","content":[{"type":"text","text":`+JSONText(text)+`}],"isError":`+isErr+`}],"role":"user"}`+extra+`}`)
}

// Dispatch is a tool/code-dispatch-start line of a sub-call of parent in
// a run_code program, or, with content, its tool/code-dispatch result.
func Dispatch(parent, sub, name, args, content string) string {
	data := `{"rootCallId":"root","parentCallId":"` + parent + `","subCallId":"` + sub + `","name":"` + name + `","arguments":` + args
	if content == "" {
		return Event("tool/code-dispatch-start", data+`}`)
	}
	return Event("tool/code-dispatch", data+`,"isError":false,"content":[{"type":"text","text":`+JSONText(content)+`}]}`)
}

// DemoLines are the lines of the built-in demo (internal/demo), a session
// log.
func DemoLines() []string {
	return strings.Split(strings.TrimSuffix(string(demo.Session), "\n"), "\n")
}
