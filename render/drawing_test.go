package render_test

import (
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"
	"github.com/stretchr/testify/assert"

	"github.com/cardtui/cardtui/render"
)

// TestDrawLinesFinishesEachLine: lines a caller draws are cut to the width
// and styled for the profile like a card's.
func TestDrawLinesFinishesEachLine(t *testing.T) {
	lines := []string{"\x1b[1mbold\x1b[m", strings.Repeat("x", 50)}
	d := render.DrawLines(lines, render.Options{Width: 40, Profile: colorprofile.NoTTY})
	assert.Equal(t, []string{"bold", strings.Repeat("x", 39) + "…"}, d.Lines())
	assert.Equal(t, 0, render.Drawing{}.Len(), "the zero Drawing has no lines")
}
