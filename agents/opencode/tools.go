package opencode

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/cardtui/cardtui/agents/internal/toolview"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/toolkit"
	"github.com/cardtui/cardtui/producers"
)

// Tools returns the producers of opencode's built-in tools
// (packages/opencode/src/tool), titled as its TUI's tool lines are: "$
// command", "← Edit path", "→ Read path", `✱ Grep "pattern" (N matches)`…,
// their results drawn from the state's metadata as the TUI draws them.
func Tools() producers.Registry {
	return producers.Registry{
		"bash":      {PresentCall: bashCall, PresentResult: bashResult},
		"edit":      {PresentCall: editCall, PresentResult: editResult},
		"write":     {PresentCall: writeCall, PresentResult: writeResult},
		"read":      {PresentCall: readCall, PresentResult: readResult},
		"grep":      {PresentCall: searchCall("Grep"), PresentResult: searchResult("matches")},
		"glob":      {PresentCall: searchCall("Glob"), PresentResult: searchResult("count")},
		"list":      {PresentCall: titled("→ List", cards.KindRead, "path"), PresentResult: toolview.PlainResult},
		"webfetch":  {PresentCall: titled("% WebFetch", cards.KindFetch, "url"), PresentResult: toolview.PlainResult},
		"websearch": {PresentCall: titled("◈ WebSearch", cards.KindFetch, "query"), PresentResult: toolview.PlainResult},
		"task":      {PresentCall: taskCall, PresentResult: taskResult},
		"todowrite": {PresentCall: todoCall, PresentResult: toolview.QuietResult},
		"todoread":  {PresentCall: titled("⚙ Todo list", cards.KindOther), PresentResult: toolview.PlainResult},
	}
}

// bashCall is the command, with its description and working directory.
func bashCall(raw json.RawMessage) (cards.CallView, error) {
	a, err := toolview.Parse(raw)
	if err != nil {
		return nil, err
	}
	command, err := a.Need("command")
	if err != nil {
		return nil, err
	}
	return toolview.Terminal(command, a.Str("description"), a.Str("workdir")), nil
}

// bashMeta is the metadata of a bash call: its output and exit code.
type bashMeta struct {
	Output *string `json:"output"`
	Exit   *int    `json:"exit"`
}

// bashResult is the output and exit code of the metadata, else the
// output the model got.
func bashResult(raw json.RawMessage, r producers.Result) (cards.ResultView, error) {
	if _, err := toolview.Parse(raw); err != nil {
		return nil, err
	}
	var m bashMeta
	_ = json.Unmarshal(r.Meta, &m)
	output, _ := toolkit.TextOf(r.Content)
	if m.Output != nil {
		output = *m.Output
	}
	return toolview.Output(output, m.Exit), nil
}

// editCall is "← Edit path", the replacement as a diff.
func editCall(raw json.RawMessage) (cards.CallView, error) {
	a, err := toolview.Parse(raw)
	if err != nil {
		return nil, err
	}
	path, err := a.Need("filePath")
	if err != nil {
		return nil, err
	}
	return toolview.Edit("← Edit "+path, path, a.Str("oldString"), a.Str("newString")), nil
}

// fileDiff is the filediff of the edit and write metadata.
type fileDiff struct {
	File   string  `json:"file"`
	Patch  string  `json:"patch"`
	Before *string `json:"before"`
	After  *string `json:"after"`
}

// editResult is the change the metadata records: the file before and
// after, else the hunks of its patch (filediff.patch, or diff), as the
// TUI draws them; else what the model was told.
func editResult(raw json.RawMessage, r producers.Result) (cards.ResultView, error) {
	a, err := toolview.Parse(raw)
	if err != nil {
		return nil, err
	}
	var m struct {
		Diff     string    `json:"diff"`
		FileDiff *fileDiff `json:"filediff"`
	}
	title := "← Edit " + a.Str("filePath")
	_ = json.Unmarshal(r.Meta, &m)
	path := a.Str("filePath")
	switch {
	case r.IsError:
		return toolview.Plain(r), nil
	case m.FileDiff != nil && m.FileDiff.Before != nil && m.FileDiff.After != nil:
		return toolview.Change(title, path, *m.FileDiff.Before, *m.FileDiff.After), nil
	case m.FileDiff != nil && m.FileDiff.Patch != "":
		m.Diff = m.FileDiff.Patch
	}
	if v, ok := toolview.Patch(title, path, m.Diff); ok {
		return v, nil
	}
	if m.Diff != "" {
		return cards.GenericResult{Title: title, Content: toolkit.Code("diff", m.Diff)}, nil
	}
	return toolview.Plain(r), nil
}

// writeCall is "← Write path", the content as a diff.
func writeCall(raw json.RawMessage) (cards.CallView, error) {
	a, err := toolview.Parse(raw)
	if err != nil {
		return nil, err
	}
	path, err := a.Need("filePath")
	if err != nil {
		return nil, err
	}
	return toolview.Write("← Write "+path, path, a.Str("content"), false), nil
}

