package style

import (
	"image/color"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"github.com/cardtui/cardtui/cards"
)

// Palette holds the colours of one theme.
type Palette struct {
	Border    color.Color
	Title     color.Color
	Dim       color.Color
	Text      color.Color
	Accent    color.Color
	OK        color.Color
	Error     color.Color
	Warn      color.Color
	Added     color.Color
	Removed   color.Color
	AddedBg   color.Color
	RemovedBg color.Color
	// AddedEmph and RemovedEmph are the backgrounds of changed words
	// inside a changed line.
	AddedEmph   color.Color
	RemovedEmph color.Color
}

// DarkPalette is the palette of the dark theme.
var DarkPalette = Palette{
	Border:      lipgloss.Color("#5f6b7a"),
	Title:       lipgloss.Color("#e6edf3"),
	Dim:         lipgloss.Color("#8b949e"),
	Text:        lipgloss.Color("#c9d1d9"),
	Accent:      lipgloss.Color("#79c0ff"),
	OK:          lipgloss.Color("#3fb950"),
	Error:       lipgloss.Color("#f85149"),
	Warn:        lipgloss.Color("#d29922"),
	Added:       lipgloss.Color("#7ee787"),
	Removed:     lipgloss.Color("#ffa198"),
	AddedBg:     lipgloss.Color("#12261e"),
	RemovedBg:   lipgloss.Color("#2d1517"),
	AddedEmph:   lipgloss.Color("#1f6f3b"),
	RemovedEmph: lipgloss.Color("#8e1519"),
}

// LightPalette is the palette of the light theme.
var LightPalette = Palette{
	Border:      lipgloss.Color("#afb8c1"),
	Title:       lipgloss.Color("#1f2328"),
	Dim:         lipgloss.Color("#6e7781"),
	Text:        lipgloss.Color("#24292f"),
	Accent:      lipgloss.Color("#0969da"),
	OK:          lipgloss.Color("#1a7f37"),
	Error:       lipgloss.Color("#cf222e"),
	Warn:        lipgloss.Color("#9a6700"),
	Added:       lipgloss.Color("#116329"),
	Removed:     lipgloss.Color("#82071e"),
	AddedBg:     lipgloss.Color("#dafbe1"),
	RemovedBg:   lipgloss.Color("#ffebe9"),
	AddedEmph:   lipgloss.Color("#aceebb"),
	RemovedEmph: lipgloss.Color("#ffcecb"),
}

// Colors returns the palette of the options' theme, its diff colours
// chosen for the colour profile (see diffTints).
func (o Options) Colors() Palette {
	p := DarkPalette
	if o.Theme == Light {
		p = LightPalette
		if o.Profile == colorprofile.ANSI {
			// The border's nearest of 16 colours is bright white, unseen
			// on a white background.
			p.Border = ansi.BrightBlack
		}
	}
	return diffTints(p, o.Theme, o.Profile)
}

// diffTints replaces a palette's diff colours with ones a terminal of
// fewer colours draws well. Converted by nearest colour, the true-colour
// tints turn grey (256 colours) or black (16): 256 colours get the
// xterm cube's greens and reds (as delta's defaults come out there), and
// 16 colours give up the line tints, keeping green and red text, with
// changed words in black on green or red.
func diffTints(p Palette, t Theme, profile colorprofile.Profile) Palette {
	switch profile {
	case colorprofile.ANSI256:
		if t == Light {
			p.AddedBg, p.RemovedBg = ansi.IndexedColor(194), ansi.IndexedColor(224)
			p.AddedEmph, p.RemovedEmph = ansi.IndexedColor(157), ansi.IndexedColor(217)
		} else {
			p.AddedBg, p.RemovedBg = ansi.IndexedColor(22), ansi.IndexedColor(52)
			p.AddedEmph, p.RemovedEmph = ansi.IndexedColor(28), ansi.IndexedColor(88)
		}
	case colorprofile.ANSI:
		p.Added, p.Removed = ansi.Green, ansi.Red
		p.AddedBg, p.RemovedBg = nil, nil
		p.AddedEmph, p.RemovedEmph = ansi.Green, ansi.Red
	}
	return p
}

// FG is a style with only a foreground colour.
func FG(c color.Color) lipgloss.Style { return lipgloss.NewStyle().Foreground(c) }

// KindGlyphs gives each call kind the glyph shown before its title.
var KindGlyphs = map[cards.ToolCallKind]string{
	cards.KindRead:       "◉",
	cards.KindEdit:       "✎",
	cards.KindDelete:     "✗",
	cards.KindMove:       "⇄",
	cards.KindSearch:     "⌕",
	cards.KindExecute:    "▶",
	cards.KindThink:      "◌",
	cards.KindFetch:      "⇣",
	cards.KindSwitchMode: "⇆",
	cards.KindOther:      "•",
}

// Glyph returns the glyph of a kind; an absent kind gets the "other" glyph.
func Glyph(k cards.ToolCallKind) string {
	if g, ok := KindGlyphs[k]; ok {
		return g
	}
	return KindGlyphs[cards.KindOther]
}

// Bold is a bold style with a foreground colour.
func Bold(c color.Color) lipgloss.Style { return FG(c).Bold(true) }
