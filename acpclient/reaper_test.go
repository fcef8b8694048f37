package acpclient

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	sdk "github.com/coder/acp-go-sdk"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/internal/testkit/acptest"
)

// TestSetsidDescendantsAreKilledAtClose: a terminal's command starts a
// process in a session of its own (setsid), out of its process group,
// and one that a setsid shell forks and leaves in the background;
// old main left the setsid one running after the session ended.
func TestSetsidDescendantsAreKilledAtClose(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the child subreaper is Linux's")
	}
	dir := t.TempDir()
	pidFile := filepath.Join(dir, "pids")
	s := startScripted(t, dir, false, func(ctx context.Context, a *acptest.Agent, sid sdk.SessionId) error {
		_, err := a.Conn.CreateTerminal(ctx, sdk.CreateTerminalRequest{SessionId: sid, Command: "sh",
			Args: []string{"-c", `setsid sleep 300 & a=$!; (setsid sh -c 'sleep 300 & echo $! > pid2; wait' &); sleep 0.2; echo $a $(cat pid2) > pids; wait`}})
		return err
	})
	s.turn(t, "start a daemon")
	var daemon, grandchild int
	require.Eventually(t, func() bool {
		b, err := os.ReadFile(pidFile)
		n, _ := fmt.Sscan(string(b), &daemon, &grandchild)
		return err == nil && n == 2
	}, 5*time.Second, 10*time.Millisecond)
	require.True(t, processAlive(daemon), "the setsid process runs")
	require.True(t, processAlive(grandchild), "the double-forked one runs")
	require.NoError(t, s.Close())
	assert.Eventually(t, func() bool { return !processAlive(daemon) && !processAlive(grandchild) }, 5*time.Second, 10*time.Millisecond,
		"the terminal's descendants that left its process group are killed when the session ends")
}
