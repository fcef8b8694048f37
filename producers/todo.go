package producers

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/cardtui/cardtui/cards"
)

// todoWriteProducer presents todo_write, which replaces the agent's todo
// list.
var todoWriteProducer = Producer{PresentCall: presentTodoCall, PresentResult: presentTodoResult}

// todo is one item of the list.
type todo struct {
	content string
	status  string
}

// parseTodos reads the todos argument: the items and their raw JSON.
func parseTodos(args json.RawMessage) ([]todo, json.RawMessage, error) {
	var raw struct {
		Todos json.RawMessage `json:"todos"`
	}
	if err := decodeArgs(args, &raw); err != nil {
		return nil, nil, err
	}
	if len(raw.Todos) == 0 || string(raw.Todos) == "null" {
		return nil, nil, within("arguments", fmt.Errorf("missing field %q", "todos"))
	}
	var items []struct {
		Content *string `json:"content"`
		Status  *string `json:"status"`
	}
	if err := decodeJSON(raw.Todos, &items); err != nil {
		return nil, nil, within("arguments: todos", err)
	}
	todos := make([]todo, 0, len(items))
	for i, item := range items {
		content, err := nonEmpty("content", item.Content)
		var status string
		if err == nil {
			status, err = required("status", item.Status)
		}
		if err != nil {
			return nil, nil, fmt.Errorf("arguments: todos[%d]: %w", i, err)
		}
		todos = append(todos, todo{content: content, status: status})
	}
	return todos, raw.Todos, nil
}

func presentTodoCall(args json.RawMessage) (cards.CallView, error) {
	_, raw, err := parseTodos(args)
	if err != nil {
		return nil, err
	}
	input, err := canonicalJSON(raw)
	if err != nil {
		return nil, err
	}
	return cards.GenericCall{Title: "Update todo list", Kind: cards.KindOther, RawInput: input}, nil
}

// presentTodoResult shows the list the call wrote as a Markdown checklist.
func presentTodoResult(args json.RawMessage, r Result) (cards.ResultView, error) {
	todos, _, err := parseTodos(args)
	if err != nil {
		return nil, err
	}
	if r.IsError {
		return genericResult(r), nil
	}
	return cards.GenericResult{Content: markdown(checklist(todos))}, nil
}

// checklist renders todos as Markdown task-list items: completed ones
// checked, the one in progress in bold, cancelled ones struck through.
func checklist(todos []todo) string {
	if len(todos) == 0 {
		return "The todo list is empty."
	}
	lines := make([]string, 0, len(todos))
	for _, t := range todos {
		lines = append(lines, checklistItem(t))
	}
	return strings.Join(lines, "\n")
}

func checklistItem(t todo) string {
	content := strings.Join(strings.Fields(t.content), " ")
	switch t.status {
	case "completed":
		return "- [x] " + content
	case "pending":
		return "- [ ] " + content
	case "in_progress":
		return "- [ ] **" + content + "** (in progress)"
	case "cancelled":
		return "- [ ] ~~" + content + "~~ (cancelled)"
	default:
		return "- [ ] " + content + " (" + t.status + ")"
	}
}
