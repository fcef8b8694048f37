package diffview_test

import (
	"fmt"
	"strings"
	"testing"

	exportmd "github.com/cardtui/cardtui/export/markdown"
	"github.com/cardtui/cardtui/internal/testkit/diffinput"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render"
	"github.com/cardtui/cardtui/render/diffview"
	"github.com/cardtui/cardtui/render/style"
)

// plainOptions are options without escape sequences, for reading rows.
func plainOptions(width int, expanded bool) style.Options {
	return style.Options{Width: width, Profile: colorprofile.NoTTY, Theme: style.Dark, Terminal: true, Expanded: expanded}
}

// colorOptions are true-colour options with hyperlinks.
func colorOptions(width int) style.Options {
	return style.Options{Width: width, Profile: colorprofile.TrueColor, Theme: style.Dark, Terminal: true, Hyperlinks: true}
}

// renderDiffs draws a diff call card of diffs.
func renderDiffs(diffs []cards.FileDiff, o style.Options) string {
	return render.Entry(cards.ToolCard{ID: "d", Tool: "edit", Call: cards.DiffCall{Title: "Edit", Diffs: diffs}}, o)
}

// wholeFile is a FileDiff of a modified file.
func wholeFile(path, old, new string) cards.FileDiff {
	return cards.FileDiff{Path: path, OldText: &old, NewText: new}
}

// bodyRows are the rendered rows of a card without its frame: borders and
// the padding inside them removed.
func bodyRows(card string) []string {
	lines := strings.Split(card, "\n")
	rows := make([]string, 0, len(lines))
	for _, line := range lines[1 : len(lines)-1] {
		line = strings.TrimSuffix(strings.TrimPrefix(line, "│ "), " │")
		rows = append(rows, strings.TrimRight(line, " "))
	}
	return rows
}

