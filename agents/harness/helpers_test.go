package harness_test

import (
	"strings"
	"testing"

	"github.com/cardtui/cardtui/agents"
	"github.com/cardtui/cardtui/internal/demo"
	"github.com/cardtui/cardtui/replay"
)

// agentsOptions detects every agent's format.
var agentsOptions = replay.Options{Formats: agents.Formats}

// harnessDemoLines are the lines of the built-in demo, a session log.
func harnessDemoLines(t testing.TB) []string {
	t.Helper()
	return strings.Split(strings.TrimSuffix(string(demo.Session), "\n"), "\n")
}
