package diffview

import (
	"strings"

	"github.com/charmbracelet/colorprofile"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render/style"
)

// Helpers the internal tests of the diff view share with its external
// tests (package diffview_test, which draw whole cards through render),
// which keep their own copies of these three short ones: an external test
// package sees no unexported name of the package's tests. The generated
// files both diff come from internal/testkit/diffinput.

// renderDiffs draws the body of a diff card of diffs, as render frames it
// in a diff call card.
func renderDiffs(diffs []cards.FileDiff, o style.Options) string {
	return strings.Join(Body(diffs, o), "\n")
}

// colorOptions are true-colour options with hyperlinks.
func colorOptions(width int) style.Options {
	return style.Options{Width: width, Profile: colorprofile.TrueColor, Theme: style.Dark, Terminal: true, Hyperlinks: true}
}

// wholeFile is a FileDiff of a modified file.
func wholeFile(path, old, new string) cards.FileDiff {
	return cards.FileDiff{Path: path, OldText: &old, NewText: new}
}
