package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/sessions"
)

// The sessions of Gemini CLI, opencode and Crush are listed with their
// title, first prompt, tool calls and last activity: a chat file, and a
// row per session of each database.
func TestSessionsListsGeminiOpencodeAndCrush(t *testing.T) {
	h := inFakeHome(t)
	h.AddMoreAgents(t)

	r := runWith("", "sessions", "--all", "--json")
	require.Equal(t, exitOK, r.code, r.stderr)
	byAgent := map[sessions.Agent][]sessions.Session{}
	for _, l := range strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n") {
		var s sessions.Session
		require.NoError(t, json.Unmarshal([]byte(l), &s))
		byAgent[s.Agent] = append(byAgent[s.Agent], s)
	}
	require.Len(t, byAgent["gemini"], 1)
	require.Len(t, byAgent["opencode"], 4, "two runs, each with its sub-agent's session")
	require.Len(t, byAgent["crush"], 2)
	g := byAgent["gemini"][0]
	assert.Equal(t, "Tidy the calculator in this folder: read it, search it, edit it, run it, and report in Markdown.", g.FirstPrompt)
	assert.Equal(t, 7, g.ToolCalls)
	assert.Equal(t, "gemini-2.5-flash", g.Model)
	assert.Equal(t, h.Project, g.Project, "the project Gemini's .project_root names")
	for _, s := range append(byAgent["opencode"], byAgent["crush"]...) {
		assert.NotEmpty(t, s.Title)
		assert.NotEmpty(t, s.FirstPrompt)
		assert.False(t, s.LastActivity.IsZero())
		assert.Empty(t, s.Problem)
	}
	assert.Equal(t, 11, byAgent["opencode"][0].ToolCalls, "9 calls and the 2 of the sub-agent nested under its task")
	assert.True(t, byAgent["opencode"][1].Subagent)
	assert.Equal(t, "fake/fake-model", byAgent["opencode"][0].Model)
	assert.Equal(t, "fake-model", byAgent["crush"][0].Model)
	assert.Equal(t, h.Project, byAgent["crush"][0].Project)

	table := runWith("", "sessions", "--all")
	require.Equal(t, exitOK, table.code, table.stderr)
	assert.Regexp(t, `(?m)^crush .* Tidy the calculator$`, table.stdout)
	assert.Regexp(t, `(?m)^opencode .* Let me read the calculator\.$`, table.stdout)
	assert.Regexp(t, `(?m)^gemini .* Tidy the calculator in this folder`, table.stdout)
	here := runWith("", "sessions")
	require.Equal(t, exitOK, here.code, here.stderr)
	assert.Regexp(t, `(?m)^gemini .* Tidy the calculator in this folder`, here.stdout, "listed in its project without --all")
}

// Each fixture validates with no problem, a database whole and a session
// of it by its path; the export of one session is its cards.
func TestValidateAndExportMoreAgents(t *testing.T) {
	recorded, err := filepath.Abs("../../agents/opencode/testdata/opencode-1.18.33")
	require.NoError(t, err)
	h := inFakeHome(t)
	h.AddMoreAgents(t)
	for _, path := range []string{
		h.Paths["gemini"], h.Paths["opencode"], h.Paths["crush"],
		filepath.Join(recorded, "export.json"), filepath.Join(recorded, "run.jsonl"),
	} {
		r := runWith("", "validate", path)
		assert.Equal(t, exitOK, r.code, r.stdout+r.stderr)
		assert.Contains(t, r.stdout, " 0 problems", path)
	}
	one := h.Paths["crush"] + "#7d0c9a52-5a0b-4c3e-9d7e-1f2a3b4c5d6e"
	md := runWith("", "export", "--format", "markdown", one)
	require.Equal(t, exitOK, md.code, md.stderr)
	assert.Contains(t, md.stdout, "Tidy the calculator in this folder: read it, edit it")
	assert.Contains(t, md.stdout, "> ### ⌕ Grep TODO", "its sub-agent's session, nested")
	assert.Equal(t, 1, strings.Count(md.stdout, "Crush session "), "one session")
	page := runWith("", "export", h.Paths["opencode"])
	require.Equal(t, exitOK, page.code, page.stderr)
	assert.Contains(t, page.stdout, "<html")
	missing := runWith("", "validate", h.Paths["crush"]+"#nope")
	assert.Equal(t, exitProblems, missing.code)
	assert.Contains(t, missing.stderr, `no session "nope"`)
}