func TestDiffCard(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		diffs    []cards.FileDiff
		width    int
		expanded bool
		// colour renders with colours (then strips them): white-space
		// markers are drawn only where emphasis shows.
		colour bool
		want   []string // rows that must appear, in this order
		absent []string
	}{
		{
			name: "new file", width: 60,
			diffs: []cards.FileDiff{{Path: "hello.go", NewText: "package main\n\nfunc main() {}\n", NewStart: 1}},
			want:  []string{"hello.go  new file  +3 -0", "1 + package main", "2 +", "3 + func main() {}", "+3 -0 · 1 file"},
		},
		{
			name: "multi-file footer", width: 60,
			diffs: []cards.FileDiff{
				wholeFile("a.txt", "one\ntwo\nthree\n", "one\n2\nthree\n"),
				wholeFile("docs/b.md", "# Title\n", "# Title\n\nMore text.\n"),
			},
			want: []string{"a.txt  +1 -1", "- two", "+ 2", "docs/b.md  +2 -0", "+3 -1 · 2 files"},
		},
		{
			name: "applied hunks", width: 60,
			diffs: []cards.FileDiff{
				{Path: "config.go", OldText: strPtr("a\nb\nc\ntimeout = 5\nd\ne\nf\n"), NewText: "a\nb\nc\ntimeout = 30\nd\ne\nf\n", OldStart: 10, NewStart: 10},
				{Path: "config.go", OldText: strPtr("g\nh\ni\nretries = 1\nj\nk\nl\n"), NewText: "g\nh\ni\nretries = 3\nj\nk\nl\n", OldStart: 40, NewStart: 40},
			},
			want: []string{
				"config.go  +2 -2", "@@ -10,7 +10,7 @@", "10 10   a", "13    - timeout = 5", "   13 + timeout = 30",
				"@@ -40,7 +40,7 @@ ⋯ 23 unchanged lines", "43    - retries = 1", "+2 -2 · 1 file",
			},
		},
		{
			name: "unknown starts have no numbers", width: 60,
			diffs: []cards.FileDiff{wholeFile("x.go", "keep\nold\n", "keep\nnew\n")},
			want:  []string{"  keep", "- old", "+ new"}, absent: []string{"@@", "1   keep", "2 - old", "2 + new"},
		},
		{
			name: "identical", width: 60,
			diffs: []cards.FileDiff{wholeFile("same.txt", "a\nb\n", "a\nb\n")},
			want:  []string{"same.txt  +0 -0", "no changes", "+0 -0 · 1 file"},
		},
		{
			name: "empty new file", width: 60,
			diffs: []cards.FileDiff{{Path: "empty.txt", NewText: "", NewStart: 1}},
			want:  []string{"empty.txt  new file  +0 -0", "empty file"},
		},
		{
			name: "binary", width: 60,
			diffs:  []cards.FileDiff{wholeFile("logo.png", "\x89PNG\x00\x01", "\x89PNG\x00\x01\x02\x03"), {Path: "blob", NewText: "ok\xffno"}},
			want:   []string{"logo.png", "binary, 6 → 8 bytes", "blob  written", "binary, 5 bytes", "+0 -0 · 2 files"},
			absent: []string{"PNG", "+ ", "- "},
		},
		{
			name: "new side lacks final newline", width: 60,
			diffs: []cards.FileDiff{wholeFile("n.txt", "a\nb\n", "a\nb")},
			want:  []string{"  a", "- b", "+ b", `\ No newline at end of file`},
		},
		{
			name: "old side lacks final newline", width: 60,
			diffs: []cards.FileDiff{wholeFile("n.txt", "a\nb", "a\nb\nc\n")},
			want:  []string{"- b", `\ No newline at end of file`, "+ b", "+ c"},
		},
		{
			name: "new file without final newline", width: 60,
			diffs: []cards.FileDiff{{Path: "n.txt", NewText: "only"}},
			want:  []string{"1 + only", `  \ No newline at end of file`},
		},
		{
			name: "snippets without final newlines", width: 60,
			diffs:  []cards.FileDiff{wholeFile("n.go", "timeout = 5", "timeout = 30")},
			want:   []string{"- timeout = 5", "+ timeout = 30"},
			absent: []string{"No newline"},
		},
		{
			name: "whole-file folds", width: 60,
			diffs: []cards.FileDiff{wholeFile("long.txt", diffinput.Numbered("line", 30), strings.Replace(diffinput.Numbered("line", 30), "line 15\n", "fifteen\n", 1))},
			want:  []string{"⋯ 11 unchanged lines", "  line 12", "- line 15", "+ fifteen", "  line 18", "⋯ 12 unchanged lines"},
		},
		{
			name: "collapsed new file shows its head", width: 60,
			diffs:  []cards.FileDiff{{Path: "big.txt", NewText: diffinput.Numbered("line", 25)}},
			want:   []string{"10 + line 10", "… 15 more lines (enter to expand)"},
			absent: []string{"line 11"},
		},
		{
			name: "expanded new file shows everything", width: 60, expanded: true,
			diffs:  []cards.FileDiff{{Path: "big.txt", NewText: diffinput.Numbered("line", 25)}},
			want:   []string{"10 + line 10", "25 + line 25"},
			absent: []string{"more lines"},
		},
		{
			name: "long diff collapsed", width: 60,
			diffs:  []cards.FileDiff{wholeFile("l.txt", diffinput.Numbered("line", 60), "")},
			want:   []string{"- line 39", "… 21 more lines (enter to expand)"},
			absent: []string{"line 40"},
		},
		{
			name: "hunk heads take rows of a collapsed card", width: 60,
			diffs: []cards.FileDiff{{
				Path: "h.txt", OldText: strPtr(diffinput.Numbered("line", 200)), OldStart: 1, NewStart: 1,
				NewText: strings.NewReplacer("line 10\n", "ten\n", "line 100\n", "hundred\n").Replace(diffinput.Numbered("line", 200)),
			}},
			want:   []string{"@@ -7,7 +7,7 @@", "+ ten", "@@ -97,7 +97,7 @@", "+ hundred", "⋯ 97 unchanged lines"},
			absent: []string{"more lines"},
		},
		{
			name: "a collapsed card of many files says how many it hides", width: 60,
			diffs: manyFiles(50),
			want:  []string{"f00.txt  +1 -1", "- a", "+ b", "f09.txt", "… 40 more files (enter to expand)", "+50 -50 · 50 files"}, absent: []string{"f10.txt"},
		},
		{
			name: "long diff expanded", width: 60, expanded: true,
			diffs:  []cards.FileDiff{wholeFile("l.txt", diffinput.Numbered("line", 60), "")},
			want:   []string{"- line 40", "- line 60"},
			absent: []string{"more lines"},
		},
		{
			name: "a long changed line takes three rows when collapsed", width: 30,
			diffs: []cards.FileDiff{wholeFile("w.txt", "", strings.Repeat("abcdefghij", 10)+"\n")},
			want:  []string{"+ abcdefghijabcdefghijabcd", "↪ efghijabcdefghijabcdefgh", "↪ ijabcdefghijabcdefghija…"},
		},
		{
			name: "a long context line is cut when collapsed", width: 30,
			diffs:  []cards.FileDiff{wholeFile("w.txt", strings.Repeat("abcdefghij", 5)+"\nold\n", strings.Repeat("abcdefghij", 5)+"\nnew\n")},
			want:   []string{"abcdefghijabcdefghijabc…", "- old", "+ new"},
			absent: []string{"↪"},
		},
		{
			name: "long lines wrap at spaces", width: 30, expanded: true,
			diffs: []cards.FileDiff{wholeFile("w.txt", "", "the tool carries a long line of words\n")},
			want:  []string{"+ the tool carries a long", "↪ line of words"},
		},
		{
			name: "long line wrapped when expanded", width: 30, expanded: true,
			diffs: []cards.FileDiff{wholeFile("w.txt", "", strings.Repeat("abcdefghij", 5)+"\n")},
			want:  []string{"+ abcdefghijabcdefghijabcd", "↪ efghijabcdefghijabcdefgh", "↪ ij"},
		},
		{
			name: "CJK lines wrap by cells", width: 30,
			diffs: []cards.FileDiff{wholeFile("cjk.txt", "", strings.Repeat("漢字", 10)+"\n")},
			want:  []string{"+ 漢字漢字漢字漢字漢字漢字", "↪ 漢字漢字漢字漢字"},
		},
		{
			name: "tabs are expanded", width: 60,
			diffs: []cards.FileDiff{wholeFile("t.go", "", "\tx := 1\n")},
			want:  []string{"+         x := 1"},
		},
		{
			name: "a tab replaced by spaces is marked", width: 60, colour: true,
			diffs: []cards.FileDiff{wholeFile("Makefile", "all:\n\tgo build\n", "all:\n    go build\n")},
			want:  []string{"- →       go build", "+ ····go build"},
		},
		{
			name: "trailing white space is marked", width: 60, colour: true,
			diffs: []cards.FileDiff{wholeFile("a.md", "Text.\n", "Text.  \n")},
			want:  []string{"- Text.", "+ Text.··"},
		},
		{
			name: "a changed indent is marked", width: 60, colour: true,
			diffs: []cards.FileDiff{wholeFile("a.py", "if x:\n  y()\n", "if x:\n    y()\n")},
			want:  []string{"- ··y()", "+ ····y()"},
		},
		{
			name: "white space inside a changed span is not marked", width: 60,
			diffs:  []cards.FileDiff{wholeFile("a.txt", "one two\n", "three four\n")},
			want:   []string{"- one two", "+ three four"},
			absent: []string{"one·two", "three·four"},
		},
		{
			name: "a line that lost its carriage return is marked", width: 60, colour: true,
			diffs: []cards.FileDiff{wholeFile("w.bat", "echo off\r\nset x\r\n", "echo off\nset x\r\n")},
			want:  []string{"w.bat  +1 -1  CRLF → mixed", "- echo off␍", "+ echo off", "  set x"},
		},
		{
			name: "line endings converted", width: 60, colour: true,
			diffs: []cards.FileDiff{wholeFile("w.bat", "a\r\nb\r\n", "a\nb\n")},
			want:  []string{"w.bat  +2 -2  CRLF → LF", "- a␍", "- b␍", "+ a", "+ b"},
		},
		{
			name: "unchanged CRLF lines show no marker", width: 60,
			diffs:  []cards.FileDiff{wholeFile("w.bat", "a\r\nb\r\n", "a\r\nc\r\n")},
			want:   []string{"w.bat  +1 -1", "  a", "- b", "+ c"},
			absent: []string{"␍", "CRLF"},
		},
		{
			name: "a text written without a before-image is no new file", width: 60,
			diffs:  []cards.FileDiff{{Path: "data.txt", NewText: "replaced\n"}},
			want:   []string{"data.txt  written  +1 -0", "1 + replaced"},
			absent: []string{"new file"},
		},
		{
			name: "a deleted file says so", width: 60,
			diffs: []cards.FileDiff{{Path: "split.go", OldText: strPtr("package count\n\nconst sep = \" \"\n"), OldStart: 1}},
			want:  []string{"split.go  deleted  +0 -3", "1 - package count", "+0 -3 · 1 file"},
		},
		{
			name: "an edit that removes lines is no deletion", width: 60,
			diffs:  []cards.FileDiff{{Path: "a.go", OldText: strPtr("x\n"), NewText: ""}},
			want:   []string{"a.go  +0 -1"},
			absent: []string{"deleted", "new file", "written"},
		},
		{
			name: "changed white space is not marked in plain text", width: 60,
			diffs:  []cards.FileDiff{wholeFile("a.txt", "a b\n", "a  b\n")},
			want:   []string{"- a b", "+ a  b"},
			absent: []string{"a·b", "a··b", "·b"},
		},
		{
			name: "non-UTF-8 content is binary", width: 60,
			diffs:  []cards.FileDiff{wholeFile("latin1.txt", "caf\xe9\n", "caf\xe9s\n")},
			want:   []string{"latin1.txt", "binary, 5 → 6 bytes"},
			absent: []string{"+ caf", "@@"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := plainOptions(tt.width, tt.expanded)
			if tt.colour {
				o = colorOptions(tt.width)
				o.Hyperlinks = false
			}
			card := ansi.Strip(renderDiffs(tt.diffs, o))
			requireWithin(t, card, tt.width)
			rows := bodyRows(card)
			requireRowsInOrder(t, rows, tt.want)
			for _, a := range tt.absent {
				assert.NotContains(t, card, a)
			}
		})
	}
}

