package acp

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/cardtui/cardtui/agents/internal/toolview"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/lazyregexp"
)

// The adapters of the agents people use send a command without a
// terminal: codex-acp its exec event (a "command" array, "cwd",
// "parsed_cmd") and result ("aggregated_output", "exit_code",
// "duration"), opencode its bash tool's input ("command") and output
// ("output", "metadata.exit"). shellCommand and commandResult read them,
// so that such a call is a terminal card with its exit status.

// shellCommand is the command line and working directory a raw input
// names, "" when it names none.
func shellCommand(raw json.RawMessage) (command, cwd string) {
	var in struct {
		Command json.RawMessage `json:"command"`
		Cmd     json.RawMessage `json:"cmd"` // codex's exec_command, replayed by session/load
		Cwd     string          `json:"cwd"`
		Dir     string          `json:"dir_path"`
		Workdir string          `json:"workdir"`
	}
	if json.Unmarshal(raw, &in) != nil {
		return "", ""
	}
	if len(in.Command) == 0 {
		in.Command = in.Cmd
	}
	if len(in.Command) == 0 {
		return "", ""
	}
	var line string
	var argv []string
	switch {
	case json.Unmarshal(in.Command, &line) == nil:
	case json.Unmarshal(in.Command, &argv) == nil && len(argv) > 0:
		line = argvLine(argv)
	}
	return strings.TrimSpace(line), cmpOr(in.Cwd, in.Dir, in.Workdir)
}

// argvLine is an argument vector as a command line: the script of a
// shell's -c or -lc, else the words joined.
func argvLine(argv []string) string {
	if len(argv) == 3 && (argv[1] == "-c" || argv[1] == "-lc") && strings.HasSuffix(argv[0], "sh") {
		return argv[2]
	}
	return strings.Join(argv, " ")
}

// cmpOr is the first non-empty string.
func cmpOr(s ...string) string {
	for _, v := range s {
		if v != "" {
			return v
		}
	}
	return ""
}

// commandOutcome is what a raw output says of a command that ran: its
// output, exit code and duration, as far as known.
type commandOutcome struct {
	output   string
	known    bool // output was found
	exitCode *int
	duration string
}

// commandResult reads a command's raw output: codex-acp's exec end event
// or opencode's bash result, or a plain string.
func commandResult(raw json.RawMessage) commandOutcome {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return exitLine(s)
	}
	var out struct {
		Aggregated *string         `json:"aggregated_output"`
		Output     *string         `json:"output"`
		Stdout     *string         `json:"stdout"`
		ExitCode   *int            `json:"exit_code"`
		Duration   json.RawMessage `json:"duration"`
		Metadata   *struct {
			Exit *int `json:"exit"`
		} `json:"metadata"`
	}
	if json.Unmarshal(raw, &out) != nil {
		return commandOutcome{}
	}
	r := commandOutcome{exitCode: out.ExitCode, duration: durationText(out.Duration)}
	for _, o := range []*string{out.Aggregated, out.Output, out.Stdout} {
		if o != nil {
			r.output, r.known = *o, true
			break
		}
	}
	if r.exitCode == nil && out.Metadata != nil {
		r.exitCode = out.Metadata.Exit
	}
	return r
}

// exitPrefix is the line Claude Code puts before a failed command's
// output: "Exit code 2".
var exitPrefix = lazyregexp.New(`\AExit code (\d+)\n`)

// codexExec is the output of Codex's exec_command as its model reads it,
// which codex-acp's session/load replays as a call's raw output: a
// header with the wall time and the exit code, then "Output:" and the
// output.
var codexExec = lazyregexp.New(`\A(?:Chunk ID: [^\n]*\n)?Wall time: ([0-9.]+) seconds\nProcess exited with code (\d+)\n(?:Original token count: \d+\n)?Output:\n`)

// exitLine is a command's output as a string: Claude Code's "Exit code
// N" line, when it starts with one, is its exit code; Codex's exec
// header gives its exit code and duration.
func exitLine(s string) commandOutcome {
	if m := codexExec().FindStringSubmatch(s); m != nil {
		code, err := strconv.Atoi(m[2])
		if err == nil {
			return commandOutcome{output: s[len(m[0]):], known: true, exitCode: &code, duration: durationText(json.RawMessage(m[1]))}
		}
	}
	m := exitPrefix().FindStringSubmatch(s)
	if m == nil {
		return commandOutcome{output: s, known: true}
	}
	code, err := strconv.Atoi(m[1])
	if err != nil {
		return commandOutcome{output: s, known: true}
	}
	return commandOutcome{output: s[len(m[0]):], known: true, exitCode: &code}
}

