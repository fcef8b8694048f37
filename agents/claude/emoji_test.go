package claude_test

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/internal/testkit/replaytest"
)

// TestEmojiLinesFitTheirWidth: a prompt, a reply, a command and its
// output holding emoji ZWJ sequences, flags, a skin tone and presentation
// selectors fit the width whether the terminal counts grapheme clusters
// (mode 2027: kitty, WezTerm, Ghostty) or code points (wcwidth: xterm,
// VTE, tmux).
func TestEmojiLinesFitTheirWidth(t *testing.T) {
	tr := replaytest.LoadFile(t, agentsOptions, "testdata/emoji/session.jsonl")
	require.Empty(t, replaytest.Problems(tr))
	for _, width := range []int{120, 40} {
		text := replaytest.RenderPlain(tr, width)
		require.Contains(t, text, "🇫🇷🇩🇪")
		for i, line := range strings.Split(text, "\n") {
			assert.LessOrEqual(t, ansi.StringWidth(line), width, "width %d line %d, counted by grapheme clusters: %q", width, i, line)
			assert.LessOrEqual(t, ansi.StringWidthWc(line), width, "width %d line %d, counted by code points: %q", width, i, line)
		}
	}
}
