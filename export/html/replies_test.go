package html_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/cardtui/cardtui/agents/nodb"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
	"github.com/cardtui/cardtui/replay"
)

// TestHTMLRepliesSayTimeAndModel: a reply's time and model follow its
// label, as the turn's facts follow "You".
func TestHTMLRepliesSayTimeAndModel(t *testing.T) {
	tr := replaytest.LoadFile(t, nodb.Options(replay.Auto), "../../agents/codex/testdata/codex-0.169.0/rollout.jsonl")
	assert.Contains(t, htmlOf(t, tr.Entries...), `<div class="role">Assistant<span class="turn"> · 20:03 · gpt-5.5</span>`)
}
