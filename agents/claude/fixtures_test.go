package claude_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
	"github.com/cardtui/cardtui/replay"
)

// claudeFixtures reads the Claude Code transcripts in
// ../shared/fixtures/claude, skipping the test when the folder is absent.
func claudeFixtures(t testing.TB) map[string][]byte {
	t.Helper()
	files := golden.SharedFixtures(t, "claude", "Claude Code transcripts")
	fixtures := map[string][]byte{}
	for _, file := range files {
		data, err := os.ReadFile(file)
		require.NoError(t, err)
		fixtures[filepath.Base(file)] = data
	}
	return fixtures
}

// loadedClaudeFixtures are the real transcripts' counts and loaded
// transcripts by name, each counted and loaded once for the tests that
// check them.
var loadedClaudeFixtures sync.Map

// claudeFixture is a real transcript counted by countClaude and loaded as
// replaytest.LoadBytes gives it with agentsOptions; the tests only read
// them.
type claudeFixture struct {
	counts claudeCounts
	tr     *replay.Transcript
}

// loadClaudeFixture is the transcript name of claudeFixtures, counted
// and loaded at the first call.
func loadClaudeFixture(t *testing.T, name string, data []byte) claudeFixture {
	t.Helper()
	if f, ok := loadedClaudeFixtures.Load(name); ok {
		return f.(claudeFixture)
	}
	f := claudeFixture{counts: countClaude(t, data), tr: replaytest.LoadBytes(t, agentsOptions, data)}
	loadedClaudeFixtures.Store(name, f)
	return f
}

// claudeCounts is what a transcript holds, counted by scanning its JSON
// independently of the decoder.
type claudeCounts struct {
	lines int
	// toolUses are the ids of the tool_use blocks; sidechain those of the
	// sub-agents' lines.
	toolUses, sidechain []string
	// patches are the hunk counts of the non-empty structuredPatches, by
	// tool_use id.
	patches map[string]int
	// tasks are the descriptions of the Task calls by prompt; subagents
	// the prompt of the sub-agent each sidechain tool_use belongs to.
	tasks     map[string]string
	subagents map[string]string
}

func countClaude(t *testing.T, data []byte) claudeCounts {
	t.Helper()
	c := claudeCounts{patches: map[string]int{}, tasks: map[string]string{}, subagents: map[string]string{}}
	rootOf := map[string]string{} // sidechain uuid -> its root's prompt
	for l := range bytes.Lines(data) {
		c.lines++
		var line struct {
			UUID        string  `json:"uuid"`
			ParentUUID  *string `json:"parentUuid"`
			IsSidechain bool    `json:"isSidechain"`
			Message     struct {
				Content json.RawMessage `json:"content"`
			} `json:"message"`
			ToolUseResult json.RawMessage `json:"toolUseResult"`
		}
		require.NoError(t, json.Unmarshal(l, &line))
		root := ""
		if line.IsSidechain {
			if line.ParentUUID == nil {
				var prompt string
				require.NoError(t, json.Unmarshal(line.Message.Content, &prompt))
				root = prompt
			} else {
				root = rootOf[*line.ParentUUID]
			}
			rootOf[line.UUID] = root
		}
		var blocks []struct {
			Type      string `json:"type"`
			ID        string `json:"id"`
			Name      string `json:"name"`
			ToolUseID string `json:"tool_use_id"`
			Input     struct {
				Prompt      string `json:"prompt"`
				Description string `json:"description"`
			} `json:"input"`
		}
		if json.Unmarshal(line.Message.Content, &blocks) != nil {
			continue
		}
		for _, b := range blocks {
			switch b.Type {
			case "tool_use":
				c.toolUses = append(c.toolUses, b.ID)
				if line.IsSidechain {
					c.sidechain = append(c.sidechain, b.ID)
					c.subagents[b.ID] = root
				}
				if b.Name == "Task" && b.Input.Prompt != "" {
					c.tasks[b.Input.Prompt] = b.Input.Description
				}
			case "tool_result":
				var r struct {
					StructuredPatch []json.RawMessage `json:"structuredPatch"`
				}
				if json.Unmarshal(line.ToolUseResult, &r) == nil && len(r.StructuredPatch) > 0 {
					c.patches[b.ToolUseID] = len(r.StructuredPatch)
				}
			}
		}
	}
	return c
}

