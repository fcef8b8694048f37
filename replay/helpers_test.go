package replay_test

import (
	"strings"
	"testing"

	"github.com/cardtui/cardtui/agents"
	"github.com/cardtui/cardtui/internal/demo"
	"github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/internal/testkit/harnesslog"
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

// Harness session logs, built with internal/testkit/harnesslog, are the
// input of the engine's tests of compressed and streamed input (the
// harness's own tests are in agents/harness).

// header is the first line of a session log.
const header = harnesslog.Header

const bashArgs = `{"command":"go vet ./...","description":"Vet the code"}`
