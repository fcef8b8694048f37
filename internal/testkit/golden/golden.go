// Package golden compares test output with golden files kept beside the
// test that owns them: testdata/<Test>/<name> in the test's package
// directory, <Test> the name of the top-level test, so that a change shows
// which package's pictures moved. `go test ./... -update` rewrites them;
// review every golden diff before committing.
//
// It also finds the inputs the tests share: the session files of the
// repository's testdata/sessions and the recorded sessions a developer
// keeps in shared/fixtures beside the repository.
//
// Every test package of the module imports this package (at least for the
// Update flag), so that -update is a known flag everywhere.
package golden

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/internal/demo"
)

// Update is the -update flag: rewrite golden files instead of comparing.
var Update = flag.Bool("update", false, "rewrite the golden files under each package's testdata/<Test>/")

// Root is the absolute path of the repository: the nearest directory
// above the test's that holds go.mod.
func Root(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	require.NoError(t, err)
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		require.NotEqual(t, parent, dir, "no go.mod above the test's directory")
		dir = parent
	}
}

// Assert compares got with the golden file name of the calling test,
// testdata/<Test>/name in its package's directory, or rewrites the file
// when -update is set.
func Assert(t testing.TB, name, got string) {
	t.Helper()
	test, _, _ := strings.Cut(t.Name(), "/")
	AssertFile(t, filepath.Join("testdata", test, name), got)
}

// AssertFile compares got with the golden file at path (relative to the
// test's package directory), or rewrites it when -update is set: for a
// test that checks pictures another test owns.
func AssertFile(t testing.TB, path, got string) {
	t.Helper()
	if *Update {
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "golden file missing: run go test ./... -update and review the diff")
	require.Equal(t, string(want), got, "rendering differs from %s (go test ./... -update rewrites it)", path)
}

// Session reads a session file written for the tests,
// testdata/sessions/NAME at the repository's root; "demo.jsonl" is the
// built-in demo session, which lives in internal/demo for the command to
// embed.
func Session(t testing.TB, name string) []byte {
	t.Helper()
	if name == "demo.jsonl" {
		return demo.Session
	}
	data, err := os.ReadFile(filepath.Join(Root(t), "testdata", "sessions", name))
	require.NoError(t, err)
	return data
}

// SharedFixtures lists the .jsonl files of the recorded sessions a
// developer keeps in shared/fixtures/<folder> beside the repository, and
// skips t with "no <what> in <dir>" when there are none.
func SharedFixtures(t testing.TB, folder, what string) []string {
	t.Helper()
	dir := filepath.Join(Root(t), "..", "shared", "fixtures", folder)
	files, err := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	require.NoError(t, err)
	if len(files) == 0 {
		t.Skip("no " + what + " in " + dir)
	}
	return files
}
