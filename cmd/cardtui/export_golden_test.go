package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/internal/testkit/golden"
)

// TestExportGolden pins the bytes of both exports of real-shaped
// sessions: the page, the Markdown whole, and the Markdown fitted to a
// comment by folding its cards and by leaving the last ones out.
func TestExportGolden(t *testing.T) {
	pkg, err := os.Getwd()
	require.NoError(t, err)
	h, claude, codex := inRealShapedHome(t) // changes the directory
	pin := func(name, got string) { golden.AssertFile(t, filepath.Join(pkg, "testdata", t.Name(), name), got) }
	folded := writeSession(t, "folded.jsonl", commandsSession(40, 200))
	cut := writeSession(t, "cut.jsonl", commandsSession(3000, 3))
	for _, c := range []struct{ name, file string }{{"claude", claude}, {"codex", codex}, {"claude-tools", h.Paths["claude"]}} {
		pin(c.name+".html", withoutHead(t, exportOf(t, c.file)))
		pin(c.name+".md", exportOf(t, c.file, "--format", "markdown"))
		pin(c.name+"-full.md", exportOf(t, c.file, "--format", "markdown", "--full", "--context"))
	}
	pin("folded.md", exportOf(t, folded, "--format", "markdown"))
	pin("cut.md", exportOf(t, cut, "--format", "markdown"))
}

// exportOf is `cardtui export` of file with args, to stdout.
func exportOf(t *testing.T, file string, args ...string) string {
	t.Helper()
	r := runWith("", append(append([]string{"export"}, args...), file)...)
	require.Equal(t, exitOK, r.code, r.stderr)
	return r.stdout
}

// commandsSession is a view stream of one prompt and calls commands, each
// with lines lines of output.
func commandsSession(calls, lines int) string {
	var b strings.Builder
	b.WriteString(`{"type":"message","role":"user","text":"run it"}` + "\n")
	for i := range calls {
		fmt.Fprintf(&b, `{"type":"call","id":"c%d","view":{"card":"terminal","title":"make %d"}}`+"\n", i, i)
		fmt.Fprintf(&b, `{"type":"result","id":"c%d","view":{"card":"terminal","output":%q,"exitCode":0}}`+"\n", i, strings.Repeat("a line of output that goes on\n", lines))
	}
	return b.String()
}

// withoutHead is a page with only the title of its head, whose rest
// (the policy, the stylesheet) export/html's TestHTMLDemoGolden pins.
func withoutHead(t *testing.T, page string) string {
	t.Helper()
	_, rest, ok := strings.Cut(page, "<title>")
	require.True(t, ok, "a title")
	title, rest, _ := strings.Cut(rest, "</title>")
	_, body, ok := strings.Cut(rest, "</head>\n")
	require.True(t, ok, "a head")
	return "<title>" + title + "</title>\n…\n" + body
}
