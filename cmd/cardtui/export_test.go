package main

import (
	"fmt"
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
	assert.Contains(t, string(page), "<dt>Project</dt><dd>~/src/tally</dd>")
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
	assert.Contains(t, markdown.stdout, "2 context blocks left out")
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

// TestExportLeaksNoLocalPath: the page is titled by the session's title
// (else its first prompt), names no local path of its input, writes paths
// in the project relative to it and the home directory as ~, and leaves
// the context blocks out unless --context; -o - is stdout.
func TestExportLeaksNoLocalPath(t *testing.T) {
	h, _, codex := inRealShapedHome(t)

	page := runWith("", "export", "-o", "-", codex)
	withContext := runWith("", "export", "--context", codex)
	md := runWith("", "export", "--format", "markdown", h.Paths["claude"])

	require.Equal(t, exitOK, page.code, page.stderr)
	assert.NoFileExists(t, "-")
	assert.Contains(t, page.stdout, "<title>The tests fail since the last commit. Find out why and fix it. · cardtui</title>")
	assert.NotContains(t, page.stdout, filepath.Dir(codex), "no local path of the input")
	assert.NotContains(t, page.stdout, h.Dir, "the home directory is ~")
	assert.Contains(t, page.stdout, "<dt>Project</dt><dd>~/src/tally</dd>")
	assert.Contains(t, page.stdout, "internal/count/count.go", "a path in the project, relative to it")
	assert.Contains(t, page.stdout, "context block")
	assert.NotContains(t, page.stdout, "before you say you are done", "the AGENTS.md context is left out")
	assert.Contains(t, withContext.stdout, "before you say you are done")
	assert.NotContains(t, md.stdout, h.Dir)
}

// TestExportMarkdownFitsAComment: by default the Markdown of a long
// session fits 65,536 characters, with visible notes of what was folded;
// --full writes everything.
func TestExportMarkdownFitsAComment(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"type":"message","role":"user","text":"run it"}` + "\n")
	for i := range 40 {
		fmt.Fprintf(&b, `{"type":"call","id":"c%d","view":{"card":"terminal","title":"make %d"}}`+"\n", i, i)
		fmt.Fprintf(&b, `{"type":"result","id":"c%d","view":{"card":"terminal","output":%q,"exitCode":0}}`+"\n", i, strings.Repeat("a line of output that goes on\n", 200))
	}
	file := writeSession(t, "long.jsonl", b.String())

	short := runWith("", "export", "--format", "markdown", file)
	full := runWith("", "export", "--format", "markdown", "--full", file)

	require.Equal(t, exitOK, short.code, short.stderr)
	assert.LessOrEqual(t, len([]rune(short.stdout)), 65536)
	assert.Contains(t, short.stdout, "folded to fit a comment; --full writes everything")
	assert.Contains(t, short.stdout, "make 39", "every card is still there")
	assert.Greater(t, len(full.stdout), 200000)
	assert.NotContains(t, full.stdout, "folded to fit")
	assert.Equal(t, strings.Count(short.stdout, "```")%2, 0, "every fence is closed")
}

// TestExportMarkdownFitsAHugeIndex: a session whose index of prompts is
// itself longer than a comment still starts with its title, the index
// folded with a note, and then its first prompts.
func TestExportMarkdownFitsAHugeIndex(t *testing.T) {
	var b strings.Builder
	for i := range 3000 {
		fmt.Fprintf(&b, `{"type":"message","role":"user","text":"prompt number %d, which asks for a little more"}`+"\n", i)
	}
	file := writeSession(t, "prompts.jsonl", b.String())

	short := runWith("", "export", "--format", "markdown", file).stdout

	assert.LessOrEqual(t, len([]rune(short)), 65536)
	has := func(s string) bool { return strings.Contains(short, s) }
	assert.True(t, strings.HasPrefix(short, "# prompt number 0, which asks for a little more\n"), "the title first")
	assert.True(t, has("lines folded to fit a comment"), "the index folded")
	assert.True(t, has("> prompt number 1, which"), "the prompts themselves")
	assert.True(t, has("more entries left out to fit a comment"), "the note of the prompts left out")
}

// TestExportIndexesThePrompts: both exports start with the session's
// prompts, each with its time; the page's entries link to their cards.
func TestExportIndexesThePrompts(t *testing.T) {
	h := inSharedHome(t)

	page := runWith("", "export", "-o", "-", h.Paths["claude"])
	markdown := runWith("", "export", "--format", "markdown", "-o", "-", h.Paths["claude"])

	require.Equal(t, exitOK, page.code, page.stderr)
	require.Equal(t, exitOK, markdown.code, markdown.stderr)
	assert.True(t, strings.HasPrefix(markdown.stdout, "# Word counts: --json flag and whitespace fix\n"), markdown.stdout[:min(200, len(markdown.stdout))])
	assert.Contains(t, markdown.stdout, "**Prompts**\n\n1. `08:00` /init\n2. `08:00` Count must treat runs of spaces as one separator, and tally needs a --json flag.\n")
	nav := page.stdout[strings.Index(page.stdout, `<nav class="prompts"`):]
	nav = nav[:strings.Index(nav, "</nav>")]
	assert.Equal(t, 4, strings.Count(nav, "<li>"), nav)
	assert.Contains(t, nav, `<time>08:00</time> /init</a>`)
	for _, id := range []string{"e4", "e5", "e25", "e33"} {
		assert.Contains(t, nav, `href="#`+id+`"`)
		assert.Contains(t, page.stdout, `id="`+id+`"`, "the card the index links to")
	}
}

// TestExportOfADirectoryWritesNothing: a directory is not a session; the
// export says so and writes no page, neither to -o nor to stdout.
func TestExportOfADirectoryWritesNothing(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(t.TempDir(), "out.html")

	toFile := runWith("", "export", dir, "-o", out)
	toStdout := runWith("", "export", dir)

	assert.Equal(t, exitProblems, toFile.code)
	assert.Contains(t, toFile.stderr, "not a session file (a directory)")
	assert.NoFileExists(t, out)
	assert.Equal(t, exitProblems, toStdout.code)
	assert.Contains(t, toStdout.stderr, "not a session file (a directory)")
	assert.Empty(t, toStdout.stdout)
}

// TestFailedExportLeavesTheOldFile: an export that fails writes nothing,
// not even over the file -o names.
func TestFailedExportLeavesTheOldFile(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out.html")
	require.NoError(t, os.WriteFile(out, []byte("before"), 0o600))

	r := runWith("", "export", t.TempDir(), "-o", out)

	assert.Equal(t, exitProblems, r.code)
	page, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Equal(t, "before", string(page))
	left, err := filepath.Glob(filepath.Join(filepath.Dir(out), "*"))
	require.NoError(t, err)
	assert.Equal(t, []string{out}, left, "no temporary file is left")
}
