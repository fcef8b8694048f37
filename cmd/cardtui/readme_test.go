package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/internal/testkit/golden"
)

// readmeSample is README's "What the cards look like": the command it
// names, the text of its block, and where that text starts and ends in
// the README.
type readmeSample struct {
	args       []string
	text       string
	start, end int
}

// findReadmeSample finds the sample in readme: the first `cardtui …`
// command of the section and the fenced block after it.
func findReadmeSample(t *testing.T, readme string) readmeSample {
	t.Helper()
	section := strings.Index(readme, "## What the cards look like\n")
	require.GreaterOrEqual(t, section, 0, "README has the section")
	cmdStart := strings.Index(readme[section:], "`cardtui ")
	require.GreaterOrEqual(t, cmdStart, 0, "the section names the command")
	cmdStart += section + 1
	cmdEnd := cmdStart + strings.IndexByte(readme[cmdStart:], '`')
	fence := cmdEnd + strings.Index(readme[cmdEnd:], "```\n") + len("```\n")
	end := fence + strings.Index(readme[fence:], "```\n")
	require.Greater(t, end, fence, "a fenced block follows the command")
	return readmeSample{args: strings.Fields(readme[cmdStart:cmdEnd])[1:], text: readme[fence:end], start: fence, end: end}
}

// TestReadmeSample: the sample in README.md is what the command it names
// prints today, run from the repository's root; -update rewrites it.
// Old main's sample was of another file, without the state badges.
func TestReadmeSample(t *testing.T) {
	root := golden.Root(t)
	path := filepath.Join(root, "README.md")
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	readme := string(data)
	sample := findReadmeSample(t, readme)
	require.Contains(t, sample.args, "--print")
	t.Chdir(root)

	r := runWith("", sample.args...)

	assert.NotEqual(t, exitUsage, r.code, r.stderr)
	require.NotEmpty(t, r.stdout)
	if *golden.Update {
		readme = readme[:sample.start] + r.stdout + readme[sample.end:]
		require.NoError(t, os.WriteFile(path, []byte(readme), 0o644))
		return
	}
	assert.Equal(t, r.stdout, sample.text, "README's sample drifted: go test ./cmd/cardtui -run TestReadmeSample -update rewrites it")
}
