package replay_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
)

// TestVerbatimText: a user's prompt and a tool's plain output keep their
// line breaks, indentation, tags and Markdown-like characters; the
// assistant's reply is still Markdown.
func TestVerbatimText(t *testing.T) {
	tr := replaytest.LoadBytes(t, lineOptions, golden.Session(t, "verbatim-text.jsonl"))
	require.Empty(t, replaytest.Problems(tr), replaytest.Describe(tr))
	out := replaytest.RenderPlain(tr, 70)
	for _, want := range []string{
		"▌ def total(items):\n▌     s = 0\n▌     for i in items:\n▌         s += i\n▌         return s\n",
		"▌ <path>calc/total.py</path>\n▌ ---\n▌ name: calc\n▌ ---\n",
		"▌ 1. keep the *stars*\n▌ 2. and # the hash\n",
		"│ 1       def total(items):",
		"│ 5               return s",
		"│ captured output ",
		"│ CODE_ONE+CODE_TWO ",
		`│ {"name": "calc", "version": 2, "tags": ["math", "cli"]}`,
		"  • it returns after the first item\n",
	} {
		assert.Contains(t, out, want)
	}
	assert.NotContains(t, out, "**inside**", "the reply is Markdown")
	assert.Equal(t, 1, strings.Count(out, "▌ name: calc"), "front matter is no heading")
	golden.Assert(t, "verbatim-text.plain.w70.golden", out)
}
