package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/internal/testkit/fakehome"
	"github.com/cardtui/cardtui/sessions"
)

// inRealShapedHome is the fake home with, besides its sessions, a Claude
// Code 2.1 session (origin objects, ai-title lines, a sub-agent's
// transcript in its folder) and a Codex rollout whose first prompt comes
// after 100 KB of context, in the project.
func inRealShapedHome(t *testing.T) (fakehome.Home, string, string) {
	claude21, subagent, codexExec := fakehome.SessionFile(t, "claude-2.1.jsonl"), fakehome.SessionFile(t, "claude-2.1-subagent.jsonl"), fakehome.SessionFile(t, "codex-exec.jsonl")
	h := inFakeHome(t)
	inProject := func(s string) string { return strings.ReplaceAll(s, "/home/dev/tally", h.Project) }
	dir := filepath.Join(h.Roots["claude"], "projects", strings.ReplaceAll(h.Project, "/", "-"))
	claude := fakehome.Write(t, filepath.Join(dir, "7d3c1a2b-9e8f-4a6b-8c5d-1e2f3a4b5c6d.jsonl"),
		inProject(claude21), time.Date(2026, 1, 3, 0, 0, 0, 0, time.UTC))
	fakehome.Write(t, filepath.Join(dir, "7d3c1a2b-9e8f-4a6b-8c5d-1e2f3a4b5c6d", "subagents", "agent-a1b2.jsonl"),
		inProject(subagent), time.Date(2026, 1, 3, 0, 0, 0, 0, time.UTC))
	long := strings.Repeat("Run `go test ./...` before you say you are done. ", 2000)
	codex := fakehome.Write(t, filepath.Join(h.Roots["codex"], "sessions", "2026", "01", "03", "rollout-2026-01-03T00-00-00-0199b000-81c0-7800-8aa1-bbab2a035a53.jsonl"),
		inProject(strings.Replace(codexExec, "Run `go test ./...` before you say you are done.", long, 1)),
		time.Date(2026, 1, 3, 1, 0, 0, 0, time.UTC))
	return h, claude, codex
}

// TestSessionsJSONOnRealShapedFiles: the listing's titles, first prompts
// and tool counts are the viewer's, on every agent's sessions: Claude 2.1's
// origin objects are no problem, its latest ai-title titles it, its
// sub-agent's transcript is not a session of its own; a Codex session is
// labelled by its first prompt however much context comes first.
func TestSessionsJSONOnRealShapedFiles(t *testing.T) {
	h, claude, codex := inRealShapedHome(t)

	r := runWith("", "sessions", "--all", "--json")

	require.Equal(t, exitOK, r.code, r.stderr)
	got := map[string]sessions.Session{}
	for line := range strings.SplitSeq(strings.TrimSpace(r.stdout), "\n") {
		var s sessions.Session
		require.NoError(t, json.Unmarshal([]byte(line), &s))
		got[s.Path] = s
	}
	require.Len(t, got, 8, "the sub-agent's transcript is part of its session")
	c := got[claude]
	assert.Empty(t, c.Problem)
	assert.Equal(t, "Build Rails donation campaign page", c.Title, "the latest ai-title")
	assert.Equal(t, "Build a donation campaign page for the Rails app", c.FirstPrompt)
	assert.Equal(t, 4, c.ToolCalls)
	x := got[codex]
	assert.Equal(t, "The tests fail since the last commit. Find out why and fix it.", x.FirstPrompt)
	assert.Equal(t, 3, x.ToolCalls)
	want := map[string]int{"claude": 21, "codex": 3, "archived": 3, "zstd": 18}
	for name, n := range want {
		assert.Equal(t, n, got[h.Paths[name]].ToolCalls, name)
	}
}

// TestSearchFindsWhatHappened: search finds a command, an output and a
// path across agents, newest session first, as session · time · card
// title · line; --regexp takes a regular expression; a pattern found
// nowhere exits 1 and says so.
func TestSearchFindsWhatHappened(t *testing.T) {
	inRealShapedHome(t)

	r := runWith("", "search", "--all", "donations1")
	re := runWith("", "search", "--all", "--regexp", `donations[0-2]$`)
	none := runWith("", "search", "--all", "no such text anywhere")
	tests := runWith("", "search", "go test ./...")

	require.Equal(t, exitOK, r.code, r.stderr)
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	require.NotEmpty(t, lines)
	assert.Regexp(t, `^Build Rails donation campaign page · 2026-01-02 \d\d:\d\d · List routes 1 · `, lines[0])
	assert.Contains(t, r.stdout, "donations GET /donations1", "the output")
	assert.NotContains(t, r.stdout, "grep donation1", "not the command: donation1 is not donations1")
	assert.Len(t, strings.Split(strings.TrimSpace(re.stdout), "\n"), 3, re.stdout)
	assert.Equal(t, exitProblems, none.code)
	assert.Contains(t, none.stderr, `holds "no such text anywhere"`)
	assert.Contains(t, tests.stdout, "The tests fail since the last commit.", "codex sessions are searched too")
	assert.NotContains(t, r.stdout, "\x1b", "no colour on a pipe")
}

// TestSessionsTouched: --touched lists the sessions whose calls read or
// changed the file, with the calls; relative paths are the project's.
func TestSessionsTouched(t *testing.T) {
	h, _, _ := inRealShapedHome(t)
	written := filepath.Join(h.Project, "app", "views", "donations", "index.html.erb")

	r := runWith("", "sessions", "--all", "--touched", written)
	none := runWith("", "sessions", "--all", "--touched", filepath.Join(h.Project, "nothing.go"))

	require.Equal(t, exitOK, r.code, r.stderr)
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	require.Len(t, lines, 2, r.stdout)
	assert.Regexp(t, `^claude · 2026-01-02 \d\d:\d\d · ~/src/tally · Build Rails donation campaign page$`, lines[0])
	assert.Equal(t, "  Write · ~/src/tally/app/views/donations/index.html.erb", lines[1])
	assert.Empty(t, none.stdout)
	_, err := os.Stat(written)
	assert.True(t, os.IsNotExist(err), "the file need not exist")
}
