package codex_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
)

// TestCodexProposedPlan: a <proposed_plan> in an assistant message is a
// plan of its own, between the text around it, and no tag is left; the
// message is shown once although the rollout holds it twice.
func TestCodexProposedPlan(t *testing.T) {
	tr := replaytest.LoadBytes(t, agentsOptions, golden.Session(t, "codex-plan.jsonl"))
	var got []string
	for _, e := range tr.Entries {
		if m, ok := e.(cards.Message); ok {
			got = append(got, string(m.Role)+": "+strings.SplitN(m.Text, "\n", 2)[0])
			assert.NotContains(t, m.Text, "proposed_plan")
		}
	}
	assert.Equal(t, []string{
		"user: Plan how to drop the split helper, then do it.",
		"assistant: Here is what I would do:",
		"plan: ## Drop split.go",
		"assistant: Say go and I'll start.",
		"user: go",
		"assistant: Deleted `split.go`.",
	}, got)
	assert.Contains(t, replaytest.RenderPlain(tr, 80), "│ internal/count/split.go  deleted  +0 -4")
}
