// Package tmuxtest runs a program in a detached tmux session of a given
// size, so that tests can type into it and read its screen as a user
// sees it. Tests skip, saying why, where tmux is not installed.
//
// The sessions of one test binary run on a tmux server of their own, with
// no configuration file: what a test sets on its server (set-clipboard, a
// paste buffer) reaches no other test binary's server, nor the user's.
package tmuxtest

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cardtui/cardtui/internal/testkit"
)

// Session is a program running in a tmux session of its own.
type Session struct {
	t        testing.TB
	name     string
	patience time.Duration
	// output receives a value when the program has written to the pane
	// since the last one was taken.
	output chan struct{}
}

var sessions atomic.Int64

// server is the tmux server of this test binary: its socket, and how many
// sessions run on it. The last session to end kills it and removes the
// socket, so that a run leaves nothing behind; a session started after
// that starts a new one.
var server = struct {
	sync.Mutex
	socket string
	live   int
}{socket: filepath.Join(os.TempDir(), fmt.Sprintf("cardtui-tmux-%d", os.Getpid()))}

// command is tmux with args on the test binary's server.
func command(args ...string) *exec.Cmd {
	return exec.Command("tmux", append([]string{"-S", server.socket, "-f", os.DevNull}, args...)...)
}

// Start runs argv in a new tmux session of width × height cells with
// env added to the environment, and kills the session when the test
// ends. It skips the test in -short mode and when tmux is not installed.
func Start(t testing.TB, width, height int, env []string, argv ...string) *Session {
	t.Helper()
	testkit.SkipLong(t, "runs a program in tmux")
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed (apt-get install tmux): this test runs the program in a real terminal")
	}
	s := &Session{t: t, name: fmt.Sprintf("cardtui-test-%d", sessions.Add(1)), patience: 10 * time.Second}
	args := []string{"new-session", "-d", "-s", s.name, "-x", fmt.Sprint(width), "-y", fmt.Sprint(height)}
	for _, e := range append([]string{"TERM=xterm-256color"}, env...) {
		args = append(args, "-e", e)
	}
	// The shell keeps the session, and its last screen, after the program
	// exits, and says how it exited.
	args = append(args, "sh", "-c", `"$@"; echo "[exited $?]"; sleep 600`, "sh")
	server.Lock()
	server.live++
	server.Unlock()
	t.Cleanup(s.end)
	s.tmux(append(args, argv...)...)
	s.watchOutput()
	return s
}

// watchOutput has tmux copy what the program writes to the pane into a
// FIFO, and sends on s.output whenever something arrives there: a wait
// looks at the screen again when it may have changed rather than over and
// over, each look being a tmux client to start.
func (s *Session) watchOutput() {
	s.t.Helper()
	fifo := filepath.Join(s.t.TempDir(), "output")
	if err := mkfifo(fifo); err != nil {
		s.t.Fatal(err)
	}
	// Opened for writing too, so that the open does not wait for tmux's
	// writer; closing it ends the reader.
	f, err := os.OpenFile(fifo, os.O_RDWR, 0)
	if err != nil {
		s.t.Fatal(err)
	}
	s.t.Cleanup(func() { _ = f.Close() })
	s.output = make(chan struct{}, 1)
	go func() {
		buf := make([]byte, 32<<10)
		for {
			if _, err := f.Read(buf); err != nil {
				return
			}
			select {
			case s.output <- struct{}{}:
			default:
			}
		}
	}()
	s.tmux("pipe-pane", "-O", "-t", s.name, "exec cat > '"+strings.ReplaceAll(fifo, "'", `'\''`)+"'")
}

// end kills the session, and the server with the last one.
func (s *Session) end() {
	_ = command("kill-session", "-t", s.name).Run()
	server.Lock()
	defer server.Unlock()
	if server.live--; server.live == 0 {
		_ = command("kill-server").Run()
		_ = os.Remove(server.socket)
	}
}