// TestClaudeFixturesReplayCleanly: every real transcript replays without a
// problem, every line understood, one card per tool_use block (the
// sub-agents' too), each with its call and its result.
func TestClaudeFixturesReplayCleanly(t *testing.T) {
	for name, data := range claudeFixtures(t) {
		t.Run(name, func(t *testing.T) {
			f := loadClaudeFixture(t, name, data)
			counts, tr := f.counts, f.tr

			require.Empty(t, replaytest.Problems(tr), replaytest.Describe(tr))
			assert.Equal(t, counts.lines, tr.Stats.Lines)
			assert.Equal(t, counts.lines, tr.Stats.Events)
			assert.Empty(t, tr.InputNotices)
			var ids []string
			for _, c := range replaytest.ToolCards(tr) {
				ids = append(ids, c.ID)
				assert.NotNil(t, c.Call, c.ID)
				assert.NotNil(t, c.Result, c.ID)
			}
			assert.ElementsMatch(t, counts.toolUses, ids)
			assert.Equal(t, len(counts.toolUses), tr.Stats.ToolCards)
		})
	}
}

// TestClaudeFixtureEditsHaveNumberedHunks: the result of every call whose
// toolUseResult has a structuredPatch shows its hunks, with line numbers.
func TestClaudeFixtureEditsHaveNumberedHunks(t *testing.T) {
	checked := 0
	for name, data := range claudeFixtures(t) {
		f := loadClaudeFixture(t, name, data)
		counts := f.counts
		for _, c := range replaytest.ToolCards(f.tr) {
			hunks, ok := counts.patches[c.ID]
			if !ok {
				continue
			}
			checked++
			result, ok := c.Result.(cards.DiffResult)
			require.True(t, ok, "%s %s (%s): %#v", name, c.ID, c.Tool, c.Result)
			require.Len(t, result.Diffs, hunks, "%s %s", name, c.ID)
			for _, d := range result.Diffs {
				assert.Positive(t, d.OldStart, "%s %s", name, c.ID)
				assert.Positive(t, d.NewStart, "%s %s", name, c.ID)
				assert.NotNil(t, d.OldText)
			}
		}
	}
	assert.Positive(t, checked, "no fixture edit has a structuredPatch")
}

// TestClaudeFixtureSubagentsFollowTheirTask: each sub-agent's tool cards
// come after the card of the Task that started it, in a group whose
// Notice names that Task.
func TestClaudeFixtureSubagentsFollowTheirTask(t *testing.T) {
	grouped := 0
	for name, data := range claudeFixtures(t) {
		f := loadClaudeFixture(t, name, data)
		counts, tr := f.counts, f.tr
		index := map[string]int{}
		for i, e := range tr.Entries {
			if c, ok := e.(cards.ToolCard); ok {
				index[c.ID] = i
			}
		}
		for _, id := range counts.sidechain {
			description := counts.tasks[counts.subagents[id]]
			require.NotEmpty(t, description, "%s: %s has no Task", name, id)
			notice, at := lastAgentNotice(tr.Entries[:index[id]])
			assert.Equal(t, "Sub-agent · "+description, notice, "%s %s", name, id)
			task := taskCard(t, tr, description)
			assert.Less(t, task, at, "%s: the group of %s comes after its Task card", name, id)
			grouped++
		}
	}
	assert.Positive(t, grouped, "no fixture has sub-agent tool calls")
}

// lastAgentNotice returns the last Notice that starts an agent's group in
// entries, and its index.
func lastAgentNotice(entries []cards.Entry) (string, int) {
	for i := len(entries) - 1; i >= 0; i-- {
		if n, ok := entries[i].(cards.Notice); ok && (strings.HasPrefix(n.Text, "Sub-agent") || n.Text == "Main agent") {
			return n.Text, i
		}
	}
	return "", -1
}

// taskCard returns the index of the Task card titled description.
func taskCard(t *testing.T, tr *replay.Transcript, description string) int {
	t.Helper()
	for i, e := range tr.Entries {
		if c, ok := e.(cards.ToolCard); ok && c.Tool == "Task" && c.Call.(cards.GenericCall).Title == description {
			return i
		}
	}
	t.Fatalf("no Task card %q", description)
	return -1
}
