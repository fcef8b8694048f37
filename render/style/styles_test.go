package style_test

import (
	"testing"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"

	"github.com/cardtui/cardtui/render/style"
)

// TestDiffTintsPerProfile: true colour keeps the palettes' tints; 256
// colours get the xterm cube's greens and reds (the true-colour tints
// would turn grey); 16 colours tint no line and mark changed words on
// green and red.
func TestDiffTintsPerProfile(t *testing.T) {
	for _, theme := range []style.Theme{style.Dark, style.Light} {
		full := style.Options{Profile: colorprofile.TrueColor, Theme: theme}.Colors()
		want := style.DarkPalette
		if theme == style.Light {
			want = style.LightPalette
		}
		assert.Equal(t, want, full, theme.String())

		p256 := style.Options{Profile: colorprofile.ANSI256, Theme: theme}.Colors()
		for _, c := range []any{p256.AddedBg, p256.RemovedBg, p256.AddedEmph, p256.RemovedEmph} {
			assert.IsType(t, ansi.IndexedColor(0), c, theme.String())
		}
		assert.NotEqual(t, p256.AddedBg, p256.AddedEmph)
		assert.NotEqual(t, p256.RemovedBg, p256.RemovedEmph)
		assert.Equal(t, full.Added, p256.Added, "text colours are converted as they are")

		p16 := style.Options{Profile: colorprofile.ANSI, Theme: theme}.Colors()
		assert.Nil(t, p16.AddedBg)
		assert.Nil(t, p16.RemovedBg)
		assert.Equal(t, []any{ansi.Green, ansi.Red, ansi.Green, ansi.Red}, []any{p16.Added, p16.Removed, p16.AddedEmph, p16.RemovedEmph})
	}
}
