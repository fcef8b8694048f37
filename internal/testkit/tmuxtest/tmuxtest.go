// Package tmuxtest runs a program in a detached tmux session of a given
// size, so that tests can type into it and read its screen as a user
// sees it. Tests skip, saying why, where tmux is not installed.
package tmuxtest

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cardtui/cardtui/internal/testkit"
)

// Session is a program running in a tmux session of its own.
type Session struct {
	t    testing.TB
	name string
}

var sessions atomic.Int64

// Start runs argv in a new tmux session of width × height cells with
// env added to the environment, and kills the session when the test
// ends. It skips the test in -short mode and when tmux is not installed.
func Start(t testing.TB, width, height int, env []string, argv ...string) *Session {
	t.Helper()
	testkit.SkipLong(t, "runs a program in tmux")
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed (apt-get install tmux): this test runs the program in a real terminal")
	}
	s := &Session{t: t, name: fmt.Sprintf("cardtui-test-%d-%d", os.Getpid(), sessions.Add(1))}
	args := []string{"new-session", "-d", "-s", s.name, "-x", fmt.Sprint(width), "-y", fmt.Sprint(height)}
	for _, e := range append([]string{"TERM=xterm-256color"}, env...) {
		args = append(args, "-e", e)
	}
	// The shell keeps the session, and its last screen, after the program
	// exits, and says how it exited.
	args = append(args, "sh", "-c", `"$@"; echo "[exited $?]"; sleep 600`, "sh")
	s.newSession(append(args, argv...))
	t.Cleanup(func() { _ = exec.Command("tmux", "kill-session", "-t", s.name).Run() })
	return s
}

// newSession runs tmux new-session with args. A server whose last
// session was just killed exits, and a client that reached it meanwhile
// fails with "server exited unexpectedly": it is tried again, and the
// next one starts a server of its own.
func (s *Session) newSession(args []string) {
	s.t.Helper()
	for attempt := 1; ; attempt++ {
		out, err := exec.Command("tmux", args...).CombinedOutput()
		if err == nil {
			return
		}
		if attempt == 3 || !strings.Contains(string(out), "server exited unexpectedly") {
			s.t.Fatalf("tmux %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func (s *Session) tmux(args ...string) string {
	s.t.Helper()
	out, err := exec.Command("tmux", args...).CombinedOutput()
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

// WaitFor waits up to ten seconds until ok holds for the screen and
// returns it; the test fails with the last screen when it never does.
func (s *Session) WaitFor(what string, ok func(screen []string) bool) []string {
	s.t.Helper()
	var screen []string
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if screen = s.Screen(); ok(screen) {
			return screen
		}
	}
	s.t.Fatalf("waited 10s for %s; the screen:\n%s", what, strings.Join(screen, "\n"))
	return nil
}

// WaitForText waits until text is on the screen.
func (s *Session) WaitForText(text string) []string {
	s.t.Helper()
	return s.WaitFor(fmt.Sprintf("%q", text), func(screen []string) bool {
		return strings.Contains(strings.Join(screen, "\n"), text)
	})
}

// Settle waits until the screen stays the same for a few captures and
// returns it.
func (s *Session) Settle() []string {
	s.t.Helper()
	last, same := "", 0
	return s.WaitFor("a still screen", func(screen []string) bool {
		now := strings.Join(screen, "\n")
		if now == last {
			same++
		} else {
			last, same = now, 0
		}
		return same >= 4
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
	s.t.Cleanup(func() { _ = exec.Command("tmux", "set-option", "-s", name, old).Run() })
}

// SetBuffer adds a paste buffer holding text, so that a test sees that
// a copy replaced it.
func (s *Session) SetBuffer(text string) {
	s.t.Helper()
	s.tmux("set-buffer", text)
}
