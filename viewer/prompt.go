package viewer

import (
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/cardtui/cardtui/termsafe"
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
	// tools are the tool names of the cards, listed and completed at the
	// filter prompt.
	tools []string
	// cycle are the tools tab goes through in turn, until another key.
	cycle []string
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
	k, p := m.KeyMap, &m.prompt
	cycle := p.cycle
	p.cycle = nil
	switch {
	case key.Matches(msg, k.Accept):
		kind, input := p.kind, p.input
		*p = prompt{}
		if kind == filterPrompt {
			return m.applyFilter(input)
		}
		return m.startSearch(input)
	case key.Matches(msg, k.Cancel):
		*p = prompt{}
	case p.kind == filterPrompt && msg.Code == tea.KeyTab && msg.Mod == 0:
		p.input, p.cycle = complete(p.input, p.tools, cycle)
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

// promptLine is the status line while the prompt is open; the filter
// prompt lists the tools after the text typed.
func (m *Model) promptLine() string {
	line := m.styles.source.render(m.prompt.label()) + m.styles.text.render(m.prompt.input)
	if m.prompt.kind == filterPrompt {
		line += m.toolsHint(m.width - m.prompt.width() - 1)
	}
	return line
}

// width is the column after the prompt's text, where the cursor
// stands.
func (p prompt) width() int { return termsafe.Width(p.label()) + termsafe.Width(p.input) }
