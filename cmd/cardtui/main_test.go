package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/agents"
	"github.com/cardtui/cardtui/internal/demo"
	"github.com/cardtui/cardtui/internal/testkit/golden"
)

// result is what one run of the command produced.
type result struct {
	code           int
	stdout, stderr string
}

// runWith runs the command in-process with args and stdin.
func runWith(stdin string, args ...string) result {
	var stdout, stderr bytes.Buffer
	code := run(args, strings.NewReader(stdin), &stdout, &stderr)
	return result{code, stdout.String(), stderr.String()}
}

// writeSession writes a session file into a temporary directory.
func writeSession(t *testing.T, name, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(path, []byte(content), 0o644))
	return path
}

// sessionPath is the path of a file of testdata/sessions.
func sessionPath(t *testing.T, name string) string {
	return filepath.Join(golden.Root(t), "testdata", "sessions", name)
}

// demoMarks are a distinctive text of every native tool's card, and of
// the other entries, in the demo.
var demoMarks = map[string]string{
	"user message":             "prints its totals as a table",
	"assistant message":        "look at how",
	"reasoning, collapsed":     "Thinking · 1 line",
	"context, collapsed":       "Context · 5 lines",
	"session title":            "Session: Add a --json flag to tally count",
	"todo_write":               "Todos · 0/4 done · 1 in progress",
	"todo_write checklist":     "Run the tests",
	"glob":                     "cmd/tally/version.go",
	"grep":                     "func Files(paths []string, words bool)",
	"read":                     "Read internal/count/count.go (9 - 18)",
	"read lines":               "type Total struct {",
	"write, a new file":        "new file",
	"edit":                     `asJSON := fs.Bool("json"`,
	"edit, replace_all":        "count.WriteJSON(stdout, []count.Total{grand})",
	"bash failed":              "undefined: count.EncodeJSON",
	"bash exit 1":              "exit 1",
	"bash ok":                  "example.com/tally/internal/count",
	"bash exit 0":              "exit 0",
	"bash in the background":   "started background job bash-1",
	"job_list":                 "List background jobs",
	"job_output":               "Read output from background job bash-1",
	"job_output output":        "BenchmarkWriteJSON-16",
	"job_kill":                 "Kill background job bash-1",
	"web_search":               `Search the web for "go json.Encoder SetIndent vs MarshalIndent"`,
	"web_search answer":        "MarshalIndent suits building",
	"web_fetch":                "Fetch https://pkg.go.dev/encoding/json#Encoder.SetIndent",
	"web_fetch status":         "200",
	"second prompt":            "run the benchmarks in the background",
	"the last assistant reply": "so the flag adds nothing",
}

func TestReplayDemoPlainShowsEveryCardKind(t *testing.T) {
	r := runWith("", "replay", "--print", "--format", "plain")

	require.Equal(t, exitOK, r.code, r.stderr)
	assert.Empty(t, r.stderr)
	for kind, mark := range demoMarks {
		assert.Contains(t, r.stdout, mark, kind)
	}
	assert.NotContains(t, r.stdout, "\x1b", "plain output has no escape byte")
	for i, line := range strings.Split(r.stdout, "\n") {
		assert.LessOrEqual(t, ansi.StringWidth(line), defaultWidth, "line %d", i+1)
	}
}

func TestReplayDemoMarkdownHasNoEscapes(t *testing.T) {
	r := runWith("", "replay", "--print", "--format", "markdown")

	require.Equal(t, exitOK, r.code, r.stderr)
	assert.Contains(t, r.stdout, "### ")
	assert.Contains(t, r.stdout, "undefined: count.EncodeJSON")
	assert.Contains(t, r.stdout, "```console", "the bridge derives a console block from the output")
	assert.NotContains(t, r.stdout, "\x1b")
	assert.NotContains(t, r.stdout, "\n\n\n", "entries are separated by one blank line")
}

func TestReplayDemoGolden(t *testing.T) {
	for _, format := range []string{"plain", "markdown"} {
		t.Run(format, func(t *testing.T) {
			r := runWith("", "replay", "--print", "--format", format, "--width", "80")

			require.Equal(t, exitOK, r.code, r.stderr)
			golden.Assert(t, "demo."+format+".w80.golden", r.stdout)
		})
	}
}

