package picker

import (
	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
)

// KeyMap holds the picker's own key bindings, beside the list's (its
// cursor, filter and pages) and the viewer's (while a session is shown).
// It implements help.KeyMap (ShortHelp, FullHelp); the list's help line,
// the search mode's and the resume question name the keys it holds. A
// disabled or unbound binding does nothing and is left out of the help.
type KeyMap struct {
	// Open opens the selected session, or the session of the selected
	// hit at its card.
	Open key.Binding
	// Down moves the list's cursor down (the list's own down key is
	// unbound, so that its help names both arrows as one item).
	Down key.Binding
	// Scope switches the list between this project's sessions and all.
	Scope key.Binding
	// Resume asks whether to resume the selected session in its agent;
	// then ResumeYes runs it, ResumeLive continues it live in cardtui,
	// and any other key, ResumeNo among them, does not.
	Resume     key.Binding
	ResumeYes  key.Binding
	ResumeNo   key.Binding
	ResumeLive key.Binding
	// Search enters the search mode; Back leaves it, or the session
	// shown once its viewer has nothing of its own to close.
	Search key.Binding
	Back   key.Binding
	// HitUp … HitPageDown move among the search mode's hits.
	HitUp       key.Binding
	HitDown     key.Binding
	HitPageUp   key.Binding
	HitPageDown key.Binding
	// Quit quits from the list; ForceQuit also from the search mode,
	// where keys type the query.
	Quit      key.Binding
	ForceQuit key.Binding
}

// DefaultKeyMap is the picker's keys: enter opens, ↓/j moves down, a switches the scope, r
// resumes (y runs, l goes live, n or any other key does not), s
// searches, esc goes back, ↑/↓ (ctrl+p/ctrl+n) and pgup/pgdn move among
// the hits, q quits and ctrl+c quits anywhere.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Open:        key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "open")),
		Down:        key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "down")),
		Scope:       key.NewBinding(key.WithKeys("a"), key.WithHelp("a", "all/here")),
		Resume:      key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "resume")),
		ResumeYes:   key.NewBinding(key.WithKeys("y"), key.WithHelp("y", "run it")),
		ResumeNo:    key.NewBinding(key.WithKeys("n"), key.WithHelp("n", "do not")),
		ResumeLive:  key.NewBinding(key.WithKeys("l"), key.WithHelp("l", "live in cardtui")),
		Search:      key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "search text")),
		Back:        key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back")),
		HitUp:       key.NewBinding(key.WithKeys("up", "ctrl+p"), key.WithHelp("↑", "up")),
		HitDown:     key.NewBinding(key.WithKeys("down", "ctrl+n"), key.WithHelp("↓", "down")),
		HitPageUp:   key.NewBinding(key.WithKeys("pgup"), key.WithHelp("pgup", "page up")),
		HitPageDown: key.NewBinding(key.WithKeys("pgdown"), key.WithHelp("pgdn", "page down")),
		Quit:        key.NewBinding(key.WithKeys("q"), key.WithHelp("q", "quit")),
		ForceQuit:   key.NewBinding(key.WithKeys("ctrl+c"), key.WithHelp("ctrl+c", "quit")),
	}
}

// ShortHelp is the picker's own keys that the list's help line adds to
// the list's.
func (k KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Search, k.Resume, k.Scope}
}

// FullHelp is every key in columns: the list's, the search mode's, the
// resume question's, quitting.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Open, k.Down, k.Search, k.Resume, k.Scope},
		{k.HitUp, k.HitDown, k.HitPageUp, k.HitPageDown, k.Back},
		{k.ResumeYes, k.ResumeNo, k.ResumeLive},
		{k.Quit, k.ForceQuit},
	}
}

// keysToList gives the list the keys it shows in its help and quits
// with, from p.KeyMap as it is now.
func (p *Model) keysToList() {
	k := p.KeyMap
	toList(&p.list.KeyMap.Quit, k.Quit)
	toList(&p.list.KeyMap.ForceQuit, k.ForceQuit)
	p.list.AdditionalShortHelpKeys = k.ShortHelp
	p.list.AdditionalFullHelpKeys = func() []key.Binding { return k.FullHelp()[0] }
}

// toList puts b's keys and help on the list's binding to, whose enabled
// state stays the list's (it disables its quit key while the filter is
// typed); a disabled b leaves to without keys.
func toList(to *key.Binding, b key.Binding) {
	var keys []string
	if b.Enabled() {
		keys = b.Keys()
	}
	to.SetKeys(keys...)
	to.SetHelp(b.Help().Key, b.Help().Desc)
}

// keyName is how the help writes b's key.
func keyName(b key.Binding) string { return b.Help().Key }

// helpLine is the help of bindings on one row, "key what · key what",
// leaving out the disabled ones.
func helpLine(bindings ...key.Binding) string {
	return help.Model{ShortSeparator: " · "}.ShortHelpView(bindings)
}

// withHelp is b with another description.
func withHelp(b key.Binding, desc string) key.Binding {
	b.SetHelp(b.Help().Key, desc)
	return b
}
