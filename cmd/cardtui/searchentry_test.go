package main

import (
	"regexp"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render"
	"github.com/cardtui/cardtui/render/cardtext"
	"github.com/cardtui/cardtui/sessions"
)

// TestSearchHitsNameTheViewersEntries: the entry a hit names is the
// entry at that place in the viewer the picker opens the session in, for
// every agent's session files (a Claude 2.1 session with a sub-agent,
// Codex, the harness, Gemini CLI): its card's title is the hit's. (The
// sessions in opencode's and Crush's databases have no document: no
// search finds them yet.)
func TestSearchHitsNameTheViewersEntries(t *testing.T) {
	h, _, _ := inRealShapedHome(t)
	h.AddMoreAgents(t)
	history := historyFromEnv(nil)
	list := withoutProblems(history.list(true, nil))
	open := sessionOpener(replayConfig{theme: render.Dark, themeSet: true})
	agentsSeen := map[sessions.Agent]bool{}
	for _, s := range list {
		var hits []sessions.Hit
		sessions.Search(history.options(), []sessions.Session{s}, sessions.RegexpMatcher(regexp.MustCompile(`\S`)), false, func(hit sessions.Hit) bool {
			hits = append(hits, hit)
			return true
		})
		if len(hits) == 0 {
			continue
		}
		agentsSeen[s.Agent] = true
		o, err := open(s, func(tea.Msg) {})
		require.NoError(t, err, s.Path)
		var updates []cards.Change
		for u := range o.Feed {
			updates = append(updates, u)
		}
		o.Viewer.SetSize(100, 30)
		o.Viewer.Apply(updates...)
		for _, hit := range hits {
			require.True(t, o.Viewer.FocusIndex(hit.Line.Entry), "%s: entry %d of %d", s.Path, hit.Line.Entry, o.Viewer.Len())
			assert.Equal(t, hit.Line.Title, titleOf(o.Viewer.FocusedEntry()), "%s: entry %d", s.Path, hit.Line.Entry)
		}
		o.Cancel()
	}
	for _, agent := range []sessions.Agent{"claude", "codex", "harness", "gemini"} {
		assert.True(t, agentsSeen[agent], "a session of %s was searched", agent)
	}
}

// titleOf is the title a document gives an entry's lines.
func titleOf(e cards.Entry) string {
	switch e := e.(type) {
	case cards.ToolCard:
		return sessions.CardTitle(e)
	case cards.Message:
		if e.Role == cards.RoleUser {
			return "You"
		}
		return cardtext.RoleLabel(e.Role)
	}
	return "other"
}