// writeResult says whether the file was created or overwritten (the
// metadata's exists), with what the model was told.
func writeResult(raw json.RawMessage, r producers.Result) (cards.ResultView, error) {
	var m struct {
		Exists *bool `json:"exists"`
	}
	if r.IsError || json.Unmarshal(r.Meta, &m) != nil || m.Exists == nil {
		return toolview.Plain(r), nil
	}
	word := "Created"
	if *m.Exists {
		word = "Overwrote"
	}
	text, _ := toolkit.TextOf(r.Content)
	return cards.GenericResult{Title: word, Content: toolkit.Text(text)}, nil
}

// readCall is "→ Read path [offset=N, limit=N]".
func readCall(raw json.RawMessage) (cards.CallView, error) {
	a, err := toolview.Parse(raw)
	if err != nil {
		return nil, err
	}
	path, err := a.Need("filePath")
	if err != nil {
		return nil, err
	}
	return toolview.Generic("→ Read "+path+keyValues(a, "offset", "limit"), cards.KindRead, path), nil
}

// keyValues is " [k=v, …]" for the number arguments given.
func keyValues(a toolview.Args, keys ...string) string {
	var kv []string
	for _, k := range keys {
		if n := a.Int(k); n != nil {
			kv = append(kv, fmt.Sprintf("%s=%d", k, *n))
		}
	}
	if len(kv) == 0 {
		return ""
	}
	return " [" + strings.Join(kv, ", ") + "]"
}

// readResult is the window the metadata's display records, numbered,
// else what the model was told.
func readResult(raw json.RawMessage, r producers.Result) (cards.ResultView, error) {
	var m struct {
		Display *struct {
			Path       string `json:"path"`
			Text       string `json:"text"`
			LineStart  int    `json:"lineStart"`
			TotalLines int    `json:"totalLines"`
		} `json:"display"`
	}
	if r.IsError || json.Unmarshal(r.Meta, &m) != nil || m.Display == nil || m.Display.Path == "" {
		return toolview.Plain(r), nil
	}
	d := m.Display
	return toolview.Read(d.Path, max(d.LineStart, 1), d.Text, d.TotalLines), nil
}

// searchCall is `✱ Name "pattern" in path`.
func searchCall(name string) func(json.RawMessage) (cards.CallView, error) {
	return func(raw json.RawMessage) (cards.CallView, error) {
		a, err := toolview.Parse(raw)
		if err != nil {
			return nil, err
		}
		pattern, err := a.Need("pattern")
		if err != nil {
			return nil, err
		}
		title := "✱ " + name + " " + toolview.Quote(pattern)
		if p := a.Str("path"); p != "" {
			title += " in " + p
		}
		return toolview.Generic(title, cards.KindSearch), nil
	}
}

// searchResult titles the output with the number of matches the
// metadata counts under key.
func searchResult(key string) func(json.RawMessage, producers.Result) (cards.ResultView, error) {
	return func(_ json.RawMessage, r producers.Result) (cards.ResultView, error) {
		var m map[string]json.RawMessage
		var n int
		if r.IsError || json.Unmarshal(r.Meta, &m) != nil || json.Unmarshal(m[key], &n) != nil {
			return toolview.Plain(r), nil
		}
		text, _ := toolkit.TextOf(r.Content)
		return cards.GenericResult{Title: fmt.Sprintf("%d matches", n), Content: toolkit.Text(text)}, nil
	}
}

// titled is "<title> <the first of keys given>".
func titled(title string, kind cards.ToolCallKind, keys ...string) func(json.RawMessage) (cards.CallView, error) {
	return func(raw json.RawMessage) (cards.CallView, error) {
		a, err := toolview.Parse(raw)
		if err != nil {
			return nil, err
		}
		if v := a.Str(keys...); v != "" {
			title += " " + v
		}
		return cards.GenericCall{Title: title, Kind: kind, RawInput: raw}, nil
	}
}

// taskCall is "◉ <agent> Task <description>", its prompt below.
func taskCall(raw json.RawMessage) (cards.CallView, error) {
	a, err := toolview.Parse(raw)
	if err != nil {
		return nil, err
	}
	title := "◉ Task " + a.Str("description")
	if agent := a.Str("subagent_type"); agent != "" {
		title = "◉ " + agent + " Task " + a.Str("description")
	}
	return cards.GenericCall{Title: title, Kind: cards.KindOther, Content: toolkit.Text(a.Str("prompt"))}, nil
}

// taskResult is the sub-agent's answer, in Markdown, without the
// <task id=… state=…><task_result> wrapper opencode hands its model.
func taskResult(_ json.RawMessage, r producers.Result) (cards.ResultView, error) {
	text, _ := toolkit.TextOf(r.Content)
	if _, inner, ok := strings.Cut(text, "<task_result>"); ok {
		if answer, _, ok := strings.Cut(inner, "</task_result>"); ok {
			r.Content = toolkit.Text(strings.TrimSpace(answer))
		}
	}
	return toolview.MarkdownResult(nil, r)
}

// todoCall is the list todowrite writes, as a checklist.
func todoCall(raw json.RawMessage) (cards.CallView, error) {
	todos, _, err := producers.ParseTodos(raw)
	if err != nil {
		var loose struct {
			Todos []struct{ Content, Status string } `json:"todos"`
		}
		if json.Unmarshal(raw, &loose) != nil {
			return nil, err
		}
		todos = nil
		for _, t := range loose.Todos {
			todos = append(todos, producers.Todo{Content: t.Content, Status: t.Status})
		}
	}
	return toolview.Todos("⚙ Todos", todos), nil
}
