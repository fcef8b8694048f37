package native

import (
	"encoding/json"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/toolkit"
	"github.com/cardtui/cardtui/producers"
)

// The harness's programmable tools: run_code (Code Mode,
// packages/core/tools/src/code-mode.ts) and workflow
// (packages/workflow/tool-workflow). The calls a program makes are not
// in its arguments: the session log records each as a sub-call, which
// replay nests under the card.
var (
	runCodeProducer  = producers.Producer{PresentCall: presentRunCodeCall, PresentResult: presentProgramResult}
	workflowProducer = producers.Producer{PresentCall: presentWorkflowCall, PresentResult: presentProgramResult}
)

// codeModeLanguage is the language of a run_code program: the harness's
// default runtime is TypeScript, and the arguments do not say.
const codeModeLanguage = "typescript"

// presentRunCodeCall ports run_code's presentCall: titled by the model's
// description, kind execute, with the program — the harness's rawInput —
// as a TypeScript block.
func presentRunCodeCall(args json.RawMessage) (cards.CallView, error) {
	var raw struct {
		Code        *string `json:"code"`
		Description *string `json:"description"`
	}
	if err := producers.DecodeCheckedArgs(args, &raw); err != nil {
		return nil, err
	}
	program, err := toolkit.Required("code", raw.Code)
	if err != nil {
		return nil, toolkit.Within("arguments", err)
	}
	title := toolkit.ValueOr(raw.Description, "")
	if title == "" {
		title = "Run code"
	}
	return cards.GenericCall{Title: title, Kind: cards.KindExecute, Content: toolkit.Code(codeModeLanguage, program)}, nil
}

// presentWorkflowCall ports workflow's presentCall: "workflow: <name>",
// the script — its rawInput there — as JavaScript, after the workflow's
// description.
func presentWorkflowCall(args json.RawMessage) (cards.CallView, error) {
	var raw struct {
		Script *string `json:"script"`
		Meta   struct {
			Name        string `json:"name"`
			Description string `json:"description"`
		} `json:"meta"`
	}
	if err := producers.DecodeCheckedArgs(args, &raw); err != nil {
		return nil, err
	}
	script, err := toolkit.Required("script", raw.Script)
	if err != nil {
		return nil, toolkit.Within("arguments", err)
	}
	title := "workflow"
	if raw.Meta.Name != "" {
		title += ": " + raw.Meta.Name
	}
	var content []cards.ContentBlock
	content = append(content, toolkit.Text(raw.Meta.Description)...)
	content = append(content, toolkit.Code("javascript", script)...)
	return cards.GenericCall{Title: title, Content: content}, nil
}

// presentProgramResult shows what a program printed and returned, as the
// harness renders it: the logs, then the value (JSON shown as JSON).
func presentProgramResult(_ json.RawMessage, r producers.Result) (cards.ResultView, error) {
	return producers.TextOrJSONResult(r), nil
}
