// Package golden compares test output with the golden files under the
// repository's testdata/golden directory. `go test ./... -update` rewrites
// them; review every golden diff before committing.
//
// Every test package of the module imports this package (at least for the
// Update flag), so that -update is a known flag everywhere.
package golden

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/internal/demo"
)

// Update is the -update flag: rewrite golden files instead of comparing.
var Update = flag.Bool("update", false, "rewrite the golden files under testdata/golden")

// Dir is the absolute path of the repository's testdata/golden directory.
func Dir(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	require.NoError(t, err)
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, "testdata", "golden")
		}
		parent := filepath.Dir(dir)
		require.NotEqual(t, parent, dir, "no go.mod above the test's directory")
		dir = parent
	}
}

// Assert compares got with the golden file name (a path relative to
// testdata/golden), or rewrites the file when -update is set.
func Assert(t testing.TB, name, got string) {
	t.Helper()
	path := filepath.Join(Dir(t), name)
	if *Update {
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "golden file missing: run go test ./... -update and review the diff")
	require.Equal(t, string(want), got, "rendering differs from %s (go test ./... -update rewrites it)", name)
}

// Session reads a session file written for the tests,
// testdata/sessions/NAME; "demo.jsonl" is the built-in demo session,
// which lives in internal/demo for the command to embed.
func Session(t testing.TB, name string) []byte {
	t.Helper()
	if name == "demo.jsonl" {
		return demo.Session
	}
	data, err := os.ReadFile(filepath.Join(Dir(t), "..", "sessions", name))
	require.NoError(t, err)
	return data
}

// SharedFixtures lists the .jsonl files of the recorded sessions a
// developer keeps in shared/fixtures/<folder>, three levels above Dir,
// and skips t with "no <what> in <dir>" when there are none.
func SharedFixtures(t testing.TB, folder, what string) []string {
	t.Helper()
	dir := filepath.Join(Dir(t), "..", "..", "..", "shared", "fixtures", folder)
	files, err := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	require.NoError(t, err)
	if len(files) == 0 {
		t.Skip("no " + what + " in " + dir)
	}
	return files
}
