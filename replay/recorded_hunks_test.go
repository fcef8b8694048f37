package replay_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
)

// TestRecordedHunksAreUsedAsRecorded: the hunks a Claude Code
// structuredPatch and a Codex unified_diff record — five lines of leading
// context, removals and additions interleaved, a whitespace-only change —
// are what the card shows, line for line; a recompute would fold two of
// the context lines and put both removals before both additions.
func TestRecordedHunksAreUsedAsRecorded(t *testing.T) {
	for _, name := range []string{"claude-recorded-hunks", "codex-recorded-hunks"} {
		t.Run(name, func(t *testing.T) {
			tr := replaytest.LoadBytes(t, lineOptions, golden.Session(t, name+".jsonl"))
			require.Empty(t, replaytest.Problems(tr), replaytest.Describe(tr))
			result := replaytest.ToolCards(tr)[0].Result.(cards.DiffResult)
			require.NotEmpty(t, result.Diffs)
			assert.Equal(t, []string{
				" package server", " ", ` import "net/http"`, " ", " // Serve starts the server.",
				"-func Serve(addr string) error {", "+func Serve(addr string, h http.Handler) error {",
				"-\treturn http.ListenAndServe(addr, nil)", "+\treturn http.ListenAndServe(addr, h)", " }",
			}, result.Diffs[0].Lines)

			out := replaytest.RenderPlain(tr, 100)
			assert.NotContains(t, out, "unchanged line", "a recorded hunk keeps the context its tool kept")
			assert.Regexp(t, `(?s)- func Serve\(addr string\) error \{.*\n.*\+ func Serve\(addr string, h http\.Handler\).*\n.*-\s+return http\.ListenAndServe\(addr, nil\)`,
				out, "the lines in their recorded order")
			golden.Assert(t, name+".plain.w100.golden", out)
		})
	}
	tr := replaytest.LoadBytes(t, lineOptions, golden.Session(t, "claude-recorded-hunks.jsonl"))
	makefile := replaytest.ToolCards(tr)[1].Result.(cards.DiffResult).Diffs[0]
	assert.Equal(t, []string{" test:", "-\tgo test ./...", `\ No newline at end of file`, "+    go test ./...", `\ No newline at end of file`}, makefile.Lines)
	assert.Equal(t, 2, strings.Count(replaytest.RenderPlain(tr, 100), `\ No newline at end of file`), "the markers where they were recorded")
}
