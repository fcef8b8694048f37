package viewer

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// KeyMap holds the viewer's key bindings. It implements help.KeyMap
// (ShortHelp, FullHelp), so a harness can show the viewer's keys in its
// own bubbles/help. A disabled or unbound binding does nothing and is
// left out of the help. A binding's key may be a sequence of two keys,
// written together ("]e"): its first key then waits for the second.
type KeyMap struct {
	// LineDown … Bottom scroll: by a line, half a page, a page, or to
	// the top and the bottom (which pins the view to the newest card).
	LineDown     key.Binding
	LineUp       key.Binding
	HalfPageDown key.Binding
	HalfPageUp   key.Binding
	PageDown     key.Binding
	PageUp       key.Binding
	Top          key.Binding
	Bottom       key.Binding
	// NextCard and PrevCard move the focus over the cards that are tab
	// stops (every card but the notices); while a search is active
	// NextMatch takes precedence over NextCard for a key both hold.
	NextCard key.Binding
	PrevCard key.Binding
	// NextFailed … PrevUser move the focus to the next or previous failed
	// card (a problem, a failed command, an error result) or user
	// message.
	NextFailed key.Binding
	PrevFailed key.Binding
	NextUser   key.Binding
	PrevUser   key.Binding
	// ScrollLeft and ScrollRight move the focused card sideways by
	// HScrollStep columns, to read its long lines.
	ScrollLeft  key.Binding
	ScrollRight key.Binding
	Toggle      key.Binding // expand or collapse the focused card
	ToggleAll   key.Binding // expand or collapse every card
	Search      key.Binding // open the search prompt
	// NextMatch and PrevMatch go through the matches of the last search.
	NextMatch key.Binding
	PrevMatch key.Binding
	// Accept runs the text typed at a prompt; Cancel closes the prompt,
	// or clears the search and the filter outside it.
	Accept key.Binding
	Cancel key.Binding
	Filter key.Binding // show only the cards of the tools named at its prompt
	// Internal shows or hides what the agent keeps to itself
	// (cards.IsInternal): hidden at first unless Options.ShowInternal.
	Internal key.Binding
	Copy     key.Binding // copy the focused card's text
	Open     key.Binding // open the focused card's file in $EDITOR
	Follow   key.Binding // pin the view to the newest card, or unpin it
	Help     key.Binding // toggle the full help
	Quit     key.Binding // return tea.Quit; unbind it when the harness quits itself
}

// DefaultKeyMap is less- and vi-like: j/k and ↑/↓ scroll a line, ctrl+d/u
// half a page, space/b and pgdn/pgup a page, g/G and home/end go to the
// top and the bottom; tab/shift+tab or n/p move the focus, ]e/[e to failed
// cards and ]u/[u to user messages; ←/→ scroll the focused card sideways;
// enter expands the focused card and e every card; / searches, n/N go
// through the matches; f filters by tool name; y copies the focused card,
// I shows what the agent hides; o opens its file; F pins the view to the bottom; ? the full help; q or
// ctrl+c quit.
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
		NextFailed:   key.NewBinding(key.WithKeys("]e"), key.WithHelp("]e", "next failed")),
		PrevFailed:   key.NewBinding(key.WithKeys("[e"), key.WithHelp("[e", "previous failed")),
		NextUser:     key.NewBinding(key.WithKeys("]u"), key.WithHelp("]u", "next user message")),
		PrevUser:     key.NewBinding(key.WithKeys("[u"), key.WithHelp("[u", "previous user message")),
		ScrollLeft:   key.NewBinding(key.WithKeys("left"), key.WithHelp("←", "card left")),
		ScrollRight:  key.NewBinding(key.WithKeys("right"), key.WithHelp("→", "card right")),
		Toggle:       key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "expand/collapse")),
		ToggleAll:    key.NewBinding(key.WithKeys("e"), key.WithHelp("e", "expand/collapse all")),
		Search:       key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "search")),
		NextMatch:    key.NewBinding(key.WithKeys("n"), key.WithHelp("n", "next match")),
		PrevMatch:    key.NewBinding(key.WithKeys("N"), key.WithHelp("N", "previous match")),
		Accept:       key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "apply")),
		Cancel:       key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "clear search/filter")),
		Filter:       key.NewBinding(key.WithKeys("f"), key.WithHelp("f", "filter by tool")),
		Internal:     key.NewBinding(key.WithKeys("I"), key.WithHelp("I", "show/hide internal cards")),
		Copy:         key.NewBinding(key.WithKeys("y"), key.WithHelp("y", "copy card")),
		Open:         key.NewBinding(key.WithKeys("o"), key.WithHelp("o", "open in $EDITOR")),
		Follow:       key.NewBinding(key.WithKeys("F"), key.WithHelp("F", "pin to bottom")),
		Help:         key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "keys")),
		Quit:         key.NewBinding(key.WithKeys("q", "ctrl+c"), key.WithHelp("q", "quit")),
	}
}

