// Package acptest builds the ACP SDK's example agent for the tests that
// run cardtui against a real peer, written by nobody here.
package acptest

import (
	"testing"

	"github.com/cardtui/cardtui/internal/testkit/gobuild"
)

// ExampleAgentPackage is the SDK's example agent: it streams text, reads
// a file ("Reading project files"), then asks permission for an edit
// ("Allow this change" / "Skip this change").
const ExampleAgentPackage = "github.com/coder/acp-go-sdk/example/agent"

// ExampleAgent builds the example agent from the module cache (once per
// test binary) and returns the program's path. It skips the test in
// -short mode.
func ExampleAgent(t testing.TB) string {
	t.Helper()
	return gobuild.Program(t, ExampleAgentPackage)
}
