package native

import (
	"encoding/json"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/toolkit"
	"github.com/cardtui/cardtui/producers"
)

// The delegation tools (packages/subagent): subagent and its provider
// variants subagent_codex, subagent_claude_code and subagent_fork,
// send_message, list_agents and report. The harness declares no
// presentCall for them (its clients fall back to the tool's name), so
// these cards are cardtui's own: the task's description as the title,
// the prompt — which the model wrote for another agent, not Markdown for
// the user — verbatim, and the sub-agent's answer as the Markdown reply it
// is.
var (
	subagentProducer    = producers.Producer{PresentCall: presentSubagentCall, PresentResult: presentReplyResult}
	sendMessageProducer = producers.Producer{PresentCall: presentSendMessageCall, PresentResult: presentReplyResult}
	listAgentsProducer  = producers.Producer{PresentCall: presentListAgentsCall, PresentResult: presentPreformattedResult}
	reportProducer      = producers.Producer{PresentCall: presentReportCall, PresentResult: presentReplyResult}
)

// presentSubagentCall: "Subagent · Check direct child", the prompt below,
// "(in background)" when it does not wait.
func presentSubagentCall(args json.RawMessage) (cards.CallView, error) {
	var raw struct {
		Description     string  `json:"description"`
		Prompt          *string `json:"prompt"`
		RunInBackground bool    `json:"run_in_background"`
	}
	if err := producers.DecodeCheckedArgs(args, &raw); err != nil {
		return nil, err
	}
	prompt, err := toolkit.Required("prompt", raw.Prompt)
	if err != nil {
		return nil, toolkit.Within("arguments", err)
	}
	title := "Subagent"
	if raw.Description != "" {
		title += " · " + raw.Description
	}
	if raw.RunInBackground {
		title += " (in background)"
	}
	return cards.GenericCall{Title: title, Kind: cards.KindThink, Content: toolkit.Code("text", prompt)}, nil
}

// presentSendMessageCall: "Message subagent <id>", the message verbatim.
func presentSendMessageCall(args json.RawMessage) (cards.CallView, error) {
	var raw struct {
		SubagentID *string `json:"subagent_id"`
		Message    string  `json:"message"`
	}
	if err := producers.DecodeCheckedArgs(args, &raw); err != nil {
		return nil, err
	}
	id, err := toolkit.NonEmpty("subagent_id", raw.SubagentID)
	if err != nil {
		return nil, toolkit.Within("arguments", err)
	}
	return cards.GenericCall{Title: "Message subagent " + id, Kind: cards.KindThink, Content: toolkit.Code("text", raw.Message)}, nil
}

func presentListAgentsCall(json.RawMessage) (cards.CallView, error) {
	return cards.GenericCall{Title: "List subagents", Kind: cards.KindRead}, nil
}

// presentReportCall: a sub-agent's report to its parent, Markdown.
func presentReportCall(args json.RawMessage) (cards.CallView, error) {
	var raw struct {
		Output string `json:"output"`
	}
	if err := producers.DecodeCheckedArgs(args, &raw); err != nil {
		return nil, err
	}
	return cards.GenericCall{Title: "Report to the parent agent", Kind: cards.KindOther, Content: toolkit.Text(raw.Output)}, nil
}

// presentReplyResult shows an agent's answer as the Markdown it is.
func presentReplyResult(_ json.RawMessage, r producers.Result) (cards.ResultView, error) {
	return producers.GenericResult(r), nil
}

// presentPreformattedResult keeps a listing preformatted; JSON as JSON.
func presentPreformattedResult(_ json.RawMessage, r producers.Result) (cards.ResultView, error) {
	switch {
	case r.IsError:
		return producers.GenericResult(r), nil
	case producers.IsJSONText(r):
		return producers.FencedResult(r, "json"), nil
	}
	return producers.FencedResult(r, "text"), nil
}
