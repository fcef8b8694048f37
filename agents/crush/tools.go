package crush

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/cardtui/cardtui/agents/internal/toolview"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/lazyregexp"
	"github.com/cardtui/cardtui/internal/toolkit"
	"github.com/cardtui/cardtui/producers"
)

// Tools returns the producers of Crush's tools (internal/agent/tools),
// titled as its chat (internal/ui/chat) draws a tool: "Name main-param
// (k=v…)", a command's output, an edit's diff from the file's content
// before and after, which the result's metadata records.
func Tools() producers.Registry {
	return producers.Registry{
		"bash":      {PresentCall: toolview.On("command", bashCall), PresentResult: bashResult},
		"edit":      {PresentCall: toolview.On("file_path", editCall), PresentResult: changeResult("Edit")},
		"multiedit": {PresentCall: toolLine("Multi-Edit", cards.KindEdit, "file_path"), PresentResult: changeResult("Multi-Edit")},
		"write":     {PresentCall: toolview.On("file_path", writeCall), PresentResult: changeResult("Write")},
		"view":      {PresentCall: toolLine("View", cards.KindRead, "file_path", "offset", "limit"), PresentResult: viewResult},
		"ls":        {PresentCall: toolLine("List", cards.KindRead, "path", "depth"), PresentResult: toolview.PlainResult},
		"glob":      {PresentCall: toolLine("Glob", cards.KindSearch, "pattern", "path"), PresentResult: toolview.PlainResult},
		"grep":      {PresentCall: toolLine("Grep", cards.KindSearch, "pattern", "path", "include", "literal_text"), PresentResult: toolview.PlainResult},
		"fetch":     {PresentCall: toolLine("Fetch", cards.KindFetch, "url", "format", "timeout"), PresentResult: toolview.PlainResult},
		"download":  {PresentCall: toolLine("Download", cards.KindFetch, "url", "file_path"), PresentResult: toolview.PlainResult},
		"agent":     {PresentCall: toolLine("Agent", cards.KindOther, "prompt"), PresentResult: toolview.MarkdownResult},
		"todos":     {PresentCall: todosCall, PresentResult: toolview.QuietResult},
		"patch":     {PresentCall: toolview.PatchOn("patch_text"), PresentResult: toolview.PlainResult},
		"question":  {PresentCall: questionCall, PresentResult: questionResult},
	}
}

// toolLine is "Name main-param (k=v, …)": the first key given is the main
// parameter, the others those the call sets.
func toolLine(name string, kind cards.ToolCallKind, keys ...string) toolview.CallFunc {
	return toolview.Call(func(a toolview.Args, _ json.RawMessage) (cards.CallView, error) {
		main := a.Str(keys[0])
		title := toolview.Title(name, strings.Join(strings.Fields(main), " "))
		var kv []string
		for _, k := range keys[1:] {
			if v, ok := a[k]; ok && string(v) != "null" && string(v) != `""` && string(v) != "false" && string(v) != "0" {
				kv = append(kv, k+"="+strings.Trim(string(v), `"`))
			}
		}
		if len(kv) > 0 {
			title += " (" + strings.Join(kv, ", ") + ")"
		}
		if slices.Contains([]cards.ToolCallKind{cards.KindRead, cards.KindEdit}, kind) {
			return toolview.Generic(title, kind, main), nil
		}
		return toolview.Generic(title, kind), nil
	})
}

// bashCall is "Bash command (background=true)".
func bashCall(a toolview.Args, command string) cards.CallView {
	return toolview.Terminal(command, a.Str("description"), a.Str("working_dir"))
}

// exitSuffix is the "Exit code N" line a failed command's content ends
// with.
var exitSuffix = lazyregexp.New(`\n?Exit code (-?\d+)\s*$`)

// bashResult is the output of the metadata (else the content), and the
// exit code the content ends with (0 when it says none).
func bashResult(raw json.RawMessage, r producers.Result) (cards.ResultView, error) {
	if _, err := toolview.Parse(raw); err != nil {
		return nil, err
	}
	text, _ := toolkit.TextOf(r.Content)
	var m struct {
		Output *string `json:"output"`
	}
	_ = json.Unmarshal(r.Meta, &m)
	code := 0
	if s := exitSuffix().FindStringSubmatch(text); s != nil {
		code, _ = strconv.Atoi(s[1])
		text = text[:len(text)-len(s[0])]
	}
	if m.Output != nil {
		text = *m.Output
	}
	if r.IsError && code == 0 {
		return toolview.Plain(r), nil
	}
	return toolview.Output(text, &code), nil
}

