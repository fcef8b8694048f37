package acp_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/agents/nodb"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
	"github.com/cardtui/cardtui/replay"
)

// TestUserChunkOutsideALoadIsTheAgents: a user_message_chunk is the
// user's only while session/load replays the history; during a turn it
// is the agent's text, never drawn as a prompt.
func TestUserChunkOutsideALoadIsTheAgents(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "hostile", "agent-as-user.acp.jsonl"))
	require.NoError(t, err)
	_, body, _ := strings.Cut(string(data), "\n") // the corpus comment
	tr := replaytest.Load(t, nodb.Options(replay.Auto), body)
	var roles []cards.Role
	for _, e := range tr.Entries {
		if m, ok := e.(cards.Message); ok {
			roles = append(roles, m.Role)
		}
	}
	assert.Equal(t, []cards.Role{cards.RoleUser, cards.RoleUser, cards.RoleAgentAsUser}, roles,
		"the replayed prompt, the prompt sent, the agent's chunk")
}
