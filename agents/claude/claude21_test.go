package claude_test

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/colorprofile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/agents/nodb"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
	"github.com/cardtui/cardtui/render"
	"github.com/cardtui/cardtui/render/diffview"
	"github.com/cardtui/cardtui/replay"
)

// The Claude Code 2.1 sessions recorded by scripts/record-agents: the
// session transcript (its sub-agents' beside it) and the stream-json
// output of the same run, by version.
var claude21Sessions = map[string]string{
	"2.1.83":  "187f5ed1-f05d-4997-836b-b1798a5dcf85",
	"2.1.332": "5abf7094-c675-4192-a199-80fd8b362245",
}

// loadRecorded reads a recorded file as the command does, with its path.
func loadRecorded(t *testing.T, version, name string) *replay.Transcript {
	t.Helper()
	path := filepath.Join("testdata", "cc-"+version, name)
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	tr, err := replay.Load(f, path, replay.Options{Formats: nodb.Formats, Path: path})
	require.NoError(t, err)
	require.Empty(t, replaytest.Problems(tr), "%s: no problems", path)
	return tr
}

func transcript21(t *testing.T, version string) *replay.Transcript {
	return loadRecorded(t, version, claude21Sessions[version]+".jsonl")
}

// agentCard is the top-level Agent card of a description.
func agentCard(t *testing.T, tr *replay.Transcript, description string) cards.ToolCard {
	t.Helper()
	for _, c := range replaytest.ToolCards(tr) {
		if g, ok := c.Call.(cards.GenericCall); ok && c.Tool == "Agent" && g.Title == description {
			return c
		}
	}
	require.Failf(t, "no Agent card", "%q", description)
	return cards.ToolCard{}
}

// nestedTools are the tools of the cards nested under a card, with their
// states.
func nestedTools(c cards.ToolCard) []string {
	var out []string
	for _, e := range c.Children {
		if n, ok := e.(cards.ToolCard); ok {
			out = append(out, n.Tool+":"+n.State().String())
		}
	}
	return out
}

func TestClaude21SubagentsNestedUnderTheirAgentCard(t *testing.T) {
	want := map[string]map[string][]string{
		"2.1.83":  {"Survey TODOs": {"Read:done", "Grep:done"}, "Count util.py lines": {"Bash:done"}},
		"2.1.332": {"Survey TODOs": {"Read:done", "Bash:done"}, "Count util.py lines": {"Bash:done"}},
	}
	for version, agentsWant := range want {
		t.Run(version, func(t *testing.T) {
			tr := transcript21(t, version)
			for description, tools := range agentsWant {
				assert.Equal(t, tools, nestedTools(agentCard(t, tr, description)), description)
			}
			top := 0
			for _, e := range tr.Entries {
				if _, ok := e.(cards.ToolCard); ok {
					top++
				}
			}
			assert.Equal(t, 12, top, "the main agent's calls only: a sub-agent's are nested")
		})
	}
}

func TestClaude21MirroredProgressLinesNotDoubled(t *testing.T) {
	tr := transcript21(t, "2.1.83")
	nested := 0
	for _, c := range replaytest.ToolCards(tr) {
		nested += len(nestedTools(c))
	}
	assert.Equal(t, 3, nested, "the two sub-agents made three calls, shown once")
	assert.Positive(t, tr.Stats.Skipped["progress"])
}

func TestClaude21StreamJSON(t *testing.T) {
	for version := range claude21Sessions {
		t.Run(version, func(t *testing.T) {
			tr := loadRecorded(t, version, "stream.jsonl")
			for _, e := range tr.Entries {
				if m, ok := e.(cards.Message); ok {
					assert.NotEqual(t, cards.RoleUser, m.Role, "a sub-agent's prompt is not the user's: %q", m.Text)
				}
			}
			assert.Contains(t, nestedTools(agentCard(t, tr, "Survey TODOs")), "Read:done", "the sub-agent's calls under its card")
			out := replaytest.RenderPlain(tr, 100)
			assert.Contains(t, out, "Session started · claude-sonnet-4-6")
			assert.Contains(t, out, "Finished: success")
		})
	}
	out := replaytest.RenderPlain(loadRecorded(t, "2.1.332", "stream.jsonl"), 100)
	assert.Contains(t, out, "Denied by the permissions: WebFetch, Edit")
}

