package render

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/cardtui/cardtui/cards"
)

// TestMultiFileDiffTitleIsCutBetweenPaths draws an edit of four files
// whose title lists them, at widths too narrow for it: the title keeps
// whole paths and says how many it leaves out, never cutting one.
func TestMultiFileDiffTitleIsCutBetweenPaths(t *testing.T) {
	paths := []string{"cmd/cardtui/main.go", "render/frame.go", "render/bridge.go", "agents/acp/tool.go"}
	var diffs []cards.FileDiff
	for _, p := range paths {
		diffs = append(diffs, wholeFile(p, "a\n", "b\n"))
	}
	card := cards.ToolCard{ID: "d", Call: cards.DiffCall{Title: "Edit " + strings.Join(paths, ", "), Diffs: diffs}}
	tests := []struct {
		width int
		title string
	}{
		{120, "✎ Edit cmd/cardtui/main.go, render/frame.go, render/bridge.go, agents/acp/tool.go"},
		{90, "✎ Edit cmd/cardtui/main.go, render/frame.go, render/bridge.go +1 more"},
		{80, "✎ Edit cmd/cardtui/main.go, render/frame.go +2 more"},
		{60, "✎ Edit cmd/cardtui/main.go +3 more"},
		{40, "✎ Edit 4 files"},
	}
	for _, tt := range tests {
		top := strings.SplitN(Entry(card, plainOptions(tt.width, false)), "\n", 2)[0]
		assert.Contains(t, top, " "+tt.title+" ", "width %d: %q", tt.width, top)
		assert.NotContains(t, top, "…", "width %d", tt.width)
	}
}

// TestFitTitle covers the cut of a title listing paths: a title that
// names none of them, or fits, is cut as any title.
func TestFitTitle(t *testing.T) {
	paths := []string{"a.go", "b.go", "c.go"}
	tests := []struct {
		name, title string
		paths       []string
		room        int
		want        string
	}{
		{"fits", "Edit a.go, b.go, c.go", paths, 40, "✎ Edit a.go, b.go, c.go"},
		{"cut between paths", "Edit a.go, b.go, c.go", paths, 20, "✎ Edit a.go +2 more"},
		{"one path", "Edit a.go and then something long", paths[:1], 12, "✎ Edit a.go…"},
		{"not even one path", "Edit a.go, b.go, c.go", paths, 16, "✎ Edit 3 files"},
		{"paths not in title", "Apply patch to three files", paths, 12, "✎ Apply pat…"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, fitTitle("✎", tt.title, tt.paths, tt.room))
		})
	}
}
