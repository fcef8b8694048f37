package viewer

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/cardtui/cardtui/cards"
)

// TestRolledBackEntriesAreLabelled: the viewer shows the entries of a
// rolled-back turn with their label, and the others without.
func TestRolledBackEntriesAreLabelled(t *testing.T) {
	undone := titled(1).(cards.ToolCard)
	undone.RolledBack = true
	m := newModel(80, 20,
		cards.Message{Role: cards.RoleUser, Text: "Add a flag", RolledBack: true},
		undone,
		cards.Notice{Text: "Rolled back: the turn above was undone"},
		titled(2))
	s := screen(m)
	assert.Equal(t, 2, strings.Count(s, "↶ rolled back (undone)"), s)
	rows := screenRows(m)
	for i, row := range rows {
		if strings.Contains(row, cardTitle(2)) {
			assert.NotContains(t, rows[i-1], "rolled back", "the card after the rollback stands")
		}
	}
}

// TestRolledBackReplyIsLabelled: an assistant reply drawn while it
// streamed gets its label once a rollback marks it.
func TestRolledBackReplyIsLabelled(t *testing.T) {
	reply := cards.Message{Role: cards.RoleAssistant, Text: "Added --json."}
	m := newModel(80, 20, reply)
	assert.NotContains(t, screen(m), "rolled back")

	m.Apply(cards.Change{Index: 0, Entry: reply}) // sent again, complete
	assert.NotContains(t, screen(m), "rolled back")

	reply.RolledBack = true
	m.Apply(cards.Change{Index: 0, Entry: reply})
	assert.Contains(t, screen(m), "↶ rolled back (undone)")
}
