package harness_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/agents"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
	"github.com/cardtui/cardtui/replay"
)

// TestRecordedLogs replays the session logs the harness wrote while
// scripts/record-agents drove it (testdata/<entry point>-<version>/) and
// checks every card's state, widget and tool against a golden list: the
// sandbox's denial, the rejected escalation and the failing command
// among them.
func TestRecordedLogs(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("testdata", "*", "session.jsonl"))
	require.NoError(t, err)
	require.NotEmpty(t, paths)
	for _, path := range paths {
		name := filepath.Base(filepath.Dir(path))
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(path)
			require.NoError(t, err)
			tr := replaytest.LoadBytes(t, agents.Options(replay.Auto), data)
			assert.Equal(t, "harness", tr.Format)
			assert.Empty(t, replaytest.Problems(tr))
			var b strings.Builder
			for _, e := range tr.Entries {
				if c, ok := e.(cards.ToolCard); ok {
					b.WriteString(c.State().String() + " · " + c.Call.Card() + " · " + c.Tool + "\n")
				}
			}
			golden.Assert(t, "harness/recorded-"+name+".txt", b.String())
		})
	}
}
