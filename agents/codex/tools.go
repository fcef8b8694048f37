package codex

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cardtui/cardtui/internal/fastjson"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/toolkit"
	"github.com/cardtui/cardtui/producers"
	"github.com/cardtui/cardtui/render/textcut"
)

// Tools returns the producers of the Codex CLI's tools, by the names its
// rollout files record: the shell tools shell (container.exec in early
// versions), shell_command, exec_command with write_stdin, and local_shell
// (a local_shell_call's action); apply_patch; update_plan; view_image;
// web_search (a web_search_call's action); and code mode's exec and wait.
//
// A shell call is a terminal card. Its result reads the exit code and
// duration from Result.Meta when the rollout has the exec_command_end
// event of the call (its payload is the meta), else from the output text,
// in each of the forms Codex writes it (see presentCodexExecResult). An
// apply_patch call shows the diff of every file its patch touches; its
// result shows the changes of the patch_apply_end event (the meta), whose
// unified diffs carry real line numbers. Code mode's exec (a script) and
// wait (for a script's cell) are in tools_code.go. Any other tool — MCP tools
// ("server__tool") among them — gets the Registry's fallback card.
func Tools() producers.Registry {
	return producers.Registry{
		"shell":          codexShellProducer,
		"container.exec": codexShellProducer,
		"shell_command":  codexShellProducer,
		"exec_command":   codexShellProducer,
		"local_shell":    codexShellProducer,
		"write_stdin":    codexWriteStdinProducer,
		"apply_patch":    codexApplyPatchProducer,
		"update_plan":    codexUpdatePlanProducer,
		"view_image":     codexViewImageProducer,
		"web_search":     codexWebSearchProducer,
		"exec":           codexExecProducer,
		"wait":           codexWaitProducer,
		// The questions Codex asks its user, as every agent's question card.
		"request_user_input": codexQuestionProducer,
	}
}

var (
	codexShellProducer      = producers.Producer{PresentCall: presentCodexShellCall, PresentResult: presentCodexShellResult}
	codexWriteStdinProducer = producers.Producer{PresentCall: presentCodexWriteStdinCall, PresentResult: presentCodexWriteStdinResult}
	codexApplyPatchProducer = producers.Producer{PresentCall: presentCodexPatchCall, PresentResult: presentCodexPatchResult}
	codexUpdatePlanProducer = producers.Producer{PresentCall: presentCodexPlanCall, PresentResult: presentCodexPlanResult}
	codexViewImageProducer  = producers.Producer{PresentCall: presentCodexViewImageCall, PresentResult: presentCodexGenericResult}
	codexWebSearchProducer  = producers.Producer{PresentCall: presentCodexWebSearchCall, PresentResult: presentCodexGenericResult}
)

// codexShellArgs are the arguments of the shell tools: the command as an
// argv array (shell, local_shell) or a command line (shell_command's
// command, exec_command's cmd), and the working directory.
type codexShellArgs struct {
	argv    []string
	line    string
	workdir string
}

func parseCodexShellArgs(args json.RawMessage) (codexShellArgs, error) {
	var raw struct {
		Command          json.RawMessage `json:"command"`
		Cmd              *string         `json:"cmd"`
		Workdir          *string         `json:"workdir"`
		WorkingDirectory *string         `json:"working_directory"`
	}
	var a codexShellArgs
	if err := producers.DecodeCheckedArgs(args, &raw); err != nil {
		return a, err
	}
	a.workdir = toolkit.ValueOr(raw.Workdir, toolkit.ValueOr(raw.WorkingDirectory, ""))
	var err error
	switch {
	case raw.Cmd != nil:
		a.line, err = toolkit.NonEmpty("cmd", raw.Cmd)
	case len(raw.Command) > 0 && raw.Command[0] == '[':
		err = toolkit.Within(`field "command"`, producers.DecodeJSON(raw.Command, &a.argv))
		if err == nil && len(a.argv) == 0 {
			err = errors.New(`field "command" is empty`)
		}
		a.line = commandLine(a.argv)
	default:
		var line *string
		if len(raw.Command) > 0 {
			err = toolkit.Within(`field "command"`, producers.DecodeJSON(raw.Command, &line))
		}
		if err == nil {
			a.line, err = toolkit.NonEmpty("command", line)
		}
	}
	return a, toolkit.Within("arguments", err)
}

