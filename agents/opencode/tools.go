package opencode

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/cardtui/cardtui/agents/internal/toolview"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/lazyregexp"
	"github.com/cardtui/cardtui/internal/toolkit"
	"github.com/cardtui/cardtui/producers"
)

// Tools returns the producers of opencode's built-in tools
// (packages/opencode/src/tool), titled as its TUI's tool lines are but
// without the icon the card draws itself: "Edit path", "Read path",
// `Grep "pattern"`…, their results drawn from the state's metadata as the
// TUI draws them.
func Tools() producers.Registry {
	return producers.Registry{
		"bash":        {PresentCall: toolview.On("command", bashCall), PresentResult: bashResult},
		"edit":        {PresentCall: toolview.On("filePath", editCall), PresentResult: editResult},
		"write":       {PresentCall: toolview.On("filePath", writeCall), PresentResult: writeResult},
		"read":        {PresentCall: toolview.On("filePath", readCall), PresentResult: readResult},
		"grep":        {PresentCall: searchCall("Grep"), PresentResult: searchResult("matches")},
		"glob":        {PresentCall: searchCall("Glob"), PresentResult: searchResult("count")},
		"list":        {PresentCall: toolview.Titled("List", cards.KindRead, "path"), PresentResult: toolview.PlainResult},
		"webfetch":    {PresentCall: toolview.Titled("WebFetch", cards.KindFetch, "url"), PresentResult: toolview.PlainResult},
		"websearch":   {PresentCall: toolview.Titled("WebSearch", cards.KindFetch, "query"), PresentResult: toolview.PlainResult},
		"task":        {PresentCall: taskCall, PresentResult: taskResult},
		"todowrite":   {PresentCall: todoCall, PresentResult: toolview.QuietResult},
		"apply_patch": {PresentCall: toolview.PatchOn("patchText"), PresentResult: patchResult},
		"question":    {PresentCall: questionCall, PresentResult: questionResult},
		"todoread":    {PresentCall: toolview.Titled("Todo list", cards.KindOther), PresentResult: toolview.PlainResult},
	}
}

// bashCall is the command, with its description and working directory.
func bashCall(a toolview.Args, command string) cards.CallView {
	return toolview.Terminal(command, a.Str("description"), a.Str("workdir"))
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

// editCall is "Edit path", the replacement as a diff.
func editCall(a toolview.Args, path string) cards.CallView {
	return toolview.Edit("Edit "+path, path, a.Str("oldString"), a.Str("newString"))
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
	title := "Edit " + a.Str("filePath")
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

// writeCall is "Write path", the content as a diff.
func writeCall(a toolview.Args, path string) cards.CallView {
	return toolview.Write("Write "+path, path, a.Str("content"), false)
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

// readCall is "Read path [offset=N, limit=N]".
func readCall(a toolview.Args, path string) cards.CallView {
	return toolview.Generic("Read "+path+keyValues(a, "offset", "limit"), cards.KindRead, path)
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
	if r.IsError {
		return toolview.Plain(r), nil
	}
	if json.Unmarshal(r.Meta, &m) != nil || m.Display == nil || m.Display.Path == "" {
		return wrappedRead(r), nil
	}
	d := m.Display
	return toolview.Read(d.Path, max(d.LineStart, 1), d.Text, d.TotalLines), nil
}

// wrappedFile is the output of a read of a file when the metadata has no
// display (opencode 1.15): "<path>P</path>", "<type>file</type>", then
// "<content>" with lines "N: text" and a note of the lines shown before
// "</content>".
var wrappedFile = lazyregexp.New(`(?s)^<path>([^\n]*)</path>\n<type>file</type>\n<content>\n(.*?)\n*(?:\((?:Showing lines \d+-\d+ of (\d+)|End of file - total (\d+) lines)[^\n]*\)\n)?</content>\s*$`)

// numberedLine is a line of wrappedFile's content.
var numberedLine = lazyregexp.New(`^(\d+): ?(.*)$`)

// wrappedRead is the read card of a wrappedFile output; the output as it
// is when it has another shape.
func wrappedRead(r producers.Result) cards.ResultView {
	text, rest := toolkit.TextOf(r.Content)
	m := wrappedFile().FindStringSubmatch(text)
	if m == nil || len(rest) > 0 {
		return toolview.Plain(r)
	}
	if m[2] == "" { // an empty file
		return cards.ReadResult{Path: m[1], Offset: 1}
	}
	var lines []string
	first := 0
	for line := range strings.SplitSeq(m[2], "\n") {
		n := numberedLine().FindStringSubmatch(line)
		if n == nil {
			return toolview.Plain(r)
		}
		if first == 0 {
			first, _ = strconv.Atoi(n[1])
		}
		lines = append(lines, n[2])
	}
	total, _ := strconv.Atoi(m[3] + m[4])
	return toolview.Read(m[1], max(first, 1), strings.Join(lines, "\n"), total)
}

// searchCall is `Name "pattern" in path`.
func searchCall(name string) toolview.CallFunc {
	return toolview.On("pattern", func(a toolview.Args, pattern string) cards.CallView {
		title := name + " " + toolview.Quote(pattern)
		if p := a.Str("path"); p != "" {
			title += " in " + p
		}
		return toolview.Generic(title, cards.KindSearch)
	})
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

// taskCall is "Task <agent>: <description>", its prompt below.
func taskCall(raw json.RawMessage) (cards.CallView, error) {
	a, err := toolview.Parse(raw)
	if err != nil {
		return nil, err
	}
	title := "Task " + a.Str("description")
	if agent := a.Str("subagent_type"); agent != "" {
		title = "Task " + agent + ": " + a.Str("description")
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
	return toolview.Todos("Todos", todos), nil
}