// zero reports whether k binds nothing because it was never set.
func (k KeyMap) zero() bool { return reflect.ValueOf(k).IsZero() }

// ShortHelp is the keys that matter most, most important first: quit and
// the full help, then moving and expanding, searching. Model.ShortHelp is
// the same for what the viewer is doing now.
func (k KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Quit, k.Help, k.LineDown, k.NextCard, k.Toggle, k.Search, k.Filter, k.Copy, k.Open, k.Follow}
}

// FullHelp is every key in columns of related ones; it leaves out Help,
// the key that shows it.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.LineDown, k.LineUp, k.HalfPageDown, k.HalfPageUp, k.PageDown, k.PageUp, k.Top, k.Bottom},
		{k.NextCard, k.PrevCard, k.NextFailed, k.PrevFailed, k.NextUser, k.PrevUser, k.Toggle, k.ToggleAll, k.ScrollLeft, k.ScrollRight},
		{k.Search, k.NextMatch, k.PrevMatch, k.Filter, k.Internal, k.Cancel, k.Copy, k.Open, k.Follow, k.Quit},
	}
}

// ShortHelp is the short help line for what the viewer is doing now: at
// its search or filter prompt the prompt's keys; after a search the match
// keys (n/N) first; else KeyMap.ShortHelp. With FullHelp it makes the
// Model a help.KeyMap, for a harness that draws the viewer's keys in its
// own bubbles/help (Options.HideHelp).
func (m Model) ShortHelp() []key.Binding { return m.modeHelp() }

// FullHelp is KeyMap.FullHelp.
func (m Model) FullHelp() [][]key.Binding { return m.KeyMap.FullHelp() }

// fingerprint sums up the help of every binding, so that a change to the
// KeyMap after New redraws the help line.
func (k KeyMap) fingerprint() string {
	var b strings.Builder
	for _, group := range k.FullHelp() {
		for _, binding := range append(group, k.Help) {
			h := binding.Help()
			fmt.Fprintf(&b, "%s\x00%s\x00%t\x00%q\x01", h.Key, h.Desc, binding.Enabled(), binding.Keys())
		}
	}
	return b.String()
}

// modeHelp is the short help for what the viewer is doing: at a prompt
// its keys; while a search is active the match keys first; else
// ShortHelp. Quit and Help come first in every mode that has them.
func (m *Model) modeHelp() []key.Binding {
	k := m.KeyMap
	switch {
	case m.prompt.kind == filterPrompt:
		complete := key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "complete"))
		return []key.Binding{withHelp(k.Accept, m.prompt.acceptHelp()), complete, withHelp(k.Cancel, "cancel"), withHelp(ctrlCQuit(k.Quit), "quit")}
	case m.prompt.open():
		return []key.Binding{withHelp(k.Accept, m.prompt.acceptHelp()), withHelp(k.Cancel, "cancel"), withHelp(ctrlCQuit(k.Quit), "quit")}
	case m.search.active:
		return []key.Binding{
			k.Quit, k.Help, withHelp(k.NextMatch, "next match"), withHelp(k.PrevMatch, "previous match"), withHelp(k.Cancel, "clear search"),
			without(k.NextCard, k.NextMatch), k.Toggle, k.Copy,
		}
	case m.filter.active():
		return append([]key.Binding{k.Quit, k.Help, withHelp(k.Cancel, "clear filter")}, k.ShortHelp()[2:]...)
	}
	return k.ShortHelp()
}

// without is b without the keys of taken, which mean something else in
// the mode, its help naming the keys left (during a search n is the next
// match, so "next card" is tab only).
func without(b, taken key.Binding) key.Binding {
	var keys []string
	for _, k := range b.Keys() {
		if !slices.Contains(taken.Keys(), k) {
			keys = append(keys, k)
		}
	}
	if len(keys) == len(b.Keys()) {
		return b
	}
	out := key.NewBinding(key.WithKeys(keys...), key.WithHelp(strings.Join(keys, "/"), b.Help().Desc))
	out.SetEnabled(b.Enabled() && len(keys) > 0)
	return out
}

// withHelp is b with another description.
func withHelp(b key.Binding, desc string) key.Binding {
	b.SetHelp(b.Help().Key, desc)
	return b
}

