package claude_test

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/agents/claude"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/internal/testkit/producertest"
	"github.com/cardtui/cardtui/producers"
)

// claudePair is one tool call of a real Claude Code transcript and its
// result.
type claudePair struct {
	name, tool, args string
	result           producers.Result
	hasResult        bool
}

// claudeTranscriptLine is the part of a transcript line the pairs come
// from.
type claudeTranscriptLine struct {
	Type    string `json:"type"`
	Message struct {
		Content json.RawMessage `json:"content"`
	} `json:"message"`
	ToolUseResult json.RawMessage `json:"toolUseResult"`
}

// claudeFixturePairs reads every tool_use and tool_result of the recorded
// Claude Code transcripts a developer keeps in a shared fixture folder
// (shared/fixtures/claude, three levels above the golden files' folder),
// skipping the test when the folder is not there.
func claudeFixturePairs(t *testing.T) []claudePair {
	t.Helper()
	files := golden.SharedFixtures(t, "claude", "Claude Code transcripts")
	var pairs []claudePair
	for _, file := range files {
		pairs = append(pairs, readClaudeFixture(t, file)...)
	}
	return pairs
}

func readClaudeFixture(t *testing.T, file string) []claudePair {
	f, err := os.Open(file)
	require.NoError(t, err)
	defer f.Close()
	var pairs []claudePair
	index := map[string]int{}
	scanner := bufio.NewScanner(f)
	scanner.Buffer(nil, 16<<20)
	for scanner.Scan() {
		var l claudeTranscriptLine
		require.NoError(t, json.Unmarshal(scanner.Bytes(), &l), file)
		var blocks []struct {
			Type      string          `json:"type"`
			ID        string          `json:"id"`
			Name      string          `json:"name"`
			Input     json.RawMessage `json:"input"`
			ToolUseID string          `json:"tool_use_id"`
			Content   json.RawMessage `json:"content"`
			IsError   bool            `json:"is_error"`
		}
		if json.Unmarshal(l.Message.Content, &blocks) != nil {
			continue // string content
		}
		for _, b := range blocks {
			switch b.Type {
			case "tool_use":
				index[b.ID] = len(pairs)
				pairs = append(pairs, claudePair{name: filepath.Base(file) + ":" + b.ID, tool: b.Name, args: string(b.Input)})
			case "tool_result":
				i, ok := index[b.ToolUseID]
				require.True(t, ok, "%s: result for unknown call %s", file, b.ToolUseID)
				pairs[i].result = claude.ToolResult(b.Content, b.IsError, l.ToolUseResult)
				pairs[i].hasResult = true
			}
		}
	}
	require.NoError(t, scanner.Err())
	return pairs
}

// TestClaudeFixturesArePureAndValid runs every call and result of the
// real transcripts through the Claude registry twice and requires the
// same, valid views both times, none of them a fallback.
func TestClaudeFixturesArePureAndValid(t *testing.T) {
	pairs := claudeFixturePairs(t)
	tools := map[string]bool{}
	for _, p := range pairs {
		t.Run(p.name, func(t *testing.T) {
			tools[p.tool] = true
			producertest.RequireNoFallback(t, claudeCall(t, p.tool, p.args))
			require.True(t, p.hasResult)
			view := claudeTools.Result(p.tool, []byte(p.args), p.result)
			require.Equal(t, view, claudeTools.Result(p.tool, []byte(p.args), p.result))
			producertest.RequireResultRoundTrip(t, view)
			producertest.RequireNoFallback(t, view)
		})
	}
	for _, tool := range []string{"Bash", "BashOutput", "Edit", "Glob", "KillBash", "MultiEdit", "Read", "Task", "TodoWrite", "Write"} {
		assert.True(t, tools[tool], "no fixture calls %s", tool)
	}
}

// TestClaudeFixturesShowWhatTheToolsDid checks the result card each kind
// of successful result makes.
func TestClaudeFixturesShowWhatTheToolsDid(t *testing.T) {
	want := map[string]any{
		"Read": cards.ReadResult{}, "Glob": cards.SearchPaths{}, "TodoWrite": cards.GenericResult{},
		"BashOutput": cards.TerminalResult{}, "MultiEdit": cards.DiffResult{}, "Edit": cards.DiffResult{},
	}
	for _, p := range claudeFixturePairs(t) {
		if p.result.IsError || want[p.tool] == nil {
			continue
		}
		view := claudeTools.Result(p.tool, []byte(p.args), p.result)
		assert.IsType(t, want[p.tool], view, p.name)
		if d, ok := view.(cards.DiffResult); ok {
			for _, hunk := range d.Diffs {
				assert.Positive(t, hunk.OldStart, p.name)
				assert.Positive(t, hunk.NewStart, p.name)
			}
		}
	}
}