func TestClaude21RefusalsAreDenied(t *testing.T) {
	for version := range claude21Sessions {
		tr := transcript21(t, version)
		states := map[string]cards.State{}
		for _, c := range replaytest.ToolCards(tr) {
			if d, ok := c.Call.(cards.DiffCall); ok {
				states[filepath.Base(d.Diffs[0].Path)] = c.State()
			}
			if c.Tool == "WebFetch" {
				states["WebFetch"] = c.State()
			}
		}
		assert.Equal(t, cards.StateDenied, states["README.md"], "%s: an edit a deny rule refused", version)
		assert.Equal(t, cards.StateDenied, states["WebFetch"], "%s: a call print mode could not approve", version)
		assert.Equal(t, cards.StateDone, states["calc.py"], version)
	}
}

func TestClaude21DeniedEditCounts(t *testing.T) {
	tr := transcript21(t, "2.1.83")
	for _, c := range replaytest.ToolCards(tr) {
		d, ok := c.Call.(cards.DiffCall)
		if !ok || filepath.Base(d.Diffs[0].Path) != "README.md" {
			continue
		}
		f := diffview.Files(d.Diffs)[0]
		assert.Equal(t, [2]int{3, 0}, [2]int{f.Added, f.Removed}, "the edit adds three lines after # calc")
		return
	}
	t.Fatal("no README.md edit")
}

func TestClaude21InternalTextHidden(t *testing.T) {
	for version := range claude21Sessions {
		for _, name := range []string{claude21Sessions[version] + ".jsonl", "stream.jsonl"} {
			out := replaytest.RenderPlain(loadRecorded(t, version, name), 100)
			for _, hidden := range []string{"agentId:", "SendMessage", "<usage>", "Async agent launched", "internal metadata", "[tool_reference block]"} {
				assert.NotContains(t, out, hidden, "%s %s", version, name)
			}
		}
		tr := transcript21(t, version)
		answer := render.Entry(agentCard(t, tr, "Count util.py lines"), render.Options{Width: 100, Profile: colorprofile.NoTTY, Theme: render.Dark})
		assert.Contains(t, answer, "util.py has 2 lines.", "%s: the background agent's answer, from its notification", version)
	}
	out := replaytest.RenderPlain(transcript21(t, "2.1.332"), 100)
	assert.Contains(t, out, "Load tools WebFetch")
}

// claude21Skippable are the record types of Claude Code 2.1 that its own
// UI shows nothing for (or shows through another record cardtui reads).
var claude21Skippable = []string{
	"queue-operation", "last-prompt", "progress", "atis-latch", "api-request", "api-request-blob",
	"api-request-shape", "tools-used", "cost-state", "attachment/", "sub-agent ",
	"system/task_", "system/background_tasks_changed", "system/thinking_tokens", "system/permission_denied",
}

func TestClaude21ValidateSkipsOnlyInternalRecords(t *testing.T) {
	for version := range claude21Sessions {
		for _, name := range []string{claude21Sessions[version] + ".jsonl", "stream.jsonl"} {
			tr := loadRecorded(t, version, name)
			for typ := range tr.Stats.Skipped {
				known := false
				for _, prefix := range claude21Skippable {
					known = known || strings.HasPrefix(typ, prefix)
				}
				assert.True(t, known, "%s %s: skipped %q", version, name, typ)
			}
		}
	}
}

func TestClaude21Golden(t *testing.T) {
	for version, id := range claude21Sessions {
		for name, file := range map[string]string{"transcript": id + ".jsonl", "stream": "stream.jsonl"} {
			tr := loadRecorded(t, version, file)
			golden.Assert(t, "claude-"+version+"-"+name+".plain.w100.golden", replaytest.RenderPlain(tr, 100))
		}
	}
	card := agentCard(t, transcript21(t, "2.1.83"), "Survey TODOs")
	o := render.Options{Width: 80, Profile: colorprofile.ANSI256, Theme: render.Dark}
	golden.Assert(t, "claude-2.1-agent-nested.ansi.w80.golden", render.Entry(card, o))
}

