package acp

import (
	"encoding/json"
	"slices"
	"strings"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/cardtui/cardtui/cards"
)

// terminal is what the transcript knows of a client-side terminal: the
// command it runs, from terminal/create, and its latest state.
type terminal struct {
	command, cwd string
	state        TerminalState
	// cards are the indexes of the tool cards that embed it.
	cards []int
}

// terminal returns the terminal with id, known or not.
func (t *Traffic) terminal(id string) *terminal {
	term, ok := t.terminals[id]
	if !ok {
		term = &terminal{}
		t.terminals[id] = term
	}
	return term
}

// terminalCreated records a terminal's command when the client answers
// terminal/create with its id.
func (t *Traffic) terminalCreated(params, result json.RawMessage) {
	var req sdk.CreateTerminalRequest
	var resp sdk.CreateTerminalResponse
	if json.Unmarshal(params, &req) != nil || !t.decode("terminal/create result", result, &resp) {
		return
	}
	term := t.terminal(resp.TerminalId)
	term.command = strings.Join(append([]string{req.Command}, req.Args...), " ")
	if req.Cwd != nil {
		term.cwd = *req.Cwd
	}
	t.touchTerminal(resp.TerminalId)
}

// SetTerminal records a terminal's output and exit; every card that
// embeds it is drawn again.
func (t *Traffic) SetTerminal(s TerminalState) {
	t.terminal(s.ID).state = s
	t.touchTerminal(s.ID)
}

// touchTerminal marks the cards that embed terminal id as changed.
func (t *Traffic) touchTerminal(id string) {
	for _, i := range t.terminal(id).cards {
		t.touch(i)
	}
}

// linkTerminals records which terminals the card of c embeds.
func (t *Traffic) linkTerminals(c *toolCall) {
	for _, content := range c.content {
		if content.Terminal == nil {
			continue
		}
		term := t.terminal(content.Terminal.TerminalId)
		if !slices.Contains(term.cards, c.index) {
			term.cards = append(term.cards, c.index)
		}
	}
}

// result is the terminal's output as the result of a card, running
// until the command exited or the call ended; the status note and a cut
// output are said in the title.
func (term *terminal) result(note string, callEnded bool) cards.ResultView {
	s := term.state
	if s.Output == "" && !s.Exited && note == "" && !callEnded {
		return nil
	}
	r := cards.TerminalResult{Output: s.Output, ExitCode: s.ExitCode, Signal: s.Signal}
	r.Running = !s.Exited && !callEnded && r.ExitCode == nil && r.Signal == ""
	var title []string
	if note != "" {
		title = append(title, note)
	}
	if s.Truncated {
		title = append(title, "output cut to its last bytes")
	}
	r.Title = strings.Join(title, " · ")
	return r
}
