package acp_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/agents"
	"github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
	"github.com/cardtui/cardtui/replay"
)

// TestRecordedAgents replays the sessions scripts/record-agents recorded
// with the real agents over ACP (testdata/<adapter>-<version>/: the
// session, and its continuation with --resume where the agent can load
// it) and checks every card's kind, title and state against a golden
// list.
func TestRecordedAgents(t *testing.T) {
	dirs, err := filepath.Glob(filepath.Join("testdata", "*", "*.jsonl"))
	require.NoError(t, err)
	require.NotEmpty(t, dirs)
	for _, path := range dirs {
		name := strings.TrimSuffix(replaytest.RecordedGolden(path), ".txt")
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(path)
			require.NoError(t, err)
			tr := replaytest.Load(t, agents.Options(replay.Auto), string(data))
			assert.Equal(t, "acp", tr.Format)
			assert.Empty(t, replaytest.Problems(tr))
			golden.Assert(t, replaytest.RecordedGolden(path), replaytest.DescribeToolCards(tr))
			plain := replaytest.RenderPlain(tr, 120)
			assert.NotContains(t, plain, `\"`, "no card shows escaped JSON")
			assert.NotContains(t, plain, `\n`, "no card shows escaped JSON")
			assert.NotContains(t, plain, "<system-reminder>")
			assert.NotContains(t, plain, "```", "no literal fences")
			assert.NotContains(t, plain, "SendMessage", "no agentId note Claude Code hides")
			assert.NotContains(t, plain, "<usage>", "no usage element Claude Code hides")
		})
	}
}
