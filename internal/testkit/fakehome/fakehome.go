// Package fakehome writes, for tests, a home directory holding the
// session files of Claude Code, Codex and the deepseek harness in their
// real layouts.
package fakehome

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cardtui/cardtui/internal/demo"

	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/internal/testkit/zstdframes"
	"github.com/cardtui/cardtui/sessions"
)

// SessionFile reads a session written for the tests.
func SessionFile(t testing.TB, name string) string {
	t.Helper()
	return string(golden.Session(t, name))
}

// Write writes data at path, making its directories, with the
// mtime given.
func Write(t *testing.T, path, data string, mtime time.Time) string {
	t.Helper()
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	require.NoError(t, os.WriteFile(path, []byte(data), 0o644))
	require.NoError(t, os.Chtimes(path, mtime, mtime))
	return path
}

// Home is a home directory with the three agents' layouts.
type Home struct {
	// Dir is the home directory.
	Dir string
	// Roots are the agents' homes under Dir, for the Sources of
	// agents.Sessions.
	Roots sessions.Roots
	// Project is the git work tree that the sessions ran in.
	Project string
	// Paths are the session files by what they are: claude, corrupt,
	// codex, archived, zstd (a harness log) and harness (one of another
	// project).
	Paths map[string]string
}

// New writes a Claude Code transcript and a corrupt one, a live
// and an archived Codex rollout, and a compressed and a plain harness log
// of another project. Their mtimes order them.
func New(t *testing.T) Home {
	t.Helper()
	return write(t, t.TempDir())
}

// write writes the home of New in the directory home.
func write(t *testing.T, home string) Home {
	t.Helper()
	project := filepath.Join(home, "src", "tally")
	require.NoError(t, os.MkdirAll(filepath.Join(project, ".git"), 0o755))
	inProject := func(s string) string { return strings.ReplaceAll(s, "/home/dev/tally", project) }
	roots := sessions.Roots{"claude": filepath.Join(home, ".claude"), "codex": filepath.Join(home, ".codex"), "harness": filepath.Join(home, ".dsh")}
	base := time.Date(2026, 1, 2, 3, 0, 0, 0, time.UTC)
	claudeDir := filepath.Join(roots["claude"], "projects", strings.ReplaceAll(project, "/", "-"))
	h := Home{Dir: home, Roots: roots, Project: project, Paths: map[string]string{
		"claude": Write(t, filepath.Join(claudeDir, "5b1e0c7a-3f2d-4c88-9a61-2d7e4f1b8c90.jsonl"),
			inProject(SessionFile(t, "claude-tools.jsonl")), base.Add(1*time.Hour)),
		"corrupt": Write(t, filepath.Join(claudeDir, "0000.jsonl"), "{\"type\":\"user\",\"cwd\":\n", base.Add(2*time.Hour)),
		"codex": Write(t, filepath.Join(roots["codex"], "sessions", "2025", "10", "06", "rollout-2025-10-06T09-14-02-0199a213.jsonl"),
			inProject(SessionFile(t, "codex-exec.jsonl")), base.Add(3*time.Hour)),
		"archived": Write(t, filepath.Join(roots["codex"], "archived_sessions", "rollout-2025-10-05T10-00-00-0199a000.jsonl"),
			inProject(SessionFile(t, "codex-patch.jsonl")), base.Add(4*time.Hour)),
		"zstd": Write(t, filepath.Join(roots["harness"], "sessions", "--home-dev-tally--", "5f0c2b1e", "session.jsonl.zstd"),
			compressed(t, demo.Session), base.Add(5*time.Hour)),
		"harness": Write(t, filepath.Join(roots["harness"], "sessions", "--elsewhere--", "77aa", "session.v1.jsonl"),
			strings.ReplaceAll(SessionFile(t, "torn-tail.jsonl"), "/home/dev/", "/elsewhere/"), base.Add(6*time.Hour)),
	}}
	// An older generation of the same harness session is not listed.
	Write(t, filepath.Join(roots["harness"], "sessions", "--elsewhere--", "77aa", "session.jsonl"), "{}\n", base)
	return h
}

// compressed is data in zstd frames of four lines, as the harness writes
// its logs.
func compressed(t *testing.T, data []byte) string {
	c, _ := zstdframes.Compress(t, data, 4)
	return string(c)
}
