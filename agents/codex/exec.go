package codex

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/cardtui/cardtui/agents/internal/applypatch"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/toolkit"
	"github.com/cardtui/cardtui/producers"
	"github.com/cardtui/cardtui/replay"
)

// `codex exec --json` prints a turn as JSON lines (codex-rs's
// exec/src/exec_events.rs, the ThreadEvent of @openai/codex-sdk), which
// ExecFormat reads, from a file or live from a pipe:
//
//	line                                  shown as
//	thread.started {thread_id}            notice: the thread
//	turn.started                          skipped: the next items say it
//	item.started / item.updated /         the item, once per id, updated in place:
//	  item.completed {item}
//	    agent_message {text}              the assistant's message
//	    reasoning {text}                  reasoning
//	    command_execution {command,       terminal card: the command (its `bash -lc` script), then its
//	      aggregated_output, exit_code,     output and exit code; running until completed, failed or declined
//	      status}
//	    file_change {changes: [{path,     edit card naming each file (A, M, D as apply_patch says them); the
//	      kind}], status}                   stream has no diff
//	    mcp_tool_call {server, tool,      the tool's card (server__tool), its result or error
//	      arguments, result, error,
//	      status}
//	    web_search {query}                web search card
//	    todo_list {items: [{text,         the plan as a checklist, updated as it changes
//	      completed}]}
//	    error {message}                   notice (Codex's warnings come as these)
//	    anything else                     counted as item.completed/<type>
//	turn.completed {usage}                notice: the turn's tokens, as `codex exec` prints them
//	turn.failed {error}, error {message}  notice

// execLineTypes are the types of the lines of `codex exec --json`.
var execLineTypes = []string{
	"thread.started", "turn.started", "turn.completed", "turn.failed",
	"item.started", "item.updated", "item.completed", "error",
}

// ExecFormat is the output of `codex exec --json`: one event per line,
// the first thread.started.
var ExecFormat = replay.Format{
	Name:   "codex-exec",
	Detect: isExecLine,
	Expect: "codex-exec: thread.started, turn.*, item.*",
	NewDecoder: func(extra producers.Registry) replay.Decoder {
		d := &execStream{tools: Tools(), items: map[string]*execItemState{}}
		maps.Copy(d.tools, extra)
		return d
	},
}

// isExecLine reports whether a first line is one of `codex exec --json`'s:
// thread.started, turn.* or item.* ("error" is any format's word).
func isExecLine(head map[string]json.RawMessage, typ string) bool {
	switch {
	case typ == "thread.started":
		_, ok := head["thread_id"]
		return ok
	case strings.HasPrefix(typ, "item."):
		_, ok := head["item"]
		return ok && slices.Contains(execLineTypes, typ)
	}
	return typ != "error" && slices.Contains(execLineTypes, typ)
}

// execStream decodes the lines of `codex exec --json`.
type execStream struct {
	tools producers.Registry
	items map[string]*execItemState
}

// execItemState is what is known of an item id: the index of its card.
type execItemState struct {
	index int
}

// execLine is a line of the stream, of any type.
type execLine struct {
	Type     *string         `json:"type"`
	ThreadID string          `json:"thread_id"`
	Item     json.RawMessage `json:"item"`
	Usage    *execUsage      `json:"usage"`
	Error    *struct {
		Message string `json:"message"`
	} `json:"error"`
	Message string `json:"message"`
}

// execUsage is a turn's token usage.
type execUsage struct {
	InputTokens           int64 `json:"input_tokens"`
	CachedInputTokens     int64 `json:"cached_input_tokens"`
	OutputTokens          int64 `json:"output_tokens"`
	ReasoningOutputTokens int64 `json:"reasoning_output_tokens"`
}

// DecodeLine decodes one line as one event (replay.ApplyObject).
func (d *execStream) DecodeLine(t *replay.Transcript, l replay.Line) {
	replay.ApplyObject(t, l, d.decode)
}

