package render_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"

	exportmd "github.com/cardtui/cardtui/export/markdown"
	"github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/render"
)

// mode is one of the rendering modes every sample is pinned in.
type mode struct {
	name string
	opts func(width int) render.Options
}

var modes = []mode{
	{"color", func(w int) render.Options {
		return render.Options{Width: w, Profile: colorprofile.TrueColor, Theme: render.Dark, Terminal: true, Hyperlinks: true}
	}},
	{"plain", func(w int) render.Options {
		return render.Options{Width: w, Profile: colorprofile.NoTTY, Theme: render.Dark, Terminal: true}
	}},
	{"noterm", func(w int) render.Options {
		return render.Options{Width: w, Profile: colorprofile.TrueColor, Theme: render.Dark, Terminal: false}
	}},
}

var widths = []int{40, 80, 120}

// TestGolden pins every sample in every mode at every width, and checks
// that every line fits its width in display cells.
func TestGolden(t *testing.T) {
	for _, s := range samples {
		for _, m := range modes {
			for _, w := range widths {
				t.Run(fmt.Sprintf("%s/%s/%d", s.name, m.name, w), func(t *testing.T) {
					got := render.Entry(s.entry, m.opts(w))
					requireFits(t, got, w)
					golden.Assert(t, fmt.Sprintf("%s.%s.w%d.golden", s.name, m.name, w), got)
				})
			}
		}
	}
}

// TestGoldenExpanded pins the expanded form of every sample at width 80.
func TestGoldenExpanded(t *testing.T) {
	for _, s := range samples {
		t.Run(s.name, func(t *testing.T) {
			opts := modes[0].opts(80)
			opts.Expanded = true
			got := render.Entry(s.entry, opts)
			requireFits(t, got, 80)
			golden.Assert(t, fmt.Sprintf("%s.expanded.w80.golden", s.name), got)
		})
	}
}

// TestGoldenMarkdown pins the Markdown export of every sample.
func TestGoldenMarkdown(t *testing.T) {
	for _, s := range samples {
		t.Run(s.name, func(t *testing.T) {
			got := exportmd.Entry(s.entry, modes[1].opts(80))
			require.NotContains(t, got, "\x1b", "markdown export must hold no escape sequence")
			golden.Assert(t, fmt.Sprintf("%s.md.golden", s.name), got)
		})
	}
}

// TestPlainHasNoEscapes checks that the NoTTY profile emits no escape
// byte for any sample.
func TestPlainHasNoEscapes(t *testing.T) {
	for _, s := range samples {
		got := render.Entry(s.entry, modes[1].opts(80))
		require.NotContains(t, got, "\x1b", s.name)
	}
}

// requireFits fails when a line of s is wider than width cells.
func requireFits(t *testing.T, s string, width int) {
	t.Helper()
	for i, line := range strings.Split(s, "\n") {
		require.LessOrEqual(t, ansi.StringWidth(line), width, "line %d is too wide: %q", i+1, line)
	}
}
