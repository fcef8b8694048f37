package render

import (
	"image/color"
	"testing"
)

// inkSamples are texts an ink is given: plain, styled, wide, empty, and
// the tabs and line breaks it leaves to lipgloss.
var inkSamples = []string{
	"", "x", "╭─", "─╮", " │ ", "héllo wörld", "日本語", "a\tb", "a\nb", "a\r\nb", "\x1b[1mbold\x1b[m text", "…",
}

// TestInkIsLipgloss checks that an ink renders what its lipgloss style
// renders, for every palette colour, bold or not, and for no colour.
func TestInkIsLipgloss(t *testing.T) {
	colors := []color.Color{nil}
	for _, p := range []palette{darkPalette, lightPalette} {
		colors = append(colors, p.Border, p.Title, p.Dim, p.Text, p.Accent, p.OK, p.Error, p.Warn, p.Added, p.Removed)
	}
	for _, c := range colors {
		for _, s := range inkSamples {
			if got, want := fgInk(c).Render(s), fg(c).Render(s); got != want {
				t.Errorf("fgInk(%v).Render(%q) = %q, lipgloss renders %q", c, s, got, want)
			}
			if got, want := boldInk(c).Render(s), bold(c).Render(s); got != want {
				t.Errorf("boldInk(%v).Render(%q) = %q, lipgloss renders %q", c, s, got, want)
			}
			if got, want := fgInk(c).Render(s, s), fg(c).Render(s, s); got != want {
				t.Errorf("fgInk(%v).Render(%q, %q) = %q, lipgloss renders %q", c, s, s, got, want)
			}
		}
	}
}

// FuzzInk checks an ink against lipgloss on any text.
func FuzzInk(f *testing.F) {
	for _, s := range inkSamples {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, s string, bolder bool) {
		k, style := fgInk(darkPalette.Accent), fg(darkPalette.Accent)
		if bolder {
			k, style = boldInk(darkPalette.Accent), bold(darkPalette.Accent)
		}
		if got, want := k.Render(s), style.Render(s); got != want {
			t.Errorf("ink renders %q as %q, lipgloss as %q", s, got, want)
		}
	})
}
