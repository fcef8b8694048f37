package hostile_test

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/internal/testkit/gobuild"
)

// commandInputLimit is the size above which a case is left out of the
// command test: the big generated cases cost seconds each through the
// binary, and TestHostile draws them already.
const commandInputLimit = 1 << 20

// commandPackage is the cardtui command, which the tests of its runs
// build (once per test binary, with gobuild).
const commandPackage = "../../cmd/cardtui"

// run is one run of the command.
type run struct {
	code           int
	stdout, stderr string
}

// startCardtui starts a run of the command and returns the func that
// waits for it; the error is a failure to run it, not its exit status.
func startCardtui(bin string, args ...string) func() (run, error) {
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "NO_COLOR=", "TERM=xterm-256color")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		return func() (run, error) { return run{}, err }
	}
	return func() (run, error) {
		err := cmd.Wait()
		var exit *exec.ExitError
		if err != nil && !errors.As(err, &exit) {
			return run{}, err
		}
		return run{code: cmd.ProcessState.ExitCode(), stdout: stdout.String(), stderr: stderr.String()}, nil
	}
}

// runCardtuiAll runs the command once with each list of arguments, all
// at once, and returns the runs in the same order.
func runCardtuiAll(t *testing.T, bin string, argLists ...[]string) []run {
	t.Helper()
	waits := make([]func() (run, error), len(argLists))
	for i, args := range argLists {
		waits[i] = startCardtui(bin, args...)
	}
	runs := make([]run, len(argLists))
	var errs []error
	for i, wait := range waits {
		var err error
		runs[i], err = wait()
		errs = append(errs, err)
	}
	require.NoError(t, errors.Join(errs...))
	return runs
}

// TestHostileCommand runs the command on every case of the corpus (but the
// big ones), written to read-only files in a read-only directory:
// `validate` lists each problem of a case as FILE:LINE and exits 1 when it
// has one, 0 when it has none; `replay --print` prints every case in each
// format with the same exit status; nothing the command writes, on stdout
// or stderr, breaks the properties of checkOutput; and the files it read
// and their directory are unchanged.
func TestHostileCommand(t *testing.T) {
	t.Parallel()
	bin := gobuild.Program(t, commandPackage)
	dir := t.TempDir()
	var cases []hostileCase
	for _, c := range loadCorpus(t) {
		if writeSmall(t, dir, c) {
			cases = append(cases, c)
		}
	}
	require.NoError(t, os.Chmod(dir, 0o555))
	defer os.Chmod(dir, 0o755)
	before := snapshot(t, dir)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			file := filepath.Join(dir, c.name)
			format := "--input-format=" + c.format
			want := 0
			if c.expect.problems > 0 {
				want = 1
			}
			printArgs := [][]string{
				{"--format", "plain"},
				{"--format", "ansi", "--color", "always"},
				{"--format", "markdown"},
				{"--format", "ansi", "--color", "always", "--expand"},
			}
			// validate and the replays, run at once: each waits on the
			// machine more than it computes.
			argLists := [][]string{{"validate", format, file}}
			for _, args := range printArgs {
				argLists = append(argLists, append([]string{"replay", "--print", "--width", "80", format, file}, args...))
			}
			runs := runCardtuiAll(t, bin, argLists...)
			v := runs[0]
			assert.Equal(t, want, v.code, "validate's exit status: %s", v.stdout)
			for _, l := range c.expect.problemLines {
				assert.Contains(t, v.stdout, fmt.Sprintf("%s:%d: ", file, l), "validate names the line")
			}
			checkCommandOutput(t, "validate", v, 0)
			for i, args := range printArgs {
				p := runs[i+1]
				assert.Equal(t, want, p.code, "replay %v: exit status: %s", args, p.stderr)
				width := 80
				if args[1] == "markdown" {
					width = 0
				}
				checkCommandOutput(t, strings.Join(args, " "), p, width)
			}
		})
	}
	assert.Equal(t, before, snapshot(t, dir), "the command changed the files it read")
}

// writeSmall writes the input of a case of at most commandInputLimit
// bytes to a read-only file of dir, and reports whether it did; a big
// case's input is generated while no other big case is drawn.
func writeSmall(t *testing.T, dir string, c hostileCase) bool {
	t.Helper()
	if c.big {
		bigCases.Lock()
		defer bigCases.Unlock()
	}
	input := c.load(t)
	if len(input) > commandInputLimit {
		return false
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, c.name), input, 0o444))
	return true
}

// checkCommandOutput checks a run's stdout, in the escapes its format
// allows, and its stderr, which has none.
func checkCommandOutput(t *testing.T, what string, r run, width int) {
	t.Helper()
	allowed := noEscapes
	if strings.Contains(what, "ansi") {
		allowed = sgrAndLinks
	}
	if err := checkOutput(r.stdout, allowed, width); err != nil {
		t.Errorf("%s: stdout: %v", what, err)
	}
	if err := checkOutput(r.stderr, noEscapes, 0); err != nil {
		t.Errorf("%s: stderr: %v", what, err)
	}
}

// snapshot describes a directory: each entry's name, mode, size,
// modification time and content hash.
func snapshot(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var rows []string
	info, err := os.Stat(dir)
	require.NoError(t, err)
	rows = append(rows, fmt.Sprintf(". %v %v", info.Mode(), info.ModTime()))
	for _, e := range entries {
		info, err := e.Info()
		require.NoError(t, err)
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		require.NoError(t, err)
		rows = append(rows, fmt.Sprintf("%s %v %d %v %x", e.Name(), info.Mode(), info.Size(), info.ModTime(), sha256.Sum256(data)))
	}
	return rows
}
