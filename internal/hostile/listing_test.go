package hostile_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/internal/testkit/gobuild"
)

// benignSession is the Claude Code session an index case tampers with.
const benignSession = `{"type":"user","cwd":"/src/p","sessionId":"s1","uuid":"u1","parentUuid":null,"timestamp":"2026-01-02T10:00:00.000Z","message":{"role":"user","content":"hello from the session file"}}` + "\n"

// TestHostileListing runs `cardtui sessions --all` and `--json` in a fake
// home on each case of testdata/hostile/listing (its README.md describes
// them): every output holds what the case says is visible, and none
// holds what is absent, not even inside an escape sequence.
func TestHostileListing(t *testing.T) {
	t.Parallel()
	bin := gobuild.Program(t, commandPackage)
	dir := filepath.Join(corpusDir(t), "listing")
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	for _, e := range entries {
		name := e.Name()
		if name == "README.md" {
			continue
		}
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(dir, name))
			require.NoError(t, err)
			first, body, _ := strings.Cut(string(data), "\n")
			_, want, err := parseComment(first)
			require.NoError(t, err)
			home := t.TempDir()
			env := append(os.Environ(), "HOME="+home, "XDG_CACHE_HOME="+filepath.Join(home, ".cache"),
				"CLAUDE_CONFIG_DIR=", "CODEX_HOME=", "DSH_HOME=")
			listing := func() string {
				var out strings.Builder
				for _, args := range [][]string{{"sessions", "--all"}, {"sessions", "--all", "--json"}} {
					cmd := exec.Command(bin, args...)
					cmd.Env, cmd.Dir = env, home
					got, err := cmd.CombinedOutput()
					require.NoError(t, err, "%s", got)
					out.Write(got)
				}
				return out.String()
			}
			var out string
			if strings.HasSuffix(name, ".index.json") {
				out = tamperedListing(t, home, body, listing)
			} else {
				putSession(t, home, name, strings.ReplaceAll(body, "{{HOME}}", home))
				out = listing()
			}
			assert.Equal(t, want.problems, strings.Count(out, `"problem":"`)-strings.Count(out, `"problem":""`), "sessions listed with a problem")
			for _, v := range want.visible {
				assert.Contains(t, out, v)
			}
			for _, a := range want.absent {
				assert.NotContains(t, out, a)
			}
		})
	}
}

// putSession writes body where the agent of the case NAME.AGENT.jsonl
// keeps its sessions under home.
func putSession(t *testing.T, home, name, body string) {
	agent := strings.TrimSuffix(filepath.Ext(strings.TrimSuffix(name, ".jsonl")), "")[1:]
	var path string
	switch agent {
	case "claude":
		path = filepath.Join(home, ".claude", "projects", "-p", "0b6c8a4e-1b2c-4d3e-8f90-123456789abc.jsonl")
	case "codex":
		path = filepath.Join(home, ".codex", "sessions", "2026", "01", "02", "rollout-2026-01-02T10-00-00-0199a213-81c0-7800-8aa1-bbab2a035a53.jsonl")
	case "harness":
		path = filepath.Join(home, ".dsh", "sessions", "p", "s1", "session.jsonl")
	default:
		t.Fatalf("case %s: no agent %q", name, agent)
	}
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	require.NoError(t, os.WriteFile(path, []byte(body), 0o644))
}

// tamperedListing lists a benign session once, so that the index holds
// its record, merges patch into that record, and lists again.
func tamperedListing(t *testing.T, home, patch string, listing func() string) string {
	putSession(t, home, "x.claude.jsonl", benignSession)
	listing()
	indexPath := filepath.Join(home, ".cache", "cardtui", "sessions-index.json")
	data, err := os.ReadFile(indexPath)
	require.NoError(t, err)
	var ix map[string]any
	require.NoError(t, json.Unmarshal(data, &ix))
	records, _ := ix["records"].(map[string]any)
	require.Len(t, records, 1)
	var changes map[string]any
	require.NoError(t, json.Unmarshal([]byte(patch), &changes))
	for _, r := range records {
		for k, v := range changes {
			r.(map[string]any)[k] = v
		}
	}
	data, err = json.Marshal(ix)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(indexPath, data, 0o600))
	return listing()
}
