package acp_test

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	acpclient "github.com/cardtui/cardtui/acpclient"
	"github.com/cardtui/cardtui/agents/nodb"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit"
	"github.com/cardtui/cardtui/internal/testkit/acptest"
	"github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
	"github.com/cardtui/cardtui/replay"
)

func TestACPRecording(t *testing.T) {
	tr, err := replay.Load(bytes.NewReader(golden.Session(t, "acp-example.jsonl")), "acp-example.jsonl", replay.Options{Formats: nodb.Formats})
	require.NoError(t, err)
	assert.Equal(t, "acp", tr.Format, "detected from the content")
	assert.Zero(t, tr.Stats.Problems)
	assert.Equal(t, 4, tr.Stats.ToolCards)
	var titles, results []string
	for _, e := range tr.Entries {
		if c, ok := e.(cards.ToolCard); ok {
			titles = append(titles, replaytest.CallTitle(c.Call))
			if r, ok := c.Result.(cards.GenericResult); ok && r.Title != "" {
				results = append(results, r.Title)
			}
		}
	}
	assert.Equal(t, []string{
		"Reading project files", "Modifying critical configuration file",
		"Reading project files", "Modifying critical configuration file",
	}, titles)
	assert.Equal(t, []string{"Allowed: Allow this change (allow once)", "Rejected: Skip this change (reject once)"}, results,
		"the permission choices are on their cards")
}

func TestACPRecordingBadLines(t *testing.T) {
	tr := replaytest.Load(t, nodb.Options(replay.Auto), strings.Join([]string{
		`{"time":"2026-01-01T00:00:00Z","from":"cardtui","start":{"command":["agent"],"dir":"/p"}}`,
		`{"time":"2026-01-01T00:00:01Z","from":"client","text":"a client never writes text"}`,
		`{"time":"2026-01-01T00:00:02Z","from":"agent","msg":{"jsonrpc":"2.0","id":9,"result":{}}}`,
		`{"time":"2026-01-01T00:00:03Z","from":"agent","text":"Loading…"}`,
		`{"time":"2026-01-01T00:00:04Z","from":"agent","msg":{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s","update":{"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"still shown"}}}}}`,
		`{"time":"2026-01-01T00:00:05Z","from":"agent","msg":{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s","update":{"sessionUpdate":"nonsense"}}}}`,
	}, "\n")+"\n")
	var problems []string
	for _, e := range tr.Entries {
		if p, ok := e.(cards.Problem); ok {
			problems = append(problems, p.Reason)
			assert.Equal(t, "test.jsonl", p.Source)
		}
	}
	require.Len(t, problems, 3)
	assert.Contains(t, problems[0], "cannot carry this payload")
	assert.Contains(t, problems[1], "request 9, which was never sent")
	assert.Contains(t, problems[2], "not JSON-RPC")
	assert.Equal(t, map[string]int{"session/update nonsense": 1}, tr.Stats.Skipped, "an update kind cardtui does not know is counted")
	assert.Contains(t, tr.Entries, cards.Entry(cards.Message{Role: cards.RoleAssistant, Text: "still shown"}))
}

// TestACPReplayMatchesLive runs the SDK's example agent, and checks that
// the replay of the recording shows the cards the live session showed.
func TestACPReplayMatchesLive(t *testing.T) {
	testkit.SkipLong(t, "the example agent takes seconds per turn")
	var rec acptest.Buffer
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	s, err := acpclient.Start(ctx, acpclient.Config{Command: []string{acptest.ExampleAgent(t)}, Dir: t.TempDir(), Record: &rec})
	require.NoError(t, err)
	defer s.Close()
	go func() { _ = s.Prompt(ctx, "go") }()
	require.Eventually(t, func() bool { return s.State().Asks }, 20*time.Second, 10*time.Millisecond)
	require.True(t, s.Choose(s.State().Asking.AllowOnce()))
	require.Eventually(t, func() bool { return !s.State().Busy }, 20*time.Second, 10*time.Millisecond)
	live := s.Entries()

	tr, err := replay.Load(bytes.NewReader(rec.Bytes()), "rec.jsonl", replay.Options{Formats: nodb.Formats, Format: "acp"})
	require.NoError(t, err)
	assert.Equal(t, live, tr.Entries)
}
