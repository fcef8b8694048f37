package diffview_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"

	"github.com/cardtui/cardtui/internal/testkit/diffinput"
	"github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/render"
)

// TestGoldenDiff pins every diff sample in true colour in both themes,
// both layouts and three widths, collapsed, and expanded side by side at
// 160 columns (where long lines wrap in each half).
func TestGoldenDiff(t *testing.T) {
	t.Parallel()
	themes := []render.Theme{render.Dark, render.Light}
	layouts := []render.DiffLayout{render.DiffUnified, render.DiffSplit}
	for _, s := range diffinput.Samples {
		if !strings.HasPrefix(s.Name, "diff-") {
			continue
		}
		for _, theme := range themes {
			for _, layout := range layouts {
				for _, w := range []int{80, 120, 200} {
					name := fmt.Sprintf("%s/%s/%s/%d", s.Name, theme, layout, w)
					t.Run(name, func(t *testing.T) {
						o := render.Options{Width: w, Profile: colorprofile.TrueColor, Theme: theme, Terminal: true, DiffLayout: layout}
						got := render.Entry(s.Card, o)
						requireWithin(t, got, w)
						golden.Assert(t, fmt.Sprintf("%s.%s.%s.w%d.golden", s.Name, theme, layout, w), got)
					})
				}
			}
		}
		t.Run(s.Name+"/expanded/split/160", func(t *testing.T) {
			o := render.Options{Width: 160, Profile: colorprofile.TrueColor, Theme: render.Dark, Terminal: true, Expanded: true}
			got := render.Entry(s.Card, o)
			requireWithin(t, got, 160)
			golden.Assert(t, fmt.Sprintf("%s.expanded.split.w160.golden", s.Name), got)
		})
	}
}

// fallbackDiffSamples are the diff samples pinned in 256 and 16 colours:
// changed lines with changed words, syntax colours, and long lines that
// wrap.
var fallbackDiffSamples = []string{"diff-edit", "diff-word-emphasis", "diff-long"}

// TestGoldenDiffFallbackColours pins diff cards as a terminal of 256 or
// 16 colours draws them, in both themes at three widths: the xterm cube's
// tints with 256 colours; with 16, green and red text, changed words on
// green or red, and a border that shows on the theme's background.
func TestGoldenDiffFallbackColours(t *testing.T) {
	t.Parallel()
	profiles := map[string]colorprofile.Profile{"ansi256": colorprofile.ANSI256, "ansi": colorprofile.ANSI}
	for _, s := range diffinput.Samples {
		if !slices.Contains(fallbackDiffSamples, s.Name) {
			continue
		}
		for pname, profile := range profiles {
			for _, theme := range []render.Theme{render.Dark, render.Light} {
				for _, w := range []int{40, 80, 120} {
					name := fmt.Sprintf("%s/%s/%s/%d", s.Name, pname, theme, w)
					t.Run(name, func(t *testing.T) {
						o := render.Options{Width: w, Profile: profile, Theme: theme, Terminal: true}
						got := render.Entry(s.Card, o)
						requireWithin(t, got, w)
						golden.Assert(t, fmt.Sprintf("%s.%s.%s.w%d.golden", s.Name, pname, theme, w), got)
					})
				}
			}
		}
	}
}
