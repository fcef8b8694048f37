package native_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/producertest"
)

const todos = `{"todos":[
	{"content":"read the code","status":"completed"},
	{"content":"write the fix","status":"in_progress","id":"2"},
	{"content":"run the tests","status":"pending"},
	{"content":"ship it","status":"cancelled"},
	{"content":"celebrate","status":"someday"}]}`

// TestTodoWriteCallIsAChecklist: the call shows the list it writes once,
// as a checklist, not its raw JSON as well; the result adds nothing.
func TestTodoWriteCallIsAChecklist(t *testing.T) {
	require.Equal(t, cards.GenericCall{
		Title: "Todos · 1/5 done · 1 in progress · 1 cancelled",
		Kind:  cards.KindOther,
		Content: []cards.ContentBlock{cards.TextBlock{Text: "" +
			"- [x] read the code\n" +
			"- [ ] **write the fix** (in progress)\n" +
			"- [ ] run the tests\n" +
			"- [ ] ~~ship it~~ (cancelled)\n" +
			"- [ ] celebrate (someday)", Markdown: true}},
	}, call(t, "todo_write", todos))
	view := result(t, "todo_write", todos, textResult("Updated todo list: 1 pending, 1 in progress, 1 completed."))
	require.Equal(t, cards.GenericResult{}, view)
}

func TestTodoWriteChecklistEdgeCases(t *testing.T) {
	cases := []struct{ name, args, want string }{
		{"empty list", `{"todos":[]}`, "The todo list is empty."},
		{"a multi-line item stays one item", `{"todos":[{"content":"fix\n  the  bug","status":"pending"}]}`, "- [ ] fix the bug"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			require.Equal(t, []cards.ContentBlock{cards.TextBlock{Text: c.want, Markdown: true}}, call(t, "todo_write", c.args).(cards.GenericCall).Content)
		})
	}
}

func TestTodoWriteError(t *testing.T) {
	view := result(t, "todo_write", todos, failed("Error: too many todos", ""))
	require.Equal(t, cards.GenericResult{Content: []cards.ContentBlock{cards.TextBlock{Text: "Error: too many todos"}}}, view)
}

func TestTodoWriteRejectsBadArguments(t *testing.T) {
	cases := []struct{ args, reason string }{
		{`{}`, `missing field "todos"`},
		{`{"todos":null}`, `missing field "todos"`},
		{`{"todos":"read"}`, `todos: want an array, found string`},
		{`{"todos":[{"status":"pending"}]}`, `todos[0]: missing field "content"`},
		{`{"todos":[{"content":"","status":"pending"}]}`, `todos[0]: field "content" is empty`},
		{`{"todos":[{"content":"a","status":"pending"},{"content":"b"}]}`, `todos[1]: missing field "status"`},
		{`{"todos":[{"content":"a","status":1}]}`, `field "status": want a string, found number`},
	}
	for _, c := range cases {
		t.Run(c.args, func(t *testing.T) {
			producertest.RequireFallbackNote(t, call(t, "todo_write", c.args), c.reason)
			producertest.RequireFallbackNote(t, result(t, "todo_write", c.args, textResult("ok")), c.reason)
		})
	}
}
