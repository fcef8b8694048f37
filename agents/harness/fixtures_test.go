package harness_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
	"github.com/cardtui/cardtui/internal/testkit/zstdframes"
	"github.com/cardtui/cardtui/replay"
)

// fixtureFiles lists the harness's real session logs and headless streams
// in ../shared/fixtures/dsh, skipping the test when the folder is absent.
func fixtureFiles(t *testing.T) []string {
	t.Helper()
	files := golden.SharedFixtures(t, "dsh", "session logs")
	return files
}

// loadedFixtures are the fixtures' bytes and transcripts by path, each
// file read and loaded once for the tests that check it.
var loadedFixtures sync.Map

// loadedFixture is a fixture's bytes and its transcript as
// replaytest.LoadBytes gives it with agentsOptions, loaded once for every
// test that reads it; the tests only read the transcript.
type loadedFixture struct {
	data []byte
	tr   *replay.Transcript
}

// loadFixture is the fixture at path, read and loaded at the first call.
func loadFixture(t *testing.T, path string) loadedFixture {
	t.Helper()
	if f, ok := loadedFixtures.Load(path); ok {
		return f.(loadedFixture)
	}
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	f := loadedFixture{data: data, tr: replaytest.LoadBytes(t, agentsOptions, data)}
	loadedFixtures.Store(path, f)
	return f
}

// fixtureCounts counts, independently of the decoder, the lines of a
// fixture, its tool/call events (unwrapped from the headless stream) and
// the cards nested under them: the sub-calls of run_code programs and
// the agents of workflow runs.
func fixtureCounts(t *testing.T, data []byte) (lines, toolCalls, nested int) {
	t.Helper()
	subcalls, agents := map[string]bool{}, map[string]bool{}
	for l := range bytes.Lines(data) {
		var e, wrapped struct {
			Type string `json:"type"`
			Data struct {
				SubCallID string `json:"subCallId"`
				RunID     string `json:"runId"`
				Seq       int    `json:"seq"`
			} `json:"data"`
		}
		var line struct {
			Event *json.RawMessage `json:"event"`
		}
		require.NoError(t, json.Unmarshal(l, &e))
		require.NoError(t, json.Unmarshal(l, &line))
		if line.Event != nil {
			require.NoError(t, json.Unmarshal(*line.Event, &wrapped))
			e = wrapped
		}
		lines++
		switch e.Type {
		case "tool/call":
			toolCalls++
		case "tool/code-dispatch-start", "tool/code-dispatch":
			subcalls[e.Data.SubCallID] = true
		case "tool-workflow/agent-start":
			agents[fmt.Sprint(e.Data.RunID, e.Data.Seq)] = true
		}
	}
	return lines, toolCalls, len(subcalls) + len(agents)
}

// TestFixturesReplayCleanly replays every real session: no problem, every
// line understood, one card per tool/call event, and the card of every
// call has its call view.
func TestFixturesReplayCleanly(t *testing.T) {
	for _, file := range fixtureFiles(t) {
		t.Run(filepath.Base(file), func(t *testing.T) {
			f := loadFixture(t, file)
			lines, toolCalls, nested := fixtureCounts(t, f.data)

			tr := f.tr

			require.Empty(t, replaytest.Problems(tr), replaytest.Describe(tr))
			assert.Equal(t, lines, tr.Stats.Events)
			assert.Equal(t, toolCalls+nested, tr.Stats.ToolCards)
			cs := replaytest.ToolCards(tr)
			require.Len(t, cs, toolCalls)
			ids := map[string]bool{}
			for _, c := range cs {
				assert.NotNil(t, c.Call, "card %s", c.ID)
				assert.False(t, ids[c.ID], "two cards for %s", c.ID)
				ids[c.ID] = true
			}
			assert.Empty(t, tr.InputNotices)
		})
	}
}

// TestFixturesZstdTwins compresses every fixture as a .jsonl.zstd file of
// several frames: its transcript is the raw file's.
func TestFixturesZstdTwins(t *testing.T) {
	for _, file := range fixtureFiles(t) {
		t.Run(filepath.Base(file), func(t *testing.T) {
			f := loadFixture(t, file)
			compressed, starts := zstdframes.Compress(t, f.data, 5)
			if bytes.Count(f.data, []byte("\n")) > 5 {
				require.Greater(t, len(starts), 1)
			}

			raw, twin := f.tr, replaytest.LoadBytes(t, agentsOptions, compressed)

			assert.Equal(t, raw.Entries, twin.Entries)
			assert.Equal(t, raw.Stats, twin.Stats)
		})
	}
}

// TestFixturesShowWhatMatters checks a few fixtures for the events that
// become notices rather than cards.
func TestFixturesShowWhatMatters(t *testing.T) {
	files := map[string]string{}
	for _, f := range fixtureFiles(t) {
		files[filepath.Base(f)] = f
	}
	cases := map[string]string{
		"error-finish--session.jsonl":                               "Turn 1 failed: simulated provider error (HTTP 401) (AUTH)",
		"headless--compaction-recovery--stream-json.expected.jsonl": "Context compacted: 266 tokens of earlier conversation were replaced by the summary below",
		"hook-cc-pretool-ask--session.jsonl":                        "Hook PreToolUse asked for approval",
		"empty-response-retry--session.jsonl":                       "The model request failed (model returned a completed response with no content (EMPTY_RESPONSE)): retry 1 of 2",
	}
	for name, want := range cases {
		t.Run(name, func(t *testing.T) {
			file, ok := files[name]
			require.True(t, ok, "fixture missing")
			assert.Contains(t, loadFixture(t, file).tr.Entries, cards.Notice{Text: want})
		})
	}
}
