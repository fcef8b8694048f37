package main

import (
	"encoding/json"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cmd/cardtui/internal/listing"
	"github.com/cardtui/cardtui/internal/testkit"
	"github.com/cardtui/cardtui/internal/testkit/fakehome"
	"github.com/cardtui/cardtui/sessions"
)

// inFakeHome makes a fake home the user's, with its agents at their
// default places, and its project the current directory.
func inFakeHome(t *testing.T) fakehome.Home {
	return inHome(t, fakehome.New(t))
}

// inSharedHome is inFakeHome on the home the package's tests share, for
// a test that only reads it.
func inSharedHome(t *testing.T) fakehome.Home {
	return inHome(t, fakehome.Shared(t))
}

// inHome makes h the user's home, with its agents at their default
// places, and its project the current directory.
func inHome(t *testing.T, h fakehome.Home) fakehome.Home {
	t.Setenv("HOME", h.Dir)
	for _, env := range []string{"CLAUDE_CONFIG_DIR", "CODEX_HOME", "DSH_HOME", "XDG_DATA_HOME"} {
		t.Setenv(env, "")
	}
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	t.Chdir(h.Project)
	return h
}

func TestSessionsListsTheCurrentProject(t *testing.T) {
	inSharedHome(t)

	r := runWith("", "sessions")

	require.Equal(t, exitOK, r.code, r.stderr)
	lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
	require.Len(t, lines, 4, r.stdout)
	assert.Regexp(t, `^AGENT +STARTED +LAST ACTIVITY +TOOLS +SIZE +PROJECT +TITLE OR FIRST PROMPT$`, lines[0])
	assert.Regexp(t, `^claude +2025-10-\d\d +2025-10-\d\d \d\d:\d\d +21 +[\d.]+ KiB +~/src/tally +Word counts: --json flag and whitespace fix$`, lines[1])
	assert.Regexp(t, `^codex .* +3 .* ~/src/tally +`, lines[2])
	assert.Regexp(t, `^codex .* +3 .* ~/src/tally +The tests fail since the last commit\. Find out why and fix it\.$`, lines[3])
}

func TestSessionsAllListsProblemsToo(t *testing.T) {
	h := inSharedHome(t)

	r := runWith("", "sessions", "--all", "--width", "300")

	assert.Equal(t, exitUsage, r.code, "sessions has no --width")
	r = runWith("", "sessions", "--all")
	require.Equal(t, exitOK, r.code, r.stderr)
	assert.Len(t, strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n"), 7, r.stdout)
	assert.Contains(t, r.stdout, "/elsewhere/site")
	assert.Contains(t, r.stdout, "! line 1: ")
	assert.Contains(t, r.stdout, "Add a --json flag to tally count")
	assert.Contains(t, r.stdout, h.Paths["corrupt"])
}

func TestSessionsJSON(t *testing.T) {
	h := inSharedHome(t)

	r := runWith("", "sessions", "--all", "--json")

	require.Equal(t, exitOK, r.code, r.stderr)
	var list []sessions.Session
	for _, line := range strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n") {
		var s sessions.Session
		require.NoError(t, json.Unmarshal([]byte(line), &s), line)
		list = append(list, s)
	}
	require.Len(t, list, 6)
	assert.Equal(t, h.Paths["harness"], list[0].Path)
	assert.Equal(t, sessions.Agent("harness"), list[1].Agent)
	assert.Equal(t, 18, list[1].ToolCalls)
	var raw map[string]any
	require.NoError(t, json.Unmarshal([]byte(strings.SplitN(r.stdout, "\n", 2)[0]), &raw))
	for _, key := range []string{"agent", "path", "project", "title", "firstPrompt", "started", "lastActivity", "toolCalls", "size"} {
		assert.Contains(t, raw, key)
	}
	assert.Contains(t, r.stdout, `"problem":"line 1: `)
	assert.Contains(t, r.stdout, `"archived":true`)
}

func TestSessionsOfOneAgent(t *testing.T) {
	inSharedHome(t)

	r := runWith("", "sessions", "--all", "--agent", "harness", "--json")
	bad := runWith("", "sessions", "--agent", "cursor")

	require.Equal(t, exitOK, r.code, r.stderr)
	assert.Equal(t, 2, strings.Count(r.stdout, "\n"))
	assert.Equal(t, 2, strings.Count(r.stdout, `"agent":"harness"`))
	assert.Equal(t, exitUsage, bad.code)
	assert.Contains(t, bad.stderr, "want one of all, claude, codex, harness")
}

