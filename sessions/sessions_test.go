package sessions_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/agents/nodb"
	"github.com/cardtui/cardtui/internal/testkit/fakehome"
	"github.com/cardtui/cardtui/sessions"
)

func byPath(list []sessions.Session) map[string]sessions.Session {
	m := map[string]sessions.Session{}
	for _, s := range list {
		m[s.Path] = s
	}
	return m
}

func TestListFindsTheThreeLayouts(t *testing.T) {
	h := fakehome.New(t)

	list, err := sessions.List(sessions.Options{Sources: nodb.Sessions, Roots: h.Roots, CacheDir: t.TempDir()})
	require.NoError(t, err)

	var order []string
	for _, s := range list {
		order = append(order, s.Path)
	}
	p := h.Paths
	// Newest first, by the time of the last line (the Claude Code and
	// Codex sessions), else by the mtime (the harness's, the corrupt file).
	assert.Equal(t, []string{p["harness"], p["zstd"], p["corrupt"], p["claude"], p["archived"], p["codex"]}, order)
	got := byPath(list)

	claude := got[p["claude"]]
	assert.Equal(t, sessions.Agent("claude"), claude.Agent)
	assert.Equal(t, h.Project, claude.Project)
	assert.Equal(t, "Word counts: --json flag and whitespace fix", claude.Title)
	assert.Equal(t, "/init", claude.FirstPrompt)
	assert.Equal(t, 21, claude.ToolCalls)
	assert.Equal(t, time.Date(2025, 10, 7, 8, 0, 1, 137e6, time.UTC), claude.Started)
	assert.Empty(t, claude.Problem)

	codex := got[p["codex"]]
	assert.Equal(t, sessions.Agent("codex"), codex.Agent)
	assert.Equal(t, h.Project, codex.Project)
	assert.Equal(t, "The tests fail since the last commit. Find out why and fix it.", codex.FirstPrompt)
	assert.Equal(t, 3, codex.ToolCalls, "as the viewer draws it: one call is recorded twice")
	assert.False(t, codex.Archived)
	assert.Equal(t, time.Date(2025, 10, 6, 9, 14, 2, 117e6, time.UTC), codex.Started)

	archived := got[p["archived"]]
	assert.True(t, archived.Archived)
	assert.Equal(t, 3, archived.ToolCalls)

	zst := got[p["zstd"]]
	assert.Equal(t, sessions.Agent("harness"), zst.Agent)
	assert.Equal(t, "/home/dev/tally", zst.Project)
	assert.Equal(t, "Add a --json flag to tally count", zst.Title)
	assert.True(t, strings.HasPrefix(zst.FirstPrompt, "`tally count` prints its totals as a table."), zst.FirstPrompt)
	assert.Equal(t, 18, zst.ToolCalls)
	assert.Equal(t, time.UnixMilli(1783352050748).UTC(), zst.Started)
	assert.Empty(t, zst.Problem)

	corrupt := got[p["corrupt"]]
	assert.Equal(t, sessions.Agent("claude"), corrupt.Agent)
	assert.Contains(t, corrupt.Problem, "line 1")
	assert.Equal(t, int64(len("{\"type\":\"user\",\"cwd\":\n")), corrupt.Size)

	assert.Equal(t, filepath.Join("/elsewhere", "site"), got[p["harness"]].Project)
}

func TestListOfOneAgent(t *testing.T) {
	h := fakehome.New(t)

	list, err := sessions.List(sessions.Options{Sources: nodb.Sessions, Roots: h.Roots, Agents: []sessions.Agent{sessions.Agent("codex")}})
	require.NoError(t, err)

	require.Len(t, list, 2)
	for _, s := range list {
		assert.Equal(t, sessions.Agent("codex"), s.Agent)
	}
}

func TestProjectFilter(t *testing.T) {
	h := fakehome.New(t)
	list, err := sessions.List(sessions.Options{Sources: nodb.Sessions, Roots: h.Roots})
	require.NoError(t, err)
	sub := filepath.Join(h.Project, "internal", "count")
	require.NoError(t, os.MkdirAll(sub, 0o755))

	for _, dir := range []string{h.Project, sub} {
		kept := sessions.ProjectOf(dir).Filter(list)
		var paths []string
		for _, s := range kept {
			paths = append(paths, s.Path)
		}
		assert.Equal(t, []string{h.Paths["claude"], h.Paths["archived"], h.Paths["codex"]}, paths, "from %s", dir)
	}
	outside := sessions.ProjectOf(filepath.Dir(h.Project))
	assert.False(t, outside.Repo)
	assert.Empty(t, outside.Filter(list), "a directory outside a work tree holds only the sessions run in it")
}

// TestIndexReadsOnlyChangedFiles: a file the index knows at its size and
// mtime is not read again (a change that keeps both goes unseen, which
// shows it), and a grown file is read where it grew.
func TestIndexReadsOnlyChangedFiles(t *testing.T) {
	h := fakehome.New(t)
	cache := t.TempDir()
	opts := sessions.Options{Sources: nodb.Sessions, Roots: h.Roots, CacheDir: cache}
	_, err := sessions.List(opts)
	require.NoError(t, err)
	require.FileExists(t, filepath.Join(cache, "sessions-index.json"))

	path := h.Paths["codex"]
	info, err := os.Stat(path)
	require.NoError(t, err)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	same := strings.Replace(string(data), "Find out why", "Find out how", 1)
	fakehome.Write(t, path, same, info.ModTime())
	list, err := sessions.List(opts)
	require.NoError(t, err)
	assert.Contains(t, byPath(list)[path].FirstPrompt, "Find out why", "read from the index")

	call := `{"timestamp":"2025-10-06T10:00:00.000Z","type":"response_item","payload":{"type":"function_call","name":"shell","arguments":"{}","call_id":"c9"}}` + "\n"
	fakehome.Write(t, path, same+call+strings.Replace(call, "c9", "c10", 1), info.ModTime().Add(time.Minute))
	list, err = sessions.List(opts)
	require.NoError(t, err)
	grown := byPath(list)[path]
	assert.Equal(t, 5, grown.ToolCalls)
	assert.Contains(t, grown.FirstPrompt, "Find out how", "a changed file is read anew")
	assert.Equal(t, time.Date(2025, 10, 6, 10, 0, 0, 0, time.UTC), grown.LastActivity)
}