// The picker opens a session of a database.
func TestPickerOpensADatabaseSession(t *testing.T) {
	h := inFakeHome(t)
	h.AddMoreAgents(t)
	r := newPickerRun(t, h)
	r.until("Tidy the calculator")

	r.keys(keyOf("enter"))
	s := r.until("Crush session 7d0c9a52")
	assert.Contains(t, s, "Tidy the calculator in this folder")
}

// `opencode export ID | cardtui …` reads the export piped in as the file
// it would be: printed, exported and shown in the viewer.
func TestOpencodeExportPipedIn(t *testing.T) {
	data, err := os.ReadFile("../../agents/opencode/testdata/opencode-1.18.33/export.json")
	require.NoError(t, err)
	printed := runWith(string(data), "replay", "--print", "--color", "never", "-")
	require.Equal(t, exitOK, printed.code, printed.stderr)
	fromFile := runWith("", "replay", "--print", "--color", "never", "../../agents/opencode/testdata/opencode-1.18.33/export.json")
	assert.Equal(t, fromFile.stdout, printed.stdout, "the same cards as the file")
	assert.Contains(t, printed.stdout, "Let me read the calculator.")

	md := runWith(string(data), "export", "--format", "markdown", "-")
	require.Equal(t, exitOK, md.code, md.stderr)
	assert.Contains(t, md.stdout, "opencode session")

	r, w, err := os.Pipe()
	require.NoError(t, err)
	defer r.Close()
	go func() {
		w.Write(data)
		w.Close()
	}()
	src, closeSrc, err := openSource("-", r, false)
	require.NoError(t, err)
	defer closeSrc()
	feed := make(chan cards.Change, feedBuffer)
	var progress progressLog
	tr, err := streamSession(t.Context(), src, replayConfig{}, feed, progress.send)
	require.NoError(t, err)
	for range feed {
	}
	want, err := loadInput("../../agents/opencode/testdata/opencode-1.18.33/export.json", nil, "")
	require.NoError(t, err)
	assert.Equal(t, want.Entries, tr.Entries, "the viewer reads the pipe as the file")
}

// The sessions of a database are searched as files are: what happened in
// an opencode session (a sub-agent's failed grep) and in a Crush one (the
// calculator's file read), and the files their calls touched.
func TestSearchFindsWhatHappenedInDatabases(t *testing.T) {
	h := inFakeHome(t)
	h.AddMoreAgents(t)

	opencode := runWith("", "search", "--all", "--agent", "opencode", "ripgrep execution failed")
	crush := runWith("", "search", "--all", "--agent", "crush", "A tiny calculator.")
	again := runWith("", "search", "--all", "--agent", "opencode", "ripgrep execution failed")
	touched := runWith("", "sessions", "--all", "--agent", "crush", "--touched", "/tmp/rec/crush/proj/calc.py")

	require.Equal(t, exitOK, opencode.code, opencode.stderr)
	assert.Contains(t, opencode.stdout, `Let me read the calculator. · `)
	assert.Contains(t, opencode.stdout, `Task general: Find the TODOs · `, "a sub-agent's calls, nested under its task")
	assert.Equal(t, opencode.stdout, again.stdout, "the same hits from the cache")
	require.Equal(t, exitOK, crush.code, crush.stderr)
	assert.Contains(t, crush.stdout, "A tiny calculator.")
	require.Equal(t, exitOK, touched.code, touched.stderr)
	assert.Contains(t, touched.stdout, "calc.py")
}
