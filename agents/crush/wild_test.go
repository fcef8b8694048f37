package crush_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
	"github.com/cardtui/cardtui/replay"
)

// wild are the lines of a Crush database in the shapes real ones hold:
// finish parts on user and tool messages, LSP diagnostics after an
// edit's result, a multiedit that applied 2 of 3 edits, a failed edit,
// a call id a model reuses for every bash call, and the patch tool of
// early Crush and the Go opencode.
const wild = "testdata/wild/wild.jsonl"

func loadWild(t *testing.T) *replay.Transcript {
	t.Helper()
	return replaytest.LoadFile(t, autoOptions, wild)
}

func TestWildLines(t *testing.T) {
	tr := loadWild(t)
	assert.Empty(t, replaytest.Problems(tr))
	golden.Assert(t, "wild-100.txt", replaytest.RenderPlain(tr, 100))
}

func TestStopLinesOnlyOnTheAssistant(t *testing.T) {
	tr := loadWild(t)
	var notices []string
	for _, e := range tr.Entries {
		if n, ok := e.(cards.Notice); ok {
			notices = append(notices, n.Text)
		}
	}
	assert.Equal(t, []string{
		"Crush session s1: Fix the parser",
		"gemini-2.5-pro via openrouter",
		"stopped: error: Provider error (429 rate limited)",
	}, notices, "no stop line after a user or tool message")
}

// wildCard is the card of call id (the n-th with that id), rendered.
func wildCard(t *testing.T, tr *replay.Transcript, id string, n int) (cards.ToolCard, string) {
	t.Helper()
	for _, c := range replaytest.ToolCards(tr) {
		if strings.TrimSuffix(c.ID, "#2") == id {
			if n--; n < 0 {
				one := replay.Transcript{Entries: []cards.Entry{c}}
				return c, replaytest.RenderPlain(&one, 100)
			}
		}
	}
	t.Fatalf("no card %s", id)
	return cards.ToolCard{}, ""
}

func TestEditShowsDiagnostics(t *testing.T) {
	_, text := wildCard(t, loadWild(t), "c1", 0)
	assert.Contains(t, text, "+ mod parse;")
	assert.Contains(t, text, "Error: /w/src/main.rs:2:1 [rust-analyzer][E0583] unresolved module")
	assert.Contains(t, text, "Warn: /w/src/main.rs:1:5 [rustc][unused_imports]")
}

func TestMultiEditSaysEditsApplied(t *testing.T) {
	_, text := wildCard(t, loadWild(t), "c2", 0)
	assert.Contains(t, text, "Applied 2 edits")
	assert.Contains(t, text, "1 edit failed: old_string not found in content")
}

func TestFailedEditErrorOnce(t *testing.T) {
	c, text := wildCard(t, loadWild(t), "c3", 0)
	assert.Equal(t, cards.OutcomeFailed, c.Outcome)
	assert.Equal(t, 1, strings.Count(text, "old_string not found in file"), text)
}

func TestReusedCallIDs(t *testing.T) {
	tr := loadWild(t)
	assert.Empty(t, replaytest.Problems(tr))
	_, first := wildCard(t, tr, "tool_0_bash", 0)
	_, second := wildCard(t, tr, "tool_0_bash", 1)
	assert.Contains(t, first, "output 0")
	assert.Contains(t, second, "output 1", "each result goes to the nearest unanswered call of its id")
}

func TestPatchIsAnEditCard(t *testing.T) {
	tr := loadWild(t)
	c, text := wildCard(t, tr, "c4", 0)
	require.IsType(t, cards.DiffCall{}, c.Call)
	assert.Equal(t, "Patch /w/src/lib.rs", c.Call.(cards.DiffCall).Title)
	assert.Contains(t, text, "1 files changed, 1 additions, 1 removals")
	bad, _ := wildCard(t, tr, "c5", 0)
	assert.Equal(t, cards.OutcomeFailed, bad.Outcome)
	assert.Equal(t, "Patch", replaytest.CallTitle(bad.Call), "a patch that does not read, as its text")
}