// requireRowsInOrder checks that each wanted text is in a row after the
// row of the one before it.
func requireRowsInOrder(t *testing.T, rows, want []string) {
	t.Helper()
	next := 0
	for _, w := range want {
		found := false
		for next < len(rows) && !found {
			found = strings.Contains(rows[next], w)
			next++
		}
		require.True(t, found, "no row with %q in order in:\n%s", w, strings.Join(rows, "\n"))
	}
}

// requireWithin checks that every line of s fits width cells. It calls
// testify only for a line too wide: the width tests check some hundred
// thousand lines, and testify's t.Helper cost more than measuring them.
func requireWithin(t *testing.T, s string, width int) {
	t.Helper()
	for i, line := range strings.Split(s, "\n") {
		if w := ansi.StringWidth(line); w > width {
			require.LessOrEqual(t, w, width, "line %d is too wide: %q", i+1, line)
		}
	}
}

func TestDiffCardFitsEveryWidth(t *testing.T) {
	t.Parallel()
	diffs := []cards.FileDiff{
		wholeFile("/home/dev/項目/很長的文件名稱/main.go", "漢字\n"+strings.Repeat("x", 300)+"\n", "漢字 🎉 emoji\n"+strings.Repeat("y", 300)+"\n"),
		{Path: "new.txt", NewText: diffinput.Numbered("line", 12), NewStart: 99990},
		{Path: "c.go", OldText: strPtr("\tif x {\n\t\treturn 漢字\n\t}\n"), NewText: "\tif y {\n\t\treturn 漢字 + \"🎉\"\n\t}\n", OldStart: 998, NewStart: 998},
	}
	for _, layout := range []style.DiffLayout{style.DiffUnified, style.DiffSplit} {
		for _, expanded := range []bool{false, true} {
			for width := style.MinWidth; width <= 210; width++ {
				o := colorOptions(width)
				o.Expanded, o.DiffLayout = expanded, layout
				requireWithin(t, renderDiffs(diffs, o), width)
			}
		}
	}
}

