package claude

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/toolkit"
	"github.com/cardtui/cardtui/producers"
)

// Claude Code's shell tools: Bash, and BashOutput and KillShell for the
// shells Bash started in the background.
var (
	claudeBashProducer       = producers.Producer{PresentCall: presentClaudeBashCall, PresentResult: presentClaudeBashResult}
	claudeBashOutputProducer = producers.Producer{PresentCall: presentClaudeBashOutputCall, PresentResult: presentClaudeBashOutputResult}
	claudeKillShellProducer  = producers.Producer{PresentCall: presentClaudeKillShellCall, PresentResult: presentClaudeKillShellResult}
)

// claudeBashArgs are the arguments of Bash.
type claudeBashArgs struct {
	command     string
	description string
	background  bool
}

func parseClaudeBashArgs(args json.RawMessage) (claudeBashArgs, error) {
	var raw struct {
		Command         *string `json:"command"`
		Description     *string `json:"description"`
		RunInBackground *bool   `json:"run_in_background"`
	}
	var a claudeBashArgs
	err := producers.DecodeCheckedArgs(args, &raw)
	if err == nil {
		a.command, err = toolkit.NonEmpty("command", raw.Command)
	}
	a.description, a.background = toolkit.ValueOr(raw.Description, ""), toolkit.ValueOr(raw.RunInBackground, false)
	return a, toolkit.Within("arguments", err)
}

// presentClaudeBashCall shows a command as a terminal titled by its
// description; a background command only starts a shell, so it is a
// generic card, as in the native family.
func presentClaudeBashCall(args json.RawMessage) (cards.CallView, error) {
	a, err := parseClaudeBashArgs(args)
	if err != nil {
		return nil, err
	}
	if a.background {
		return cards.GenericCall{
			Title: a.command, Kind: cards.KindExecute,
			RawInput: toolkit.JSONString(a.command), Content: toolkit.Text(a.description),
		}, nil
	}
	return cards.TerminalCall{Title: a.command, Description: a.description}, nil
}

// claudeBashMeta is the toolUseResult of a Bash call.
type claudeBashMeta struct {
	Stdout                   *string `json:"stdout"`
	Stderr                   *string `json:"stderr"`
	Interrupted              *bool   `json:"interrupted"`
	IsImage                  *bool   `json:"isImage"`
	BackgroundTaskID         *string `json:"backgroundTaskId"`
	ReturnCodeInterpretation *string `json:"returnCodeInterpretation"`
}

// presentClaudeBashResult shows a command's stdout, then its stderr in
// red, and its exit status. Claude Code marks a command that exits with a
// non-zero status as an error, and states the status in the text ("Exit
// code 2") in the versions that record it; a successful result is exit 0
// unless it was interrupted or Claude Code explained a non-zero status
// away (returnCodeInterpretation, as grep's 1 for "no matches"). An error
// without a stated status has none: it is shown in red under "failed".
func presentClaudeBashResult(args json.RawMessage, r producers.Result) (cards.ResultView, error) {
	a, err := parseClaudeBashArgs(args)
	if err != nil {
		return nil, err
	}
	output, others := toolkit.TextOf(r.Content)
	if r.IsError && r.Outcome != cards.OutcomeFailed {
		return cards.TerminalResult{Title: strings.ToLower(errorTitle(r)), Output: output}, nil
	}
	if r.IsError {
		return failedCommand(output), nil
	}
	var m claudeBashMeta
	ok, err := claudeMeta(r, &m)
	switch {
	case err != nil:
		return nil, err
	case a.background || (ok && toolkit.ValueOr(m.BackgroundTaskID, "") != ""):
		return producers.GenericResult(r), nil
	case len(others) > 0 || (ok && toolkit.ValueOr(m.IsImage, false)):
		return producers.GenericResult(r), nil
	case !ok:
		return cards.TerminalResult{Output: output}, nil
	}
	view := cards.TerminalResult{Output: toolkit.JoinStreams(toolkit.ValueOr(m.Stdout, ""), toolkit.ValueOr(m.Stderr, ""))}
	switch {
	case toolkit.ValueOr(m.Interrupted, false):
		view.Title = "interrupted"
	case toolkit.ValueOr(m.ReturnCodeInterpretation, "") != "":
		view.Title = *m.ReturnCodeInterpretation
	default:
		view = toolkit.Exited(view.Output, 0)
	}
	return view, nil
}

