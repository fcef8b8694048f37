// Package acptest builds the ACP SDK's example agent for the tests that
// run cardtui against a real peer, written by nobody here.
package acptest

import (
	"os"
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
// test binary) and returns the program's path: example-agent in a
// folder of the temporary directory that every test binary shares, so
// that no run leaves a copy behind. Each build is renamed over the last
// one, which a test running it keeps until it ends.
func ExampleAgent(t testing.TB) string {
	t.Helper()
	once.Do(func() { built, out, err = buildExampleAgent() })
	if err != nil {
		t.Fatalf("go build %s: %v\n%s", ExampleAgentPackage, err, out)
	}
	return built
}

// buildExampleAgent builds the example agent into a temporary file of
// the shared folder and renames it to example-agent there.
func buildExampleAgent() (path string, output []byte, err error) {
	dir := filepath.Join(os.TempDir(), "cardtui-acptest")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", nil, err
	}
	tmp, err := os.CreateTemp(dir, "example-agent-*")
	if err != nil {
		return "", nil, err
	}
	tmp.Close()
	output, err = exec.Command("go", "build", "-o", tmp.Name(), ExampleAgentPackage).CombinedOutput()
	if err == nil {
		path = filepath.Join(dir, "example-agent")
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return path, output, err
}
