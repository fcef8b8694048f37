package hostile_test

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/internal/testkit"
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

// printFormats are the arguments of the output formats `replay --print`
// is run with. Each case is printed in one of them, in turn: TestHostile
// draws every case in every format already, and each run of the binary
// costs about a tenth of a second of CPU.
var printFormats = [][]string{
	{"--format", "plain"},
	{"--format", "ansi", "--color", "always"},
	{"--format", "markdown"},
	{"--format", "ansi", "--color", "always", "--expand"},
}

// TestHostileCommand runs the command on every case of the corpus (but the
// big ones), written to read-only files in a read-only directory:
// `validate`, given every case of a format at once, lists each problem of
// a case as FILE:LINE, counts them in the case's summary line, and exits 1
// when a case has one, 0 when none has; `replay --print` prints the case in one of
// printFormats (each format in turn, so every format meets a quarter of
// the cases) with the same exit status; nothing the command writes, on
// stdout or stderr, breaks the properties of checkOutput; and the files it
// read and their directory are unchanged.
func TestHostileCommand(t *testing.T) {
	testkit.SkipLong(t, "runs the built command on every case")
	// The inputs are written before the test pauses for the parallel
	// ones: the big cases are generated while none is drawn, rather than
	// after TestHostile has drawn them all.
	dir := t.TempDir()
	var cases []hostileCase
	for _, c := range loadCorpus(t) {
		if writeSmall(t, dir, c) {
			cases = append(cases, c)
		}
	}
	require.NoError(t, os.Chmod(dir, 0o555))
	t.Cleanup(func() { _ = os.Chmod(dir, 0o755) })
	t.Parallel()
	bin := gobuild.Program(t, commandPackage)
	before := snapshot(t, dir)
	// The cases' runs are parallel subtests: they end after this function
	// returns, and the files are compared once they all have.
	t.Cleanup(func() { assert.Equal(t, before, snapshot(t, dir), "the command changed the files it read") })
	validated := validateByFormat(t, bin, dir, cases)
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			file := filepath.Join(dir, c.name)
			want := 0
			if c.expect.problems > 0 {
				want = 1
			}
			v := validated[c.format]
			assert.Contains(t, v.stdout, fmt.Sprintf("%s: %s", file, c.format), "validate sums the case up")
			assert.Regexp(t, regexp.QuoteMeta(file)+`: .*, `+strconv.Itoa(c.expect.problems)+` problems?(\n|, )`, v.stdout, "validate counts the problems")
			for _, l := range c.expect.problemLines {
				assert.Contains(t, v.stdout, fmt.Sprintf("%s:%d: ", file, l), "validate names the line")
			}
			printArgs := printFormats[i%len(printFormats)]
			p := runCardtuiAll(t, bin, append([]string{"replay", "--print", "--width", "80", "--input-format=" + c.format, file}, printArgs...))[0]
			assert.Equal(t, want, p.code, "replay %v: exit status: %s", printArgs, p.stderr)
			width := 80
			if printArgs[1] == "markdown" {
				width = 0
			}
			checkCommandOutput(t, strings.Join(printArgs, " "), p, width)
		})
	}
}

// validateByFormat runs `validate` once for each format of cases, on all
// its cases at once, all formats at the same time, and checks each run's
// exit status (1 when a case of the format has a problem) and output.
func validateByFormat(t *testing.T, bin, dir string, cases []hostileCase) map[string]run {
	t.Helper()
	var formats []string
	files := map[string][]string{}
	want := map[string]int{}
	for _, c := range cases {
		if files[c.format] == nil {
			formats = append(formats, c.format)
		}
		files[c.format] = append(files[c.format], filepath.Join(dir, c.name))
		if c.expect.problems > 0 {
			want[c.format] = 1
		}
	}
	argLists := make([][]string, len(formats))
	for i, f := range formats {
		argLists[i] = append([]string{"validate", "--input-format=" + f}, files[f]...)
	}
	runs := runCardtuiAll(t, bin, argLists...)
	byFormat := make(map[string]run, len(formats))
	for i, f := range formats {
		assert.Equal(t, want[f], runs[i].code, "validate's exit status on the %s cases: %s", f, runs[i].stdout)
		checkCommandOutput(t, "validate", runs[i], 0)
		byFormat[f] = runs[i]
	}
	return byFormat
}

// writeSmall writes the input of a case of at most commandInputLimit
// bytes to a read-only file of dir, and reports whether it did; a big
// case's input is generated while no other big case is drawn.
func writeSmall(t *testing.T, dir string, c hostileCase) bool {
	t.Helper()
	if c.big {
		defer holdBig(t, c.weight())()
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