func TestReplayWidthAndColor(t *testing.T) {
	t.Run("width", func(t *testing.T) {
		r := runWith("", "replay", "--format", "plain", "--width", "60")
		require.Equal(t, exitOK, r.code)
		for i, line := range strings.Split(r.stdout, "\n") {
			assert.LessOrEqual(t, ansi.StringWidth(line), 60, "line %d", i+1)
		}
	})
	t.Run("always is styled", func(t *testing.T) {
		r := runWith("", "replay", "--color", "always")
		require.Equal(t, exitOK, r.code)
		assert.Contains(t, r.stdout, "\x1b[38;2;", "true colour")
		assert.Contains(t, r.stdout, "undefined: count.EncodeJSON")
	})
	t.Run("never is plain", func(t *testing.T) {
		never := runWith("", "replay", "--color", "never")
		plain := runWith("", "replay", "--format", "plain")
		assert.NotContains(t, never.stdout, "\x1b")
		assert.Equal(t, plain.stdout, never.stdout)
	})
	t.Run("diff layout", func(t *testing.T) {
		print := func(width string, args ...string) string {
			r := runWith("", append([]string{"replay", "--format", "plain", "--width", width}, args...)...)
			require.Equal(t, exitOK, r.code, r.stderr)
			return r.stdout
		}
		assert.Equal(t, print("100"), print("100", "--diff-layout", "unified"), "auto is unified below 160 cells")
		assert.Equal(t, print("200"), print("200", "--diff-layout", "split"), "and split from 160")
		assert.NotEqual(t, print("100"), print("100", "--diff-layout", "split"))
		assert.NotEqual(t, print("200"), print("200", "--diff-layout", "unified"))
	})
	t.Run("theme changes the colours", func(t *testing.T) {
		dark := runWith("", "replay", "--color", "always", "--theme", "dark")
		light := runWith("", "replay", "--color", "always", "--theme", "light")
		assert.Equal(t, ansi.Strip(dark.stdout), ansi.Strip(light.stdout))
		assert.NotEqual(t, dark.stdout, light.stdout)
	})
}

func TestNoSubcommandPrintsTheDemo(t *testing.T) {
	bare := runWith("")
	replay := runWith("", "replay")

	require.Equal(t, exitOK, bare.code, bare.stderr)
	assert.Equal(t, replay.stdout, bare.stdout)
	assert.Contains(t, bare.stdout, demoMarks["web_search"])

	flagsOnly := runWith("", "--format", "plain", "--width", "70")
	assert.Equal(t, runWith("", "replay", "--format", "plain", "--width", "70").stdout, flagsOnly.stdout)
}

// badMiddle is a session whose second line is bad.
var badMiddle = strings.Join([]string{
	`{"type":"message","role":"user","text":"first line renders"}`,
	`{"type":"call","id":"c1","view":{"card":"terminal","title":"ls","exitCode":0}}`,
	`{"type":"message","role":"assistant","text":"third line renders"}`,
}, "\n") + "\n"

func TestReplayBadLineInTheMiddle(t *testing.T) {
	file := writeSession(t, "bad.jsonl", badMiddle)

	r := runWith("", "replay", "--print", "--format", "plain", file)

	assert.Equal(t, exitProblems, r.code)
	assert.Contains(t, r.stdout, "first line renders")
	assert.Contains(t, r.stdout, "third line renders")
	assert.Contains(t, r.stdout, "line 2")
	assert.Contains(t, r.stdout, `field "exitCode"`)
	assert.Less(t, strings.Index(r.stdout, "first line"), strings.Index(r.stdout, "line 2"))
	assert.Less(t, strings.Index(r.stdout, "line 2"), strings.Index(r.stdout, "third line"))
	assert.Equal(t, "cardtui: "+file+": 1 bad line (cardtui validate lists them)\n", r.stderr)
}

