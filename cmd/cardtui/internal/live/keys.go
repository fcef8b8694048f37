package live

import (
	"slices"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
)

// KeyMap holds the front-end's key bindings, beside the viewer's (which
// take over while the transcript has the keys). It implements
// help.KeyMap (ShortHelp, FullHelp); the status and permission rows and
// the composer's placeholder name the keys it holds. A disabled or
// unbound binding does nothing and is left out of the help.
type KeyMap struct {
	// Interrupt cancels the running turn, else clears the composer; twice
	// in a row it quits.
	Interrupt key.Binding
	// Transcript gives the keys to the viewer, and back to the composer.
	Transcript key.Binding
	// Answer gives the waiting permission request the keys at once, and
	// takes them back for the composer; it must type no text (see
	// permission.go: the request takes them by itself when the user is
	// not typing).
	Answer key.Binding
	// AllowOnce, Reject and Choose answer the request that has the keys:
	// its first "allow once" option, its first reject option (or no
	// answer when it has none), or the option of the key's place among
	// Choose's keys (the first key picks the first option).
	AllowOnce key.Binding
	Reject    key.Binding
	Choose    key.Binding
	// Send sends the composer's text; Newline starts a new line in it.
	Send    key.Binding
	Newline key.Binding
	// Cancel cancels the running turn.
	Cancel key.Binding
	// Quit quits when the composer is empty.
	Quit key.Binding
	// HistoryBack and HistoryForward recall the prompts sent, on an empty
	// composer or one that shows a prompt recalled.
	HistoryBack    key.Binding
	HistoryForward key.Binding
	// Complete completes the "@path" or the /command being typed.
	Complete key.Binding
	// PageUp … LineDown scroll the transcript from the composer.
	PageUp   key.Binding
	PageDown key.Binding
	LineUp   key.Binding
	LineDown key.Binding
}

// DefaultKeyMap is the live front-end's keys: ctrl+c interrupts, ctrl+o switches to the transcript,
// ctrl+y to or from the permission (which has the keys by itself when
// the user is not typing: enter allows once, esc rejects, 1…9 pick); enter sends, alt+enter starts a line, esc cancels the turn,
// ctrl+d quits; ↑/↓ recall prompts, tab completes, pgup/pgdn and
// shift+↑/↓ scroll the transcript.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Interrupt:      key.NewBinding(key.WithKeys("ctrl+c"), key.WithHelp("ctrl+c", "interrupts")),
		Transcript:     key.NewBinding(key.WithKeys("ctrl+o"), key.WithHelp("ctrl+o", "transcript")),
		Answer:         key.NewBinding(key.WithKeys("ctrl+y"), key.WithHelp("ctrl+y", "answers the permission")),
		AllowOnce:      key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "allows once")),
		Reject:         key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "rejects")),
		Choose:         key.NewBinding(key.WithKeys("1", "2", "3", "4", "5", "6", "7", "8", "9"), key.WithHelp("1…9", "picks an option")),
		Send:           key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "sends")),
		Newline:        key.NewBinding(key.WithKeys("alt+enter"), key.WithHelp("alt+enter", "new line")),
		Cancel:         key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancels")),
		Quit:           key.NewBinding(key.WithKeys("ctrl+d"), key.WithHelp("ctrl+d", "quits")),
		HistoryBack:    key.NewBinding(key.WithKeys("up"), key.WithHelp("↑", "previous prompt")),
		HistoryForward: key.NewBinding(key.WithKeys("down"), key.WithHelp("↓", "next prompt")),
		Complete:       key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "completes")),
		PageUp:         key.NewBinding(key.WithKeys("pgup"), key.WithHelp("pgup", "page up")),
		PageDown:       key.NewBinding(key.WithKeys("pgdown"), key.WithHelp("pgdn", "page down")),
		LineUp:         key.NewBinding(key.WithKeys("shift+up"), key.WithHelp("shift+↑", "line up")),
		LineDown:       key.NewBinding(key.WithKeys("shift+down"), key.WithHelp("shift+↓", "line down")),
	}
}

// ShortHelp is the keys of the composer that matter most.
func (k KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Send, k.Newline, k.Transcript, k.Answer, k.Cancel, k.Quit}
}

// FullHelp is every key in columns: the composer's, scrolling, the
// permission's, and stopping.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Send, k.Newline, k.HistoryBack, k.HistoryForward, k.Complete},
		{k.PageUp, k.PageDown, k.LineUp, k.LineDown, k.Transcript},
		{k.Answer, k.AllowOnce, k.Reject, k.Choose},
		{k.Cancel, k.Interrupt, k.Quit},
	}
}

// chosen is the option (from 0) a key of Choose picks, -1 for a key
// that is not one of them.
func (k KeyMap) chosen(name string) int {
	if !k.Choose.Enabled() {
		return -1
	}
	return slices.Index(k.Choose.Keys(), name)
}

// keyName is how the help writes b's key.
func keyName(b key.Binding) string { return b.Help().Key }

// helpLine is the help of bindings on one row, "key what · key what",
// leaving out the disabled ones.
func helpLine(bindings ...key.Binding) string { return helpJoined(" · ", bindings...) }

// helpJoined is the help of bindings, "key what", joined by sep.
func helpJoined(sep string, bindings ...key.Binding) string {
	return help.Model{ShortSeparator: sep}.ShortHelpView(bindings)
}

// withHelp is b with another description.
func withHelp(b key.Binding, desc string) key.Binding {
	b.SetHelp(b.Help().Key, desc)
	return b
}