// ctrlCQuit is the quit binding as the prompt has it: the keys that type
// no text (ctrl+c), since q types a q there.
func ctrlCQuit(b key.Binding) key.Binding {
	var keys []string
	for _, k := range b.Keys() {
		if len([]rune(k)) > 1 {
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 {
		return key.NewBinding(key.WithDisabled())
	}
	b.SetKeys(keys...)
	b.SetHelp(strings.Join(keys, "/"), b.Help().Desc)
	return b
}

// keyPress handles a key press: at a prompt, as the second key of a
// sequence, or as a command.
func (m *Model) keyPress(msg tea.KeyPressMsg) tea.Cmd {
	if m.prompt.open() {
		return m.promptKey(msg)
	}
	name := msg.String()
	m.note = ""
	if m.pendingKey != "" {
		name, m.pendingKey = m.pendingKey+name, ""
		return m.sequence(name)
	}
	if m.startsSequence(name) {
		m.pendingKey = name
		return nil
	}
	k, searching := m.KeyMap, m.search.active
	switch {
	case key.Matches(msg, k.Quit):
		return tea.Quit
	case key.Matches(msg, k.Help):
		m.toggleFullHelp()
	case searching && key.Matches(msg, k.NextMatch):
		m.nextMatch()
	case searching && key.Matches(msg, k.PrevMatch):
		m.prevMatch()
	case key.Matches(msg, k.Search):
		m.prompt = prompt{kind: searchPrompt}
	case key.Matches(msg, k.Filter):
		m.prompt = prompt{kind: filterPrompt, input: m.filter.query, tools: m.toolNames()}
	case key.Matches(msg, k.Internal):
		return m.toggleInternal()
	case key.Matches(msg, k.Cancel):
		m.clearSearch()
		m.closeFullHelp()
		return m.setFilter("")
	case key.Matches(msg, k.Copy):
		return m.copyFocused()
	case key.Matches(msg, k.Open):
		return m.openFocused()
	default:
		m.command(msg)
	}
	return nil
}

// sequenceBindings are the bindings that may hold a key sequence.
func (k KeyMap) sequenceBindings() []key.Binding {
	return []key.Binding{k.NextFailed, k.PrevFailed, k.NextUser, k.PrevUser}
}

// startsSequence reports whether name is the first key of a bound
// sequence.
func (m *Model) startsSequence(name string) bool {
	for _, b := range m.KeyMap.sequenceBindings() {
		if b.Enabled() && slices.ContainsFunc(b.Keys(), func(k string) bool { return len(k) > len(name) && strings.HasPrefix(k, name) }) {
			return true
		}
	}
	return false
}

// sequence runs the binding of a key sequence, if one holds it.
func (m *Model) sequence(seq string) tea.Cmd {
	k := m.KeyMap
	bound := func(b key.Binding) bool { return b.Enabled() && slices.Contains(b.Keys(), seq) }
	switch {
	case bound(k.NextFailed):
		m.jumpTo(1, failed, "failed card")
	case bound(k.PrevFailed):
		m.jumpTo(-1, failed, "failed card")
	case bound(k.NextUser):
		m.jumpTo(1, userMessage, "user message")
	case bound(k.PrevUser):
		m.jumpTo(-1, userMessage, "user message")
	}
	return nil
}

// command runs the motion, focus and expansion keys.
func (m *Model) command(msg tea.KeyPressMsg) {
	k, page := m.KeyMap, m.contentHeight()
	switch {
	case key.Matches(msg, k.LineDown):
		m.scroll(1)
	case key.Matches(msg, k.LineUp):
		m.scroll(-1)
	case key.Matches(msg, k.HalfPageDown):
		m.scroll(max(page/2, 1))
	case key.Matches(msg, k.HalfPageUp):
		m.scroll(-max(page/2, 1))
	case key.Matches(msg, k.PageDown):
		m.scroll(page)
	case key.Matches(msg, k.PageUp):
		m.scroll(-page)
	case key.Matches(msg, k.Top):
		m.toTop()
	case key.Matches(msg, k.Bottom):
		m.toBottom()
	case key.Matches(msg, k.NextCard):
		m.jumpTo(1, tabStop, "card")
	case key.Matches(msg, k.PrevCard):
		m.jumpTo(-1, tabStop, "card")
	case key.Matches(msg, k.ScrollLeft):
		m.scrollSideways(-HScrollStep)
	case key.Matches(msg, k.ScrollRight):
		m.scrollSideways(HScrollStep)
	case key.Matches(msg, k.Toggle):
		m.toggleFocused()
	case key.Matches(msg, k.ToggleAll):
		m.toggleAll()
	case key.Matches(msg, k.Follow):
		m.toggleFollow()
	}
}

// toggleFullHelp shows or hides the full help (?).
func (m *Model) toggleFullHelp() {
	m.help.ShowAll = !m.help.ShowAll
	m.refreshHelp()
	m.settle()
}

// closeFullHelp hides the full help if it is shown, as esc does.
func (m *Model) closeFullHelp() {
	if m.help.ShowAll {
		m.toggleFullHelp()
	}
}