func (d *execStream) decode(t *replay.Transcript, l execLine) error {
	if l.Type == nil {
		return errors.New(`missing field "type"`)
	}
	switch *l.Type {
	case "thread.started":
		t.AddNotice("Codex exec thread " + l.ThreadID)
	case "turn.completed":
		d.turnCompleted(t, l.Usage)
	case "turn.failed":
		message := ""
		if l.Error != nil {
			message = l.Error.Message
		}
		t.AddNotice("The turn failed: " + strings.TrimSpace(message))
	case "error":
		t.AddNotice("Error: " + strings.TrimSpace(l.Message))
	case "item.started", "item.updated", "item.completed":
		return d.item(t, *l.Type, l.Item)
	default:
		t.AddSkipped(*l.Type)
	}
	return nil
}

// turnCompleted says what the turn used, as `codex exec` prints it.
func (d *execStream) turnCompleted(t *replay.Transcript, u *execUsage) {
	if u == nil {
		t.AddSkipped("turn.completed")
		return
	}
	t.AddNotice(fmt.Sprintf("Turn completed: %d input tokens (%d cached), %d output tokens (%d reasoning)",
		u.InputTokens, u.CachedInputTokens, u.OutputTokens, u.ReasoningOutputTokens))
}

// execItem is an item of the stream, of any type.
type execItem struct {
	ID               *string         `json:"id"`
	Type             *string         `json:"type"`
	Text             string          `json:"text"`
	Message          string          `json:"message"`
	Command          string          `json:"command"`
	AggregatedOutput string          `json:"aggregated_output"`
	ExitCode         *int            `json:"exit_code"`
	Status           string          `json:"status"`
	Changes          []execChange    `json:"changes"`
	Server           string          `json:"server"`
	Tool             string          `json:"tool"`
	Arguments        json.RawMessage `json:"arguments"`
	Result           *struct {
		Content json.RawMessage `json:"content"`
	} `json:"result"`
	Error *struct {
		Message string `json:"message"`
	} `json:"error"`
	Query string `json:"query"`
	Items []struct {
		Text      string `json:"text"`
		Completed bool   `json:"completed"`
	} `json:"items"`
}

// execChange is one file of a file_change item.
type execChange struct {
	Path string `json:"path"`
	Kind string `json:"kind"`
}

// item applies an item event: the item's entry is made when it is first
// seen and replaced as it changes.
func (d *execStream) item(t *replay.Transcript, event string, raw json.RawMessage) error {
	payload, err := payloadObject(raw)
	if err != nil {
		return errors.New(strings.Replace(err.Error(), `"payload"`, `"item"`, 1))
	}
	var it execItem
	if err := json.Unmarshal(payload, &it); err != nil {
		var typeErr *json.UnmarshalTypeError
		if errors.As(err, &typeErr) {
			return replay.TypeError(typeErr, "item."+typeErr.Field)
		}
		return err
	}
	switch {
	case it.Type == nil:
		return errors.New(`missing field "item.type"`)
	case it.ID == nil:
		return errors.New(`missing field "item.id"`)
	}
	done := event == "item.completed"
	switch *it.Type {
	case "agent_message":
		d.message(t, event, it, done, cards.RoleAssistant)
		return nil
	case "reasoning":
		d.message(t, event, it, done, cards.RoleReasoning)
		return nil
	case "error":
		if done {
			t.AddNotice("Error: " + strings.TrimSpace(it.Message))
		}
		return nil
	case "command_execution", "file_change", "mcp_tool_call", "web_search", "todo_list":
		d.card(t, it, done)
		return nil
	}
	t.AddSkipped(event + "/" + *it.Type)
	return nil
}

// message shows a message item once it is completed.
func (d *execStream) message(t *replay.Transcript, event string, it execItem, done bool, role cards.Role) {
	if !done || isBlank(it.Text) {
		t.AddSkipped(event + "/" + *it.Type)
		return
	}
	t.PutMessage(role, it.Text)
}

// card makes or updates the card of a tool item.
func (d *execStream) card(t *replay.Transcript, it execItem, done bool) {
	id := *it.ID
	tool, call, result, outcome := execViews(d.tools, it)
	s := d.items[id]
	if s == nil {
		s = &execItemState{index: t.PutCall(id, tool, call)}
		d.items[id] = s
	} else {
		t.SetCall(s.index, tool, call)
	}
	if done || it.Type != nil && *it.Type == "todo_list" && result != nil {
		t.SetResult(s.index, result, outcome)
	}
}

