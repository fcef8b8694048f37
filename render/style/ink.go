package style

import (
	"image/color"
	"reflect"
	"strings"
	"sync"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// Ink is a foreground colour, bold or not, with the SGR sequence that
// opens it built once: lipgloss's Style.Render costs a measure of every
// line and a walk of every property, and the print path paints a few
// pieces of every card with it (frame edges, titles, badges, rules).
type Ink struct {
	// open is what lipgloss writes before a line; "" when the style sets
	// nothing, and the line is left as it is.
	open  string
	style lipgloss.Style
	// plain is set when the output has no colour: the ink then writes
	// the text that stripping its escape sequences would leave, without
	// writing them.
	plain bool
}

// inkKey is what an ink is remembered by.
type inkKey struct {
	c    color.Color
	bold bool
}

// inks remembers the inks made, one per colour and weight of a palette.
var inks sync.Map // inkKey → ink

// Ink is FG(c) as an ink for the options' colour profile.
func (o Options) Ink(c color.Color) Ink { return o.inked(inkOf(c, false)) }

// BoldInk is Bold(c) as an ink for the options' colour profile.
func (o Options) BoldInk(c color.Color) Ink { return o.inked(inkOf(c, true)) }

// inked is k for the options' colour profile: plain without colour, where
// every line is stripped of its escape sequences when it is finished.
func (o Options) inked(k Ink) Ink {
	k.plain = !o.Coloured()
	return k
}

// inkOf returns the ink of a colour and weight, remembered when the
// colour can be a map key (every palette colour).
func inkOf(c color.Color, bolder bool) Ink {
	if c != nil && !reflect.TypeOf(c).Comparable() {
		return newInk(c, bolder)
	}
	key := inkKey{c, bolder}
	if k, ok := inks.Load(key); ok {
		return k.(Ink)
	}
	k := newInk(c, bolder)
	inks.Store(key, k)
	return k
}

// newInk reads the ink's opening sequence off lipgloss's rendering of one
// letter, so that it is lipgloss's own.
func newInk(c color.Color, bolder bool) Ink {
	style := FG(c)
	if bolder {
		style = Bold(c)
	}
	open, _ := strings.CutSuffix(style.Render("x"), "x"+ansi.ResetStyle)
	if open == "x" {
		open = ""
	}
	return Ink{open: open, style: style}
}

// Render is the ink's lipgloss style's Render(strs...), the strings
// joined by spaces as lipgloss joins them: a line without tabs or line
// breaks, the only text lipgloss changes, is wrapped in the opening
// sequence and a reset (or, plain, left as it is); any other is left to
// lipgloss, whose escape sequences finishing strips.
func (k Ink) Render(strs ...string) string {
	s := strings.Join(strs, " ")
	if strings.ContainsAny(s, "\t\r\n") {
		return k.style.Render(s)
	}
	if k.open == "" || k.plain {
		return s
	}
	return k.open + s + ansi.ResetStyle
}
