package viewer

import (
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// promptKind is what the prompt under the cards asks for.
type promptKind int

const (
	noPrompt     promptKind = iota
	searchPrompt            // "/": a search query
	filterPrompt            // "f": tool names to show
)

// prompt is the line the user types a search or a filter into.
type prompt struct {
	kind  promptKind
	input string
}

func (p prompt) open() bool { return p.kind != noPrompt }

// label is what the prompt line starts with.
func (p prompt) label() string {
	if p.kind == filterPrompt {
		return "filter tools: "
	}
	return "/"
}

// acceptHelp is what Accept does at the prompt.
func (p prompt) acceptHelp() string {
	if p.kind == filterPrompt {
		return "filter"
	}
	return "search"
}

// promptKey edits the prompt: Accept runs it, Cancel closes it, backspace
// deletes a character and ctrl+u the whole text; typed text is added.
// Quit keys that type nothing (ctrl+c) still quit.
func (m *Model) promptKey(msg tea.KeyPressMsg) tea.Cmd {
	k, p := m.opts.Keys, &m.prompt
	switch {
	case key.Matches(msg, k.Accept):
		kind, input := p.kind, p.input
		*p = prompt{}
		if kind == filterPrompt {
			return m.setFilter(input)
		}
		return m.startSearch(input)
	case key.Matches(msg, k.Cancel):
		*p = prompt{}
	case msg.Code == tea.KeyBackspace:
		_, size := utf8.DecodeLastRuneInString(p.input)
		p.input = p.input[:len(p.input)-size]
	case msg.String() == "ctrl+u":
		p.input = ""
	case msg.Text != "":
		p.input += flatten(msg.Text)
	case key.Matches(msg, k.Quit):
		return tea.Quit
	}
	return nil
}

// paste adds pasted text to the open prompt, on one line.
func (m *Model) paste(text string) {
	if m.prompt.open() {
		m.prompt.input += flatten(text)
	}
}

// promptLine is the status line while the prompt is open.
func (m *Model) promptLine() string {
	return m.styles.source.render(m.prompt.label()) + m.styles.text.render(m.prompt.input)
}

// width is the column after the prompt's text, where the cursor
// stands.
func (p prompt) width() int { return ansi.StringWidth(p.label()) + ansi.StringWidth(p.input) }
