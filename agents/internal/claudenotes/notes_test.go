package claudenotes

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/cardtui/cardtui/cards"
)

func TestCommand(t *testing.T) {
	for _, tc := range []struct {
		text  string
		role  cards.Role
		shown string
		ok    bool
	}{
		{"<command-name>/model</command-name><command-message>model</command-message><command-args>haiku</command-args>", cards.RoleUser, "/model haiku", true},
		{"<bash-input>ls</bash-input>", cards.RoleUser, "! ls", true},
		{"<local-command-stdout>Set model</local-command-stdout><local-command-stderr>warn</local-command-stderr>", cards.RoleContext, "Set model\n\nwarn", true},
		{"<local-command-stdout></local-command-stdout>", cards.RoleContext, "", true},
		{"plain prompt", cards.RoleContext, "", false},
	} {
		role, shown, ok := Command(tc.text)
		assert.Equal(t, tc.ok, ok, tc.text)
		if ok {
			assert.Equal(t, tc.role, role, tc.text)
			assert.Equal(t, tc.shown, shown, tc.text)
		}
	}
}

func TestCommandMessage(t *testing.T) {
	for _, tc := range []struct{ text, shown string }{
		{
			"<command-name>/model</command-name>\n  <command-message>model</command-message>\n  <command-args>default</command-args>" +
				"<local-command-stdout>Set model to sonnet</local-command-stdout>Clean up the calculator.",
			"/model default\n\nSet model to sonnet\n\nClean up the calculator.",
		},
		{"<bash-input>ls</bash-input><bash-stdout>a b</bash-stdout><bash-stderr></bash-stderr>", "! ls\n\na b"},
		{"<local-command-stdout>Compacted</local-command-stdout>", "Compacted"},
		{"no tags <here", "no tags <here"},
	} {
		shown, _ := CommandMessage(tc.text)
		assert.Equal(t, tc.shown, shown, tc.text)
	}
	_, ok := CommandMessage("plain")
	assert.False(t, ok)
}
