package codex_test

import (
	"strings"
	"testing"

	"github.com/cardtui/cardtui/agents"
	"github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
	"github.com/cardtui/cardtui/replay"
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

// session reads a file of testdata/sessions.
func session(t testing.TB, name string) []byte {
	t.Helper()
	return golden.Session(t, name)
}

// loadBytes reads data, detecting its format.
func loadBytes(t testing.TB, data []byte) *replay.Transcript {
	t.Helper()
	return replaytest.LoadBytes(t, replay.Options{Formats: agents.Formats}, data)
}

// ptr is a pointer to v.
func ptr[T any](v T) *T { return &v }
