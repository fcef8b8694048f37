package producers

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/toolkit"
)

// Todo is one item of a todo list (todo_write's, Claude Code's TodoWrite,
// Codex's update_plan), as Checklist draws it.
type Todo struct {
	// Content is the item's text.
	Content string
	// Status is pending, in_progress, completed, cancelled, or any other
	// word, shown as it is.
	Status string
}

// ParseTodos reads the todos argument: the items and their raw JSON.
func ParseTodos(args json.RawMessage) ([]Todo, json.RawMessage, error) {
	var raw struct {
		Todos json.RawMessage `json:"todos"`
	}
	if err := DecodeCheckedArgs(args, &raw); err != nil {
		return nil, nil, err
	}
	if len(raw.Todos) == 0 || string(raw.Todos) == "null" {
		return nil, nil, toolkit.Within("arguments", fmt.Errorf("missing field %q", "todos"))
	}
	var items []struct {
		Content *string `json:"content"`
		Status  *string `json:"status"`
	}
	if err := DecodeJSON(raw.Todos, &items); err != nil {
		return nil, nil, toolkit.Within("arguments: todos", err)
	}
	todos := make([]Todo, 0, len(items))
	for i, item := range items {
		content, err := toolkit.NonEmpty("content", item.Content)
		var status string
		if err == nil {
			status, err = toolkit.Required("status", item.Status)
		}
		if err != nil {
			return nil, nil, fmt.Errorf("arguments: todos[%d]: %w", i, err)
		}
		todos = append(todos, Todo{Content: content, Status: status})
	}
	return todos, raw.Todos, nil
}

// TodoTitle titles a call that writes a todo list or a plan by its counts,
// after noun: "Todos · 2/5 done · 1 in progress"; an empty list is
// "Todos · empty". Its items are in the card's body: a title that joins
// them is cut mid-item at any width.
func TodoTitle(noun string, todos []Todo) string {
	if len(todos) == 0 {
		return noun + " · empty"
	}
	count := map[string]int{}
	for _, t := range todos {
		count[t.Status]++
	}
	title := fmt.Sprintf("%s · %d/%d done", noun, count["completed"], len(todos))
	if n := count["in_progress"]; n > 0 {
		title += fmt.Sprintf(" · %d in progress", n)
	}
	if n := count["cancelled"]; n > 0 {
		title += fmt.Sprintf(" · %d cancelled", n)
	}
	return title
}

// PresentTodoResult shows the list the call wrote as a Markdown checklist
// when the call's own view does not (the Claude Code and Codex families
// title the call with the items), else only an error.
func PresentTodoResult(args json.RawMessage, r Result) (cards.ResultView, error) {
	todos, _, err := ParseTodos(args)
	if err != nil {
		return nil, err
	}
	if r.IsError {
		return GenericResult(r), nil
	}
	return cards.GenericResult{Content: toolkit.Markdown(Checklist(todos))}, nil
}

// Checklist renders todos as Markdown task-list items: completed ones
// checked, the one in progress in bold, cancelled ones struck through.
func Checklist(todos []Todo) string {
	if len(todos) == 0 {
		return "The todo list is empty."
	}
	lines := make([]string, 0, len(todos))
	for _, t := range todos {
		lines = append(lines, ChecklistItem(t))
	}
	return strings.Join(lines, "\n")
}

// ChecklistItem is one item of Checklist: a Markdown task-list line for
// a todo, its content on one line, marked by its status.
func ChecklistItem(t Todo) string {
	content := strings.Join(strings.Fields(t.Content), " ")
	switch t.Status {
	case "completed":
		return "- [x] " + content
	case "pending":
		return "- [ ] " + content
	case "in_progress":
		return "- [ ] **" + content + "** (in progress)"
	case "cancelled":
		return "- [ ] ~~" + content + "~~ (cancelled)"
	default:
		return "- [ ] " + content + " (" + t.Status + ")"
	}
}
