package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/internal/demo"
	"github.com/cardtui/cardtui/replay"
)

// demoSummary is the summary line of the built-in demo, after its name.
const demoSummary = "harness: 182 lines, 182 events, 18 tool cards, 0 problems, skipped: assistant/chunk×30 request/context×18 " +
	"request/header×18 step/end×18 step/start×18 agent/inbox/spliced×4 text-chunks×4 tool-call-chunks×4 " +
	"reasoning-chunks×2 todo/write×2 turn/end×2 turn/start×2"

func TestValidateCleanFile(t *testing.T) {
	file := writeSession(t, "demo.jsonl", string(demo.Session))

	r := runWith("", "validate", file)

	assert.Equal(t, exitOK, r.code, r.stderr)
	assert.Equal(t, file+": "+demoSummary+"\n", r.stdout, "the session's own notices (its title) are not reported")
	assert.Empty(t, r.stderr)
}

func TestValidateReportsEveryProblem(t *testing.T) {
	clean := sessionPath(t, "demo-views.jsonl")
	bad := writeSession(t, "bad.jsonl", badMiddle+
		`{"type":"result","id":"c1"}`+"\n"+
		`{"type":"message","role":"user","text":"torn`)

	r := runWith("", "validate", bad, "--input-format", "views", clean)

	assert.Equal(t, exitProblems, r.code)
	assert.Equal(t, bad+`:2: terminal call: field "exitCode": field does not belong to this card`+"\n"+
		bad+`:4: result: missing field "view"`+"\n"+
		bad+": notice: line 5 is torn: the input ends in the middle of it (44 bytes without a newline), so it was not read\n"+
		bad+": views: 5 lines, 2 events, 0 tool cards, 2 problems\n"+
		clean+": views: 30 lines, 30 events, 13 tool cards, 0 problems\n", r.stdout)
	assert.Empty(t, r.stderr)
}

func TestValidateStdinAndMissingFile(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "gone.jsonl")

	r := runWith(badMiddle, "validate", "-", missing)

	assert.Equal(t, exitProblems, r.code)
	assert.Contains(t, r.stdout, "-:2: terminal call")
	assert.Contains(t, r.stdout, "-: views: 3 lines, 2 events, 0 tool cards, 1 problem\n")
	assert.Contains(t, r.stderr, "gone.jsonl: no such file")
}

func TestSummary(t *testing.T) {
	cases := []struct {
		stats replay.Stats
		want  string
	}{
		{replay.Stats{}, "0 lines, 0 events, 0 tool cards, 0 problems"},
		{replay.Stats{Lines: 1, Events: 1, ToolCards: 1, Problems: 1}, "1 line, 1 event, 1 tool card, 1 problem"},
		{
			replay.Stats{Lines: 9, Events: 4, Skipped: map[string]int{"turn/start": 2, "step/end": 1, "assistant/chunk": 2}},
			"9 lines, 4 events, 0 tool cards, 0 problems, skipped: assistant/chunk×2 turn/start×2 step/end×1",
		},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, summary(c.stats))
	}
}

func TestValidateReportsASubagentsBadLine(t *testing.T) {
	dir := t.TempDir()
	session := filepath.Join(dir, "s1.jsonl")
	agentFile := filepath.Join(dir, "s1", "subagents", "agent-x.jsonl")
	require.NoError(t, os.MkdirAll(filepath.Dir(agentFile), 0o755))
	require.NoError(t, os.WriteFile(session, []byte(
		`{"type":"user","uuid":"u1","sessionId":"s1","message":{"role":"user","content":"go"}}`+"\n"+
			`{"type":"assistant","uuid":"a1","parentUuid":"u1","sessionId":"s1","message":{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"Agent","input":{"description":"look","prompt":"Look around."}}]}}`+"\n"), 0o644))
	require.NoError(t, os.WriteFile(agentFile, []byte(
		`{"type":"user","uuid":"x1","isSidechain":true,"sessionId":"s1","message":{"role":"user","content":"Look around."}}`+"\n{oops\n"), 0o644))

	r := runWith("", "validate", session)

	assert.Equal(t, exitProblems, r.code)
	assert.Contains(t, r.stdout, agentFile+":2: ", "the sub-agent's file and line")
	assert.Contains(t, r.stdout, "1 problem")
}
