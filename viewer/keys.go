package viewer

import "charm.land/bubbles/v2/key"

// KeyMap holds the viewer's key bindings. It implements help.KeyMap, so
// the help line shows exactly what is bound. A disabled or unbound binding
// does nothing and is left out of the help.
type KeyMap struct {
	// LineDown … Bottom scroll: by a line, half a page, a page, or to
	// the top and the bottom (which turns follow mode on).
	LineDown     key.Binding
	LineUp       key.Binding
	HalfPageDown key.Binding
	HalfPageUp   key.Binding
	PageDown     key.Binding
	PageUp       key.Binding
	Top          key.Binding
	Bottom       key.Binding
	// NextCard and PrevCard move the focus; while a search is active
	// NextMatch takes precedence over NextCard for a key both hold.
	NextCard  key.Binding
	PrevCard  key.Binding
	Toggle    key.Binding // expand or collapse the focused card
	ToggleAll key.Binding // expand or collapse every card
	Search    key.Binding // open the search prompt
	// NextMatch and PrevMatch go through the matches of the last search.
	NextMatch key.Binding
	PrevMatch key.Binding
	// Accept runs the search typed at the prompt; Cancel closes the
	// prompt, or clears the search outside it.
	Accept key.Binding
	Cancel key.Binding
	Follow key.Binding // toggle follow mode
	Help   key.Binding // toggle the full help
	Quit   key.Binding // return tea.Quit; unbind it when the harness quits itself
}

// DefaultKeyMap is less- and vi-like: j/k and the arrows scroll a line,
// ctrl+d/u half a page, space/b and pgdn/pgup a page, g/G and home/end go
// to the top and the bottom; tab/shift+tab or n/p move the focus, enter
// expands the focused card and e every card; / searches, n/N go through
// the matches; F toggles follow mode; ? the full help; q or ctrl+c quit.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		LineDown:     key.NewBinding(key.WithKeys("j", "down"), key.WithHelp("j/↓", "down")),
		LineUp:       key.NewBinding(key.WithKeys("k", "up"), key.WithHelp("k/↑", "up")),
		HalfPageDown: key.NewBinding(key.WithKeys("ctrl+d"), key.WithHelp("ctrl+d", "half page down")),
		HalfPageUp:   key.NewBinding(key.WithKeys("ctrl+u"), key.WithHelp("ctrl+u", "half page up")),
		PageDown:     key.NewBinding(key.WithKeys("space", "pgdown"), key.WithHelp("space/pgdn", "page down")),
		PageUp:       key.NewBinding(key.WithKeys("b", "pgup"), key.WithHelp("b/pgup", "page up")),
		Top:          key.NewBinding(key.WithKeys("g", "home"), key.WithHelp("g/home", "top")),
		Bottom:       key.NewBinding(key.WithKeys("G", "end"), key.WithHelp("G/end", "bottom")),
		NextCard:     key.NewBinding(key.WithKeys("tab", "n"), key.WithHelp("tab/n", "next card")),
		PrevCard:     key.NewBinding(key.WithKeys("shift+tab", "p"), key.WithHelp("shift+tab/p", "previous card")),
		Toggle:       key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "expand/collapse")),
		ToggleAll:    key.NewBinding(key.WithKeys("e"), key.WithHelp("e", "expand/collapse all")),
		Search:       key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "search")),
		NextMatch:    key.NewBinding(key.WithKeys("n"), key.WithHelp("n", "next match")),
		PrevMatch:    key.NewBinding(key.WithKeys("N"), key.WithHelp("N", "previous match")),
		Accept:       key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "run search")),
		Cancel:       key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "clear search")),
		Follow:       key.NewBinding(key.WithKeys("F"), key.WithHelp("F", "follow")),
		Help:         key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "more keys")),
		Quit:         key.NewBinding(key.WithKeys("q", "ctrl+c"), key.WithHelp("q", "quit")),
	}
}

// ShortHelp is the one-line help under the status line.
func (k KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.LineDown, k.LineUp, k.NextCard, k.Toggle, k.Search, k.Follow, k.Help, k.Quit}
}

// FullHelp is the help that ? shows, in columns.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.LineDown, k.LineUp, k.HalfPageDown, k.HalfPageUp},
		{k.PageDown, k.PageUp, k.Top, k.Bottom},
		{k.NextCard, k.PrevCard, k.Toggle, k.ToggleAll},
		{k.Search, k.NextMatch, k.PrevMatch, k.Cancel},
		{k.Follow, k.Help, k.Quit},
	}
}