func TestReplayFlagsAfterFileAndStdin(t *testing.T) {
	file := writeSession(t, "demo.jsonl", string(demo.Session))
	want := runWith("", "replay", "--format", "plain", "--width", "90").stdout

	after := runWith("", "replay", file, "--format", "plain", "--width", "90")
	between := runWith("", "replay", "--format", "plain", file, "--width", "90")
	stdin := runWith(string(demo.Session), "replay", "--width=90", "-", "--format=plain")
	forced := runWith("", "replay", "--input-format", "harness", "--format", "plain", "--width", "90", file)

	for name, r := range map[string]result{"after": after, "between": between, "stdin": stdin, "forced": forced} {
		assert.Equal(t, exitOK, r.code, "%s: %s", name, r.stderr)
		assert.Equal(t, want, r.stdout, name)
	}
}

func TestReplayDoubleDashEndsFlags(t *testing.T) {
	t.Chdir(filepath.Dir(writeSession(t, "-x.jsonl", badMiddle)))

	r := runWith("", "replay", "--format", "plain", "--", "-x.jsonl")

	assert.Equal(t, exitProblems, r.code)
	assert.Contains(t, r.stdout, "first line renders")
}

func TestUsageErrors(t *testing.T) {
	cases := []struct {
		name    string
		args    []string
		mention string
	}{
		{"unknown flag", []string{"replay", "--colour", "never"}, "cardtui: unknown flag --colour\n"},
		{"unknown single-dash flag", []string{"replay", "-bogus=1"}, "cardtui: unknown flag -bogus\n"},
		{"flag without value", []string{"replay", "--format"}, "flag needs an argument: --format"},
		{"bad format", []string{"replay", "--format", "pdf"}, `invalid value "pdf" for flag --format: want one of ansi, plain, markdown, html`},
		{"bad color", []string{"replay", "--color", "sometimes"}, "want one of auto, always, never"},
		{"bad theme", []string{"--theme", "blue"}, "want one of dark, light"},
		{"bad diff layout", []string{"replay", "--diff-layout", "side"}, "want one of auto, unified, split"},
		{"bad input format", []string{"replay", "--input-format", "cursor"}, "want one of auto, views"},
		{"width not a number", []string{"replay", "--width", "wide"}, `invalid value "wide" for flag --width`},
		{"negative width", []string{"replay", "--width", "-3"}, "--width must not be negative"},
		{"two files", []string{"replay", "a.jsonl", "b.jsonl"}, "replay takes one FILE, got 2"},
		{"demo and a file", []string{"--demo", "a.jsonl"}, "--demo is a session of its own"},
		{"demo and last", []string{"replay", "--demo", "--last"}, "--demo is a session of its own"},
		{"unknown command", []string{"play", "x.jsonl"}, `"play" is neither a command (replay, validate, sessions, search, export, acp, help) nor a file`},
		{"validate without files", []string{"validate"}, "validate needs at least one FILE"},
		{"validate unknown flag", []string{"validate", "--format", "plain", "x"}, "unknown flag --format"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := runWith("", c.args...)

			assert.Equal(t, exitUsage, r.code)
			assert.Empty(t, r.stdout)
			assert.Contains(t, r.stderr, c.mention)
			assert.Contains(t, r.stderr, "Usage:", "the usage follows the error")
			assert.LessOrEqual(t, strings.Count(r.stderr, "\n"), 6, "a short usage, not the whole help")
		})
	}
}

func TestHelp(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"--help"}, {"-h"}} {
		r := runWith("", args...)

		assert.Equal(t, exitOK, r.code, args)
		assert.Equal(t, usage, r.stdout, args)
		assert.Empty(t, r.stderr, args)
	}
	for _, flag := range []string{
		"--print", "--format ansi|plain|markdown", "--width N",
		"--color auto|always|never", "--diff-layout auto|unified|split", "--theme dark|light", "--input-format " + strings.Join(agents.FormatNames(), "|"),
	} {
		assert.Contains(t, usage, flag)
	}
}

func TestReplayMissingFile(t *testing.T) {
	r := runWith("", "replay", filepath.Join(t.TempDir(), "nope.jsonl"))

	assert.Equal(t, exitProblems, r.code)
	assert.Empty(t, r.stdout)
	assert.Contains(t, r.stderr, "no such file")
}