// editCall is "Edit path", the replacement as a diff.
func editCall(a toolview.Args, path string) cards.CallView {
	title := "Edit " + path
	if a.Str("replace_all") != "" || string(a["replace_all"]) == "true" {
		title += " (replace_all=true)"
	}
	return toolview.Edit(title, path, a.Str("old_string"), a.Str("new_string"))
}

// writeCall is "Write path", the content as a diff.
func writeCall(a toolview.Args, path string) cards.CallView {
	return toolview.Write("Write "+path, path, a.Str("content"), false)
}

// changeResult is the diff of the file's content before and after, as
// the metadata of edit, multiedit and write records it.
func changeResult(name string) func(json.RawMessage, producers.Result) (cards.ResultView, error) {
	return func(raw json.RawMessage, r producers.Result) (cards.ResultView, error) {
		a, err := toolview.Parse(raw)
		if err != nil {
			return nil, err
		}
		var m changeMeta
		if r.IsError || json.Unmarshal(r.Meta, &m) != nil || m.NewContent == nil {
			return toolview.Plain(r), nil
		}
		path := a.Str("file_path")
		title := fmt.Sprintf("%s %s (+%d -%d)", name, path, m.Additions, m.Removals)
		return toolview.Change(title, path, toolkit.ValueOr(m.OldContent, ""), *m.NewContent), nil
	}
}

// changeMeta is the metadata of edit, multiedit and write: the file
// before and after, the lines added and removed, and for multiedit how
// many edits applied and those that failed.
type changeMeta struct {
	OldContent   *string `json:"old_content"`
	NewContent   *string `json:"new_content"`
	Additions    int     `json:"additions"`
	Removals     int     `json:"removals"`
	EditsApplied *int    `json:"edits_applied"`
	EditsFailed  []struct {
		Error string `json:"error"`
	} `json:"edits_failed"`
}

// applied is "Applied N edits" and the failed ones, as Crush's
// multiedit says under its diff; "" for an edit or a write.
func applied(meta json.RawMessage) string {
	var m changeMeta
	if json.Unmarshal(meta, &m) != nil || m.EditsApplied == nil {
		return ""
	}
	text := fmt.Sprintf("Applied %d edits", *m.EditsApplied)
	switch n := len(m.EditsFailed); {
	case n == 1:
		text += " · 1 edit failed: " + m.EditsFailed[0].Error
	case n > 1:
		text += fmt.Sprintf(" · %d edits failed", n)
	}
	return text
}

// viewResult is the file's lines the metadata records, numbered from the
// offset (0-based in the arguments), else the content.
func viewResult(raw json.RawMessage, r producers.Result) (cards.ResultView, error) {
	a, err := toolview.Parse(raw)
	if err != nil {
		return nil, err
	}
	var m struct {
		FilePath string  `json:"file_path"`
		Content  *string `json:"content"`
	}
	if r.IsError || json.Unmarshal(r.Meta, &m) != nil || m.Content == nil || m.FilePath == "" {
		return toolview.Plain(r), nil
	}
	offset := 1
	if o := a.Int("offset"); o != nil && *o > 0 {
		offset = *o + 1
	}
	return toolview.Read(m.FilePath, offset, *m.Content, 0), nil
}

// todosCall is the list the call writes.
func todosCall(raw json.RawMessage) (cards.CallView, error) {
	var l struct {
		Todos *[]struct{ Content, Status string } `json:"todos"`
	}
	if err := json.Unmarshal(raw, &l); err != nil || l.Todos == nil {
		return nil, fmt.Errorf("arguments: missing %q", "todos")
	}
	var todos []producers.Todo
	for _, t := range *l.Todos {
		todos = append(todos, producers.Todo{Content: t.Content, Status: t.Status})
	}
	return toolview.Todos("To-Do", todos), nil
}