// commandLine is the command an argv runs: the script of `bash -lc
// SCRIPT` (and of the other shells' -c), else the words quoted as a shell
// would need them.
func commandLine(argv []string) string {
	if len(argv) == 3 && isShell(argv[0]) && (argv[1] == "-lc" || argv[1] == "-c" || argv[1] == "-Command") {
		return argv[2]
	}
	words := make([]string, len(argv))
	for i, w := range argv {
		words[i] = shellQuote(w)
	}
	return strings.Join(words, " ")
}

// isShell reports whether the program is a shell that takes a script.
func isShell(program string) bool {
	base := program[strings.LastIndexAny(program, `/\`)+1:]
	switch strings.TrimSuffix(strings.ToLower(base), ".exe") {
	case "bash", "zsh", "sh", "dash", "fish", "pwsh", "powershell":
		return true
	}
	return false
}

// shellQuote quotes a word that a POSIX shell would otherwise split or
// expand.
func shellQuote(w string) string {
	if w != "" && strings.IndexFunc(w, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./=:,+@%", r))
	}) < 0 {
		return w
	}
	return "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
}

// presentCodexShellCall shows the command as a terminal; a shell call
// that runs apply_patch (as early versions did) shows the patch's diffs.
func presentCodexShellCall(args json.RawMessage) (cards.CallView, error) {
	a, err := parseCodexShellArgs(args)
	if err != nil {
		return nil, err
	}
	if len(a.argv) == 2 && a.argv[0] == "apply_patch" {
		if view, err := patchCall(a.argv[1]); err == nil {
			return view, nil
		}
	}
	return cards.TerminalCall{Title: a.line, Cwd: a.workdir}, nil
}

func presentCodexShellResult(args json.RawMessage, r producers.Result) (cards.ResultView, error) {
	if _, err := parseCodexShellArgs(args); err != nil {
		return nil, err
	}
	return presentCodexExecResult(r)
}

// codexExecEnd is the part of an exec_command_end event a result shows.
type codexExecEnd struct {
	ExitCode         *int            `json:"exit_code"`
	Duration         json.RawMessage `json:"duration"`
	DurationMs       *float64        `json:"duration_ms"`
	AggregatedOutput *string         `json:"aggregated_output"`
	Stdout           *string         `json:"stdout"`
	Stderr           *string         `json:"stderr"`
}

// presentCodexExecResult shows a command's output and exit status, and
// how long it took in the result's title: from the exec_command_end event
// in the meta when there is one (its aggregated_output, or stdout then
// stderr), else from the output text the model was given.
func presentCodexExecResult(r producers.Result) (cards.ResultView, error) {
	output, others := toolkit.TextOf(r.Content)
	if len(others) > 0 {
		return producers.GenericResult(r), nil
	}
	exec := parseExecOutput(output)
	if producers.HasMeta(r) {
		var end codexExecEnd
		if err := producers.DecodeJSON(r.Meta, &end); err != nil {
			return nil, toolkit.Within("meta", err)
		}
		if err := exec.merge(end); err != nil {
			return nil, toolkit.Within("meta", err)
		}
	}
	return exec.view(), nil
}

// execOutput is what is known of a command's run.
type execOutput struct {
	output   string
	exitCode *int
	duration time.Duration // 0 when unknown
	session  string        // the session of a command still running
}

func (e *execOutput) merge(end codexExecEnd) error {
	duration, err := parseDuration(end.Duration, end.DurationMs)
	if err != nil {
		return err
	}
	if duration > 0 {
		e.duration = duration
	}
	if end.ExitCode != nil {
		e.exitCode, e.session = end.ExitCode, ""
	}
	switch {
	case end.AggregatedOutput != nil && (*end.AggregatedOutput != "" || e.output == ""):
		e.output = *end.AggregatedOutput
	case end.AggregatedOutput == nil && (end.Stdout != nil || end.Stderr != nil):
		if joined := toolkit.JoinStreams(toolkit.ValueOr(end.Stdout, ""), toolkit.ValueOr(end.Stderr, "")); joined != "" || e.output == "" {
			e.output = joined
		}
	}
	return nil
}

// view is the terminal result; its title says how long the command took,
// or in which session it still runs.
func (e execOutput) view() cards.TerminalResult {
	v := cards.TerminalResult{Output: e.output, ExitCode: e.exitCode}
	switch {
	case e.session != "":
		v.Title = "still running in session " + e.session
	case e.duration > 0:
		v.Title = "took " + roundDuration(e.duration).String()
	}
	return v
}

// roundDuration keeps three significant digits, as Go prints them: 1.23s,
// 412ms.
func roundDuration(d time.Duration) time.Duration {
	for unit := time.Duration(1e15); unit >= time.Microsecond; unit /= 10 {
		if d >= 100*unit {
			return d.Round(unit)
		}
	}
	return d
}

// parseDuration reads exec_command_end's duration: a {secs, nanos} object
// (a Rust Duration), a string such as "1.2s", or duration_ms.
func parseDuration(raw json.RawMessage, ms *float64) (time.Duration, error) {
	trimmed := bytes.TrimSpace(raw)
	switch {
	case len(trimmed) == 0 || string(trimmed) == "null":
		if ms != nil && *ms >= 0 && *ms < math.MaxInt64/1e6 {
			return time.Duration(*ms * float64(time.Millisecond)), nil
		}
		return 0, nil
	case trimmed[0] == '"':
		var s string
		if err := json.Unmarshal(trimmed, &s); err != nil {
			return 0, err
		}
		d, err := time.ParseDuration(s)
		return max(d, 0), toolkit.Within(`field "duration"`, err)
	}
	var d struct {
		Secs  *int64 `json:"secs"`
		Nanos *int64 `json:"nanos"`
	}
	if err := producers.DecodeJSON(trimmed, &d); err != nil {
		return 0, toolkit.Within(`field "duration"`, err)
	}
	secs, nanos := toolkit.ValueOr(d.Secs, 0), toolkit.ValueOr(d.Nanos, 0)
	if secs < 0 || nanos < 0 || secs > math.MaxInt64/int64(time.Second)-1 {
		return 0, errors.New(`field "duration": out of range`)
	}
	return time.Duration(secs)*time.Second + time.Duration(nanos), nil
}

// parseExecOutput reads the output text of a shell call in the forms Codex
// writes it: the JSON {"output", "metadata": {exit_code,
// duration_seconds}} of early versions, or a header of "Key: value" lines
// ("Exit code: N", "Wall time: X seconds", "Process exited with code N",
// "Process running with session ID N", "Chunk ID", "Original token
// count") ended by "Output:". Any other text is the output as it is, with
// no status.
func parseExecOutput(text string) execOutput {
	var wrapped struct {
		Output   *string `json:"output"`
		Metadata *struct {
			ExitCode        *int     `json:"exit_code"`
			DurationSeconds *float64 `json:"duration_seconds"`
		} `json:"metadata"`
	}
	if strings.HasPrefix(text, "{") && json.Unmarshal([]byte(text), &wrapped) == nil &&
		wrapped.Output != nil && wrapped.Metadata != nil {
		e := execOutput{output: *wrapped.Output, exitCode: wrapped.Metadata.ExitCode}
		if s := toolkit.ValueOr(wrapped.Metadata.DurationSeconds, 0); s > 0 && s < math.MaxInt64/1e9 {
			e.duration = time.Duration(s * float64(time.Second))
		}
		return e
	}
	if e, ok := parseExecHeader(text); ok {
		return e
	}
	return execOutput{output: text}
}

// parseExecHeader reads the "Key: value" header of an output text up to
// its "Output:" line; ok is false when a line before it is not one the
// header has.
func parseExecHeader(text string) (execOutput, bool) {
	var e execOutput
	rest := text
	for rest != "" {
		line, after, _ := strings.Cut(rest, "\n")
		rest = after
		if line == "Output:" {
			e.output = rest
			return e, true
		}
		if !e.headerLine(line) {
			return execOutput{}, false
		}
	}
	return execOutput{}, false
}

// headerLine applies one header line, reporting whether it is one.
func (e *execOutput) headerLine(line string) bool {
	if code, ok := strings.CutPrefix(line, "Exit code: "); ok {
		return e.setExitCode(code)
	}
	if code, ok := strings.CutPrefix(line, "Process exited with code "); ok {
		return e.setExitCode(code)
	}
	if id, ok := strings.CutPrefix(line, "Process running with session ID "); ok {
		e.session = id
		return id != ""
	}
	if wall, ok := strings.CutPrefix(line, "Wall time: "); ok {
		seconds, err := strconv.ParseFloat(strings.TrimSuffix(wall, " seconds"), 64)
		if err == nil && seconds >= 0 && seconds < math.MaxInt64/1e9 {
			e.duration = time.Duration(seconds * float64(time.Second))
		}
		return err == nil
	}
	return strings.HasPrefix(line, "Chunk ID: ") || strings.HasPrefix(line, "Original token count: ") ||
		strings.HasPrefix(line, "Total output lines: ")
}

func (e *execOutput) setExitCode(digits string) bool {
	code, err := strconv.Atoi(strings.TrimSpace(digits))
	if err != nil {
		return false
	}
	e.exitCode = &code
	return true
}

// writeStdinArgs are the arguments of write_stdin.
type writeStdinArgs struct {
	session string
	chars   string
}

func parseWriteStdinArgs(args json.RawMessage) (writeStdinArgs, error) {
	var raw struct {
		SessionID json.RawMessage `json:"session_id"`
		Chars     *string         `json:"chars"`
	}
	var a writeStdinArgs
	err := producers.DecodeCheckedArgs(args, &raw)
	if err == nil && len(raw.SessionID) == 0 {
		err = toolkit.Within("arguments", errors.New(`missing field "session_id"`))
	}
	if err == nil {
		var id string
		if json.Unmarshal(raw.SessionID, &id) != nil {
			id = string(bytes.TrimSpace(raw.SessionID))
		}
		a.session = id
	}
	a.chars = toolkit.ValueOr(raw.Chars, "")
	return a, err
}

// presentCodexWriteStdinCall shows what is typed into a running command's
// session, or that its output is polled.
func presentCodexWriteStdinCall(args json.RawMessage) (cards.CallView, error) {
	a, err := parseWriteStdinArgs(args)
	if err != nil {
		return nil, err
	}
	if a.chars == "" {
		return cards.GenericCall{Title: "Poll session " + a.session, Kind: cards.KindExecute}, nil
	}
	return cards.GenericCall{
		Title: "Write to session " + a.session, Kind: cards.KindExecute,
		Content: toolkit.Code("console", a.chars),
	}, nil
}

func presentCodexWriteStdinResult(args json.RawMessage, r producers.Result) (cards.ResultView, error) {
	if _, err := parseWriteStdinArgs(args); err != nil {
		return nil, err
	}
	return presentCodexExecResult(r)
}

// planStep is one step of update_plan.
type planStep struct {
	Step   *string `json:"step"`
	Status *string `json:"status"`
}

func parsePlanArgs(args json.RawMessage) ([]producers.Todo, string, error) {
	var raw struct {
		Explanation *string     `json:"explanation"`
		Plan        *[]planStep `json:"plan"`
	}
	if err := producers.DecodeCheckedArgs(args, &raw); err != nil {
		return nil, "", err
	}
	steps, err := toolkit.Required("plan", raw.Plan)
	if err != nil {
		return nil, "", toolkit.Within("arguments", err)
	}
	todos := make([]producers.Todo, len(steps))
	for i, s := range steps {
		content, err := toolkit.NonEmpty("step", s.Step)
		if err == nil {
			todos[i] = producers.Todo{Content: content, Status: toolkit.ValueOr(s.Status, "pending")}
		} else {
			return nil, "", fmt.Errorf("arguments: plan[%d]: %w", i, err)
		}
	}
	return todos, toolkit.ValueOr(raw.Explanation, ""), nil
}

// presentCodexPlanCall shows why the plan changes; the result shows the
// plan.
func presentCodexPlanCall(args json.RawMessage) (cards.CallView, error) {
	steps, explanation, err := parsePlanArgs(args)
	if err != nil {
		return nil, err
	}
	return cards.GenericCall{Title: producers.TodoTitle("Plan", steps), Kind: cards.KindThink, Content: toolkit.Text(explanation)}, nil
}

// presentCodexPlanResult shows the plan as a checklist; a plan Codex
// refused shows what it answered, then the plan as not applied.
func presentCodexPlanResult(args json.RawMessage, r producers.Result) (cards.ResultView, error) {
	steps, _, err := parsePlanArgs(args)
	if err != nil {
		return nil, err
	}
	if r.IsError || Outcome(r) != cards.OutcomeDone {
		proposed := toolkit.Markdown("The plan was not applied:\n\n" + producers.Checklist(steps))
		return cards.GenericResult{Content: append(producers.WithError(r.Content, r), proposed...)}, nil
	}
	return cards.GenericResult{Content: toolkit.Markdown(producers.Checklist(steps))}, nil
}

func presentCodexViewImageCall(args json.RawMessage) (cards.CallView, error) {
	path, err := producers.StringArg(args, "path")
	if err != nil {
		return nil, err
	}
	return cards.GenericCall{
		Title: "View image " + path, Kind: cards.KindRead,
		Locations: []cards.FileLocation{{Path: path}},
	}, nil
}

// presentCodexWebSearchCall shows the action of a web_search_call as
// webSearchView words it.
func presentCodexWebSearchCall(args json.RawMessage) (cards.CallView, error) {
	var raw struct {
		Type    string   `json:"type"`
		Query   *string  `json:"query"`
		Queries []string `json:"queries"`
		URL     string   `json:"url"`
		Pattern string   `json:"pattern"`
	}
	if err := producers.DecodeCheckedArgs(args, &raw); err != nil {
		return nil, err
	}
	queries := raw.Queries
	if q := toolkit.ValueOr(raw.Query, ""); q != "" && !slices.Contains(queries, q) {
		queries = append([]string{q}, queries...)
	}
	return webSearchView(webAction{Type: raw.Type, URL: raw.URL, Pattern: raw.Pattern, Queries: queries}), nil
}

// webAction is what a web search did: its type ("search", "open_page",
// "find_in_page"), the page it opened or looked in, the pattern it looked
// for and its queries.
type webAction struct {
	Type, URL, Pattern string
	Queries            []string
}

// webSearchView is a web action as Codex words it: a search for its
// query, every query of a search that ran several, the page it opened,
// or the pattern it looked for in one.
func webSearchView(a webAction) cards.GenericCall {
	v := cards.GenericCall{Title: "Search the web", Kind: cards.KindFetch}
	switch {
	case a.Type == "open_page" && a.URL != "":
		v.Title = "Open " + a.URL
	case a.Type == "find_in_page" && a.URL != "":
		v.Title = "Find '" + a.Pattern + "' in " + a.URL
	case len(a.Queries) == 1:
		v.Title = `Search the web for "` + a.Queries[0] + `"`
	case len(a.Queries) > 1:
		v.Title = `Search the web for "` + a.Queries[0] + `" and ` + textcut.Plural(len(a.Queries)-1, "more query", "more queries")
		v.Content = toolkit.Text(strings.Join(a.Queries, "\n"))
	}
	return v
}

func presentCodexGenericResult(_ json.RawMessage, r producers.Result) (cards.ResultView, error) {
	return producers.GenericResult(r), nil
}

// codexOutcomes are the outputs Codex gives the model for a call the user
// declined, a policy refused or the sandbox denied (codex-rs normalises a
// human denial to exactly the first two), and the errors codex-rs returns
// to the model in a tool's place (FunctionCallError::RespondToModel): a
// patch that does not apply, a call of a tool it does not have, arguments
// it cannot parse, a session that is gone.
var codexOutcomes = []producers.OutcomeRule{
	{Outcome: cards.OutcomeRejected, Text: "exec command rejected by user", Anywhere: false},
	{Outcome: cards.OutcomeRejected, Text: "patch rejected by user", Anywhere: false},
	{Outcome: cards.OutcomeDenied, Text: "This action was rejected due to unacceptable risk", Anywhere: false},
	{Outcome: cards.OutcomeDenied, Text: "sandbox denied", Anywhere: true},
	{Outcome: cards.OutcomeFailed, Text: "apply_patch verification failed: ", Anywhere: false},
	{Outcome: cards.OutcomeFailed, Text: "invalid patch: ", Anywhere: false},
	{Outcome: cards.OutcomeFailed, Text: "unsupported call: ", Anywhere: false},
	{Outcome: cards.OutcomeFailed, Text: "unsupported custom tool call: ", Anywhere: false},
	{Outcome: cards.OutcomeFailed, Text: "failed to parse function arguments", Anywhere: false},
	{Outcome: cards.OutcomeFailed, Text: "exec_command failed: ", Anywhere: false},
	{Outcome: cards.OutcomeFailed, Text: "write_stdin failed: ", Anywhere: false},
	{Outcome: cards.OutcomeFailed, Text: "Unknown process id ", Anywhere: false},
}

// codexAborted is what codex-rs gives the model for a call a turn abort
// cut off; only the whole output counts, as "aborted" may start any.
func codexAborted(text string) bool {
	return text == "aborted" || strings.HasPrefix(text, "aborted by user")
}

// Outcome is the outcome of a Codex call from the output the model
// got (its text once unwrapped from the {"output", "metadata"} form) and
// its end event in the meta: a rejection, a denial or an abort as
// codex-rs words them; failed or interrupted for a code-mode script
// that failed or was terminated; rejected when the end event or item
// says the user declined it; failed when the result is an error, the
// output states a non-zero exit code or the end event says the call did
// not succeed (a patch that did not apply); else done. A command's exit
// status is its terminal result's, which the card reads itself.
func Outcome(r producers.Result) cards.Outcome {
	if outcome := codeModeOutcome(toolkit.FirstText(r.Content)); outcome != cards.OutcomeDone {
		return outcome
	}
	exec := parseExecOutput(toolkit.FirstText(r.Content))
	output := strings.TrimSpace(exec.output)
	if codexAborted(output) {
		return cards.OutcomeInterrupted
	}
	unwrapped := producers.Result{Content: toolkit.Text(output), IsError: r.IsError, Error: r.Error}
	if outcome := producers.OutcomeOf(unwrapped, codexOutcomes); outcome != cards.OutcomeDone {
		return outcome
	}
	var end struct {
		Success *bool   `json:"success"`
		Status  *string `json:"status"`
	}
	hasEnd := producers.HasMeta(r) && fastjson.Unmarshal(r.Meta, &end) == nil
	switch {
	case hasEnd && toolkit.ValueOr(end.Status, "") == "declined":
		return cards.OutcomeRejected
	case exec.exitCode != nil && *exec.exitCode != 0 && exec.session == "",
		hasEnd && end.Success != nil && !*end.Success,
		hasEnd && toolkit.ValueOr(end.Status, "") == "failed":
		return cards.OutcomeFailed
	}
	return cards.OutcomeDone
}
