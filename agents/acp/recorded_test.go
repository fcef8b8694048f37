package acp_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/cardtui/cardtui/agents/nodb"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
	"github.com/cardtui/cardtui/replay"
)

// TestRecordedAgents replays the sessions scripts/record-agents recorded
// with the real agents over ACP (testdata/<adapter>-<version>/: the
// session, and its continuation with --resume where the agent can load
// it) and checks every card's kind, title and state against a golden
// list.
func TestRecordedAgents(t *testing.T) {
	replaytest.EachRecording(t, nodb.Options(replay.Auto), "acp", func(t *testing.T, tr *replay.Transcript) {
		plain := replaytest.RenderPlain(tr, 120)
		assert.NotContains(t, plain, `\"`, "no card shows escaped JSON")
		assert.NotContains(t, plain, `\n`, "no card shows escaped JSON")
		assert.NotContains(t, plain, "<system-reminder>")
		assert.NotContains(t, plain, "```", "no literal fences")
		assert.NotContains(t, plain, "SendMessage", "no agentId note Claude Code hides")
		assert.NotContains(t, plain, "<usage>", "no usage element Claude Code hides")
	})
}
