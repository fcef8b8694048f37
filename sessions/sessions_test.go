package sessions_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/klauspost/compress/zstd"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/internal/golden"
	"github.com/cardtui/cardtui/sessions"
)

// sessionFile reads a session written for the tests.
func sessionFile(t testing.TB, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(golden.Dir(t), "..", "sessions", name))
	require.NoError(t, err)
	return string(data)
}

// write writes data at path under dir, making its directories, with the
// mtime given.
func write(t *testing.T, path, data string, mtime time.Time) string {
	t.Helper()
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	require.NoError(t, os.WriteFile(path, []byte(data), 0o644))
	require.NoError(t, os.Chtimes(path, mtime, mtime))
	return path
}

// zstdFrames compresses data as the harness does: one frame per few
// lines.
func zstdFrames(t *testing.T, data string) string {
	t.Helper()
	enc, err := zstd.NewWriter(nil)
	require.NoError(t, err)
	defer enc.Close()
	var out []byte
	lines := strings.SplitAfter(data, "\n")
	for i := 0; i < len(lines); i += 4 {
		out = enc.EncodeAll([]byte(strings.Join(lines[i:min(i+4, len(lines))], "")), out)
	}
	return string(out)
}

// fakeHome is a home with the three agents' layouts: projects is the
// project directory the sessions ran in.
type fakeHome struct {
	roots   sessions.Roots
	project string
	paths   map[string]string
}

// newFakeHome writes a Claude Code transcript and a corrupt one, a live
// and an archived Codex rollout, and a compressed and a plain harness log
// of another project. Their mtimes order them.
func newFakeHome(t *testing.T) fakeHome {
	t.Helper()
	home := t.TempDir()
	project := filepath.Join(home, "src", "tally")
	require.NoError(t, os.MkdirAll(filepath.Join(project, ".git"), 0o755))
	inProject := func(s string) string { return strings.ReplaceAll(s, "/home/dev/tally", project) }
	roots := sessions.Roots{Claude: filepath.Join(home, ".claude"), Codex: filepath.Join(home, ".codex"), Harness: filepath.Join(home, ".dsh")}
	base := time.Date(2026, 1, 2, 3, 0, 0, 0, time.UTC)
	claudeDir := filepath.Join(roots.Claude, "projects", strings.ReplaceAll(project, "/", "-"))
	h := fakeHome{roots: roots, project: project, paths: map[string]string{
		"claude": write(t, filepath.Join(claudeDir, "5b1e0c7a-3f2d-4c88-9a61-2d7e4f1b8c90.jsonl"),
			inProject(sessionFile(t, "claude-tools.jsonl")), base.Add(1*time.Hour)),
		"corrupt": write(t, filepath.Join(claudeDir, "0000.jsonl"), "{\"type\":\"user\",\"cwd\":\n", base.Add(2*time.Hour)),
		"codex": write(t, filepath.Join(roots.Codex, "sessions", "2025", "10", "06", "rollout-2025-10-06T09-14-02-0199a213.jsonl"),
			inProject(sessionFile(t, "codex-exec.jsonl")), base.Add(3*time.Hour)),
		"archived": write(t, filepath.Join(roots.Codex, "archived_sessions", "rollout-2025-10-05T10-00-00-0199a000.jsonl"),
			inProject(sessionFile(t, "codex-patch.jsonl")), base.Add(4*time.Hour)),
		"zstd": write(t, filepath.Join(roots.Harness, "sessions", "--home-dev-tally--", "5f0c2b1e", "session.jsonl.zstd"),
			zstdFrames(t, sessionFile(t, "demo.jsonl")), base.Add(5*time.Hour)),
		"harness": write(t, filepath.Join(roots.Harness, "sessions", "--elsewhere--", "77aa", "session.v1.jsonl"),
			strings.ReplaceAll(sessionFile(t, "torn-tail.jsonl"), "/home/dev/", "/elsewhere/"), base.Add(6*time.Hour)),
	}}
	// An older generation of the same harness session is not listed.
	write(t, filepath.Join(roots.Harness, "sessions", "--elsewhere--", "77aa", "session.jsonl"), "{}\n", base)
	return h
}

