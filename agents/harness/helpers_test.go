package harness_test

import (
	"strings"
	"testing"

	"github.com/cardtui/cardtui/agents"
	"github.com/cardtui/cardtui/internal/demo"
	"github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
	"github.com/cardtui/cardtui/replay"
)

// loadRaw reads input exactly as given, detecting its format among every
// agent's.
func loadRaw(t testing.TB, input string) *replay.Transcript {
	t.Helper()
	return replaytest.Load(t, replay.Options{Formats: agents.Formats}, input)
}

// loadBytes loads data, detecting its format and compression.
func loadBytes(t testing.TB, data []byte) *replay.Transcript {
	t.Helper()
	return replaytest.LoadBytes(t, replay.Options{Formats: agents.Formats}, data)
}

// harnessDemoLines are the lines of the built-in demo, a session log.
func harnessDemoLines(t testing.TB) []string {
	t.Helper()
	return strings.Split(strings.TrimSuffix(string(demo.Session), "\n"), "\n")
}

// session reads a file of testdata/sessions.
func session(t testing.TB, name string) []byte {
	t.Helper()
	return golden.Session(t, name)
}
