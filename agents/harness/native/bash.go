package native

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/toolkit"
	"github.com/cardtui/cardtui/producers"
)

// The shell tools of the native family: bash and the background-job tools
// job_output, job_list and job_kill.
var (
	bashProducer      = producers.Producer{PresentCall: presentBashCall, PresentResult: presentBashResult}
	jobOutputProducer = producers.Producer{PresentCall: presentJobOutputCall, PresentResult: presentJobOutputResult}
	jobListProducer   = producers.Producer{PresentCall: presentJobListCall, PresentResult: presentJobListResult}
	jobKillProducer   = producers.Producer{PresentCall: presentJobKillCall, PresentResult: presentJobKillResult}
)

// bashArgs are the arguments of bash.
type bashArgs struct {
	command     string
	description string
	workdir     string
	background  bool
}

func parseBashArgs(args json.RawMessage) (bashArgs, error) {
	var raw struct {
		Command         *string `json:"command"`
		Description     *string `json:"description"`
		Workdir         *string `json:"workdir"`
		RunInBackground *bool   `json:"run_in_background"`
	}
	var a bashArgs
	err := producers.DecodeCheckedArgs(args, &raw)
	if err == nil {
		a.command, err = toolkit.NonEmpty("command", raw.Command)
	}
	// The persistent bash (packages/shell/tool-bash-persistent) and pwsh
	// take no description.
	a.description = toolkit.ValueOr(raw.Description, "")
	a.workdir, a.background = toolkit.ValueOr(raw.Workdir, ""), toolkit.ValueOr(raw.RunInBackground, false)
	return a, toolkit.Within("arguments", err)
}

// presentBashCall shows a foreground command as a terminal; a background
// command only starts a job, so it is a generic card with the command as
// its input.
func presentBashCall(args json.RawMessage) (cards.CallView, error) {
	a, err := parseBashArgs(args)
	if err != nil {
		return nil, err
	}
	if a.background {
		return cards.GenericCall{
			Title:    a.command,
			Kind:     cards.KindExecute,
			RawInput: toolkit.JSONString(a.command),
			Content:  toolkit.Text(a.description),
		}, nil
	}
	return cards.TerminalCall{Title: a.command, Description: a.description, Cwd: a.workdir}, nil
}

// presentBashResult shows a foreground command's output and exit status.
// A failure (the command could not run) and a background start are shown
// as a console block instead.
func presentBashResult(args json.RawMessage, r producers.Result) (cards.ResultView, error) {
	a, err := parseBashArgs(args)
	if err != nil {
		return nil, err
	}
	if r.IsError || a.background {
		return producers.FencedResult(r, "console"), nil
	}
	output, others := toolkit.TextOf(r.Content)
	if len(others) > 0 {
		return nil, errors.New("the result holds a " + others[0].BlockType() + " block, which a terminal cannot show")
	}
	if hasSpillNotice(output) {
		// The notice replaced the end of the text, exit marker included:
		// the status is unknown.
		return cards.TerminalResult{Output: output}, nil
	}
	return exitStatus(output), nil
}

// exitStatus splits the harness's exit marker off a shell result. The
// marker is the last line, after a line break, with nothing after it:
// "[killed by signal: X]" or "[exit code: N]" (the shell reports a
// non-zero status only); without one the command exited 0. A marker-like
// line anywhere else is ordinary output. The persistent bash ends a
// result whose shell died with "[shell exited: code N]", "[shell killed
// by signal: X]" or "[shell exited]" and the line saying it reset the
// shell, which stays in the output.
func exitStatus(output string) cards.TerminalResult {
	body, reset, wasReset := strings.Cut(output, "\n"+shellResetMessage)
	if !wasReset || reset != "" {
		body, wasReset = output, false
	}
	r, ok := statusMarker(body)
	if !ok {
		return toolkit.Exited(output, 0)
	}
	if wasReset {
		r.Output = strings.TrimPrefix(r.Output+"\n"+shellResetMessage, "\n")
	}
	return r
}

// shellResetMessage is the line the persistent bash adds after its
// shell exited.
const shellResetMessage = "The persistent bash shell was reset; the next bash call starts from the workspace with a fresh current directory and environment."

