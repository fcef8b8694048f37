package diffview

import (
	"image/color"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/cardtui/cardtui/render/style"
	"github.com/cardtui/cardtui/render/syntax"
	"github.com/cardtui/cardtui/render/textcut"
)

// TestTextPaintRendersAsLipgloss checks that the diff card's text paints
// draw its own texts byte for byte as the lipgloss styles they stand for.
func TestTextPaintRendersAsLipgloss(t *testing.T) {
	texts := []string{
		"", "+12", "-0", "new file", "written", "deleted", "CRLF → LF", " · 3 files",
		RoughNote, syntax.ScaledOverNote, noEOLNote, "   " + noEOLNote, "… 2 more files " + textcut.ExpandHint,
		"too large to diff, 1 → 2 lines", "binary, 3 bytes", "empty file", "no changes", "⋯ 4 unchanged lines", "a  b ", "…",
	}
	for _, theme := range []style.Theme{style.Dark, style.Light} {
		p := style.Options{Theme: theme}.Colors()
		for _, c := range []color.Color{p.Accent, p.Added, p.Removed, p.Dim} {
			tp := newTextPaint(c)
			for _, s := range texts {
				assert.Equal(t, style.FG(c).Render(s), tp.Render(s), "%q", s)
			}
		}
	}
}
