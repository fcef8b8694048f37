package gemini_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/agents/gemini"
	"github.com/cardtui/cardtui/sessions"
)

// listSessions lists Gemini CLI's sessions under the fake home, ~/.gemini
// there.
func listSessions(t *testing.T, home string) []sessions.Session {
	t.Helper()
	list, err := sessions.List(sessions.Options{
		Sources: []sessions.Source{gemini.Sessions}, Agents: []sessions.Agent{"gemini"},
		Roots: sessions.Roots{"gemini": home + "/.gemini"},
	})
	require.NoError(t, err)
	return list
}
