package main

import (
	"bytes"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/internal/testkit/gobuild"
)

// Package initialisation runs at every start of cardtui, before main, for
// every package linked in, whatever the command does. The budget is in
// bytes allocated, which GODEBUG=inittrace=1 reports and which are the
// same from run to run (times are not): the allocations follow the work.
// It holds cardtui's own packages only: the libraries' initialisation
// (chroma's lexer and style registries, 4.6 MB of the 6.8 MB in
// all with chroma v2.27.0) is upstream's, measured in the benchmarks and
// not pinned here.
const ownPackageInitBudget = 32 << 10

// ownPackage is the import path prefix of cardtui's own packages.
const ownPackage = "github.com/cardtui/cardtui"

// packageInit is one line of GODEBUG=inittrace=1: a package and what its
// initialisation allocated.
type packageInit struct {
	pkg   string
	bytes int
}

// traceInit runs the built command with GODEBUG=inittrace=1 and returns
// the package initialisations it reports.
func traceInit(t *testing.T, bin string, args ...string) []packageInit {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	require.NoError(t, cmd.Run(), "%s", stderr.String())
	var inits []packageInit
	for line := range strings.Lines(stderr.String()) {
		// init PKG @T ms, C ms clock, B bytes, A allocs
		f := strings.Fields(line)
		if len(f) != 11 || f[0] != "init" || f[8] != "bytes," {
			continue
		}
		n, err := strconv.Atoi(f[7])
		require.NoError(t, err, line)
		inits = append(inits, packageInit{pkg: f[1], bytes: n})
	}
	require.NotEmpty(t, inits, "no inittrace lines in %q", stderr.String())
	return inits
}

// TestStartUpInitialisesLittle: cardtui's own packages do no eager work
// at initialisation (tables, regular expressions and lexers are built on
// first use), whatever the command.
func TestStartUpInitialisesLittle(t *testing.T) {
	t.Parallel()
	bin := gobuild.Program(t, ".")
	session := writeFile(t, "one.jsonl", `{"type":"message","role":"user","text":"hello"}`+"\n")
	for _, args := range [][]string{{"--version"}, {"replay", "--print", session}} {
		t.Run(strings.Join(args[:1], " "), func(t *testing.T) {
			total, own := 0, 0
			for _, in := range traceInit(t, bin, args...) {
				total += in.bytes
				if strings.HasPrefix(in.pkg, ownPackage) {
					own++
					assert.LessOrEqual(t, in.bytes, ownPackageInitBudget, "package %s allocates %d bytes at init", in.pkg, in.bytes)
				}
			}
			assert.Positive(t, own, "the trace lists cardtui's own packages")
			t.Logf("package initialisation allocates %d bytes in all", total)
		})
	}
}

// writeFile writes text to a file name in a temporary directory and
// returns its path.
func writeFile(t *testing.T, name, text string) string {
	t.Helper()
	path := t.TempDir() + "/" + name
	require.NoError(t, os.WriteFile(path, []byte(text), 0o600))
	return path
}