// failedCommand is the result of a Bash call Claude Code marked as an
// error: with the status its first line states ("Exit code N"), else in
// red with no status.
func failedCommand(output string) cards.TerminalResult {
	first, rest, _ := strings.Cut(output, "\n")
	if digits, ok := strings.CutPrefix(first, "Exit code "); ok {
		if code, err := strconv.Atoi(digits); err == nil {
			return toolkit.Exited(rest, code)
		}
	}
	return cards.TerminalResult{Title: "failed", Output: toolkit.Red(output)}
}

// shellArg reads the id of a background shell, which Claude Code's
// versions call bash_id or shell_id.
func shellArg(args json.RawMessage) (string, error) {
	var raw struct {
		BashID  *string `json:"bash_id"`
		ShellID *string `json:"shell_id"`
	}
	err := producers.DecodeCheckedArgs(args, &raw)
	return toolkit.ValueOr(raw.BashID, toolkit.ValueOr(raw.ShellID, "")), err
}

// withShell is the adapter's title followed by the shell: "Tail Logs
// (bash_1)".
func withShell(title, id string) string {
	if id == "" {
		return title
	}
	return title + " (" + id + ")"
}

func presentClaudeBashOutputCall(args json.RawMessage) (cards.CallView, error) {
	id, err := shellArg(args)
	if err != nil {
		return nil, err
	}
	return cards.GenericCall{Title: withShell("Tail Logs", id), Kind: cards.KindExecute}, nil
}

// presentClaudeBashOutputResult shows the shell's new output with its
// status and command above it, and its exit code once it has one.
func presentClaudeBashOutputResult(args json.RawMessage, r producers.Result) (cards.ResultView, error) {
	if _, err := shellArg(args); err != nil {
		return nil, err
	}
	if r.IsError {
		return claudeErrorResult(r), nil
	}
	var m struct {
		Command  *string `json:"command"`
		Status   *string `json:"status"`
		ExitCode *int    `json:"exitCode"`
		Stdout   *string `json:"stdout"`
		Stderr   *string `json:"stderr"`
	}
	ok, err := claudeMeta(r, &m)
	if err != nil || !ok {
		return producers.FencedResult(r, "console"), err
	}
	var title []string
	for _, part := range []string{toolkit.ValueOr(m.Status, ""), toolkit.ValueOr(m.Command, "")} {
		if part != "" {
			title = append(title, part)
		}
	}
	return cards.TerminalResult{
		Title:    strings.Join(title, " · "),
		Output:   toolkit.JoinStreams(toolkit.ValueOr(m.Stdout, ""), toolkit.ValueOr(m.Stderr, "")),
		ExitCode: m.ExitCode,
	}, nil
}

func presentClaudeKillShellCall(args json.RawMessage) (cards.CallView, error) {
	id, err := shellArg(args)
	if err != nil {
		return nil, err
	}
	return cards.GenericCall{Title: withShell("Kill Process", id), Kind: cards.KindExecute}, nil
}

// presentClaudeKillShellResult shows Claude Code's message about the
// kill.
func presentClaudeKillShellResult(args json.RawMessage, r producers.Result) (cards.ResultView, error) {
	if _, err := shellArg(args); err != nil {
		return nil, err
	}
	if r.IsError {
		return claudeErrorResult(r), nil
	}
	var m struct {
		Message *string `json:"message"`
	}
	ok, err := claudeMeta(r, &m)
	if err != nil || !ok || toolkit.ValueOr(m.Message, "") == "" {
		return producers.GenericResult(r), err
	}
	return cards.GenericResult{Content: toolkit.Text(*m.Message)}, nil
}
