package render

import (
	"image/color"

	"github.com/charmbracelet/x/ansi"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render/diffview"
	"github.com/cardtui/cardtui/render/markdown"
	"github.com/cardtui/cardtui/render/style"
)

// A tool card shows its one state (cards.State) twice: as the badge at the
// right of its top edge and in its border's colour. A finished command's
// badge is its exit status; every other card names its state.

// status returns the badge at the top right of a card and the colour of
// its border.
func status(c cards.ToolCard, o style.Options) (string, color.Color) {
	s := c.State()
	return o.Ink(stateColor(s, o)).Render(badgeText(c)), stateBorder(s, o)
}

// badgeText is the text of a card's badge: a finished command's exit
// status when it tells the card's state, else the state's name.
func badgeText(c cards.ToolCard) string {
	s := c.State()
	if r, ok := c.Result.(cards.TerminalResult); ok && exitSays(r, s) {
		text, _ := terminalStatus(r)
		return text
	}
	return s.String()
}

// exitSays reports whether a command's exit status tells its state: it is
// known, and it failed exactly when the card did (a command that exited
// 0 but was marked as an error says "failed" instead).
func exitSays(r cards.TerminalResult, s cards.State) bool {
	if _, known := terminalStatus(r); !known {
		return false
	}
	exitFailed := r.Signal != "" || *r.ExitCode != 0
	return s == cards.StateDone && !exitFailed || s == cards.StateFailed && exitFailed
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

// notAppliedNotes say, per state, why a proposed change is not in the
// files.
var notAppliedNotes = map[cards.State]string{
	cards.StateFailed:      "✗ Not applied: the change failed",
	cards.StateRejected:    "✗ Not applied: the change was rejected",
	cards.StateDenied:      "✗ Not applied: the change was denied",
	cards.StateInterrupted: "✗ Not applied: the change was interrupted",
}

// notAppliedBody draws the diffs of a change that did not take effect: a
// note in the state's colour, then the proposed diff in dim text only, so
// that nothing in it reads as applied.
func notAppliedBody(diffs []cards.FileDiff, s cards.State, o style.Options) []string {
	width := style.InnerWidth(o)
	lines := []string{o.Ink(stateColor(s, o)).Render(ansi.Truncate(notAppliedNotes[s], width, "…"))}
	for _, line := range diffview.Body(diffs, o) {
		if line != "" {
			line = style.Dim(ansi.Strip(line), o)
		}
		lines = append(lines, line)
	}
	return lines
}

// stateMarkdown is the italic state line of an exported card that did
// not simply succeed: "_running_", "_no result_", "_failed_"…; a command
// whose exit status says it has none.
func stateMarkdown(c cards.ToolCard) string {
	s := c.State()
	if r, ok := c.Result.(cards.TerminalResult); s == cards.StateDone || ok && exitSays(r, s) {
		return ""
	}
	return "_" + s.String() + "_"
}

// notAppliedMarkdown is the note before the exported diff of a change
// that did not take effect, "" for one that did.
func notAppliedMarkdown(s cards.State) string {
	if s.Applied() {
		return ""
	}
	return "\n**" + markdown.EscapeInline(notAppliedNotes[s]) + "**\n"
}