func TestSessionsNoneFound(t *testing.T) {
	inSharedHome(t)
	t.Chdir(t.TempDir())

	r := runWith("", "sessions")

	assert.Equal(t, exitOK, r.code)
	assert.Empty(t, r.stdout)
	assert.Contains(t, r.stderr, "cardtui: no sessions of ")
	assert.Contains(t, r.stderr, "/.codex/archived_sessions/**/rollout-*.jsonl")
}

func TestReplayLastOpensTheNewestOfTheProject(t *testing.T) {
	inSharedHome(t)

	r := runWith("", "replay", "--last", "--print", "--format", "plain")
	both := runWith("", "replay", "--last", "x.jsonl")

	require.Equal(t, exitOK, r.code, r.stderr)
	assert.Contains(t, r.stdout, "Summary: Word counts: --json flag and whitespace fix")
	assert.Equal(t, exitUsage, both.code)
	assert.Contains(t, both.stderr, "give --last or FILE, not both")
}

func TestReplayLastWithoutSessions(t *testing.T) {
	inSharedHome(t)
	t.Chdir(t.TempDir())

	r := runWith("", "replay", "--last", "--print")

	assert.Equal(t, exitProblems, r.code)
	assert.Contains(t, r.stderr, "cardtui: no sessions of ")
	assert.Contains(t, r.stderr, "(cardtui sessions --all lists every project)")
}

// TestSessionsTableFitsAndIsSafe: on a terminal the table's lines are cut
// at its width; text from the files reaches it without escapes or line
// breaks.
func TestSessionsTableFitsAndIsSafe(t *testing.T) {
	list := []sessions.Session{
		{Agent: "claude", Project: "/home/me/src/a-very-long-project-name-indeed/sub", Title: "Fix\x1b]0;pwned\x07 the\nbuild \x1b[31mnow\x1b[0m, then everything else that it takes to pass the edge of the table", ToolCalls: 12, Size: 3 << 20},
		{Agent: "codex", Project: "/home/me", Path: "/x/rollout-1.jsonl", Problem: "line 1: not JSON"},
	}
	var out strings.Builder

	listing.WriteTable(&out, list, 100, "/home/me")

	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	require.Len(t, lines, 3)
	for _, line := range lines {
		assert.LessOrEqual(t, ansi.StringWidth(line), 100, line)
		assert.NotContains(t, line, "\x1b")
	}
	assert.Contains(t, lines[1], "    12  3.0 MiB …")
	assert.Contains(t, lines[1], "Fix␛]0;pwned␇ the buil", "the removed title sequence leaves its inert marker")
	assert.True(t, strings.HasSuffix(lines[1], "…"), "cut at the width")
	assert.Contains(t, lines[2], "~ ")
	assert.Contains(t, lines[2], "! line 1: not JSON")
}

// A cold listing of many sessions says on stderr that it is indexing; a
// warm one says nothing.
func TestSessionsSaysItIsIndexing(t *testing.T) {
	testkit.SkipLong(t, "writes and indexes 60 sessions")
	t.Setenv("HOME", generatedHome(t, 60, 1))
	for _, env := range []string{"CLAUDE_CONFIG_DIR", "CODEX_HOME", "DSH_HOME", "XDG_DATA_HOME"} {
		t.Setenv(env, "")
	}
	t.Setenv("XDG_CACHE_HOME", t.TempDir())

	r := runWith("", "sessions", "--all")
	require.Equal(t, exitOK, r.code, r.stderr)
	assert.Contains(t, r.stderr, "cardtui: indexing 60 sessions")
	assert.Len(t, strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n"), 61)
	r = runWith("", "sessions", "--all")
	assert.Empty(t, r.stderr)
}

// The picker's listing sends its first report, then reads on only once
// the first screen is drawn: reading the rest on every processor held the
// first frame back.
func TestListingWaitsForTheFirstScreen(t *testing.T) {
	inSharedHome(t)
	drawn := make(chan struct{})
	var quit atomic.Bool
	reports := historyFromEnv(nil).listInBackground(&quit, drawn)

	first := <-reports
	require.NotEmpty(t, first.Sessions)
	require.Less(t, first.Indexed, first.Total, "the first report comes before the index")
	select {
	case p := <-reports:
		require.FailNow(t, "a report before the first screen was drawn", "indexed %d of %d", p.Indexed, p.Total)
	case <-time.After(100 * time.Millisecond):
	}

	close(drawn)
	last := first
	for p := range reports {
		last = p
	}
	assert.Equal(t, last.Total, last.Indexed, "the index is done once the screen is drawn")
}