func TestDiffCardNeutralisesHostileText(t *testing.T) {
	hostile := "ok\x1b]0;pwned\x07 \x1b[2J\x1b[31mred\x1b[0m \x1b]8;;https://evil.example\x07link\x1b]8;;\x07 \u202eevil\u009b6n"
	diffs := []cards.FileDiff{wholeFile("evil\x1b[5m.go", "a\n", "a\n"+hostile+"\n")}
	card := renderDiffs(diffs, colorOptions(120))
	for _, bad := range []string{"\x1b]", "\x07", "\x1b[2J", "\x1b[31m", "\x1b[5m", "\u202e", "\u009b", "\x1b[6n"} {
		assert.NotContains(t, card, bad)
	}
	plain := renderDiffs(diffs, plainOptions(120, false))
	assert.Contains(t, plain, "evil.go")
	assert.Contains(t, plain, "+ ok␛]0;pwned␇ ␛[2Jred ␛]8;;https://evil.example␇link␛]8;;␇ <U+202E>evil␛[?6n")

	md := exportmd.Diff(diffs)
	assert.NotContains(t, md, "\x1b")
	assert.Contains(t, md, "+ok␛]0;pwned␇ ␛[2Jred ␛]8;;https://evil.example␇link␛]8;;␇ <U+202E>evil␛[?6n")
}

