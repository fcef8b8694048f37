package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/internal/testkit/gobuild"
	"github.com/cardtui/cardtui/internal/testkit/tmuxtest"
)

// TestTypingNeverMovesTheViewer runs the program in a terminal: once the
// feed has played, typing into the input — keys the viewer binds among
// them — changes the input row only; esc gives the viewer the keyboard.
func TestTypingNeverMovesTheViewer(t *testing.T) {
	bin := gobuild.Program(t, ".")
	s := tmuxtest.Start(t, 80, 30, []string{"EMBED_PAUSE=200ms"}, bin)
	s.WaitForText("Edit internal/count/count.go")
	before := s.Settle()
	require.Contains(t, strings.Join(before, "\n"), "exit 1", "the running call got its result")

	s.TypeText("jjG q ?gn")
	after := s.WaitForText("> jjG q ?gn")
	rows := len(after) - 1
	assert.Equal(t, before[:rows], after[:rows], "the viewer did not move")
	assert.NotContains(t, strings.Join(after, "\n"), "ctrl+c quit", "a blurred viewer shows no key help")

	s.Type("Escape")
	focused := s.WaitForText("ctrl+c quit")
	assert.Contains(t, focused[rows-1], "? keys", "the focused viewer shows its keys")
	s.Type("g")
	s.WaitFor("the focus on the first card", func(screen []string) bool { return strings.HasPrefix(screen[0], "┃") })
	s.Type("C-c")
	s.WaitForText("[exited 0]")
}
