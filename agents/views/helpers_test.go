package views_test

import (
	"strings"
	"testing"

	"github.com/cardtui/cardtui/agents"
	"github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
	"github.com/cardtui/cardtui/replay"
)

// Lines of a view stream used across the tests.
const (
	userLine     = `{"type":"message","role":"user","text":"hi"}`
	callLine     = `{"type":"call","id":"c1","tool":"bash","view":{"card":"terminal","title":"ls"}}`
	resultLine   = `{"type":"result","id":"c1","view":{"card":"terminal","output":"a.go","exitCode":0}}`
	call2Line    = `{"type":"call","id":"c2","view":{"card":"generic","title":"Think"}}`
	result2Line  = `{"type":"result","id":"c2","view":{"card":"generic"}}`
	assistantEnd = `{"type":"message","role":"assistant","text":"done"}`
)

// load reads lines (joined with "\n" and ended with one) as a view stream.
func load(t *testing.T, lines ...string) *replay.Transcript {
	t.Helper()
	return loadRaw(t, strings.Join(lines, "\n")+"\n")
}

// loadRaw reads input exactly as given, detecting its format.
func loadRaw(t testing.TB, input string) *replay.Transcript {
	t.Helper()
	return replaytest.Load(t, replay.Options{Formats: agents.Formats}, input)
}

// viewDemoLines are the lines of the view-stream demo session.
func viewDemoLines(t testing.TB) []string {
	return strings.Split(strings.TrimSuffix(string(session(t, "demo-views.jsonl")), "\n"), "\n")
}

// session reads a file of testdata/sessions.
func session(t testing.TB, name string) []byte {
	t.Helper()
	return golden.Session(t, name)
}
