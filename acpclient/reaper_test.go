//go:build linux

package acpclient

import (
	"bufio"
	"context"
	"crypto/rand"
	"fmt"
	"math/big"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	sdk "github.com/coder/acp-go-sdk"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/internal/testkit/acptest"
)

// escapingScript is a terminal command whose descendants leave its
// process group two ways: a setsid shell that forks a sleep, and a
// setsid sleep that env -i started with an empty environment (no
// marker). Every sleep's argument ends in nonce, so /proc tells them
// from every other process: "sleep 300.<nonce>1" and so on.
func escapingScript(nonce string) []string {
	return []string{"-c", fmt.Sprintf(`setsid sh -c 'sleep 300.%[1]s1; :' & env -i setsid sleep 300.%[1]s2 & sleep 300.%[1]s3`, nonce)}
}

// newNonce is a run of digits no other process's arguments hold.
func newNonce(t *testing.T) string {
	n, err := rand.Int(rand.Reader, big.NewInt(1e15))
	require.NoError(t, err)
	return fmt.Sprintf("%015d", n)
}

// sleepSuffixes end the arguments of escapingScript's three sleeps.
var sleepSuffixes = []string{"1", "2", "3"}

// withArguments are the live processes one of whose arguments is
// "300.<nonce><suffix>", by suffix of sleepSuffixes, found in one pass
// over the processes.
func withArguments(nonce string) map[string][]int {
	pids := map[string][]int{}
	for pid := range processes {
		if pid == os.Getpid() {
			continue
		}
		argv, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "cmdline"))
		if err != nil {
			continue
		}
		for _, suffix := range sleepSuffixes {
			if strings.Contains("\x00"+string(argv), "\x00300."+nonce+suffix+"\x00") && processAlive(pid) {
				pids[suffix] = append(pids[suffix], pid)
			}
		}
	}
	return pids
}

// requireEscaped waits until both escaping sleeps and the foreground one
// of escapingScript run.
func requireEscaped(t *testing.T, nonce string) {
	t.Helper()
	require.Eventually(t, func() bool {
		running := withArguments(nonce)
		return len(running["1"]) > 0 && len(running["2"]) > 0 && len(running["3"]) > 0
	}, 10*time.Second, 10*time.Millisecond, "the terminal's sleeps did not start")
}

// assertNoSurvivor checks that every sleep of escapingScript is gone,
// and kills those that are not.
func assertNoSurvivor(t *testing.T, nonce, why string) {
	t.Helper()
	survivors := func() []int {
		var pids []int
		running := withArguments(nonce)
		for _, suffix := range sleepSuffixes {
			pids = append(pids, running[suffix]...)
		}
		return pids
	}
	assert.Eventually(t, func() bool { return len(survivors()) == 0 }, 5*time.Second, 10*time.Millisecond, why)
	for _, pid := range survivors() {
		_ = syscall.Kill(pid, syscall.SIGKILL)
		t.Errorf("process %d survives", pid)
	}
}

// requireNamespaces skips where this system refuses cardtui a PID
// namespace.
func requireNamespaces(t *testing.T) {
	t.Helper()
	cmd, uncontained, err := startContained(func() *exec.Cmd {
		cmd := exec.Command("true")
		inOwnGroup(cmd)
		return cmd
	})
	require.NoError(t, err)
	_ = cmd.Wait()
	if uncontained != nil {
		t.Skipf("no PID namespace here: %v", uncontained)
	}
}

// startEscaping starts a session in dir whose agent runs escapingScript
// in a terminal, and waits until its sleeps run.
func startEscaping(t *testing.T, dir, nonce string) *scripted {
	t.Helper()
	s := startScripted(t, dir, false, func(ctx context.Context, a *acptest.Agent, sid sdk.SessionId) error {
		_, err := a.Conn.CreateTerminal(ctx, sdk.CreateTerminalRequest{SessionId: sid, Command: "sh", Args: escapingScript(nonce)})
		return err
	})
	s.turn(t, "start daemons")
	requireEscaped(t, nonce)
	return s
}

// TestTerminalTreeDiesWithTheSession: a terminal's command starts a
// setsid shell with a child and an env -i setsid sleep; when the session
// closes, none of them is left. Old main's marker reaper missed the
// env -i one.
func TestTerminalTreeDiesWithTheSession(t *testing.T) {
	t.Parallel()
	requireNamespaces(t)
	nonce := newNonce(t)
	s := startEscaping(t, t.TempDir(), nonce)
	require.NoError(t, s.Close())
	assertNoSurvivor(t, nonce, "the terminal's whole tree ends with the session")
}