// execViews are the tool name, views and outcome of a tool item.
func execViews(tools producers.Registry, it execItem) (string, cards.CallView, cards.ResultView, cards.Outcome) {
	outcome := execOutcome(it.Status)
	switch *it.Type {
	case "command_execution":
		r := cards.TerminalResult{Output: it.AggregatedOutput, ExitCode: it.ExitCode}
		return "exec_command", cards.TerminalCall{Title: execCommandLine(it.Command)}, r, outcome
	case "file_change":
		return "apply_patch", fileChangeCall(it.Changes), cards.GenericResult{}, outcome
	case "web_search":
		args, _ := json.Marshal(map[string]string{"query": it.Query})
		call, _ := tools.Present("web_search", args)
		return "web_search", call, cards.GenericResult{Content: toolkit.Text("The search results went to the model; the stream does not record them.")}, outcome
	case "todo_list":
		var todos []producers.Todo
		for _, item := range it.Items {
			status := "pending"
			if item.Completed {
				status = "completed"
			}
			todos = append(todos, producers.Todo{Content: item.Text, Status: status})
		}
		return "update_plan", cards.GenericCall{Title: "Update plan", Kind: cards.KindThink},
			cards.GenericResult{Content: toolkit.Markdown(producers.Checklist(todos))}, cards.OutcomeDone
	}
	name := it.Server + "__" + it.Tool
	call, _ := tools.Present(name, it.Arguments)
	r := producers.Result{}
	if it.Result != nil {
		r.Content, _ = producers.DecodeContent(it.Result.Content)
	}
	if it.Error != nil {
		r.IsError, r.Error = true, it.Error.Message
	}
	return name, call, tools.Result(name, it.Arguments, r), outcome
}

// execOutcome is the outcome of an item's status: failed, declined (the
// user refused it) or, otherwise, done.
func execOutcome(status string) cards.Outcome {
	switch status {
	case "failed":
		return cards.OutcomeFailed
	case "declined":
		return cards.OutcomeRejected
	}
	return cards.OutcomeDone
}

// fileChangeCall names the files of a file_change item, a line each, as
// apply_patch reports them (A, M, D).
func fileChangeCall(changes []execChange) cards.GenericCall {
	files := make([]applypatch.File, 0, len(changes))
	lines := make([]string, 0, len(changes))
	v := cards.GenericCall{Kind: cards.KindEdit}
	for _, c := range changes {
		files = append(files, applypatch.File{Op: c.Kind, Path: c.Path})
		lines = append(lines, map[string]string{"add": "A ", "delete": "D ", "update": "M "}[c.Kind]+c.Path)
	}
	if len(files) == 0 {
		v.Title = "Edit files"
		return v
	}
	v.Title, v.Content = patchTitle(files), toolkit.Text(strings.Join(lines, "\n"))
	return v
}

// execCommandLine is the script of a command `codex exec` prints as a
// shell command line, "/bin/bash -lc 'script'", else the line as it is.
func execCommandLine(line string) string {
	words, ok := shellWords(line)
	if !ok || len(words) == 0 {
		return line
	}
	return commandLine(words)
}

// shellWords splits a command line as a POSIX shell does its words: single
// quotes keep everything, double quotes let a backslash escape " \ $ `;
// ok is false when a quote is not closed.
func shellWords(line string) ([]string, bool) {
	var words []string
	var word strings.Builder
	inWord := false
	for i := 0; i < len(line); i++ {
		switch ch := line[i]; ch {
		case ' ', '\t', '\n':
			if inWord {
				words, inWord = append(words, word.String()), false
				word.Reset()
			}
		case '\'':
			end := strings.IndexByte(line[i+1:], '\'')
			if end < 0 {
				return nil, false
			}
			word.WriteString(line[i+1 : i+1+end])
			i, inWord = i+1+end, true
		case '"':
			j := i + 1
			for ; j < len(line) && line[j] != '"'; j++ {
				if line[j] == '\\' && j+1 < len(line) && strings.IndexByte("\"\\$`", line[j+1]) >= 0 {
					j++
				}
				word.WriteByte(line[j])
			}
			if j >= len(line) {
				return nil, false
			}
			i, inWord = j, true
		case '\\':
			if i+1 < len(line) {
				i++
				word.WriteByte(line[i])
			}
			inWord = true
		default:
			word.WriteByte(ch)
			inWord = true
		}
	}
	if inWord {
		words = append(words, word.String())
	}
	return words, true
}
