package fakehome

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// repoRoot is the repository's root, where this file is three folders
// down: the tests that use a fake home run in its project.
func repoRoot() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..")
}

// AddMoreAgents adds to the home the sessions recorded for Gemini CLI,
// opencode and Crush (the fixtures of agents/gemini, agents/opencode and
// agents/crush) where those agents keep them: a chat under
// ~/.gemini/tmp (its .project_root naming the home's project), opencode's database and a Crush project's database
// listed in projects.json under ~/.local/share. Paths gains "gemini",
// "opencode" and "crush" (the databases' paths).
func (h *Home) AddMoreAgents(t *testing.T) {
	t.Helper()
	fixture := func(agent, name string) string {
		data, err := os.ReadFile(filepath.Join(repoRoot(), "agents", agent, "testdata", name))
		require.NoError(t, err)
		return string(data)
	}
	mtime := time.Date(2026, 12, 4, 21, 0, 0, 0, time.UTC)
	data := filepath.Join(h.Dir, ".local", "share")
	h.Roots["gemini"], h.Roots["opencode"], h.Roots["crush"] = filepath.Join(h.Dir, ".gemini"), data, data
	h.Paths["gemini"] = Write(t, filepath.Join(h.Roots["gemini"], "tmp", "proj", "chats", "session-2026-12-04T20-10-4748d382.jsonl"),
		fixture("gemini", "gemini-0.61.0/chat.jsonl"), mtime)
	Write(t, filepath.Join(h.Roots["gemini"], "tmp", "proj", ".project_root"), h.Project, mtime)
	h.Paths["opencode"] = Write(t, filepath.Join(data, "opencode", "opencode.db"),
		fixture("opencode", "opencode-1.18.33/opencode.db"), mtime)
	dataDir := filepath.Join(h.Project, ".crush")
	h.Paths["crush"] = Write(t, filepath.Join(dataDir, "crush.db"), fixture("crush", "crush-0.90.0/crush.db"), mtime)
	projects, err := json.Marshal(map[string]any{"projects": []map[string]string{{"path": h.Project, "data_dir": dataDir}}})
	require.NoError(t, err)
	Write(t, filepath.Join(data, "crush", "projects.json"), string(projects), mtime)
}
