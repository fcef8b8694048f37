package acp_test

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/agents/nodb"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
	"github.com/cardtui/cardtui/replay"
)

// nestedCall is the start of a sub-agent's call id under parent, as the
// Claude adapter sends it, then its completion.
func nestedCall(id, parent string) []string {
	meta := fmt.Sprintf(`"_meta":{"claudeCode":{"toolName":"Read","parentToolUseId":%q}}`, parent)
	return []string{
		update(fmt.Sprintf(`{"sessionUpdate":"tool_call","toolCallId":%q,"title":"Read f%s","kind":"read","status":"pending",%s}`, id, id, meta)),
		update(fmt.Sprintf(`{"sessionUpdate":"tool_call_update","toolCallId":%q,"status":"completed",%s}`, id, meta)),
	}
}

// nestedRecordings are the shapes of n nested calls: all under one
// call, each under the one before (a chain), and one call started again
// as its own child n times.
var nestedRecordings = map[string]func(n int) string{
	"wide": func(n int) string {
		msgs := []string{prompt, update(`{"sessionUpdate":"tool_call","toolCallId":"top","title":"Agent","kind":"think","status":"in_progress"}`)}
		for i := range n {
			msgs = append(msgs, nestedCall(fmt.Sprint(i), "top")...)
		}
		return rec(msgs...)
	},
	"chain": func(n int) string {
		msgs := []string{prompt, update(`{"sessionUpdate":"tool_call","toolCallId":"0","title":"Agent","kind":"think","status":"in_progress"}`)}
		for i := 1; i <= n; i++ {
			msgs = append(msgs, nestedCall(fmt.Sprint(i), fmt.Sprint(i-1))...)
		}
		return rec(msgs...)
	},
	"own child": func(n int) string {
		msgs := []string{prompt, update(`{"sessionUpdate":"tool_call","toolCallId":"x","title":"Agent","kind":"think","status":"completed"}`)}
		for range n {
			msgs = append(msgs, nestedCall("x", "x")...)
		}
		return rec(msgs...)
	},
}

// allocations is how many allocations loading recording takes.
func allocations(t *testing.T, recording string) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	tr := replaytest.Load(t, nodb.Options(replay.Auto), recording)
	runtime.ReadMemStats(&after)
	require.NotEmpty(t, tr.Entries)
	return after.Mallocs - before.Mallocs
}

// TestNestedCallsAreLinear: a sub-agent's calls cost what their updates
// cost, however they nest: twice the calls take about twice the work
// (allocations counted, not time), where redrawing the whole card tree
// on every update took four times. Under -short it loads 100 and 200
// calls, where that quadratic code still took 3.6 times.
func TestNestedCallsAreLinear(t *testing.T) {
	n := 400
	if testing.Short() {
		n = 100
	}
	for name, recording := range nestedRecordings {
		t.Run(name, func(t *testing.T) {
			small, big := allocations(t, recording(n)), allocations(t, recording(2*n))
			assert.Less(t, float64(big)/float64(small), 2.6, "%d allocations for %d calls, %d for %d", small, n, big, 2*n)
			t.Logf("%d allocations for %d calls, %d for %d", small, n, big, 2*n)
		})
	}
}

// TestNestedCallsKeepTheirCards: the cards drawn bit by bit are those of
// the whole tree: every nested call, once, under its parent.
func TestNestedCallsKeepTheirCards(t *testing.T) {
	tr := replaytest.Load(t, nodb.Options(replay.Auto), nestedRecordings["chain"](5))
	require.Len(t, replaytest.Problems(tr), 0)
	card := tr.Entries[len(tr.Entries)-1].(cards.ToolCard)
	for depth := 1; depth <= 5; depth++ {
		require.Len(t, card.Children, 1, "depth %d", depth)
		card = card.Children[0].(cards.ToolCard)
		assert.Equal(t, fmt.Sprint(depth), card.ID)
		assert.Equal(t, cards.OutcomeDone, card.Outcome)
	}
	assert.Empty(t, card.Children)
}

// TestNestingIsBounded: a call nested deeper than eight calls is drawn
// beside the eighth, under the same parent.
func TestNestingIsBounded(t *testing.T) {
	tr := replaytest.Load(t, nodb.Options(replay.Auto), nestedRecordings["chain"](20))
	card := tr.Entries[len(tr.Entries)-1].(cards.ToolCard)
	depth := 0
	for len(card.Children) == 1 {
		card = card.Children[0].(cards.ToolCard)
		depth++
	}
	assert.Equal(t, 7, depth, "a single chain down to the seventh call")
	assert.Len(t, card.Children, 13, "the eighth and every call below it, side by side")
}
