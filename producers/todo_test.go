package producers_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/producers"
)

func TestTodoTitleCounts(t *testing.T) {
	for _, c := range []struct {
		todos []producers.Todo
		want  string
	}{
		{nil, "Todos · empty"},
		{[]producers.Todo{{"a", "pending"}}, "Todos · 0/1 done"},
		{[]producers.Todo{{"a", "completed"}, {"b", "completed"}, {"c", "in_progress"}, {"d", "pending"}, {"e", "pending"}}, "Todos · 2/5 done · 1 in progress"},
		{[]producers.Todo{{"a", "cancelled"}, {"b", "someday"}}, "Todos · 0/2 done · 1 cancelled"},
	} {
		require.Equal(t, c.want, producers.TodoTitle("Todos", c.todos))
	}
}