func byPath(list []sessions.Session) map[string]sessions.Session {
	m := map[string]sessions.Session{}
	for _, s := range list {
		m[s.Path] = s
	}
	return m
}

func TestListFindsTheThreeLayouts(t *testing.T) {
	h := newFakeHome(t)

	list, err := sessions.List(sessions.Options{Roots: h.roots, CacheDir: t.TempDir()})
	require.NoError(t, err)

	var order []string
	for _, s := range list {
		order = append(order, s.Path)
	}
	p := h.paths
	// Newest first, by the time of the last line (the Claude Code and
	// Codex sessions), else by the mtime (the harness's, the corrupt file).
	assert.Equal(t, []string{p["harness"], p["zstd"], p["corrupt"], p["claude"], p["archived"], p["codex"]}, order)
	got := byPath(list)

	claude := got[p["claude"]]
	assert.Equal(t, sessions.Claude, claude.Agent)
	assert.Equal(t, h.project, claude.Project)
	assert.Equal(t, "Word counts: --json flag and whitespace fix", claude.Title)
	assert.Equal(t, "/init", claude.FirstPrompt)
	assert.Equal(t, 21, claude.ToolCalls)
	assert.False(t, claude.ToolCallsEstimated)
	assert.Equal(t, time.Date(2025, 10, 7, 8, 0, 1, 137e6, time.UTC), claude.Started)
	assert.Empty(t, claude.Problem)

	codex := got[p["codex"]]
	assert.Equal(t, sessions.Codex, codex.Agent)
	assert.Equal(t, h.project, codex.Project)
	assert.Equal(t, "The tests fail since the last commit. Find out why and fix it.", codex.FirstPrompt)
	assert.Equal(t, 4, codex.ToolCalls)
	assert.False(t, codex.Archived)
	assert.Equal(t, time.Date(2025, 10, 6, 9, 14, 2, 117e6, time.UTC), codex.Started)

	archived := got[p["archived"]]
	assert.True(t, archived.Archived)
	assert.Equal(t, 3, archived.ToolCalls)

	zst := got[p["zstd"]]
	assert.Equal(t, sessions.Harness, zst.Agent)
	assert.Equal(t, "/home/dev/tally", zst.Project)
	assert.Equal(t, "Add a --json flag to tally count", zst.Title)
	assert.True(t, strings.HasPrefix(zst.FirstPrompt, "`tally count` prints its totals as a table."), zst.FirstPrompt)
	assert.Equal(t, 18, zst.ToolCalls)
	assert.Equal(t, time.UnixMilli(1783352050748).UTC(), zst.Started)
	assert.Empty(t, zst.Problem)

	corrupt := got[p["corrupt"]]
	assert.Equal(t, sessions.Claude, corrupt.Agent)
	assert.Contains(t, corrupt.Problem, "line 1")
	assert.Equal(t, int64(len("{\"type\":\"user\",\"cwd\":\n")), corrupt.Size)

	assert.Equal(t, filepath.Join("/elsewhere", "site"), got[p["harness"]].Project)
}

func TestListOfOneAgent(t *testing.T) {
	h := newFakeHome(t)

	list, err := sessions.List(sessions.Options{Roots: h.roots, Agents: []sessions.Agent{sessions.Codex}})
	require.NoError(t, err)

	require.Len(t, list, 2)
	for _, s := range list {
		assert.Equal(t, sessions.Codex, s.Agent)
	}
}

