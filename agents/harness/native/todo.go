package native

import (
	"encoding/json"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/toolkit"
	"github.com/cardtui/cardtui/producers"
)

// todoWriteProducer presents todo_write, which replaces the agent's todo
// list.
var todoWriteProducer = producers.Producer{PresentCall: presentTodoCall, PresentResult: presentNativeTodoResult}

// presentTodoCall shows the list the call writes as a Markdown checklist,
// once: not its raw JSON as well (the arguments are nothing but the list).
func presentTodoCall(args json.RawMessage) (cards.CallView, error) {
	todos, _, err := producers.ParseTodos(args)
	if err != nil {
		return nil, err
	}
	return cards.GenericCall{Title: producers.TodoTitle("Todos", todos), Kind: cards.KindOther, Content: toolkit.Markdown(producers.Checklist(todos))}, nil
}

// presentNativeTodoResult is the result of the native todo_write, whose
// call already shows the checklist: nothing more, or the error.
func presentNativeTodoResult(args json.RawMessage, r producers.Result) (cards.ResultView, error) {
	if _, _, err := producers.ParseTodos(args); err != nil {
		return nil, err
	}
	if r.IsError {
		return producers.GenericResult(r), nil
	}
	return cards.GenericResult{}, nil
}
