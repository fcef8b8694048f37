package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cardtui/cardtui/internal/demo"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestExportHTMLToAFile(t *testing.T) {
	h := inFakeHome(t)
	out := filepath.Join(t.TempDir(), "session.html")

	r := runWith("", "export", h.Paths["claude"], "-o", out)

	require.Equal(t, exitOK, r.code, r.stderr)
	assert.Empty(t, r.stdout)
	page, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(page), "<!DOCTYPE html>"))
	assert.Contains(t, string(page), "<h1>Word counts: --json flag and whitespace fix</h1>")
	assert.Contains(t, string(page), "<dt>Agent</dt><dd>claude</dd>")
	assert.Contains(t, string(page), "<dt>Project</dt><dd>"+h.Project+"</dd>")
	assert.Contains(t, string(page), "<dt>Started</dt><dd>2025-10-07 08:00 UTC</dd>")
}

func TestPrintFormatHTMLIsTheExport(t *testing.T) {
	file := writeSession(t, "demo.jsonl", string(demo.Session))

	printed := runWith("", "replay", "--format", "html", file)
	exported := runWith("", "export", file)
	markdown := runWith("", "export", "--format", "markdown", file)

	require.Equal(t, exitOK, printed.code, printed.stderr)
	assert.Equal(t, printed.stdout, exported.stdout)
	assert.Contains(t, printed.stdout, "<dt>Project</dt><dd>/home/dev/tally</dd>")
	assert.Equal(t, runWith("", "replay", "--format", "markdown", file).stdout, markdown.stdout)
}

func TestExportOfAMissingFileLeavesNoOutput(t *testing.T) {
	out := filepath.Join(t.TempDir(), "x.html")

	r := runWith("", "export", filepath.Join(t.TempDir(), "none.jsonl"), "-o", out)
	none := runWith("", "export")

	assert.Equal(t, exitProblems, r.code)
	assert.Contains(t, r.stderr, "no such file")
	assert.NoFileExists(t, out)
	assert.Equal(t, exitUsage, none.code)
	assert.Contains(t, none.stderr, "export takes one FILE")
}
