package render

import (
	"image/color"

	"github.com/charmbracelet/x/ansi"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render/cardtext"
	"github.com/cardtui/cardtui/render/diffview"
	"github.com/cardtui/cardtui/render/style"
	"github.com/cardtui/cardtui/render/textcut"
	"github.com/cardtui/cardtui/termsafe"
)

// A tool card shows its one state (cards.State) twice: as the badge at the
// right of its top edge and in its border's colour. A finished command's
// badge is its exit status; every other card names its state.

// status returns the badge at the top right of a card and the colour of
// its border.
func status(c cards.ToolCard, o style.Options) (string, color.Color) {
	s := c.State()
	return o.Ink(stateColor(s, o)).Render(cardtext.BadgeText(c)), stateBorder(s, o)
}

// stateColor is the colour of a state's badge: green when done, red when
// failed or never answered, amber while running and when refused or cut
// off.
func stateColor(s cards.State, o style.Options) color.Color {
	p := o.Colors()
	switch s {
	case cards.StateDone:
		return p.OK
	case cards.StateFailed, cards.StateNoResult:
		return p.Error
	}
	return p.Warn
}

// stateBorder is the colour of a card's border in a state: red when
// failed, amber when refused or cut off, else the plain border.
func stateBorder(s cards.State, o style.Options) color.Color {
	p := o.Colors()
	switch s {
	case cards.StateFailed:
		return p.Error
	case cards.StateRejected, cards.StateDenied, cards.StateInterrupted:
		return p.Warn
	}
	return p.Border
}

// notAppliedBody draws the diffs of a change that did not take effect: a
// note in the state's colour, then the proposed diff in dim text only, so
// that nothing in it reads as applied.
func notAppliedBody(diffs []cards.FileDiff, s cards.State, o style.Options) []string {
	width := textcut.InnerWidth(o)
	lines := []string{o.Ink(stateColor(s, o)).Render(termsafe.Truncate(cardtext.NotAppliedNotes[s], width, "…"))}
	for _, line := range diffview.Body(diffs, o) {
		if line != "" {
			line = style.Dim(ansi.Strip(line), o)
		}
		lines = append(lines, line)
	}
	return lines
}
