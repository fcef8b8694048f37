package gemini

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

// Tools returns the producers of Gemini CLI's built-in tools, by the
// names its chats record (packages/core/src/tools/tool-names.ts). A card
// is titled as Gemini CLI's tool line is: the tool's display name and
// its invocation's description.
func Tools() producers.Registry {
	return producers.Registry{
		"run_shell_command":   {PresentCall: toolview.On("command", shellCall), PresentResult: shellResult},
		"replace":             {PresentCall: toolview.On("file_path", editCall), PresentResult: diffResult("Edit")},
		"write_file":          {PresentCall: toolview.On("file_path", writeCall), PresentResult: diffResult("WriteFile")},
		"read_file":           {PresentCall: readCall, PresentResult: readResult},
		"read_many_files":     {PresentCall: toolview.Titled("ReadManyFiles", cards.KindRead, "include", "paths"), PresentResult: display},
		"list_directory":      {PresentCall: toolview.Titled("ReadFolder", cards.KindRead, "dir_path", "path"), PresentResult: display},
		"glob":                {PresentCall: toolview.Titled("FindFiles", cards.KindSearch, "pattern"), PresentResult: display},
		"grep_search":         {PresentCall: toolview.Titled("SearchText", cards.KindSearch, "pattern"), PresentResult: grepResult},
		"search_file_content": {PresentCall: toolview.Titled("SearchText", cards.KindSearch, "pattern"), PresentResult: grepResult},
		"web_fetch":           {PresentCall: toolview.Titled("WebFetch", cards.KindFetch, "prompt", "url"), PresentResult: toolview.MarkdownResult},
		"google_web_search":   {PresentCall: toolview.Titled("GoogleSearch", cards.KindFetch, "query"), PresentResult: toolview.MarkdownResult},
		"save_memory":         {PresentCall: toolview.Titled("SaveMemory", cards.KindOther, "fact"), PresentResult: display},
		"write_todos":         {PresentCall: todosCall, PresentResult: toolview.QuietResult},
		"ask_user":            {PresentCall: askCall, PresentResult: askResult},
	}
}

// shellCall is "Shell <command> [in <dir>] (<description>)".
func shellCall(a toolview.Args, command string) cards.CallView {
	return toolview.Terminal(command, a.Str("description"), a.Str("dir_path", "directory"))
}

// exitLine is the exit code line of the shell tool's output for the model.
var exitLine = lazyregexp.New(`(?m)^Exit Code: (-?\d+)\s*$`)

// shellResult is the output the UI showed (resultDisplay), with the exit
// code the model was told.
func shellResult(raw json.RawMessage, r producers.Result) (cards.ResultView, error) {
	if _, err := toolview.Parse(raw); err != nil {
		return nil, err
	}
	text, _ := toolkit.TextOf(r.Content)
	output := displayString(r.Meta, text)
	var exit *int
	if m := exitLine().FindStringSubmatch(text); m != nil {
		n, _ := strconv.Atoi(m[1])
		exit = &n
	} else if !r.IsError && r.Outcome == cards.OutcomeDone {
		zero := 0
		exit = &zero
	}
	return toolview.Output(output, exit), nil
}

// displayString is a string resultDisplay, else fallback.
func displayString(meta json.RawMessage, fallback string) string {
	var s string
	if json.Unmarshal(meta, &s) == nil {
		return s
	}
	if lines := ansiOutput(meta); lines != "" {
		return lines
	}
	return fallback
}

// ansiOutput is the text of an AnsiOutput resultDisplay: lines of styled
// tokens. Gemini CLI serialises every cell of its terminal's rows, so
// each row is padded with spaces to the terminal's width: the padding,
// and the blank rows at the end, are dropped.
func ansiOutput(meta json.RawMessage) string {
	var lines [][]struct {
		Text string `json:"text"`
	}
	if json.Unmarshal(meta, &lines) != nil {
		return ""
	}
	rows := make([]string, len(lines))
	for i, l := range lines {
		var b strings.Builder
		for _, tok := range l {
			b.WriteString(tok.Text)
		}
		rows[i] = strings.TrimRight(b.String(), " ")
	}
	return strings.TrimRight(strings.Join(rows, "\n"), "\n")
}

// editCall is "Edit <file>", the replacement as a diff.
func editCall(a toolview.Args, path string) cards.CallView {
	return toolview.Edit("Edit "+path, path, a.Str("old_string"), a.Str("new_string"))
}

// writeCall is "WriteFile Writing to <file>", the content as a diff.
func writeCall(a toolview.Args, path string) cards.CallView {
	return toolview.Write("WriteFile Writing to "+path, path, a.Str("content"), false)
}

