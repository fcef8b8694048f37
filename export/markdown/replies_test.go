package markdown_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/cardtui/cardtui/agents/nodb"
	exportmd "github.com/cardtui/cardtui/export/markdown"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
	"github.com/cardtui/cardtui/render/style"
	"github.com/cardtui/cardtui/replay"
)

// TestMarkdownRepliesSayTimeAndModel: a reply's time and model follow its
// label, as the turn's facts follow "You".
func TestMarkdownRepliesSayTimeAndModel(t *testing.T) {
	tr := replaytest.LoadFile(t, nodb.Options(replay.Auto), "../../agents/codex/testdata/codex-0.169.0/rollout.jsonl")
	var b strings.Builder
	for _, e := range tr.Entries {
		b.WriteString(exportmd.Entry(e, style.Options{Width: 100}))
	}
	assert.Contains(t, b.String(), "**Assistant** · 20:03 · gpt-5.5\n")
}
