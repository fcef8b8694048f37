package acp_test

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

// TestRecordedAgents replays the sessions scripts/record-agents recorded
// with the real agents over ACP (testdata/<adapter>-<version>/) and
// checks every card's kind, title and state against a golden list.
func TestRecordedAgents(t *testing.T) {
	dirs, err := filepath.Glob(filepath.Join("testdata", "*", "session.jsonl"))
	require.NoError(t, err)
	require.NotEmpty(t, dirs)
	for _, path := range dirs {
		name := filepath.Base(filepath.Dir(path))
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(path)
			require.NoError(t, err)
			tr := replaytest.Load(t, agents.Options(replay.Auto), string(data))
			assert.Equal(t, "acp", tr.Format)
			assert.Empty(t, replaytest.Problems(tr))
			var b strings.Builder
			for _, e := range tr.Entries {
				if c, ok := e.(cards.ToolCard); ok {
					describeCard(&b, c, "")
				}
			}
			golden.Assert(t, "acp/recorded-"+name+".txt", b.String())
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

// describeCard is one line per card: its state, widget and title, its
// children indented under it.
func describeCard(b *strings.Builder, c cards.ToolCard, indent string) {
	widget := ""
	if c.Call != nil {
		widget = c.Call.Card()
	}
	title := callTitle(c.Call)
	if g, ok := c.Call.(cards.GenericCall); ok && g.Kind != "" {
		widget += "/" + string(g.Kind)
	}
	b.WriteString(indent + c.State().String() + " · " + widget + " · " + title + "\n")
	for _, child := range c.Children {
		if cc, ok := child.(cards.ToolCard); ok {
			describeCard(b, cc, indent+"    ")
		}
	}
}
