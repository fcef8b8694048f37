//go:build unix

package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/internal/testkit/benchinput"
	"github.com/cardtui/cardtui/internal/testkit/fakehome"
	"github.com/cardtui/cardtui/internal/testkit/gobuild"
)

// The export of a large session streams: the page is written card by
// card, so what the command holds is the transcript, not the page.
// BenchmarkExport measures the built command's peak memory and CPU on a
// generated Claude Code transcript beside its replay --print.

// exportRuns are the commands measured, by name; FILE is the input.
var exportRuns = []struct {
	name string
	args []string
}{
	{"print", []string{"replay", "--print"}},
	{"html", []string{"export", "--format", "html", "-o", "OUT"}},
	{"markdown", []string{"export", "--format", "markdown", "-o", "OUT"}},
	{"markdown-full", []string{"export", "--format", "markdown", "--full", "-o", "OUT"}},
}

// runUsage is what one run of the command used: its peak resident memory
// in MiB and its CPU time (user and system) in seconds.
type runUsage struct{ peakMiB, cpu float64 }

// runMeasured runs the command with args on file through peakrss (OUT
// in args becomes a file of dir) and returns what it used.
func runMeasured(t testing.TB, peakrss, bin, dir, file string, args []string) runUsage {
	t.Helper()
	argv := []string{bin}
	for _, a := range args {
		if a == "OUT" {
			a = filepath.Join(dir, "out")
		}
		argv = append(argv, a)
	}
	var stderr bytes.Buffer
	cmd := exec.Command(peakrss, append(argv, file)...)
	cmd.Stderr = &stderr
	require.NoError(t, cmd.Run(), stderr.String())
	lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
	var kib, cpu float64
	_, err := fmt.Sscanf(lines[len(lines)-1], "peakrss %g %g", &kib, &cpu)
	require.NoError(t, err, stderr.String())
	return runUsage{peakMiB: kib / 1024, cpu: cpu}
}

// largeClaude writes a Claude Code transcript of size bytes, grown from
// a recorded one, into dir.
func largeClaude(t testing.TB, dir string, size int) string {
	t.Helper()
	path := filepath.Join(dir, "large.jsonl")
	sample := fakehome.SessionFile(t, "claude-tools.jsonl")
	require.NoError(t, os.WriteFile(path, benchinput.GrowClaude([]byte(sample), size), 0o644))
	return path
}

// TestExportOfALargeSessionStreams: exporting a 24 MiB transcript holds
// no more than four times its size above the program's own 32 MiB, to
// HTML or Markdown, whole or fitted to a comment: the page of every card
// is never held at once (it was 255 MiB for the page, 202 MiB for the
// comment). It is about three times its size; the margin is for the
// collector, which overshoots its goal when the machine is busy. The
// three runs go on at once, each writing its own output.
func TestExportOfALargeSessionStreams(t *testing.T) {
	t.Parallel() // its runs wait on their own processes, the tmux tests on screens
	bin, peakrss := gobuild.Program(t, "."), gobuild.Program(t, "../../internal/testkit/peakrss")
	const size = 24 << 20
	file := largeClaude(t, t.TempDir(), size)
	for _, run := range exportRuns[1:] {
		t.Run(run.name, func(t *testing.T) {
			t.Parallel()
			u := runMeasured(t, peakrss, bin, t.TempDir(), file, run.args)
			t.Logf("peak %.0f MiB, CPU %.1f s", u.peakMiB, u.cpu)
			assert.LessOrEqual(t, u.peakMiB, 32+4.0*size/(1<<20), run.name)
		})
	}
}

// BenchmarkExport runs replay --print and the exports on a generated
// Claude Code transcript of 100 MB (CARDTUI_BENCH_EXPORT_MB says
// another size), reporting each run's peak memory and CPU time; with
// CARDTUI_BENCH_BEFORE naming another build of the command (an older
// one), the same runs of it beside, named before/….
func BenchmarkExport(b *testing.B) {
	builds := [][2]string{{"", gobuild.Program(b, ".")}}
	if before := os.Getenv("CARDTUI_BENCH_BEFORE"); before != "" {
		builds = append(builds, [2]string{"before/", before})
	}
	peakrss := gobuild.Program(b, "../../internal/testkit/peakrss")
	dir := b.TempDir()
	mb := 100
	if n, err := strconv.Atoi(os.Getenv("CARDTUI_BENCH_EXPORT_MB")); err == nil && n > 0 {
		mb = n
	}
	file := largeClaude(b, dir, mb<<20)
	for _, run := range exportRuns {
		for _, build := range builds {
			b.Run(build[0]+run.name, func(b *testing.B) {
				var peak, cpu float64
				for b.Loop() {
					u := runMeasured(b, peakrss, build[1], dir, file, run.args)
					peak, cpu = max(peak, u.peakMiB), cpu+u.cpu
				}
				b.ReportMetric(peak, "peak-MiB")
				b.ReportMetric(cpu/float64(b.N), "cpu-s/op")
			})
		}
	}
}
