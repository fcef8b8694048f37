package gemini_test

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
	"github.com/cardtui/cardtui/replay"
)

// rewinds is a chat of messages and, after each of them, rewinds
// $rewindTo lines back to the first message.
func rewinds(messages, rewinds int) string { return rewindsTo(messages, rewinds, "u0", 0) }

// rewindsTo is rewinds to message id, and then late more of them after
// the last message.
func rewindsTo(messages, rewinds int, id string, late int) string {
	lines := []string{`{"sessionId":"s1","projectHash":"h","startTime":"2026-01-01T00:00:00Z","kind":"main"}`}
	for i := range messages {
		lines = append(lines, fmt.Sprintf(`{"id":"u%d","timestamp":"t","type":"user","content":"prompt %d"}`, i, i))
		for range rewinds {
			lines = append(lines, `{"$rewindTo":"`+id+`"}`)
		}
	}
	for range late {
		lines = append(lines, `{"$rewindTo":"`+id+`"}`)
	}
	return strings.Join(lines, "\n") + "\n"
}

// loadAllocations loads input and counts the allocations it takes.
func loadAllocations(t *testing.T, input string) (*replay.Transcript, uint64) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	tr := replaytest.Load(t, autoOptions, input)
	runtime.ReadMemStats(&after)
	return tr, after.Mallocs - before.Mallocs
}

// TestRewindsAreLinear: a rewind marks only what no rewind marked yet,
// and a run of rewinds says so once: twice the rewinds take about twice
// the work (allocations counted, not time), where marking every entry
// again on every rewind took four times.
func TestRewindsAreLinear(t *testing.T) {
	for _, shape := range []struct {
		name              string
		messages, rewinds int
	}{{"one run", 1, 1000}, {"after each message", 500, 2}} {
		t.Run(shape.name, func(t *testing.T) {
			_, small := loadAllocations(t, rewinds(shape.messages, shape.rewinds))
			_, big := loadAllocations(t, rewinds(2*shape.messages, shape.rewinds))
			if shape.messages == 1 {
				_, big = loadAllocations(t, rewinds(1, 2*shape.rewinds))
			}
			assert.Less(t, float64(big)/float64(small), 2.6, "%d allocations, then %d", small, big)
		})
	}
	t.Run("to a message never seen", func(t *testing.T) {
		_, small := loadAllocations(t, rewindsTo(1000, 0, "nowhere", 1000))
		_, big := loadAllocations(t, rewindsTo(2000, 0, "nowhere", 2000))
		assert.Less(t, float64(big)/float64(small), 2.6, "%d allocations, then %d", small, big)
	})
}

// TestOneNoticePerRewindRun: rewinds one after the other are one notice,
// which counts them; every message they rewound is marked rolled back.
func TestOneNoticePerRewindRun(t *testing.T) {
	tr := replaytest.Load(t, autoOptions, rewinds(3, 5))
	assert.Empty(t, replaytest.Problems(tr))
	require.Len(t, replaytest.Notices(tr), 3, "one notice after each message's run of rewinds")
	assert.Contains(t, replaytest.Notices(tr)[0], "rewound 5 times")
	for _, e := range tr.Entries {
		if m, ok := e.(cards.Message); ok {
			assert.True(t, m.RolledBack, m.Text)
		}
	}

	tr = replaytest.Load(t, autoOptions, rewinds(1, 1))
	assert.Equal(t, []string{"rewound: the conversation from here on was dropped (message u0)"}, replaytest.Notices(tr))
}
