package opencode_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
	"github.com/cardtui/cardtui/producers"
)

// wild is an export written in the shapes opencode 1.15–1.17 records for
// apply_patch, question and the tools whose lines carry opencode's icons.
const wild = "testdata/wild/export.json"

// wildCards are the tool cards of the wild export, by call id.
func wildCards(t *testing.T) map[string]cards.ToolCard {
	t.Helper()
	tr := loadDocument(t, wild)
	assert.Empty(t, replaytest.Problems(tr))
	byID := map[string]cards.ToolCard{}
	for _, c := range replaytest.ToolCards(tr) {
		byID[c.ID] = c
	}
	return byID
}

func TestWildExport(t *testing.T) {
	tr := loadDocument(t, wild)
	golden.Assert(t, "wild-100.txt", replaytest.RenderPlain(tr, 100))
}

func TestTitlesCarryNoOpencodeIcon(t *testing.T) {
	byID := wildCards(t)
	for id, want := range map[string]string{
		"call_read":  "Read /p/src/a.ts",
		"call_write": "Write /p/b.ts",
		"call_glob":  `Glob "**/*.ts"`,
		"call_task":  "Task explore: Find TODOs",
	} {
		assert.Equal(t, want, replaytest.CallTitle(byID[id].Call), id)
	}
}

func TestApplyPatchIsAnEditCard(t *testing.T) {
	byID := wildCards(t)
	done := byID["call_patch"]
	call, ok := done.Call.(cards.DiffCall)
	require.True(t, ok, "%T", done.Call)
	assert.Equal(t, "Patch 3 files", call.Title)
	result, ok := done.Result.(cards.DiffResult)
	require.True(t, ok, "%T", done.Result)
	assert.Equal(t, "Patched 3 files (+3 -3)", result.Title)
	require.Len(t, result.Diffs, 3)
	assert.True(t, result.Diffs[0].Created(), "notes.md is added")
	assert.Equal(t, 3, result.Diffs[1].OldStart, "line numbers of the recorded diff")
	assert.True(t, result.Diffs[2].Deleted(), "old.txt is deleted")

	failed := byID["call_patch_bad"]
	assert.Equal(t, cards.OutcomeFailed, failed.Outcome)
	assert.IsType(t, cards.DiffCall{}, failed.Call, "the patch asked for, as a diff")
	old := byID["call_patch_old"]
	require.IsType(t, cards.DiffCall{}, old.Call)
	assert.Equal(t, "Patch src/c.ts", old.Call.(cards.DiffCall).Title)
}

func TestQuestionIsTheQuestionCard(t *testing.T) {
	q := wildCards(t)["call_q"]
	questions := []producers.Question{
		{Text: "Which package manager?", Options: []producers.Option{{Label: "npm", Description: "the default"}, {Label: "pnpm", Description: "faster"}}},
		{Text: "Which checks to run?", Options: []producers.Option{{Label: "lint"}, {Label: "test"}}, Multiple: true},
		{Text: "Anything else?", Options: []producers.Option{{Label: "no"}}},
	}
	assert.Equal(t, producers.QuestionsCall(questions), q.Call)
	assert.Equal(t, producers.AnswersResult(questions, [][]string{{"pnpm"}, {"lint", "test"}, nil}), q.Result)
}
