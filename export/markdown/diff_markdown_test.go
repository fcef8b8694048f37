package markdown_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/cardtui/cardtui/cards"
	exportmd "github.com/cardtui/cardtui/export/markdown"
	"github.com/cardtui/cardtui/internal/testkit/diffinput"
)

// wholeFile is a FileDiff of a modified file.
func wholeFile(path, old, new string) cards.FileDiff {
	return cards.FileDiff{Path: path, OldText: &old, NewText: new}
}

func TestDiffMarkdown(t *testing.T) {
	old := "a\nb\nc\nd\ne\nf\ng\n"
	md := exportmd.Diff([]cards.FileDiff{
		{Path: "c.go", OldText: &old, NewText: strings.Replace(old, "d", "D", 1), OldStart: 10, NewStart: 10},
		{Path: "new.md", NewText: "```go\nx\n```\n````\n"},
		wholeFile("same.txt", "s\n", "s\n"),
		wholeFile("n.txt", "a\nb\n", "a\nb"),
	})
	want := "```diff\n--- a/c.go\n+++ b/c.go\n@@ -10,7 +10,7 @@\n a\n b\n c\n-d\n+D\n e\n f\n g\n```\n\n" +
		"`````diff\n--- /dev/null\n+++ b/new.md\n@@ -0,0 +1,4 @@\n+```go\n+x\n+```\n+````\n`````\n\n" +
		"same.txt: no changes\n\n" +
		"```diff\n--- a/n.txt\n+++ b/n.txt\n a\n-b\n+b\n\\ No newline at end of file\n```\n\n" +
		"+6 -2 · 4 files\n"
	assert.Equal(t, want, md)
}

// An absolute path is written after a/ and b/ as git writes a path
// outside its tree, with no doubled slash.
func TestDiffMarkdownHeadersOfAnAbsolutePath(t *testing.T) {
	md := exportmd.Diff([]cards.FileDiff{wholeFile("/home/dev/srv/Makefile", "a\n", "b\n")})
	assert.Contains(t, md, "--- a/home/dev/srv/Makefile\n+++ b/home/dev/srv/Makefile\n")
	assert.NotContains(t, md, "a//")
}

func TestDiffMarkdownNamesALineEndingsChange(t *testing.T) {
	md := exportmd.Diff([]cards.FileDiff{wholeFile("w.bat", "a\r\n", "a\n")})
	assert.True(t, strings.HasPrefix(md, "w.bat: line endings CRLF → LF\n\n```diff\n"), md)
}

func TestDiffMarkdownFoldsWithoutStarts(t *testing.T) {
	old := diffinput.Numbered("line", 30)
	md := exportmd.Diff([]cards.FileDiff{wholeFile("f", old, strings.Replace(old, "line 15\n", "fifteen\n", 1))})
	assert.Contains(t, md, "+++ b/f\n@@ ⋯ 11 unchanged lines @@\n line 12\n")
	assert.NotContains(t, md, "line 11\n")
}
