package main

import (
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/demo"
	"github.com/cardtui/cardtui/internal/testkit/benchinput"
	"github.com/cardtui/cardtui/internal/testkit/gobuild"
	"github.com/cardtui/cardtui/viewer"
)

// The rows of issue 16's table as benchmarks, on the inputs that
// scripts/bench-vs measures the whole command on (internal/testkit/benchinput).
// BenchmarkCommand runs the built command, BenchmarkTable the same in
// this process; BenchmarkIdle measures the CPU an untouched program uses.

// tableHarnessSize is the size of the generated harness session of the
// plain-print row: the table's 100 MB scaled down, measured in MB/s.
const tableHarnessSize = 16 << 20

// tableFiles are the inputs, built once per test binary.
var tableFiles = sync.OnceValue(func() map[string][]byte {
	sample, err := os.ReadFile(filepath.Join("..", "..", "testdata", "sessions", "claude-tools.jsonl"))
	if err != nil {
		panic(err)
	}
	old, new := lipglossEdit()
	files := benchinput.Files(sample, old, new)
	demo := strings.Split(strings.TrimSuffix(string(demo.Session), "\n"), "\n")
	files["harness.jsonl"] = benchinput.Repeat(demo, 1, "call_", tableHarnessSize)
	return files
})

// lipglossEdit is the table's real edit, lipgloss v1.1.0's style.go and
// v2.1.1's, from the module cache (v1.1.0 downloaded when it is not
// there); both are empty when either cannot be had.
func lipglossEdit() (old, new string) {
	var mod struct{ Dir string }
	out, err := exec.Command("go", "mod", "download", "-json", "github.com/charmbracelet/lipgloss@v1.1.0").Output()
	if err != nil || json.Unmarshal(out, &mod) != nil {
		return "", ""
	}
	v2, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "charm.land/lipgloss/v2").Output()
	if err != nil {
		return "", ""
	}
	oldText, err1 := os.ReadFile(filepath.Join(mod.Dir, "style.go"))
	newText, err2 := os.ReadFile(filepath.Join(strings.TrimSpace(string(v2)), "style.go"))
	if err1 != nil || err2 != nil {
		return "", ""
	}
	return string(oldText), string(newText)
}

// tableInput writes the input name into the benchmark's temporary
// directory and returns its path; it skips the benchmark when the input
// could not be made.
func tableInput(b *testing.B, name string) string {
	b.Helper()
	data, ok := tableFiles()[name]
	if !ok {
		b.Skipf("no %s: its source is not in the module cache", name)
	}
	path := filepath.Join(b.TempDir(), name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		b.Fatal(err)
	}
	return path
}

// printArgs are bench-vs's arguments of a styled print, then more.
func printArgs(more ...string) []string {
	return append([]string{"replay", "--print", "--color", "always", "--width", "120"}, more...)
}

// tableRow is a printing row of the table: the command's arguments, to
// which the input's path is added.
type tableRow struct {
	name, input string
	args        []string
}

// tableRows are the printing rows of the table.
var tableRows = []tableRow{
	{"one-line", "one.jsonl", printArgs()},
	{"diff-10k-expand", "diff10k.jsonl", printArgs("--expand")},
	{"diff-100k-expand", "diff100k.jsonl", printArgs("--expand")},
	{"lipgloss-style.go-edit", "edit.jsonl", printArgs("--expand")},
	{
		"split-10k-width-200", "diff10k.jsonl",
		[]string{"replay", "--print", "--color", "always", "--width", "200", "--diff-layout", "split", "--expand"},
	},
	{"markdown-2000-lines", "md2000.jsonl", printArgs()},
	{"claude-2MB", "claude2mb.jsonl", printArgs()},
	{"harness-16MB-plain", "harness.jsonl", []string{"replay", "--print", "--format", "plain"}},
}

// benchRows runs each row as a sub-benchmark of b, calling do with the
// row's whole arguments.
func benchRows(b *testing.B, do func(b *testing.B, args []string)) {
	for _, r := range tableRows {
		b.Run(r.name, func(b *testing.B) {
			args := append(slices.Clip(r.args), tableInput(b, r.input))
			b.SetBytes(int64(len(tableFiles()[r.input])))
			do(b, args)
		})
	}
}

// BenchmarkCommand is the table as scripts/bench-vs measures it: each row
// a run of the built command, start-up and package initialisation
// included (the one-line row is the start-up).
func BenchmarkCommand(b *testing.B) {
	bin := gobuild.Program(b, ".")
	benchRows(b, func(b *testing.B, args []string) {
		for b.Loop() {
			cmd := exec.Command(bin, args...)
			cmd.Stdout = io.Discard
			if err := cmd.Run(); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkTable is the same rows in this process, where a profile sees
// them: once warm (its renderers built, its lexers compiled), reading a
// file and writing to io.Discard.
func BenchmarkTable(b *testing.B) {
	benchRows(b, func(b *testing.B, args []string) {
		b.ReportAllocs()
		for b.Loop() {
			if code := run(args, nil, io.Discard, io.Discard); code != exitOK {
				b.Fatalf("exit status %d", code)
			}
		}
	})
}

// idleWindow is how long BenchmarkIdle's programs sit untouched per
// operation.
const idleWindow = 100 * time.Millisecond

// BenchmarkIdle is the last row: the CPU a program uses, in percent of a
// core, while it sits untouched at 120×40 — the viewer on the demo
// session, and a static Bubble Tea program. Both start a second before
// the measure, the time to read the demo and draw it.
func BenchmarkIdle(b *testing.B) {
	b.Run("viewer", func(b *testing.B) {
		feed := make(chan cards.Change, feedBuffer)
		opts := viewer.DefaultOptions()
		opts.Feed, opts.NoFollow, opts.Source = feed, true, demoName
		p := idleProgram(b, viewer.App{Model: viewer.New(opts)})
		src, _, _ := openSource("", nil, false)
		go func() { _, _ = streamSession(b.Context(), src, replayConfig{}, feed, p.Send) }()
		measureIdle(b)
	})
	b.Run("bare", func(b *testing.B) {
		idleProgram(b, counter(0))
		measureIdle(b)
	})
}

// idleProgram runs m without input or signals, at 120×40, drawing to
// io.Discard, until the benchmark ends.
func idleProgram(b *testing.B, m tea.Model) *tea.Program {
	p := tea.NewProgram(m, tea.WithInput(nil), tea.WithOutput(io.Discard),
		tea.WithWindowSize(120, 40), tea.WithoutSignals())
	done := make(chan struct{})
	go func() { defer close(done); _, _ = p.Run() }()
	b.Cleanup(func() { p.Quit(); <-done })
	return p
}

// measureIdle waits a second for the program to settle, then reports the
// CPU the process uses during the benchmark's idle windows.
func measureIdle(b *testing.B) {
	time.Sleep(time.Second)
	start, cpu := time.Now(), benchinput.ProcessCPU()
	for b.Loop() {
		time.Sleep(idleWindow)
	}
	b.ReportMetric(100*(benchinput.ProcessCPU()-cpu)/time.Since(start).Seconds(), "%cpu")
}