// statusMarker reads the status marker ending output, the output without
// it.
func statusMarker(output string) (cards.TerminalResult, bool) {
	cut := strings.LastIndexByte(output, '\n')
	body, last := "", output
	if cut >= 0 {
		body, last = strings.TrimSuffix(output[:cut], "\r"), output[cut+1:]
	}
	for _, prefix := range []string{"[killed by signal: ", "[shell killed by signal: "} {
		if signal, ok := bracketed(last, prefix); ok && !strings.Contains(signal, "]") {
			return cards.TerminalResult{Output: body, Signal: signal}, true
		}
	}
	for _, prefix := range []string{"[exit code: ", "[shell exited: code "} {
		if digits, ok := bracketed(last, prefix); ok && toolkit.AllDigits(digits) {
			if code, err := strconv.Atoi(digits); err == nil {
				return toolkit.Exited(body, code), true
			}
		}
	}
	if last == "[shell exited]" {
		return cards.TerminalResult{Output: body}, true
	}
	return cards.TerminalResult{}, false
}

// bracketed returns what stands between prefix and a final "]" in line,
// when that is not empty.
func bracketed(line, prefix string) (string, bool) {
	inner, ok := strings.CutPrefix(line, prefix)
	if !ok {
		return "", false
	}
	inner, ok = strings.CutSuffix(inner, "]")
	return inner, ok && inner != ""
}

// spillLocator is what the harness's notice says when it stored a long
// result in a file and kept only its start in the log.
const spillLocator = " Full formatted result stored at: "

// hasSpillNotice reports whether the last paragraph of a result is the
// harness's spill notice: "(Omitted N bytes. Full formatted result stored
// at: PATH. …)" or one of its shorter forms.
func hasSpillNotice(output string) bool {
	paragraphs := strings.Split(output, "\n\n")
	segment, ok := strings.CutPrefix(paragraphs[len(paragraphs)-1], "(")
	if !ok {
		return false
	}
	omitted, rest, ok := strings.Cut(segment, spillLocator)
	return ok && validOmission(omitted) && strings.Contains(rest, ". ")
}

// validOmission accepts the ways the spill notice states what it left out.
func validOmission(omitted string) bool {
	if omitted == "" || omitted == "More bytes were omitted." {
		return true
	}
	count, ok := strings.CutPrefix(omitted, "Omitted ")
	if !ok {
		return false
	}
	count, ok = strings.CutSuffix(count, " bytes.")
	return ok && toolkit.AllDigits(count)
}

// jobArgs are the arguments of the job tools: the job and, for job_kill,
// why it is cancelled.
type jobArgs struct {
	id     string
	reason string
}

func parseJobArgs(args json.RawMessage) (jobArgs, error) {
	var raw struct {
		JobID  *string `json:"job_id"`
		Reason *string `json:"reason"`
	}
	var a jobArgs
	err := producers.DecodeCheckedArgs(args, &raw)
	if err == nil {
		a.id, err = toolkit.NonEmpty("job_id", raw.JobID)
	}
	a.reason = toolkit.ValueOr(raw.Reason, "")
	return a, toolkit.Within("arguments", err)
}

func presentJobOutputCall(args json.RawMessage) (cards.CallView, error) {
	a, err := parseJobArgs(args)
	if err != nil {
		return nil, err
	}
	return cards.GenericCall{
		Title:    "Read output from background job " + a.id,
		Kind:     cards.KindRead,
		RawInput: toolkit.JSONString(a.id),
	}, nil
}

// presentJobOutputResult shows the job's new output and status line as a
// console block.
func presentJobOutputResult(args json.RawMessage, r producers.Result) (cards.ResultView, error) {
	if _, err := parseJobArgs(args); err != nil {
		return nil, err
	}
	if r.IsError {
		return producers.GenericResult(r), nil
	}
	return producers.FencedResult(r, "console"), nil
}

func presentJobListCall(json.RawMessage) (cards.CallView, error) {
	return cards.GenericCall{Title: "List background jobs", Kind: cards.KindRead}, nil
}

// presentJobListResult keeps the one-job-per-line listing as preformatted
// text.
func presentJobListResult(_ json.RawMessage, r producers.Result) (cards.ResultView, error) {
	if r.IsError {
		return producers.GenericResult(r), nil
	}
	return producers.FencedResult(r, "text"), nil
}

// presentJobKillCall shows the job to cancel and, when given, why.
func presentJobKillCall(args json.RawMessage) (cards.CallView, error) {
	a, err := parseJobArgs(args)
	if err != nil {
		return nil, err
	}
	return cards.GenericCall{
		Title:    "Kill background job " + a.id,
		Kind:     cards.KindExecute,
		RawInput: toolkit.JSONString(a.id),
		Content:  toolkit.Text(a.reason),
	}, nil
}

func presentJobKillResult(args json.RawMessage, r producers.Result) (cards.ResultView, error) {
	if _, err := parseJobArgs(args); err != nil {
		return nil, err
	}
	return producers.GenericResult(r), nil
}
