package cardtext

import (
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
)

func TestCutTitleKeepsTheEndOfAPath(t *testing.T) {
	const read = "◉ Read /Users/linhungfan/personal_project/src/page.tsx"
	tests := []struct {
		name, title string
		width       int
		want        string
	}{
		{"fits", read, 60, read},
		{"the middle of the path goes", read, 29, "◉ Read /Users/l…/src/page.tsx"},
		{"down to the base name", read, 18, "◉ Read /…/page.tsx"},
		{"else cut at the end", read, 12, "◉ Read /Use…"},
		{"a path before other words", "head -c 3000 /dev/urandom | base64 | tr -d x", 24, "head -c 3000 /dev/urand…"},
		{"words after the path stay", "Edit /a/very/long/path/to/file.go (3 hunks)", 30, "Edit /a/ver…/file.go (3 hunks)"},
		{"no path: cut at the end", "$ make test-all-the-things", 12, "$ make test…"},
		{"a lone slash is no path", "Grep a / b c d e f", 10, "Grep a / …"},
		{"wide runes", "Read /文件/文件/文件/名字.go", 20, "Read /文件/…/名字.go"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := CutTitle(tt.title, tt.width)
			assert.Equal(t, tt.want, got)
			assert.LessOrEqual(t, ansi.StringWidth(got), tt.width)
		})
	}
}