func TestClaude21BadSubagentLineIsAProblemUnderItsCard(t *testing.T) {
	id := claude21Sessions["2.1.83"]
	dir := t.TempDir()
	src := filepath.Join("testdata", "cc-2.1.83")
	require.NoError(t, os.CopyFS(dir, os.DirFS(src)))
	agentFile := filepath.Join(dir, id, "subagents", "agent-a816a917466a7f0bb.jsonl")
	data, err := os.ReadFile(agentFile)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(agentFile, append(data, "{not json\n"...), 0o644))

	path := filepath.Join(dir, id+".jsonl")
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	tr, err := replay.Load(f, path, replay.Options{Formats: nodb.Formats, Path: path})
	require.NoError(t, err)
	card := agentCard(t, tr, "Survey TODOs")
	var problems []cards.Problem
	for _, e := range card.Children {
		if p, ok := e.(cards.Problem); ok {
			problems = append(problems, p)
		}
	}
	require.Len(t, problems, 1)
	assert.Equal(t, 1, tr.Stats.Problems, "counted, as validate reports it")
	assert.Equal(t, agentFile, problems[0].Source)
	assert.Equal(t, bytes.Count(data, []byte("\n"))+1, problems[0].Line)
	assert.Equal(t, []string{"Read:done", "Grep:done"}, nestedTools(card), "the rest still shows")
}

func TestClaude21SubagentWrittenAfterItsCallIsNested(t *testing.T) {
	id := claude21Sessions["2.1.83"]
	src := filepath.Join("testdata", "cc-2.1.83")
	data, err := os.ReadFile(filepath.Join(src, id+".jsonl"))
	require.NoError(t, err)
	lines := bytes.SplitAfter(data, []byte("\n"))
	call := slices.IndexFunc(lines, func(l []byte) bool { return bytes.Contains(l, []byte(`"description":"Survey TODOs"`)) })
	require.Positive(t, call)

	dir := t.TempDir()
	path := filepath.Join(dir, id+".jsonl")
	r, w := io.Pipe()
	go func() {
		_, _ = w.Write(bytes.Join(lines[:call+1], nil))
		// The sub-agent runs, and writes its transcript, after its call.
		_ = os.CopyFS(filepath.Join(dir, id), os.DirFS(filepath.Join(src, id)))
		_, _ = w.Write(bytes.Join(lines[call+1:], nil))
		_ = w.Close()
	}()
	tr, err := replay.Stream(context.Background(), r, path, replay.StreamOptions{Options: replay.Options{Formats: nodb.Formats, Path: path}}, func(replay.Batch) {})
	require.NoError(t, err)
	assert.Equal(t, []string{"Read:done", "Grep:done"}, nestedTools(agentCard(t, tr, "Survey TODOs")))
	assert.Equal(t, []string{"Bash:done"}, nestedTools(agentCard(t, tr, "Count util.py lines")))
}

// TestClaude21RepliesSayTimeAndModel: each reply carries the time and
// model of its assistant line, as Claude Code's detailed view gives them,
// a sub-agent's too; the session's totals still count the turns only.
func TestClaude21RepliesSayTimeAndModel(t *testing.T) {
	tr := transcript21(t, "2.1.332")
	replaytest.CheckReplies(t, tr, "claude-sonnet-4-6", time.Date(2026, 12, 4, 20, 0, 57, 635e6, time.UTC))
	for _, m := range childMessages(agentCard(t, tr, "Survey TODOs")) {
		assert.Equal(t, "claude-sonnet-4-6", m.Reply.Model, "a sub-agent's reply %q", m.Text)
	}
	out := replaytest.RenderPlain(tr, 100)
	assert.Contains(t, out, "● Assistant · 20:00 · sonnet-4.6\n  Let me look at the code first.")
}
