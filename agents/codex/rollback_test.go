package codex_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
)

// markedEntries describes the entries of a transcript that are marked
// rolled back and those that are not.
func markedEntries(entries []cards.Entry) (marked, kept []string) {
	for _, e := range entries {
		var what string
		switch e := e.(type) {
		case cards.Message:
			what = string(e.Role) + ": " + e.Text
		case cards.ToolCard:
			what = "card " + e.ID
		case cards.Notice:
			what = "notice: " + e.Text
		case cards.Problem:
			what = "problem: " + e.Reason
		}
		if cards.IsRolledBack(e) {
			marked = append(marked, what)
		} else {
			kept = append(kept, what)
		}
	}
	return marked, kept
}

// TestCodexRollback: the turn thread_rolled_back undid — its prompt, its
// call, its reply — stays in the transcript marked rolled back, after it
// a Notice says so, and the turns before and after are not marked.
func TestCodexRollback(t *testing.T) {
	tr := replaytest.LoadBytes(t, agentsOptions, golden.Session(t, "codex-rollback.jsonl"))
	require.Empty(t, replaytest.Problems(tr), replaytest.Describe(tr))
	marked, kept := markedEntries(tr.Entries)
	assert.Equal(t, []string{
		"user: Add a --json flag that prints the counts as JSON.", "card call_Js0nP4tC7hVb3Nmq",
		"assistant: Added `--json`; `asJSON` is not used yet.",
	}, marked)
	assert.Contains(t, kept, "notice: Rolled back: the turn above was undone")
	assert.Contains(t, kept, "user: Not yet: first document the current flags in the README.")
	assert.Contains(t, kept, "card call_Fl4gS1kQ9wEr2Tyu")

	out := replaytest.RenderPlain(tr, 100)
	assert.Equal(t, 3, strings.Count(out, "↶ rolled back"), "each entry of the turn is labelled")
}

// codexLines are rollout lines: a session_meta line, then each of
// events as an event_msg payload.
func codexLines(events ...string) string {
	lines := []string{`{"timestamp":"2025-11-21T09:00:00.000Z","type":"session_meta","payload":{"id":"s","cwd":"/w","cli_version":"0.63.0"}}`}
	for _, e := range events {
		lines = append(lines, fmt.Sprintf(`{"timestamp":"2025-11-21T09:00:01.000Z","type":"event_msg","payload":%s}`, e))
	}
	return strings.Join(lines, "\n") + "\n"
}

func prompt(text string) string { return `{"type":"user_message","message":"` + text + `"}` }
func reply(text string) string  { return `{"type":"agent_message","message":"` + text + `"}` }
func rollback(n string) string  { return `{"type":"thread_rolled_back","num_turns":` + n + `}` }

// TestCodexRollbacksCountFromTheTurnsLeft: a second rollback undoes the
// turns before the ones the first undid, and one asking for more turns
// than there are undoes all and says so.
func TestCodexRollbacksCountFromTheTurnsLeft(t *testing.T) {
	tr := replaytest.Load(t, agentsOptions, codexLines(prompt("one"), reply("1"), prompt("two"), reply("2"), prompt("three"), reply("3"),
		rollback("1"), prompt("four"), rollback("5")))
	require.Empty(t, replaytest.Problems(tr), replaytest.Describe(tr))
	marked, kept := markedEntries(tr.Entries)
	assert.Equal(t, []string{
		"user: one", "assistant: 1", "user: two", "assistant: 2", "user: three", "assistant: 3",
		"notice: Rolled back: the turn above was undone", "user: four",
	}, marked)
	assert.Equal(t, []string{
		"notice: Codex 0.63.0 session in /w",
		"notice: Rolled back: the 3 turns above were undone (5 were asked for; the rollout holds no earlier turn)",
	}, kept)
}

func TestCodexRollbackProblems(t *testing.T) {
	for payload, reason := range map[string]string{
		`{"type":"thread_rolled_back"}`:                  `missing field "payload.num_turns"`,
		`{"type":"thread_rolled_back","num_turns":-1}`:   "less than 0",
		`{"type":"thread_rolled_back","num_turns":"1"}`:  "num_turns",
		`{"type":"thread_rolled_back","num_turns":null}`: `missing field "payload.num_turns"`,
	} {
		tr := replaytest.Load(t, agentsOptions, codexLines(prompt("one"), payload, reply("after")))
		ps := replaytest.Problems(tr)
		require.Len(t, ps, 1, payload)
		assert.Contains(t, ps[0].Reason, reason, payload)
		assert.Equal(t, 3, ps[0].Line)
		marked, _ := markedEntries(tr.Entries)
		assert.Empty(t, marked, "a bad rollback undoes nothing")
	}
}
