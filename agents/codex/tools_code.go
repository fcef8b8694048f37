package codex

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/toolkit"
	"github.com/cardtui/cardtui/producers"
	"github.com/cardtui/cardtui/render/textcut"
)

// Codex's code mode (codex-rs/core/src/tools/code_mode): the model's
// `exec` call is a custom tool call whose input is JavaScript source (an
// optional first line "// @exec: {...}" sets its options); the script
// calls Codex's tools, and the rollout records what those calls ran as
// their own events (exec_command_end, patch_apply_end), which replay nests
// under the exec card. A script that outlives its yield time keeps running
// in a cell; `wait` {cell_id, yield_time_ms?, max_tokens?, terminate?}
// waits for it or stops it. Both answer with a status header —
// "Script completed", "Script failed", "Script terminated" or "Script
// running with cell ID N", then "Wall time S seconds" and "Output:" —
// before what the script printed.
var (
	codexExecProducer = producers.Producer{PresentCall: presentCodexExecCall, PresentResult: presentCodeModeResult}
	codexWaitProducer = producers.Producer{PresentCall: presentCodexWaitCall, PresentResult: presentCodeModeResult}
)

// presentCodexExecCall shows a script that makes one call as Codex's UI
// shows that call (see scriptView); any other as JavaScript: "Run
// JavaScript", kind execute.
func presentCodexExecCall(args json.RawMessage) (cards.CallView, error) {
	source, err := execSource(args)
	if err != nil {
		return nil, err
	}
	if v := scriptView(source); v != nil {
		return v, nil
	}
	return cards.GenericCall{Title: "Run JavaScript", Kind: cards.KindExecute, Content: toolkit.Code("javascript", source)}, nil
}

// execSource is the script of an exec call's arguments.
func execSource(args json.RawMessage) (string, error) {
	var raw struct {
		Input *string `json:"input"`
	}
	if err := producers.DecodeCheckedArgs(args, &raw); err != nil {
		return "", err
	}
	source, err := toolkit.Required("input", raw.Input)
	return source, toolkit.Within("arguments", err)
}

// scriptView is the view of the one tool call a script makes: the
// command of an exec_command, "Edit <file>" for an apply_patch (its diff
// is the card of the patch's own event, nested under it), what a
// web__run does on the web, the plan of an update_plan, the session a
// write_stdin writes to; nil for a script that makes several calls, or
// another.
func scriptView(source string) cards.CallView {
	calls := scriptCalls(source)
	if len(calls) != 1 {
		return nil
	}
	c := calls[0]
	switch c.tool {
	case "exec_command":
		var a struct {
			Cmd     string `json:"cmd"`
			Workdir string `json:"workdir"`
		}
		if json.Unmarshal([]byte(c.arg), &a) == nil && a.Cmd != "" {
			return cards.TerminalCall{Title: a.Cmd, Cwd: a.Workdir}
		}
	case "apply_patch":
		if patch, ok := stringLiteral(c.arg); ok {
			if files, err := parsePatch(patch); err == nil {
				return cards.GenericCall{Title: patchTitle(files), Kind: cards.KindEdit}
			}
		}
	case "web__run":
		return webRunView(c.arg)
	case "update_plan":
		return viewOrNil(presentCodexPlanCall(json.RawMessage(c.arg)))
	case "write_stdin":
		return viewOrNil(presentCodexWriteStdinCall(json.RawMessage(c.arg)))
	}
	return nil
}

// viewOrNil is the view a tool's producer made of a script's call, nil
// when it could not: the script is then shown as it is.
func viewOrNil(v cards.CallView, err error) cards.CallView {
	if err != nil {
		return nil
	}
	return v
}

// webRunView is a web__run call as the web search it is: its queries,
// the first page it opens, the text it finds in a page, or the links it
// follows; nil for another.
func webRunView(arg string) cards.CallView {
	var a struct {
		Search []struct {
			Q string `json:"q"`
		} `json:"search_query"`
		Open []struct {
			RefID string `json:"ref_id"`
		} `json:"open"`
		Find []struct {
			RefID   string `json:"ref_id"`
			Pattern string `json:"pattern"`
		} `json:"find"`
		Click []webRunLink `json:"click"`
	}
	if json.Unmarshal([]byte(arg), &a) != nil {
		return nil
	}
	switch {
	case len(a.Search) > 0:
		action := webAction{Type: "search"}
		for _, q := range a.Search {
			action.Queries = append(action.Queries, q.Q)
		}
		return webSearchView(action)
	case len(a.Open) > 0:
		return webSearchView(webAction{Type: "open_page", URL: a.Open[0].RefID})
	case len(a.Find) > 0:
		return webSearchView(webAction{Type: "find_in_page", URL: a.Find[0].RefID, Pattern: a.Find[0].Pattern})
	case len(a.Click) > 0:
		return clickView(a.Click)
	}
	return nil
}