// durationText is a duration as codex writes it ({"secs","nanos"}, or a
// number of seconds), in words; "" when there is none.
func durationText(raw json.RawMessage) string {
	var d struct {
		Secs  float64 `json:"secs"`
		Nanos float64 `json:"nanos"`
	}
	var secs float64
	switch {
	case len(raw) == 0:
		return ""
	case json.Unmarshal(raw, &d) == nil:
		secs = d.Secs + d.Nanos/1e9
	case json.Unmarshal(raw, &secs) == nil:
	default:
		return ""
	}
	if secs < 1 {
		return fmt.Sprintf("took %d ms", int(secs*1000))
	}
	return "took " + strconv.FormatFloat(secs, 'f', 1, 64) + " s"
}

// fence is a text that is one fenced code block, as claude-agent-acp and
// codex-acp wrap a file or a command's output.
var fence = lazyregexp.New("(?s)\\A(`{3,})([\\w+#.-]*)\\n(.*?)\\n?(`{3,})\\n?\\z")

// unfence is a text without the fence around it, and the fence's
// language; a text that is not one fenced block is returned as it is.
func unfence(text string) (string, string) {
	m := fence().FindStringSubmatch(text)
	if m == nil || m[1] != m[4] {
		return text, ""
	}
	return m[3], m[2]
}

// reminder is a <system-reminder> block: Claude Code's notes to the
// model in a tool's result, which its own UI never shows.
var reminder = lazyregexp.New(`(?s)\n*<system-reminder>.*?</system-reminder>\n*`)

// withoutReminders is text without its <system-reminder> blocks.
func withoutReminders(text string) string {
	if !strings.Contains(text, "<system-reminder>") {
		return text
	}
	return strings.TrimRight(reminder().ReplaceAllString(text, "\n"), "\n") + "\n"
}

// toolText is a tool call's text content as a card shows it: without the
// fence around it (its language kept) and without Claude Code's
// reminders.
func toolText(text string) cards.TextBlock {
	body, lang := unfence(withoutReminders(text))
	if lang == "console" || lang == "sh" {
		lang = ""
	}
	return cards.TextBlock{Text: body, Lang: lang}
}

// readableDepth bounds how deep readable lists nested values.
const readableDepth = 6

// readableBlock shows a raw value as text a person reads: a string as it
// is, an object as "key: value" lines (a multi-line string indented
// under its key), never as escaped JSON.
func readableBlock(raw json.RawMessage) cards.ContentBlock {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return cards.TextBlock{Text: string(raw)}
	}
	if s, ok := v.(string); ok {
		return toolText(s)
	}
	var b strings.Builder
	writeReadable(&b, v, "", 0)
	return cards.TextBlock{Text: strings.TrimRight(b.String(), "\n")}
}

// writeReadable writes v's lines, indented.
func writeReadable(b *strings.Builder, v any, indent string, depth int) {
	switch v := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			writeField(b, k, v[k], indent, depth)
		}
	case []any:
		for _, e := range v {
			writeField(b, "-", e, indent, depth)
		}
	default:
		b.WriteString(indent + scalarText(v) + "\n")
	}
}

// writeField writes one key (or "-" for a list element) and its value.
func writeField(b *strings.Builder, key string, v any, indent string, depth int) {
	label := key + ":"
	if key == "-" {
		label = "-"
	}
	switch e := v.(type) {
	case map[string]any, []any:
		if depth >= readableDepth {
			compact, _ := json.Marshal(e)
			b.WriteString(indent + label + " " + string(compact) + "\n")
			return
		}
		b.WriteString(indent + label + "\n")
		writeReadable(b, e, indent+"  ", depth+1)
	case string:
		if strings.Contains(e, "\n") {
			b.WriteString(indent + label + "\n")
			for _, line := range strings.Split(strings.TrimRight(e, "\n"), "\n") {
				b.WriteString(indent + "  " + line + "\n")
			}
			return
		}
		b.WriteString(indent + label + " " + e + "\n")
	default:
		b.WriteString(indent + label + " " + scalarText(e) + "\n")
	}
}

// scalarText is a JSON scalar as text.
func scalarText(v any) string {
	if v == nil {
		return "null"
	}
	if s, ok := v.(string); ok {
		return s
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// recordedHunks are the hunks of the unified diff a raw output carries
// (opencode's metadata.diff: the edit with its context and line numbers,
// where the diff content has only the changed snippet), as FileDiffs of
// path; nil when there is none or it does not parse.
func recordedHunks(raw json.RawMessage, path string) []cards.FileDiff {
	var out struct {
		Metadata struct {
			Diff string `json:"diff"`
		} `json:"metadata"`
	}
	if json.Unmarshal(raw, &out) != nil || out.Metadata.Diff == "" {
		return nil
	}
	return toolview.PatchHunks(path, out.Metadata.Diff)
}