func (s *Session) tmux(args ...string) string {
	s.t.Helper()
	out, err := command(args...).CombinedOutput()
	if err != nil {
		s.t.Fatalf("tmux %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// Type sends keys as tmux send-keys names them ("Escape", "Enter", "q").
func (s *Session) Type(keys ...string) {
	s.t.Helper()
	s.tmux(append([]string{"send-keys", "-t", s.name}, keys...)...)
}

// TypeText sends text literally.
func (s *Session) TypeText(text string) {
	s.t.Helper()
	s.tmux("send-keys", "-t", s.name, "-l", text)
}

// Screen is the text on the screen, one string per row, without colours.
func (s *Session) Screen() []string {
	s.t.Helper()
	return strings.Split(strings.TrimSuffix(s.tmux("capture-pane", "-p", "-t", s.name), "\n"), "\n")
}

// SetPatience sets how long WaitFor waits, ten seconds unless set: a
// program that pauses for seconds on purpose (an example agent) is given
// longer.
func (s *Session) SetPatience(d time.Duration) { s.patience = d }

// WaitFor waits, up to the session's patience, until ok holds for the
// screen and returns it; the test fails with the last screen when it
// never does.
//
// It looks at the screen again once the program has written to the pane,
// or after lookAgain for a condition on more than the screen; looks are
// at least 5 ms apart at first, then twice as far each time up to 50 ms,
// so that a program drawing without a pause is not captured at its own
// pace.
func (s *Session) WaitFor(what string, ok func(screen []string) bool) []string {
	s.t.Helper()
	var screen []string
	pause := 5 * time.Millisecond
	deadline := time.Now().Add(s.patience)
	for time.Now().Before(deadline) {
		select {
		case <-s.output:
		default:
		}
		if screen = s.Screen(); ok(screen) {
			return screen
		}
		time.Sleep(pause)
		pause = min(2*pause, 50*time.Millisecond)
		s.waitForOutput(min(lookAgain, time.Until(deadline)))
	}
	s.t.Fatalf("waited %v for %s; the screen:\n%s", s.patience, what, strings.Join(screen, "\n"))
	return nil
}

// lookAgain is how long WaitFor waits for the program to write before it
// looks at the screen anyway.
const lookAgain = 200 * time.Millisecond

// waitForOutput returns once the program has written to the pane, or
// after d.
func (s *Session) waitForOutput(d time.Duration) {
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-s.output:
	case <-timer.C:
	}
}

// WaitForText waits until every one of texts is on the screen.
func (s *Session) WaitForText(texts ...string) []string {
	s.t.Helper()
	return s.WaitFor(strings.Join(quoted(texts), ", "), func(screen []string) bool {
		all := strings.Join(screen, "\n")
		for _, text := range texts {
			if !strings.Contains(all, text) {
				return false
			}
		}
		return true
	})
}

// quoted is texts, each quoted as Go would.
func quoted(texts []string) []string {
	q := make([]string, len(texts))
	for i, text := range texts {
		q[i] = strconv.Quote(text)
	}
	return q
}

// stillFor is how long a screen stays the same before Settle takes it
// as still.
const stillFor = 200 * time.Millisecond

// Settle waits until the screen stays the same for stillFor and returns
// it.
func (s *Session) Settle() []string {
	s.t.Helper()
	last, since := "", time.Now()
	return s.WaitFor("a still screen", func(screen []string) bool {
		if now := strings.Join(screen, "\n"); now != last {
			last, since = now, time.Now()
		}
		return time.Since(since) >= stillFor
	})
}

// Buffer is the text of tmux's newest paste buffer, where a copy made
// in the program lands.
func (s *Session) Buffer() string {
	s.t.Helper()
	return s.tmux("show-buffer")
}

// SetServerOption sets a server option of tmux (set-clipboard) while
// the test runs, and puts the old value back when it ends.
func (s *Session) SetServerOption(name, value string) {
	s.t.Helper()
	old := strings.TrimSpace(s.tmux("show-options", "-sv", name))
	s.tmux("set-option", "-s", name, value)
	s.t.Cleanup(func() { _ = command("set-option", "-s", name, old).Run() })
}

// SetBuffer adds a paste buffer holding text, so that a test sees that
// a copy replaced it.
func (s *Session) SetBuffer(text string) {
	s.t.Helper()
	s.tmux("set-buffer", text)
}