func TestProjectFilter(t *testing.T) {
	h := newFakeHome(t)
	list, err := sessions.List(sessions.Options{Roots: h.roots})
	require.NoError(t, err)
	sub := filepath.Join(h.project, "internal", "count")
	require.NoError(t, os.MkdirAll(sub, 0o755))

	for _, dir := range []string{h.project, sub} {
		kept := sessions.ProjectOf(dir).Filter(list)
		var paths []string
		for _, s := range kept {
			paths = append(paths, s.Path)
		}
		assert.Equal(t, []string{h.paths["claude"], h.paths["archived"], h.paths["codex"]}, paths, "from %s", dir)
	}
	outside := sessions.ProjectOf(filepath.Dir(h.project))
	assert.False(t, outside.Repo)
	assert.Empty(t, outside.Filter(list), "a directory outside a work tree holds only the sessions run in it")
}

// TestIndexReadsOnlyChangedFiles: a file the index knows at its size and
// mtime is not read again (a change that keeps both goes unseen, which
// shows it), and a grown file is read where it grew.
func TestIndexReadsOnlyChangedFiles(t *testing.T) {
	h := newFakeHome(t)
	cache := t.TempDir()
	opts := sessions.Options{Roots: h.roots, CacheDir: cache}
	_, err := sessions.List(opts)
	require.NoError(t, err)
	require.FileExists(t, filepath.Join(cache, "sessions-index.json"))

	path := h.paths["codex"]
	info, err := os.Stat(path)
	require.NoError(t, err)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	same := strings.Replace(string(data), "Find out why", "Find out how", 1)
	write(t, path, same, info.ModTime())
	list, err := sessions.List(opts)
	require.NoError(t, err)
	assert.Contains(t, byPath(list)[path].FirstPrompt, "Find out why", "read from the index")

	call := `{"timestamp":"2025-10-06T10:00:00.000Z","type":"response_item","payload":{"type":"function_call","name":"shell","arguments":"{}","call_id":"c9"}}` + "\n"
	write(t, path, same+call+call, info.ModTime().Add(time.Minute))
	list, err = sessions.List(opts)
	require.NoError(t, err)
	grown := byPath(list)[path]
	assert.Equal(t, 6, grown.ToolCalls)
	assert.Contains(t, grown.FirstPrompt, "Find out why", "the head is not read again when the file grew")
	assert.Equal(t, time.Date(2025, 10, 6, 10, 0, 0, 0, time.UTC), grown.LastActivity)
}

// TestLargeFileReadAtItsEnds: a file larger than the head and tail windows
// has its calls estimated from them, and says so.
func TestLargeFileReadAtItsEnds(t *testing.T) {
	h := newFakeHome(t)
	path := h.paths["codex"]
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	call := `{"timestamp":"2025-10-06T10:00:00.000Z","type":"response_item","payload":{"type":"function_call","name":"shell","arguments":"{}","call_id":"c9"}}` + "\n"
	write(t, path, string(data)+strings.Repeat(call, 5000), time.Now())

	list, err := sessions.List(sessions.Options{Roots: h.roots, Agents: []sessions.Agent{sessions.Codex}})
	require.NoError(t, err)

	s := byPath(list)[path]
	assert.True(t, s.ToolCallsEstimated)
	assert.InEpsilon(t, 5004, s.ToolCalls, 0.1)
	assert.Equal(t, "The tests fail since the last commit. Find out why and fix it.", s.FirstPrompt)
}

func TestUnreadableDirectoryAndFileAreListed(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root reads every file")
	}
	h := newFakeHome(t)
	require.NoError(t, os.Chmod(h.paths["codex"], 0))
	t.Cleanup(func() { os.Chmod(h.paths["codex"], 0o644) })

	list, err := sessions.List(sessions.Options{Roots: h.roots})
	require.NoError(t, err)
	assert.Contains(t, byPath(list)[h.paths["codex"]].Problem, "permission denied")
}

func TestRootsFromEnv(t *testing.T) {
	t.Setenv("HOME", "/home/someone")
	t.Setenv("CLAUDE_CONFIG_DIR", "/etc/claude")
	t.Setenv("CODEX_HOME", "")
	t.Setenv("DSH_HOME", "~/harness")

	r := sessions.RootsFromEnv()

	assert.Equal(t, sessions.Roots{Claude: "/etc/claude", Codex: "/home/someone/.codex", Harness: "/home/someone/harness"}, r)
}