// fileDiff is the FileDiff resultDisplay of the edit and write tools.
type fileDiff struct {
	FileName        string  `json:"fileName"`
	FilePath        string  `json:"filePath"`
	OriginalContent *string `json:"originalContent"`
	NewContent      *string `json:"newContent"`
	IsNewFile       bool    `json:"isNewFile"`
}

// diffResult shows the change the tool made, from the file's content
// before and after (its resultDisplay), as Gemini CLI's diff renderer
// does; without them, what the model was told.
func diffResult(name string) func(json.RawMessage, producers.Result) (cards.ResultView, error) {
	return func(raw json.RawMessage, r producers.Result) (cards.ResultView, error) {
		var d fileDiff
		if r.IsError || json.Unmarshal(r.Meta, &d) != nil || d.NewContent == nil {
			return toolview.Plain(r), nil
		}
		path := d.FilePath
		if path == "" {
			path = d.FileName
		}
		if d.IsNewFile || d.OriginalContent == nil {
			return cards.DiffResult{Title: name + " " + path, Diffs: []cards.FileDiff{{Path: path, NewText: *d.NewContent, NewStart: 1}}}, nil
		}
		return toolview.Change(name+" "+path, path, *d.OriginalContent, *d.NewContent), nil
	}
}

// readCall is "ReadFile <file>".
func readCall(raw json.RawMessage) (cards.CallView, error) {
	a, err := toolview.Parse(raw)
	if err != nil {
		return nil, err
	}
	path := a.Str("file_path", "absolute_path", "path")
	if path == "" {
		return nil, fmt.Errorf("arguments: missing string %q", "file_path")
	}
	title := "ReadFile " + path
	if start, end := a.Int("start_line"), a.Int("end_line"); start != nil && end != nil {
		title += fmt.Sprintf(" (%d - %d)", *start, *end)
	}
	return toolview.Generic(title, cards.KindRead, path), nil
}

// readResult shows what Gemini CLI's UI shows of a read: its
// resultDisplay (empty for a whole file read), else nothing but an error.
func readResult(_ json.RawMessage, r producers.Result) (cards.ResultView, error) {
	if r.IsError {
		return toolview.Plain(r), nil
	}
	var s string
	_ = json.Unmarshal(r.Meta, &s)
	return cards.GenericResult{Content: toolkit.Text(s)}, nil
}

// display shows the resultDisplay the UI showed, else what the model
// was told.
func display(_ json.RawMessage, r producers.Result) (cards.ResultView, error) {
	if r.IsError {
		return toolview.Plain(r), nil
	}
	var s string
	if json.Unmarshal(r.Meta, &s) == nil {
		return cards.GenericResult{Content: toolkit.Text(s)}, nil
	}
	if todos, ok := todoList(r.Meta); ok {
		return cards.GenericResult{Content: toolkit.Markdown(producers.Checklist(todos))}, nil
	}
	return toolview.Plain(r), nil
}

// grepResult lists the matches of the resultDisplay ({summary, matches:
// [{filePath, lineNumber, line}]}) by file, as Gemini CLI's search
// result does; else what the model was told.
func grepResult(_ json.RawMessage, r producers.Result) (cards.ResultView, error) {
	var d struct {
		Summary string `json:"summary"`
		Matches *[]struct {
			FilePath   string `json:"filePath"`
			LineNumber int    `json:"lineNumber"`
			Line       string `json:"line"`
		} `json:"matches"`
	}
	if r.IsError || json.Unmarshal(r.Meta, &d) != nil || d.Matches == nil {
		return display(nil, r)
	}
	v := cards.SearchMatches{Title: d.Summary, Total: len(*d.Matches)}
	for _, m := range *d.Matches {
		if n := len(v.Files); n == 0 || v.Files[n-1].Path != m.FilePath {
			v.Files = append(v.Files, cards.SearchFile{Path: m.FilePath})
		}
		f := &v.Files[len(v.Files)-1]
		f.Matches = append(f.Matches, cards.SearchMatch{LineNumber: m.LineNumber, Line: m.Line})
	}
	return v, nil
}

// todoList reads a TodoList resultDisplay ({todos: [{description,
// status}]}), or write_todos' arguments.
func todoList(raw json.RawMessage) ([]producers.Todo, bool) {
	var l struct {
		Todos *[]struct {
			Description string `json:"description"`
			Status      string `json:"status"`
		} `json:"todos"`
	}
	if json.Unmarshal(raw, &l) != nil || l.Todos == nil {
		return nil, false
	}
	var todos []producers.Todo
	for _, t := range *l.Todos {
		todos = append(todos, producers.Todo{Content: t.Description, Status: t.Status})
	}
	return todos, true
}

// todosCall shows the list write_todos writes.
func todosCall(raw json.RawMessage) (cards.CallView, error) {
	todos, ok := todoList(raw)
	if !ok {
		return nil, fmt.Errorf("arguments: missing %q", "todos")
	}
	return toolview.Todos("WriteTodos", todos), nil
}
