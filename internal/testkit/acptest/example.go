// Package acptest builds the ACP SDK's example agent for the tests that
// run cardtui against a real peer, written by nobody here.
package acptest

import (
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

// ExampleAgentPackage is the SDK's example agent: it streams text, reads
// a file ("Reading project files"), then asks permission for an edit
// ("Allow this change" / "Skip this change").
const ExampleAgentPackage = "github.com/coder/acp-go-sdk/example/agent"

var (
	once  sync.Once
	built string
	err   error
	out   []byte
)

// ExampleAgent builds the example agent from the module cache (once per
// test binary) and returns the program's path.
func ExampleAgent(t testing.TB) string {
	t.Helper()
	once.Do(func() {
		dir, mkErr := tempDir()
		if mkErr != nil {
			err = mkErr
			return
		}
		built = filepath.Join(dir, "example-agent")
		out, err = exec.Command("go", "build", "-o", built, ExampleAgentPackage).CombinedOutput()
	})
	if err != nil {
		t.Fatalf("go build %s: %v\n%s", ExampleAgentPackage, err, out)
	}
	return built
}
