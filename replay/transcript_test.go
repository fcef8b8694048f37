package replay_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
	"github.com/cardtui/cardtui/replay"
)

func TestDuplicateCallIDKeepsBothCalls(t *testing.T) {
	dup := `{"type":"call","id":"c1","view":{"card":"terminal","title":"pwd"}}`
	tr := replaytest.LoadLines(t, lineOptions, replaytest.CallLine, dup, replaytest.ResultLine, replaytest.ResultLine)

	cs := replaytest.ToolCards(tr)
	require.Len(t, cs, 2)
	assert.Equal(t, cards.TerminalCall{Title: "ls"}, cs[0].Call)
	assert.Equal(t, cards.TerminalCall{Title: "pwd"}, cs[1].Call)
	assert.NotNil(t, cs[0].Result, "the first result goes to the first call")
	assert.NotNil(t, cs[1].Result, "the second result goes to the second call")
	ps := replaytest.Problems(tr)
	require.Len(t, ps, 1)
	assert.Equal(t, 2, ps[0].Line)
	assert.Contains(t, ps[0].Reason, `duplicate call id "c1"`)
	assert.Equal(t, dup, ps[0].Excerpt)
}

func TestResultWithoutCallGetsItsOwnCard(t *testing.T) {
	tr := replaytest.LoadLines(t, lineOptions, replaytest.ResultLine)

	require.Empty(t, replaytest.Problems(tr))
	cs := replaytest.ToolCards(tr)
	require.Len(t, cs, 1)
	assert.Equal(t, "c1", cs[0].ID)
	assert.Nil(t, cs[0].Call)
	assert.NotNil(t, cs[0].Result)
	assert.False(t, cs[0].Ended)
	assert.Equal(t, 1, tr.Stats.ToolCards)
}

func TestSecondResultIsAProblem(t *testing.T) {
	second := `{"type":"result","id":"c1","view":{"card":"terminal","output":"other"}}`
	tr := replaytest.LoadLines(t, lineOptions, replaytest.CallLine, replaytest.ResultLine, second)

	cs := replaytest.ToolCards(tr)
	require.Len(t, cs, 1)
	assert.Equal(t, "a.go", cs[0].Result.(cards.TerminalResult).Output, "the card keeps the first result")
	ps := replaytest.Problems(tr)
	require.Len(t, ps, 1)
	assert.Equal(t, 3, ps[0].Line)
	assert.Contains(t, ps[0].Reason, `second result for call id "c1"`)
	assert.Equal(t, second, ps[0].Excerpt)
	assert.Equal(t, 3, tr.Stats.Events, "the second result was read; the card keeps the first")
}

func TestFinishMarksPendingCards(t *testing.T) {
	tr := replay.NewTranscript("live")
	running := tr.AddCall("a", "bash", cards.TerminalCall{Title: "sleep 9"})
	done := tr.AddCall("b", "bash", cards.TerminalCall{Title: "true"})
	require.Equal(t, done, tr.AddResult("b", cards.TerminalResult{}))
	orphan := tr.AddResult("z", cards.GenericResult{})

	assert.False(t, tr.Entries[running].(cards.ToolCard).Ended, "running before Finish")
	assert.Equal(t, []int{running}, tr.Finish())
	assert.True(t, tr.Entries[running].(cards.ToolCard).Ended)
	assert.False(t, tr.Entries[done].(cards.ToolCard).Ended)
	assert.False(t, tr.Entries[orphan].(cards.ToolCard).Ended)
	assert.Empty(t, tr.Finish(), "a second Finish changes nothing")
}

// TestMutatorsReturnTheirEntry checks the index every mutating method
// returns, which a live viewer redraws.
func TestMutatorsReturnTheirEntry(t *testing.T) {
	tr := replay.NewTranscript("live")
	assert.Equal(t, 0, tr.AddMessage(cards.RoleUser, "go"))
	assert.Equal(t, 1, tr.AddCall("a", "", cards.GenericCall{Title: "x"}))
	assert.Equal(t, 2, tr.AddNotice("note"))
	assert.Equal(t, 1, tr.AddResult("a", cards.GenericResult{}), "a result changes its call's card")
	assert.Equal(t, 3, tr.AddProblem(7, "bad", []byte("{")))
	assert.Equal(t, 4, tr.AddCall("a", "", cards.GenericCall{Title: "again"}), "a duplicate gets its own card")
	assert.IsType(t, cards.Problem{}, tr.Entries[5], "and a problem after it")
	assert.Equal(t, 6, tr.AddResult("q", cards.GenericResult{}))
	assert.Equal(t, 4, tr.AddResult("a", cards.GenericResult{}))
	assert.Equal(t, 7, tr.AddResult("a", cards.GenericResult{}), "a third result is a problem")
	assert.Equal(t, replay.Stats{Events: 7, ToolCards: 3, Problems: 3, Skipped: map[string]int{}}, tr.Stats)
}

func TestAddSkippedCounts(t *testing.T) {
	tr := replay.NewTranscript("s")
	tr.AddSkipped("turn/start")
	tr.AddSkipped("turn/start")
	tr.AddSkipped("step/end")

	assert.Equal(t, map[string]int{"turn/start": 2, "step/end": 1}, tr.Stats.Skipped)
	assert.Empty(t, tr.Entries)
}

func TestProblemExcerpt(t *testing.T) {
	cases := []struct {
		name, line, want string
	}{
		{"short line whole", `{"a":1}`, `{"a":1}`},
		{"long line cut", strings.Repeat("x", 300), strings.Repeat("x", 120) + "…"},
		{"cut before a split character", strings.Repeat("x", 119) + "漢字", strings.Repeat("x", 119) + "…"},
		{"character ending at the cut kept", strings.Repeat("x", 117) + "漢字", strings.Repeat("x", 117) + "漢…"},
		{"invalid UTF-8 replaced", "a\xffb", "a\uFFFDb"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr := replay.NewTranscript("s")
			p := tr.Entries[tr.AddProblem(3, "bad", []byte(c.line))].(cards.Problem)

			assert.Equal(t, c.want, p.Excerpt)
			assert.True(t, utf8.ValidString(p.Excerpt))
			assert.Equal(t, cards.Problem{Source: "s", Line: 3, Reason: "bad", Excerpt: c.want}, p)
		})
	}
}
