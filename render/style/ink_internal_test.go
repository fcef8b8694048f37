package style

import (
	"image/color"
	"testing"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"github.com/cardtui/cardtui/termsafe"
)

// inkOptions are options in colour and without.
var inkOptions = []Options{{Profile: colorprofile.TrueColor}, {Profile: colorprofile.NoTTY}, {Profile: colorprofile.Ascii}}

// sameInk reports whether an ink's rendering got is lipgloss's want, or,
// without colour, whether both leave the same text once neutralised and
// stripped, as every line is finished (a card's text is sanitised before
// it is painted: a byte that is not UTF-8 becomes a marker either way).
func sameInk(o Options, got, want string) bool {
	if o.Coloured() {
		return got == want
	}
	return ansi.Strip(termsafe.NeutralizeRendered(got)) == ansi.Strip(termsafe.NeutralizeRendered(want))
}

// inkSamples are texts an ink is given: plain, styled, wide, empty, and
// the tabs and line breaks it leaves to lipgloss.
var inkSamples = []string{
	"", "x", "╭─", "─╮", " │ ", "héllo wörld", "日本語", "a\tb", "a\nb", "a\r\nb", "\x1b[1mbold\x1b[m text", "…",
}

// TestInkIsLipgloss checks that an ink renders what its lipgloss style
// renders, for every palette colour, bold or not, and for no colour, in
// colour and without.
func TestInkIsLipgloss(t *testing.T) {
	colors := []color.Color{nil}
	for _, p := range []Palette{DarkPalette, LightPalette} {
		colors = append(colors, p.Border, p.Title, p.Dim, p.Text, p.Accent, p.OK, p.Error, p.Warn, p.Added, p.Removed)
	}
	for _, o := range inkOptions {
		for _, c := range colors {
			for _, s := range inkSamples {
				if got, want := o.Ink(c).Render(s), FG(c).Render(s); !sameInk(o, got, want) {
					t.Errorf("%v: ink(%v).Render(%q) = %q, lipgloss renders %q", o.Profile, c, s, got, want)
				}
				if got, want := o.BoldInk(c).Render(s), Bold(c).Render(s); !sameInk(o, got, want) {
					t.Errorf("%v: boldInk(%v).Render(%q) = %q, lipgloss renders %q", o.Profile, c, s, got, want)
				}
				if got, want := o.Ink(c).Render(s, s), FG(c).Render(s, s); !sameInk(o, got, want) {
					t.Errorf("%v: ink(%v).Render(%q, %q) = %q, lipgloss renders %q", o.Profile, c, s, s, got, want)
				}
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
		for _, o := range inkOptions {
			k, style := o.Ink(DarkPalette.Accent), FG(DarkPalette.Accent)
			if bolder {
				k, style = o.BoldInk(DarkPalette.Accent), Bold(DarkPalette.Accent)
			}
			if got, want := k.Render(s), style.Render(s); !sameInk(o, got, want) {
				t.Errorf("%v: ink renders %q as %q, lipgloss as %q", o.Profile, s, got, want)
			}
		}
	})
}
