package render

import (
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"
	"github.com/stretchr/testify/assert"

	"github.com/cardtui/cardtui/cards"
	exportmd "github.com/cardtui/cardtui/export/markdown"
	"github.com/cardtui/cardtui/render/style"
)

// The bridge's part of a diff card: which diffs it shows. The body of the
// diff is render/diffview's, tested there.

// plainOptions are options without escape sequences, for reading rows.
func plainOptions(width int, expanded bool) style.Options {
	return style.Options{Width: width, Profile: colorprofile.NoTTY, Theme: style.Dark, Terminal: true, Expanded: expanded}
}

// wholeFile is a FileDiff of a modified file.
func wholeFile(path, old, new string) cards.FileDiff {
	return cards.FileDiff{Path: path, OldText: &old, NewText: new}
}

// strPtr returns a pointer to s.
func strPtr(s string) *string { return &s }

func TestDiffCardInResult(t *testing.T) {
	call := cards.DiffCall{Title: "Edit c.go", Diffs: []cards.FileDiff{wholeFile("c.go", "x = 1", "x = 2")}}
	result := cards.DiffResult{Diffs: []cards.FileDiff{{Path: "c.go", OldText: strPtr("a\nx = 1\nb\n"), NewText: "a\nx = 2\nb\n", OldStart: 7, NewStart: 7}}}
	card := Entry(cards.ToolCard{ID: "r", Tool: "edit", Call: call, Result: result}, plainOptions(60, false))
	assert.Contains(t, card, "@@ -7,3 +7,3 @@")
	assert.Equal(t, 1, strings.Count(card, "c.go  +1 -1"), "the applied hunks replace the proposed diff")
}

func TestDiffCardWithoutDiffs(t *testing.T) {
	call := cards.DiffCall{Title: "Edit c.go", Diffs: []cards.FileDiff{wholeFile("c.go", "x = 1", "x = 2")}}
	card := Entry(cards.ToolCard{ID: "e", Tool: "edit", Call: call, Result: cards.DiffResult{}}, plainOptions(60, false))
	assert.Equal(t, 1, strings.Count(card, "· 1 file"), "an empty result adds no second footer")
	assert.NotContains(t, card, "0 files")
	assert.Empty(t, exportmd.Diff(nil))
}