// webRunLink is a link web__run follows: the page it is on (a reference
// to a page the search tool opened before) and its number there.
type webRunLink struct {
	RefID string `json:"ref_id"`
	ID    int    `json:"id"`
}

// clickView is a web__run that follows links: "Follow 3 links", each
// link as its page and number.
func clickView(links []webRunLink) cards.CallView {
	lines := make([]string, len(links))
	for i, l := range links {
		lines[i] = fmt.Sprintf("link %d of %s", l.ID, l.RefID)
	}
	return cards.GenericCall{
		Title:   "Follow " + textcut.Plural(len(links), "link", "links"),
		Kind:    cards.KindFetch,
		Content: toolkit.Text(strings.Join(lines, "\n")),
	}
}

// presentCodexWaitCall names the cell waited for or stopped.
func presentCodexWaitCall(args json.RawMessage) (cards.CallView, error) {
	var raw struct {
		CellID    *string `json:"cell_id"`
		Terminate bool    `json:"terminate"`
	}
	if err := producers.DecodeCheckedArgs(args, &raw); err != nil {
		return nil, err
	}
	cell, err := toolkit.NonEmpty("cell_id", raw.CellID)
	if err != nil {
		return nil, toolkit.Within("arguments", err)
	}
	title := "Wait for script cell " + cell
	if raw.Terminate {
		title = "Stop script cell " + cell
	}
	return cards.GenericCall{Title: title, Kind: cards.KindExecute}, nil
}

// presentCodeModeResult shows the status and wall time in the title and
// what the script printed as it is; for a script that ran one command,
// the command's output, and its exit code when the script printed the
// command's result object ({"output", "exit_code", …}).
func presentCodeModeResult(args json.RawMessage, r producers.Result) (cards.ResultView, error) {
	s, ok := parseCodeModeOutput(toolkit.FirstText(r.Content))
	if !ok {
		return producers.TextOrJSONResult(r), nil
	}
	title := s.status
	if s.wallTime != "" {
		title += fmt.Sprintf(" · %ss", s.wallTime)
	}
	if source, err := execSource(args); err == nil {
		if _, ok := scriptView(source).(cards.TerminalCall); ok {
			return commandResult(title, s.output), nil
		}
	}
	return cards.GenericResult{Title: title, Content: producers.WithError(toolkit.Text(s.output), r)}, nil
}

// commandResult is the terminal result of a script that ran one
// command: what it printed, or the command's result object it printed.
func commandResult(title, output string) cards.TerminalResult {
	var printed struct {
		Output   *string `json:"output"`
		ExitCode *int    `json:"exit_code"`
	}
	if json.Unmarshal([]byte(strings.TrimSpace(output)), &printed) == nil && printed.Output != nil {
		return cards.TerminalResult{Title: title, Output: *printed.Output, ExitCode: printed.ExitCode}
	}
	return cards.TerminalResult{Title: title, Output: output}
}

// codeModeOutput is what an exec or wait output says.
type codeModeOutput struct {
	status, wallTime, output string
	cell                     string // the cell of a script still running
}

// parseCodeModeOutput reads the status header of an exec or wait output;
// ok is false for any other text.
func parseCodeModeOutput(s string) (out codeModeOutput, ok bool) {
	status, rest, _ := strings.Cut(s, "\n")
	switch {
	case status == "Script completed", status == "Script failed", status == "Script terminated":
	case strings.HasPrefix(status, "Script running with cell ID "):
		out.cell = strings.TrimPrefix(status, "Script running with cell ID ")
	default:
		return out, false
	}
	out.status = status
	if line, after, found := strings.Cut(rest, "\n"); found && strings.HasPrefix(line, "Wall time ") {
		out.wallTime = strings.TrimSuffix(strings.TrimPrefix(line, "Wall time "), " seconds")
		rest = after
	}
	out.output = strings.TrimLeft(strings.TrimPrefix(rest, "Output:"), "\n")
	return out, true
}

// CodeModeCell returns the cell a code-mode exec or wait output says its
// script still runs in, "" when the script ended (or the text is no
// such output).
func CodeModeCell(output string) string {
	s, _ := parseCodeModeOutput(strings.TrimSpace(output))
	return s.cell
}

// codeModeOutcome is the outcome an exec or wait output states: failed
// or terminated (interrupted); done otherwise.
func codeModeOutcome(output string) cards.Outcome {
	s, _ := parseCodeModeOutput(output)
	switch s.status {
	case "Script failed":
		return cards.OutcomeFailed
	case "Script terminated":
		return cards.OutcomeInterrupted
	}
	return cards.OutcomeDone
}
