package viewer

import (
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// promptKey edits the search prompt: Accept runs the query, Cancel closes
// the prompt, backspace deletes a character and ctrl+u the whole text;
// typed text is added. Quit keys that type nothing (ctrl+c) still quit.
func (m *Model) promptKey(msg tea.KeyPressMsg) tea.Cmd {
	k, s := m.opts.Keys, &m.search
	switch {
	case key.Matches(msg, k.Accept):
		s.prompt = false
		return m.startSearch(s.input)
	case key.Matches(msg, k.Cancel):
		s.prompt = false
	case msg.Code == tea.KeyBackspace:
		_, size := utf8.DecodeLastRuneInString(s.input)
		s.input = s.input[:len(s.input)-size]
	case msg.String() == "ctrl+u":
		s.input = ""
	case msg.Text != "":
		s.input += flatten(msg.Text)
	case key.Matches(msg, k.Quit):
		return tea.Quit
	}
	return nil
}

// paste adds pasted text to the open prompt, on one line.
func (m *Model) paste(text string) {
	if m.search.prompt {
		m.search.input += flatten(text)
	}
}

// promptWidth is the column after the prompt's text, where the cursor
// stands.
func promptWidth(input string) int { return 1 + ansi.StringWidth(input) }
