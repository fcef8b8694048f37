package native

import (
	"encoding/json"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/toolkit"
	"github.com/cardtui/cardtui/producers"
)

// The persistent terminal tools (packages/terminal/tool-terminal):
// terminal_open, terminal_send, terminal_read, terminal_signal,
// terminal_close and terminal_list, ported from their presentCall and
// presentResult.
var (
	terminalOpenProducer   = producers.Producer{PresentCall: presentTerminalOpenCall, PresentResult: presentTerminalTextResult}
	terminalSendProducer   = producers.Producer{PresentCall: presentTerminalSendCall, PresentResult: presentTerminalSendResult}
	terminalReadProducer   = producers.Producer{PresentCall: presentTerminalReadCall, PresentResult: presentTerminalTextResult}
	terminalSignalProducer = producers.Producer{PresentCall: presentTerminalSignalCall, PresentResult: presentTerminalTextResult}
	terminalCloseProducer  = producers.Producer{PresentCall: presentTerminalCloseCall, PresentResult: presentTerminalTextResult}
	terminalListProducer   = producers.Producer{PresentCall: presentTerminalListCall, PresentResult: presentTerminalTextResult}
)

// terminalArgs are the arguments of the terminal tools.
type terminalArgs struct {
	Type            string  `json:"type"`
	Name            string  `json:"name"`
	SessionID       *string `json:"sessionId"`
	Text            *string `json:"text"`
	Signal          string  `json:"signal"`
	RunInBackground bool    `json:"run_in_background"`
}

// parseTerminalArgs decodes the arguments; withSession requires the
// session id the tool acts on.
func parseTerminalArgs(args json.RawMessage, withSession bool) (terminalArgs, string, error) {
	var a terminalArgs
	if err := producers.DecodeCheckedArgs(args, &a); err != nil {
		return a, "", err
	}
	if !withSession {
		return a, "", nil
	}
	id, err := toolkit.NonEmpty("sessionId", a.SessionID)
	return a, id, toolkit.Within("arguments", err)
}

// presentTerminalOpenCall: "Open terminal main" (the name, else the type).
func presentTerminalOpenCall(args json.RawMessage) (cards.CallView, error) {
	a, _, err := parseTerminalArgs(args, false)
	if err != nil {
		return nil, err
	}
	name := a.Name
	if name == "" {
		name = a.Type
	}
	return cards.GenericCall{Title: "Open terminal " + name, Kind: cards.KindExecute}, nil
}

// presentTerminalSendCall shows the text sent as a command in the
// terminal it goes to; in the background it only starts a job.
func presentTerminalSendCall(args json.RawMessage) (cards.CallView, error) {
	a, id, err := parseTerminalArgs(args, true)
	if err != nil {
		return nil, err
	}
	sent := toolkit.ValueOr(a.Text, "")
	if a.RunInBackground {
		return cards.GenericCall{Title: "Send to terminal " + id + " in background", Kind: cards.KindExecute, RawInput: toolkit.JSONString(sent)}, nil
	}
	if sent == "" {
		sent = "(send input)"
	}
	return cards.TerminalCall{Title: sent, Description: "Terminal " + id}, nil
}

// presentTerminalSendResult shows what the terminal printed; a background
// send or a failure is shown as it is.
func presentTerminalSendResult(args json.RawMessage, r producers.Result) (cards.ResultView, error) {
	a, _, err := parseTerminalArgs(args, true)
	if err != nil {
		return nil, err
	}
	output, others := toolkit.TextOf(r.Content)
	if a.RunInBackground || r.IsError || len(others) > 0 || len(r.Content) != 1 {
		return producers.GenericResult(r), nil
	}
	return cards.TerminalResult{Output: output}, nil
}

func presentTerminalReadCall(args json.RawMessage) (cards.CallView, error) {
	_, id, err := parseTerminalArgs(args, true)
	if err != nil {
		return nil, err
	}
	return cards.GenericCall{Title: "Read terminal " + id, Kind: cards.KindRead, RawInput: producers.RawInput(args)}, nil
}

func presentTerminalSignalCall(args json.RawMessage) (cards.CallView, error) {
	_, id, err := parseTerminalArgs(args, true)
	if err != nil {
		return nil, err
	}
	return cards.GenericCall{Title: "Signal terminal " + id, Kind: cards.KindExecute, RawInput: producers.RawInput(args)}, nil
}

func presentTerminalCloseCall(args json.RawMessage) (cards.CallView, error) {
	_, id, err := parseTerminalArgs(args, true)
	if err != nil {
		return nil, err
	}
	return cards.GenericCall{Title: "Close terminal " + id, Kind: cards.KindDelete}, nil
}

func presentTerminalListCall(json.RawMessage) (cards.CallView, error) {
	return cards.GenericCall{Title: "List terminal sessions", Kind: cards.KindRead}, nil
}

// presentTerminalTextResult keeps a terminal tool's text — a screen, a
// listing — preformatted.
func presentTerminalTextResult(_ json.RawMessage, r producers.Result) (cards.ResultView, error) {
	if r.IsError {
		return producers.GenericResult(r), nil
	}
	return producers.FencedResult(r, "text"), nil
}
