package main

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSessionsCacheSaysWhereAndClears: `sessions --cache` says where the
// cache is and how large, `sessions --clear-cache` empties it (the
// text documents older versions kept too), and the next listing builds
// it again.
func TestSessionsCacheSaysWhereAndClears(t *testing.T) {
	inSharedHome(t)
	dir := filepath.Join(os.Getenv("XDG_CACHE_HOME"), "cardtui")
	require.Equal(t, exitOK, runWith("", "sessions", "--all").code)
	require.Equal(t, exitOK, runWith("", "search", "--all", "go test").code)
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "docs"), 0o700))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "docs", "0a1b"), []byte("an old copy"), 0o600))

	before := runWith("", "sessions", "--cache")
	cleared := runWith("", "sessions", "--clear-cache")
	after := runWith("", "sessions", "--cache")
	listed := runWith("", "sessions", "--all")

	require.Equal(t, exitOK, before.code, before.stderr)
	assert.Regexp(t, `^cache: `+regexp.QuoteMeta(dir)+`\n`, before.stdout)
	assert.Regexp(t, `\n  sessions-index.json +[\d.]+ KiB\n`, before.stdout)
	assert.Regexp(t, `\n  documents +[\d.]+ KiB\n`, before.stdout)
	assert.Contains(t, before.stdout, "docs (from an older cardtui)")
	assert.Regexp(t, `total +[\d.]+ KiB\n$`, before.stdout)
	require.Equal(t, exitOK, cleared.code, cleared.stderr)
	assert.Contains(t, cleared.stdout, "removed the cache in "+dir)
	assert.Equal(t, "cache: "+dir+"\n  total 0 B\n", after.stdout)
	require.Equal(t, exitOK, listed.code)
	assert.FileExists(t, filepath.Join(dir, "sessions-index.json"))
	assert.NoDirExists(t, filepath.Join(dir, "docs"))
}
