package main

import (
	"io"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// planFor parses args as replay's and chooses the plan for the streams.
func planFor(t *testing.T, std stdio, args ...string) (plan, error) {
	t.Helper()
	cfg, code, ok := parseReplayArgs(args, io.Discard, io.Discard)
	require.True(t, ok, "exit %d", code)
	return choosePlan(cfg, std)
}

var (
	inTerminal = stdio{stdin: stdinTerminal, stdoutTerminal: true}
	piped      = stdio{stdin: stdinData, stdoutTerminal: true}
	redirected = stdio{stdin: stdinTerminal, stdoutTerminal: false}
	pipeline   = stdio{stdin: stdinData, stdoutTerminal: false}
	detached   = stdio{stdin: stdinNone, stdoutTerminal: true}
)

func TestChoosePlan(t *testing.T) {
	cases := []struct {
		name string
		std  stdio
		args []string
		want plan
	}{
		{"bare in a terminal: the demo", inTerminal, nil, plan{view: true}},
		{"bare after a pipe: stdin", piped, nil, plan{view: true, operand: "-"}},
		{"stdin from /dev/null: the demo", detached, nil, plan{view: true}},
		{"a file", inTerminal, []string{"s.jsonl"}, plan{view: true, operand: "s.jsonl"}},
		{"a file, stdin piped", piped, []string{"s.jsonl"}, plan{view: true, operand: "s.jsonl"}},
		{"follow a file", inTerminal, []string{"--follow", "s.jsonl"}, plan{view: true, operand: "s.jsonl"}},
		{"follow stdin", piped, []string{"--follow"}, plan{view: true, operand: "-"}},
		{"print", inTerminal, []string{"--print", "s.jsonl"}, plan{operand: "s.jsonl"}},
		{"plain implies print", inTerminal, []string{"--format", "plain"}, plan{}},
		{"markdown implies print", inTerminal, []string{"--format=markdown", "s.jsonl"}, plan{operand: "s.jsonl"}},
		{"width implies print", inTerminal, []string{"--width", "60"}, plan{}},
		{"ansi keeps the viewer", inTerminal, []string{"--format", "ansi", "--color", "never", "--theme", "light"}, plan{view: true}},
		{"stdout redirected: print", redirected, []string{"s.jsonl"}, plan{operand: "s.jsonl"}},
		{"stdout redirected, bare: the demo printed", redirected, nil, plan{}},
		{"in a pipeline: stdin printed", pipeline, nil, plan{operand: "-"}},
		{"print from a typing terminal", inTerminal, []string{"--print", "-"}, plan{operand: "-"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := planFor(t, c.std, c.args...)

			require.NoError(t, err)
			assert.Equal(t, c.want, got)
		})
	}
}

func TestChoosePlanRefuses(t *testing.T) {
	cases := []struct {
		name string
		std  stdio
		args []string
		want error
	}{
		{"follow with print", inTerminal, []string{"--follow", "--print", "s.jsonl"}, errFollowPrint},
		{"follow with plain", inTerminal, []string{"--follow", "--format", "plain", "s.jsonl"}, errFollowPrint},
		{"follow into a file", redirected, []string{"--follow", "s.jsonl"}, errFollowNotTTY},
		{"follow the demo", inTerminal, []string{"--follow"}, errFollowDemo},
		{"the viewer on the terminal's own stdin", inTerminal, []string{"-"}, errStdinIsTerminal},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := planFor(t, c.std, c.args...)

			assert.ErrorIs(t, err, c.want)
		})
	}
}

// TestFollowRefusedWhenPrinting: the refusal is a usage error, and
// stdout of a test is not a terminal.
func TestFollowRefusedWhenPrinting(t *testing.T) {
	r := runWith("", "replay", "--follow", writeSession(t, "s.jsonl", badMiddle))

	assert.Equal(t, exitUsage, r.code)
	assert.Empty(t, r.stdout)
	assert.Contains(t, r.stderr, "cardtui: --follow needs the viewer, and stdout is not a terminal")
}

func TestStdinKind(t *testing.T) {
	assert.Equal(t, stdinNone, stdinKindOf(strings.NewReader("")), "a reader that is not a file")
	null, err := os.Open(os.DevNull)
	require.NoError(t, err)
	defer null.Close()
	assert.Equal(t, stdinNone, stdinKindOf(null))

	file, err := os.Open(writeSession(t, "s.jsonl", badMiddle))
	require.NoError(t, err)
	defer file.Close()
	assert.Equal(t, stdinData, stdinKindOf(file))

	r, w, err := os.Pipe()
	require.NoError(t, err)
	defer r.Close()
	defer w.Close()
	assert.Equal(t, stdinData, stdinKindOf(r))
}

// TestPipedStdinIsPrintedWithoutFile: with stdin a file and stdout not a
// terminal, the bare command prints stdin, not the demo.
func TestPipedStdinIsPrintedWithoutFile(t *testing.T) {
	file, err := os.Open(writeSession(t, "s.jsonl", badMiddle))
	require.NoError(t, err)
	defer file.Close()
	var stdout, stderr strings.Builder

	code := run([]string{"--format", "plain"}, file, &stdout, &stderr)

	assert.Equal(t, exitProblems, code)
	assert.Contains(t, stdout.String(), "first line renders")
	assert.Contains(t, stderr.String(), "cardtui: -: 1 bad line")
}
