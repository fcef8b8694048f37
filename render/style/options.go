package style

import (
	"time"

	"github.com/charmbracelet/colorprofile"
)

// Theme selects the palette for a dark or a light terminal background.
type Theme int

// The themes.
const (
	Dark Theme = iota
	Light
)

// String returns "dark" or "light".
func (t Theme) String() string {
	if t == Light {
		return "light"
	}
	return "dark"
}

// Options are everything a rendering depends on; nothing else is read.
type Options struct {
	// Width is the number of terminal cells each line may use.
	Width int
	// Profile is the colour profile of the output: TrueColor, ANSI256,
	// ANSI (16 colours), ASCII (attributes only) or NoTTY (no escape
	// sequences at all).
	Profile colorprofile.Profile
	// Theme picks the dark or light palette.
	Theme Theme
	// Terminal is the terminal capability: without it a terminal card is
	// drawn as a Markdown card with a console block, as a client without
	// a console pane would show it.
	Terminal bool
	// Hyperlinks turns paths and URLs into OSC 8 links.
	Hyperlinks bool
	// Expanded shows long cards whole instead of their head and tail.
	Expanded bool
	// DiffLayout draws diff cards unified or side by side; the zero
	// value, DiffAuto, splits them from SplitMinWidth columns.
	DiffLayout DiffLayout
	// NoSyntax draws diffs without syntax colours (their line tints and
	// word emphasis stay): the quick first drawing of a large diff that a
	// viewer shows while it draws the coloured one.
	NoSyntax bool
	// Location is the time zone of the times shown (a turn's start); nil
	// is UTC. A command sets time.Local; tests leave it nil.
	Location *time.Location
	// Serial draws a diff's hunks on one goroutine instead of one per
	// processor: a viewer colouring a card in the background leaves the
	// other processors to its program's loop.
	Serial bool
}

// MinWidth is the narrowest width rendered; a smaller Width is raised to
// it. Below about 20 columns a card's header is cut, but its text still
// wraps.
const MinWidth = 8

// ColourBytes bounds the syntax colours of one block of code: a block of
// more bytes is drawn in the plain colour of code (render/markdown), and
// output of more bytes is not taken for JSON (render/cardtext).
const ColourBytes = 256 << 10

// DefaultOptions are true colour, dark, 80 columns, with terminal
// capability and hyperlinks.
func DefaultOptions() Options {
	return Options{Width: 80, Profile: colorprofile.TrueColor, Theme: Dark, Terminal: true, Hyperlinks: true}
}

// LineWidth is the width lines are drawn to: Width, raised to MinWidth.
func (o Options) LineWidth() int { return max(o.Width, MinWidth) }

// Coloured is whether the output may carry escape sequences at all; when
// it may not, syntax colours are not computed only to be stripped.
func (o Options) Coloured() bool { return o.Profile > colorprofile.NoTTY }