func TestDiffCardHyperlinksAbsolutePaths(t *testing.T) {
	diffs := []cards.FileDiff{{Path: "/home/dev/my file.go", NewText: "x\n"}, {Path: "rel.go", NewText: "y\n"}}
	card := renderDiffs(diffs, colorOptions(80))
	assert.Equal(t, 1, strings.Count(card, "\x1b]8;;file:///home/dev/my%20file.go"), "only the absolute path is linked")
	noLinks := colorOptions(80)
	noLinks.Hyperlinks = false
	assert.NotContains(t, renderDiffs(diffs, noLinks), "\x1b]8")
	assert.NotContains(t, renderDiffs(diffs, plainOptions(80, false)), "\x1b")
}

func TestDiffCardCutsLongPathsFromTheLeft(t *testing.T) {
	diffs := []cards.FileDiff{wholeFile("a/very/long/path/to/some/deeply/nested/package/file.go", "a\n", "b\n")}
	rows := bodyRows(renderDiffs(diffs, plainOptions(40, false)))
	assert.Equal(t, "…eeply/nested/package/file.go  +1 -1", rows[0])
}

// manyFiles is n one-line edits of files f00.txt, f01.txt….
func manyFiles(n int) []cards.FileDiff {
	diffs := make([]cards.FileDiff, n)
	for i := range diffs {
		diffs[i] = wholeFile(fmt.Sprintf("f%02d.txt", i), "a\n", "b\n")
	}
	return diffs
}

func TestDiffCardRowsAreBoundedWhenCollapsed(t *testing.T) {
	t.Parallel()
	for _, diffs := range [][]cards.FileDiff{
		manyFiles(1000),
		{wholeFile("l.txt", diffinput.Numbered("line", 500), "")},
		{{Path: "n.txt", NewText: diffinput.Numbered("line", 500)}},
	} {
		rows := len(bodyRows(renderDiffs(diffs, plainOptions(80, false))))
		assert.LessOrEqual(t, rows, diffview.CollapsedRows+4, "the files, a note, the blank row and the footer")
		expanded := len(bodyRows(renderDiffs(diffs, plainOptions(80, true))))
		assert.Greater(t, expanded, 500)
	}
}

// strPtr returns a pointer to s.
func strPtr(s string) *string { return &s }

// TestDiffColoursFallBackFor256And16Colours: with 256 colours a changed
// line is tinted with the xterm cube's green or red and its changed word
// with a brighter one; with 16 colours, as git diff draws it, a changed
// line is green or red text without syntax colours and only its changed
// word has a background.
func TestDiffColoursFallBackFor256And16Colours(t *testing.T) {
	diff := []cards.FileDiff{wholeFile("a.go", "package a\n\nfunc Old() {}\n", "package a\n\nfunc New() {}\n")}
	for _, theme := range []style.Theme{style.Dark, style.Light} {
		o := colorOptions(80)
		o.Theme, o.Profile = theme, colorprofile.ANSI256
		p := o.Colors()
		card := renderDiffs(diff, o)
		assert.Contains(t, card, fmt.Sprintf("48;5;%dm", p.AddedBg), theme.String())
		assert.Contains(t, card, fmt.Sprintf("48;5;%dmNew", p.AddedEmph), theme.String())
		assert.Contains(t, card, fmt.Sprintf("48;5;%dmOld", p.RemovedEmph), theme.String())

		o.Profile = colorprofile.ANSI
		card = renderDiffs(diff, o)
		added := lineWith(card, "func New")
		assert.Contains(t, added, "\x1b[32m+ func \x1b[m", "no syntax colour on a changed line")
		assert.Contains(t, added, "\x1b[30;42mNew", "the changed word black on green")
		assert.Contains(t, lineWith(card, "func Old"), "\x1b[30;41mOld", "the changed word black on red")
		assert.NotContains(t, card, "\x1b[97m", "no bright white: the border shows on a light background too")
		assert.NotContains(t, added, "\x1b[42m+", "no line tint")
		assert.NotContains(t, lineWith(card, "package a"), "48;", "context has no background")
	}
}

// lineWith is the first line of s whose text holds want.
func lineWith(s, want string) string {
	for _, line := range strings.Split(s, "\n") {
		if strings.Contains(ansi.Strip(line), want) {
			return line
		}
	}
	return ""
}
