package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRecordFileIsPrivate: a --record file holds prompts, file contents
// and command output, so only its owner reads it, even when it existed.
func TestRecordFileIsPrivate(t *testing.T) {
	dir := t.TempDir()
	fresh := filepath.Join(dir, "fresh.jsonl")
	old := filepath.Join(dir, "old.jsonl")
	require.NoError(t, os.WriteFile(old, []byte("before"), 0o644))
	for _, path := range []string{fresh, old} {
		f, err := createPrivate(path)
		require.NoError(t, err)
		require.NoError(t, f.Close())
		info, err := os.Stat(path)
		require.NoError(t, err)
		assert.Equal(t, os.FileMode(0o600), info.Mode().Perm(), path)
		assert.Zero(t, info.Size(), path)
	}
}

func TestACPArguments(t *testing.T) {
	r := runWith("", "acp", "-h")
	assert.Equal(t, exitOK, r.code)
	assert.Equal(t, acpUsage, r.stdout)

	r = runWith("", "acp", "--record", "x.jsonl")
	assert.Equal(t, exitUsage, r.code)
	assert.Contains(t, r.stderr, "no agent to run: give its command after --")

	r = runWith("", "acp", "--cwd", "/no/such/dir", "--", "agent")
	assert.Equal(t, exitUsage, r.code)
	assert.Contains(t, r.stderr, "--cwd /no/such/dir: not a directory")

	r = runWith("", "acp", "--bogus", "--", "agent")
	assert.Equal(t, exitUsage, r.code)
	assert.Contains(t, r.stderr, "Usage:")

	r = runWith("", "acp", "--", "agent", "--its-own-flag")
	assert.Equal(t, exitUsage, r.code, "the agent's flags are its own; without a terminal the session cannot open")
	assert.Contains(t, r.stderr, "needs a terminal on stdin and stdout")
}

func TestACPConfig(t *testing.T) {
	cfg, _, ok := parseACPArgs([]string{"--read-only", "--cwd", t.TempDir(), "--", "/usr/bin/agent", "--model", "x"}, nil, nil)
	assert.True(t, ok)
	assert.Equal(t, []string{"/usr/bin/agent", "--model", "x"}, cfg.session.Command)
	assert.True(t, cfg.session.ReadOnly)
	assert.Equal(t, "agent", cfg.session.Source, "the agent is named by its program")
}
