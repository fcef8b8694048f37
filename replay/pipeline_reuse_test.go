package replay_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/internal/testkit"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
	"github.com/cardtui/cardtui/replay"
)

// TestPipelinesReuseBatches: loading one short session after another (a
// listing reads thousands) does not make a new batch buffer for each:
// the batches one pipeline applied take the lines of the next.
func TestPipelinesReuseBatches(t *testing.T) {
	input := replaytest.CallLine + "\n" + replaytest.ResultLine + "\n" + replaytest.AssistantLine + "\n"
	load := func() {
		tr, err := replay.Load(strings.NewReader(input), "s.jsonl", lineOptions)
		require.NoError(t, err)
		require.Len(t, replaytest.ToolCards(tr), 1)
	}
	load()
	assert.Less(t, testkit.Allocated(50, load), uint64(64<<10), "bytes allocated by one load: less than one batch's buffer")
}
