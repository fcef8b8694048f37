// Package archtest holds the tests of the module's layout: which packages
// may depend on which, as ARCHITECTURE.md draws them.
package archtest

import (
	"encoding/json"
	"errors"
	"io"
	"os/exec"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// module is the import path of this module.
const module = "github.com/cardtui/cardtui"

// pkg is what `go list -json` says of a package that the checks read.
type pkg struct {
	ImportPath string
	Name       string
	Imports    []string
	Deps       []string
}

// goList is the output of `go list -json` on the module's packages, run
// once for the tests that read it.
var goList = sync.OnceValues(func() ([]byte, error) {
	return exec.Command("go", "list", "-json", module+"/...").Output()
})

// listPackages is what `go list -json` says of the module's packages.
func listPackages(t *testing.T) map[string]pkg {
	t.Helper()
	out, err := goList()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		t.Fatalf("go list: %v\n%s", err, exit.Stderr)
	}
	require.NoError(t, err)
	pkgs := map[string]pkg{}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for {
		var p pkg
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else {
			require.NoError(t, err)
		}
		pkgs[p.ImportPath] = p
	}
	require.Contains(t, pkgs, module+"/viewer")
	return pkgs
}

// TestViewerDependsOnCardsAndRenderOnly: a harness that embeds the viewer
// pulls in no session format, no reader of logs, no ACP client and no
// zstd decoder.
func TestViewerDependsOnCardsAndRenderOnly(t *testing.T) {
	forbidden := []string{
		module + "/agents", module + "/replay", module + "/acp", module + "/sessions", module + "/producers",
		"github.com/klauspost/compress", "github.com/coder/acp-go-sdk",
	}
	pkgs := listPackages(t)
	for _, dep := range pkgs[module+"/viewer"].Deps {
		for _, f := range forbidden {
			assert.False(t, dep == f || strings.HasPrefix(dep, f+"/"), "viewer depends on %s", dep)
		}
	}
}

// TestNoPackageImportsACommand: commands sit at the top; nothing imports
// a main package.
func TestNoPackageImportsACommand(t *testing.T) {
	pkgs := listPackages(t)
	for _, p := range pkgs {
		for _, imp := range p.Imports {
			if q, ok := pkgs[imp]; ok {
				assert.NotEqual(t, "main", q.Name, "%s imports the command %s", p.ImportPath, imp)
			}
		}
	}
}

// TestOneTranscriptAndOneChangeType: the module declares one type named
// Transcript and one named Change.
func TestOneTranscriptAndOneChangeType(t *testing.T) {
	for _, name := range []string{"Transcript", "Change"} {
		grep := exec.Command("git", "grep", "-l", "-E", "^type "+name+" (struct|=|[a-z])", "--", "*.go", ":!*_test.go")
		grep.Dir = "../.."
		out, err := grep.Output()
		require.NoError(t, err, "git grep for type %s", name)
		files := strings.Fields(string(out))
		assert.Len(t, files, 1, "the files that declare a type %s: %v", name, files)
	}
}

// TestSessionsKnowsNoAgent: what is an agent's in a listing is its
// sessions.Source, in its folder under agents/; sessions depends on no
// agent package, and the agents package lists the sources.
func TestSessionsKnowsNoAgent(t *testing.T) {
	pkgs := listPackages(t)
	for _, dep := range pkgs[module+"/sessions"].Deps {
		assert.False(t, dep == module+"/agents" || strings.HasPrefix(dep, module+"/agents/"), "sessions depends on %s", dep)
	}
}
