package fakemodel_test

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/internal/testkit/fakemodel"
)

// scenarioFile writes a scenario that answers "hi" to everything.
func scenarioFile(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "s.json")
	require.NoError(t, os.WriteFile(path, []byte(`{"default":"hi","conversations":[]}`), 0o644))
	return path
}

// TestMainRefusesNonLoopback: the server listens on a loopback address
// only, and needs a scenario.
func TestMainRefusesNonLoopback(t *testing.T) {
	err := fakemodel.Main([]string{"-scenario", scenarioFile(t), "-addr", "0.0.0.0:0"})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "loopback")
	assert.Error(t, fakemodel.Main([]string{"-addr", "127.0.0.1:0"}), "no scenario")
}

// TestMainServesUntilTerminated: it says where it listens, logs each
// request and ends cleanly on SIGTERM.
func TestMainServesUntilTerminated(t *testing.T) {
	dir := t.TempDir()
	ready, logPath := filepath.Join(dir, "ready"), filepath.Join(dir, "log")
	done := make(chan error, 1)
	go func() {
		done <- fakemodel.Main([]string{"-scenario", scenarioFile(t), "-ready-file", ready, "-log", logPath})
	}()
	var addr string
	require.Eventually(t, func() bool {
		b, err := os.ReadFile(ready)
		addr = strings.TrimSpace(string(b))
		return err == nil && addr != ""
	}, 10*time.Second, 10*time.Millisecond)
	assert.True(t, strings.HasPrefix(addr, "127.0.0.1:"))
	resp, err := http.Post("http://"+addr+"/v1/messages", "application/json",
		strings.NewReader(`{"messages":[{"role":"user","content":"x"}]}`))
	require.NoError(t, err)
	require.NoError(t, resp.Body.Close())
	require.NoError(t, syscall.Kill(os.Getpid(), syscall.SIGTERM))
	require.NoError(t, <-done)
	log, err := os.ReadFile(logPath)
	require.NoError(t, err)
	assert.Contains(t, string(log), `"path":"/v1/messages"`)
}
