// Package gobuild builds the programs tests run — the cardtui command,
// an example, the ACP SDK's example agent — once per test binary, from
// the build cache when an earlier build left them there, and
// skips the tests that need one in the everyday loop (-short).
package gobuild

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/cardtui/cardtui/internal/testkit"
)

// build is the outcome of one go build.
type build struct {
	once sync.Once
	path string
	out  []byte
	err  error
}

// builds are the programs built by this test binary, by package.
var builds sync.Map

// Program builds pkg — a directory relative to the test's package ("."
// or "../examples/embed") or an import path from the module cache —
// the first time a test of this binary asks for it, and returns the
// program's path. It skips the test in -short mode.
//
// The program is written to a folder of the temporary directory that
// every test binary shares, named after the package's directory or path,
// so that no run leaves more than one copy of it behind: each build is
// renamed over the last one, which a test running it keeps until it
// ends.
func Program(t testing.TB, pkg string) string {
	t.Helper()
	testkit.SkipLong(t, "go build "+pkg)
	key := pkg
	if strings.HasPrefix(pkg, ".") {
		abs, err := filepath.Abs(pkg)
		if err != nil {
			t.Fatal(err)
		}
		key = abs
	}
	v, _ := builds.LoadOrStore(key, new(build))
	b := v.(*build)
	b.once.Do(func() { b.path, b.out, b.err = goBuild(pkg, key) })
	if b.err != nil {
		t.Fatalf("go build %s: %v\n%s", pkg, b.err, b.out)
	}
	return b.path
}

// goBuild builds pkg, or takes it from the build cache, into a temporary
// file of the shared folder of key and renames it to the package's base
// name there.
func goBuild(pkg, key string) (program string, output []byte, err error) {
	sum := sha256.Sum256([]byte(key))
	dir := filepath.Join(os.TempDir(), "cardtui-gobuild", hex.EncodeToString(sum[:6]))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", nil, err
	}
	tmp, err := os.CreateTemp(dir, "build-*")
	if err != nil {
		return "", nil, err
	}
	tmp.Close()
	// go run keeps the programs it links in the build cache: the test
	// binaries of one run, and the runs after it while the sources stay
	// the same, link each program once. -exec cp copies it out.
	output, err = exec.Command("go", "run", "-exec", "cp", pkg, tmp.Name()).CombinedOutput()
	if err == nil {
		err = os.Chmod(tmp.Name(), 0o755)
	}
	if err == nil {
		program = filepath.Join(dir, path.Base(filepath.ToSlash(key)))
		err = os.Rename(tmp.Name(), program)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return program, output, err
}
