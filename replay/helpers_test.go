package replay_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/cardtui/cardtui/agents"
	"github.com/cardtui/cardtui/internal/demo"
	"github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/replay"
)

// agentsOptions detects every agent's format.
var agentsOptions = replay.Options{Formats: agents.Formats}

// Lines of a view stream used across the tests.
const (
	userLine     = `{"type":"message","role":"user","text":"hi"}`
	callLine     = `{"type":"call","id":"c1","tool":"bash","view":{"card":"terminal","title":"ls"}}`
	resultLine   = `{"type":"result","id":"c1","view":{"card":"terminal","output":"a.go","exitCode":0}}`
	call2Line    = `{"type":"call","id":"c2","view":{"card":"generic","title":"Think"}}`
	result2Line  = `{"type":"result","id":"c2","view":{"card":"generic"}}`
	assistantEnd = `{"type":"message","role":"assistant","text":"done"}`
)

// viewDemoLines are the lines of the view-stream demo session.
func viewDemoLines(t testing.TB) []string {
	return strings.Split(strings.TrimSuffix(string(golden.Session(t, "demo-views.jsonl")), "\n"), "\n")
}

// harnessDemoLines are the lines of the built-in demo, a session log.
func harnessDemoLines(t testing.TB) []string {
	t.Helper()
	return strings.Split(strings.TrimSuffix(string(demo.Session), "\n"), "\n")
}

// Builders of harness session-log lines, the input of the engine's tests
// of compressed and streamed input (the harness's own tests are in
// agents/harness).

const header = `{"type":"session","version":0,"id":"s1","createdAt":1783352050748,"cwd":"/w","delegationDepth":0}`

const bashArgs = `{"command":"go vet ./...","description":"Vet the code"}`

// jsonText is s as a JSON string.
func jsonText(s string) string {
	data, _ := json.Marshal(s)
	return string(data)
}

func event(typ, data string) string { return `{"type":"` + typ + `","data":` + data + `}` }

func userEvent(kind, text string) string {
	return event("user/message", `{"content":[{"type":"text","text":`+jsonText(text)+`}],"source":{"kind":"`+kind+`"},"role":"user","id":"u1"}`)
}

func assistantEvent(parts ...string) string {
	return event("assistant/message", `{"turn":1,"step":1,"message":{"role":"assistant","content":[`+strings.Join(parts, ",")+`]}}`)
}

func textPart(s string) string { return `{"type":"text","text":` + jsonText(s) + `}` }

func callEvent(id, name, args string) string {
	return event("tool/call", `{"turn":1,"step":1,"callId":"`+id+`","name":"`+name+`","arguments":`+jsonText(args)+`}`)
}

// resultEvent is a tool/result with one text block; extra is added to the
// data object as is (`,"meta":{...}`).
func resultEvent(id, text string, isError bool, extra string) string {
	isErr := "false"
	if isError {
		isErr = "true"
	}
	return event("tool/result", `{"message":{"source":{"kind":"tool","callId":"`+id+`"},"content":[{"type":"tool-result","toolCallId":"`+id+
		`","content":[{"type":"text","text":`+jsonText(text)+`}],"isError":`+isErr+`}],"role":"user"}`+extra+`}`)
}

// dispatch is a tool/code-dispatch-start line of a sub-call of a run_code
// program, or, with content, its tool/code-dispatch result.
func dispatch(parent, sub, name, args, content string) string {
	data := `{"rootCallId":"root","parentCallId":"` + parent + `","subCallId":"` + sub + `","name":"` + name + `","arguments":` + args
	if content == "" {
		return event("tool/code-dispatch-start", data+`}`)
	}
	return event("tool/code-dispatch", data+`,"isError":false,"content":[{"type":"text","text":`+jsonText(content)+`}]}`)
}
