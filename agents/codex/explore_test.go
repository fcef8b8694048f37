package codex_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/agents/codex"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
	"github.com/cardtui/cardtui/sessions"
)

// exploredNonzero holds three exploring commands in 0.169's shapes: a
// read, `ls -la && cat calc.py`, and a search whose command was not
// found (exit 127).
const exploredNonzero = "testdata/explored-nonzero/rollout.jsonl"

// TestExploredNonzeroExit: a group whose command exited non-zero is not
// done but failed, counted as Codex counts it ("1 nonzero exit"); a read
// keeps its command's exit code and duration; the output of a command
// that lists and reads is filed under no file of its own.
func TestExploredNonzeroExit(t *testing.T) {
	tr := loadCodex169(t, "explored-nonzero")
	require.Empty(t, replaytest.Problems(tr))
	golden.Assert(t, "explored-nonzero.w100.txt", replaytest.RenderPlain(tr, 100))

	byTitle := cardsByTitle(tr)
	group := byTitle["Explored · Read calc.py, List ls -la, Read calc.py, Search TODO"]
	require.Len(t, group.Children, 3)
	assert.Equal(t, cards.StateFailed, group.State())
	assert.Equal(t, cards.GenericResult{Title: "3 commands, 1 nonzero exit"}, group.Result)

	read := byTitle["Read calc.py"].Result.(cards.ReadResult)
	assert.Equal(t, "exit 0 · took 15.3ms", read.Title)

	both := byTitle["List ls -la, Read calc.py"]
	assert.Empty(t, both.Call.(cards.GenericCall).Locations, "ls's output is not calc.py's")
	assert.IsType(t, cards.TerminalResult{}, both.Result)
}

// TestSessionCountsCalls: the sessions list counts the calls the agent
// made, not the "Explored" card that gathers them.
func TestSessionCountsCalls(t *testing.T) {
	s := sessions.Read(exploredNonzero, codex.Sessions)
	assert.Empty(t, s.Problem)
	assert.Equal(t, 3, s.ToolCalls)
}

// TestExploredWithoutParsedCmd: a rollout older than parsed_cmd words its
// "Explored" group from the command lines as Codex parses them: the file
// a pipeline reads (nl -ba F | sed -n A,Bp), the query and path of a
// search, the path listed, the formatting after a pipe left out.
func TestExploredWithoutParsedCmd(t *testing.T) {
	tr := loadCodex169(t, "explore-0.114")
	require.Empty(t, replaytest.Problems(tr))
	var titles []string
	for _, c := range replaytest.ToolCards(tr) {
		titles = append(titles, replaytest.CallTitle(c.Call))
	}
	assert.Equal(t, []string{
		"Explored · Read base.py, knowledge.py, Search class Image|class Audio in media, List components, Read package.json",
	}, titles)
}