// TestLargeFileCountedExactly: a file larger than the head and tail
// windows is read whole, and its calls counted exactly.
func TestLargeFileCountedExactly(t *testing.T) {
	h := fakehome.New(t)
	path := h.Paths["codex"]
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	var calls strings.Builder
	for i := range 5000 {
		fmt.Fprintf(&calls, `{"timestamp":"2025-10-06T10:00:00.000Z","type":"response_item","payload":{"type":"function_call","name":"shell","arguments":"{}","call_id":"c%d"}}`+"\n", 100+i)
	}
	fakehome.Write(t, path, string(data)+calls.String(), time.Now())

	list, err := sessions.List(sessions.Options{Sources: nodb.Sessions, Roots: h.Roots, Agents: []sessions.Agent{sessions.Agent("codex")}})
	require.NoError(t, err)

	s := byPath(list)[path]
	assert.Equal(t, 5003, s.ToolCalls)
	assert.Equal(t, "The tests fail since the last commit. Find out why and fix it.", s.FirstPrompt)
}

func TestUnreadableDirectoryAndFileAreListed(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root reads every file")
	}
	h := fakehome.New(t)
	require.NoError(t, os.Chmod(h.Paths["codex"], 0))
	t.Cleanup(func() { os.Chmod(h.Paths["codex"], 0o644) })

	list, err := sessions.List(sessions.Options{Sources: nodb.Sessions, Roots: h.Roots})
	require.NoError(t, err)
	assert.Contains(t, byPath(list)[h.Paths["codex"]].Problem, "permission denied")
}

// TestSearchWithSummariesFindsWhatAFullScanFinds: over a fake home, a
// search that skips the documents whose summary in the index lacks a
// trigram of the pattern finds exactly the hits of one that reads every
// document, for literals and regular expressions, found or not.
func TestSearchWithSummariesFindsWhatAFullScanFinds(t *testing.T) {
	h := fakehome.New(t)
	o := sessions.Options{Sources: nodb.Sessions, Roots: h.Roots, CacheDir: t.TempDir()}
	list, err := sessions.List(o)
	require.NoError(t, err)
	require.FileExists(t, filepath.Join(o.CacheDir, "sessions-summaries"))
	collect := func(m sessions.Matcher) []sessions.Hit {
		var hits []sessions.Hit
		sessions.Search(o, list, m, false, func(h sessions.Hit) bool { hits = append(hits, h); return true })
		return hits
	}
	matchers := map[string]sessions.Matcher{}
	for _, p := range []string{"go test", "--json", "tally", "no such text", "WORD"} {
		matchers[p] = sessions.LiteralMatcher([]byte(p))
	}
	for _, p := range []string{`go test \./\S+`, `(?i)word counts?`, `json|yaml`, `zz+top`} {
		matchers[p] = sessions.RegexpMatcher(regexp.MustCompile(p))
	}
	found := 0
	for p, m := range matchers {
		want := collect(sessions.Matcher{Find: m.Find})
		assert.Equal(t, want, collect(m), p)
		found += len(want)
	}
	assert.Positive(t, found)
}

// TestDocumentsAreCompressedAndRebuiltWhenDamaged: the listing keeps each
// session's document compressed (a zstd frame), and removes the text documents older versions kept; a damaged
// document is read anew from its session, with the same hits.
func TestDocumentsAreCompressedAndRebuiltWhenDamaged(t *testing.T) {
	h := fakehome.New(t)
	o := sessions.Options{Sources: nodb.Sessions, Roots: h.Roots, CacheDir: t.TempDir()}
	legacy := filepath.Join(o.CacheDir, "docs")
	require.NoError(t, os.MkdirAll(legacy, 0o700))
	require.NoError(t, os.WriteFile(filepath.Join(legacy, "0123"), []byte("cardtui-document 1\told"), 0o600))
	list, err := sessions.List(o)
	require.NoError(t, err)
	assert.NoDirExists(t, legacy, "the text documents of older versions are removed")
	docs, err := filepath.Glob(filepath.Join(o.CacheDir, "documents", "*"))
	require.NoError(t, err)
	require.NotEmpty(t, docs)
	for _, d := range docs {
		data, err := os.ReadFile(d)
		require.NoError(t, err)
		assert.True(t, strings.HasPrefix(string(data), "\x28\xb5\x2f\xfd"), "%s is a zstd frame", d)
	}
	search := func() []sessions.Hit {
		var hits []sessions.Hit
		sessions.Search(o, list, sessions.LiteralMatcher([]byte("tally")), false, func(h sessions.Hit) bool { hits = append(hits, h); return true })
		return hits
	}
	want := search()
	require.NotEmpty(t, want)
	for _, d := range docs {
		require.NoError(t, os.WriteFile(d, []byte("not zstd at all"), 0o600))
	}
	assert.Equal(t, want, search(), "damaged documents are read anew")
}