// killedHelperEnv names, in a helper process, the nonce of the terminal
// TestTerminalTreeDiesWithCardtuiKilled has it start; killedDirEnv the
// session directory, the test's own: the helper, killed, removes nothing.
const (
	killedHelperEnv = "ACPCLIENT_TEST_KILLED_HELPER"
	killedDirEnv    = "ACPCLIENT_TEST_KILLED_DIR"
)

// TestTerminalTreeDiesWithCardtuiKilled: a helper process standing in
// for cardtui (this test binary, run again) starts the session and its
// terminal, says "ready" and waits; it is killed with SIGKILL, so it
// closes nothing. Old main left both setsid descendants running.
func TestTerminalTreeDiesWithCardtuiKilled(t *testing.T) {
	t.Parallel()
	if nonce := os.Getenv(killedHelperEnv); nonce != "" {
		startEscaping(t, os.Getenv(killedDirEnv), nonce)
		fmt.Println("ready")
		time.Sleep(time.Minute)
		t.Fatal("the helper was not killed")
	}
	requireNamespaces(t)
	nonce := newNonce(t)
	helper := exec.Command(os.Args[0], "-test.run", "^TestTerminalTreeDiesWithCardtuiKilled$", "-test.v")
	helper.Env = append(os.Environ(), killedHelperEnv+"="+nonce, killedDirEnv+"="+t.TempDir())
	out, err := helper.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, helper.Start())
	ready := make(chan bool, 1)
	go func() {
		lines := bufio.NewScanner(out)
		for lines.Scan() {
			if lines.Text() == "ready" {
				ready <- true
			}
		}
		close(ready)
	}()
	select {
	case ok := <-ready:
		require.True(t, ok, "the helper ended before it was ready")
	case <-time.After(30 * time.Second):
		_ = helper.Process.Kill()
		t.Fatal("the helper was not ready")
	}
	requireEscaped(t, nonce)
	require.NoError(t, helper.Process.Signal(syscall.SIGKILL))
	_ = helper.Wait()
	assertNoSurvivor(t, nonce, "the terminal's whole tree ends with cardtui killed outright")
}

// TestUncontainedTerminalsSayWhyAndReapMarked: where no PID namespace
// is allowed, the session says so once, and the marker reaper still
// kills the setsid descendants that kept the environment.
func TestUncontainedTerminalsSayWhyAndReapMarked(t *testing.T) {
	containers = func() []uintptr { return nil }
	t.Cleanup(func() { containers = namespaceFlags })
	nonce := newNonce(t)
	s := startScripted(t, t.TempDir(), false, func(ctx context.Context, a *acptest.Agent, sid sdk.SessionId) error {
		for range 2 {
			_, err := a.Conn.CreateTerminal(ctx, sdk.CreateTerminalRequest{
				SessionId: sid, Command: "sh",
				Args: []string{"-c", fmt.Sprintf(`setsid sh -c 'sleep 300.%[1]s1; :' & setsid sleep 300.%[1]s2 & sleep 300.%[1]s3`, nonce)},
			})
			if err != nil {
				return err
			}
		}
		return nil
	})
	s.turn(t, "start daemons")
	requireEscaped(t, nonce)
	var notices []string
	for _, line := range strings.Split(string(s.recording()), "\n") {
		if strings.Contains(line, "without a PID namespace") {
			notices = append(notices, line)
		}
	}
	assert.Len(t, notices, 1, "one notice says the terminals are not contained, and why")
	require.NoError(t, s.Close())
	assertNoSurvivor(t, nonce, "the marked descendants are reaped at the session's end")
}

// TestCloseReapsTheAgentsAdoptedChildren: the agent's child ignores
// SIGTERM and outlives the agent by a moment; cardtui adopts it as the
// subreaper and reaps it once it is dead, so that Close need not wait
// out stopGrace for a zombie and none is left behind. Old main left the
// zombie, and Close waited the 2 s grace for it.
func TestCloseReapsTheAgentsAdoptedChildren(t *testing.T) {
	t.Parallel()
	cfg := Config{Command: []string{"sh", "-c", `sh -c "trap '' TERM; sleep 0.2" & read line; sleep 30`}, Dir: t.TempDir()}
	s, err := Launch(cfg)
	require.NoError(t, err)
	leader := s.cmd.Process.Pid
	require.Eventually(t, func() bool { return len(groupMembers(leader)) == 3 }, 5*time.Second, 5*time.Millisecond,
		"the agent, its sleep and its child that ignores SIGTERM")
	require.NoError(t, s.Close())
	<-s.Done()
	assert.Empty(t, groupMembers(leader), "no process of the agent's group, dead or alive, is left")
}

// groupMembers are the processes of the group leader leads, zombies too.
func groupMembers(leader int) []int {
	var pids []int
	for pid, st := range processes {
		if st.pgrp == leader {
			pids = append(pids, pid)
		}
	}
	return pids
}
