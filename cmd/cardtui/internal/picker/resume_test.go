package picker

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/assert"

	"github.com/cardtui/cardtui/cmd/cardtui/internal/listing"
	"github.com/cardtui/cardtui/sessions"
)

// TestResumeShowsTheWholeCommand: the question before r runs the agent
// shows the whole command, wrapped over as many rows as it needs and
// never cut, in the cleaned directory it runs in; the list gives up the
// rows the question takes.
func TestResumeShowsTheWholeCommand(t *testing.T) {
	dir := "/home/u/proj" + strings.Repeat("/.", 80) + "/../evil" + strings.Repeat("/sub", 30)
	list := []sessions.Session{{Agent: "claude", Path: "/s/5b1e0c7a.jsonl", Title: "t", Project: dir, LastActivity: now, Size: 1}}
	p := New(Options{Sessions: list, Home: "/home/u", Dark: true, ThemeSet: true, Send: func(tea.Msg) {}, Resume: listing.ResumeOf})
	p = update(t, p, tea.WindowSizeMsg{Width: 60, Height: 24})
	p = update(t, p, press("r"))
	screen := text(p)
	joined := strings.Join(strings.Fields(screen), "")
	want := "cd~/evil" + strings.Repeat("/sub", 30) + "&&claude--resume5b1e0c7a?y/n"
	assert.Contains(t, joined, want, screen)
	assert.LessOrEqual(t, strings.Count(screen, "\n")+1, 24, "the screen keeps its height")
}
