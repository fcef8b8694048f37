package acpclient

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"sync"
	"syscall"
	"time"
	"unicode/utf8"

	"github.com/cardtui/cardtui/agents/acp"

	sdk "github.com/coder/acp-go-sdk"
)

// Output limits of a terminal: the limit when the agent asks for none,
// and the most it may ask for.
const (
	defaultOutputLimit = 1 << 20
	maxOutputLimit     = 64 << 20
)

// terminalWaitDelay is how long a terminal's Wait waits for the output
// pipes once the command exited (a background child may hold them).
const terminalWaitDelay = time.Second

// terminals are the client-side terminals of a session: each command runs
// in a process group of its own, in the session directory, its output
// kept up to its byte limit.
type terminals struct {
	dir *confined
	// changed is called when a terminal's output grows; ended when its
	// command exits, with its final state.
	changed func(id string)
	ended   func(acp.TerminalState)

	mu   sync.Mutex
	next int
	byID map[string]*liveTerminal
	all  []*liveTerminal // released ones included, until they exit
}

// liveTerminal is one command and its output.
type liveTerminal struct {
	id    string
	cmd   *exec.Cmd
	limit int
	done  chan struct{} // closed when the command has exited

	mu        sync.Mutex
	out       []byte
	truncated bool
	exit      acp.TerminalState
}

// notFound is the error for a terminal id the session does not have.
func notFound(id string) error {
	return &sdk.RequestError{Code: -32002, Message: "Resource not found", Data: fmt.Sprintf("no terminal %q", id)}
}

// create starts a command.
func (ts *terminals) create(p sdk.CreateTerminalRequest) (sdk.CreateTerminalResponse, error) {
	cwd, err := ts.dir.workdir(p.Cwd)
	if err != nil {
		return sdk.CreateTerminalResponse{}, err
	}
	limit := defaultOutputLimit
	if p.OutputByteLimit != nil {
		limit = min(max(*p.OutputByteLimit, 0), maxOutputLimit)
	}
	cmd := exec.Command(p.Command, p.Args...)
	cmd.Dir, cmd.Stdin, cmd.WaitDelay = cwd, nil, terminalWaitDelay
	cmd.Env = os.Environ()
	for _, e := range p.Env {
		cmd.Env = append(cmd.Env, e.Name+"="+e.Value)
	}
	inOwnGroup(cmd)
	ts.mu.Lock()
	defer ts.mu.Unlock()
	ts.next++
	t := &liveTerminal{id: fmt.Sprintf("term_%d", ts.next), cmd: cmd, limit: limit, done: make(chan struct{})}
	t.exit.ID = t.id
	cmd.Stdout = writerFunc(func(b []byte) (int, error) { t.write(b); ts.changed(t.id); return len(b), nil })
	cmd.Stderr = cmd.Stdout
	if err := cmd.Start(); err != nil {
		return sdk.CreateTerminalResponse{}, sdk.NewInternalError(fmt.Sprintf("%s: %v", p.Command, err))
	}
	ts.byID[t.id] = t
	ts.all = append(ts.all, t)
	go ts.wait(t)
	return sdk.CreateTerminalResponse{TerminalId: t.id}, nil
}

// wait waits for a terminal's command and records how it ended.
func (ts *terminals) wait(t *liveTerminal) {
	err := t.cmd.Wait()
	t.mu.Lock()
	t.exit.Exited = true
	var exitErr *exec.ExitError
	switch {
	case err == nil:
		code := 0
		t.exit.ExitCode = &code
	case errors.As(err, &exitErr):
		if ws, ok := exitErr.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			t.exit.Signal = signalName(ws.Signal())
		} else {
			code := exitErr.ExitCode()
			t.exit.ExitCode = &code
		}
	}
	t.mu.Unlock()
	close(t.done)
	ts.ended(t.state())
}

// write keeps output, cutting its start to stay within the limit at a
// character boundary.
func (t *liveTerminal) write(b []byte) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.out = append(t.out, b...)
	if over := len(t.out) - t.limit; over > 0 {
		for over < len(t.out) && !utf8.RuneStart(t.out[over]) {
			over++
		}
		t.out = append(t.out[:0], t.out[over:]...)
		t.truncated = true
	}
}

// state is the terminal's output and exit status now.
func (t *liveTerminal) state() acp.TerminalState {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := t.exit
	s.Output, s.Truncated = string(t.out), t.truncated
	return s
}

// get returns the terminal with id.
func (ts *terminals) get(id string) (*liveTerminal, error) {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	t, ok := ts.byID[id]
	if !ok {
		return nil, notFound(id)
	}
	return t, nil
}

// snapshot is the state of terminal id, false when there is none.
func (ts *terminals) snapshot(id string) (acp.TerminalState, bool) {
	t, err := ts.get(id)
	if err != nil {
		return acp.TerminalState{}, false
	}
	return t.state(), true
}

func (ts *terminals) output(p sdk.TerminalOutputRequest) (sdk.TerminalOutputResponse, error) {
	t, err := ts.get(p.TerminalId)
	if err != nil {
		return sdk.TerminalOutputResponse{}, err
	}
	s := t.state()
	resp := sdk.TerminalOutputResponse{Output: s.Output, Truncated: s.Truncated}
	if s.Exited {
		resp.ExitStatus = &sdk.TerminalExitStatus{ExitCode: s.ExitCode, Signal: optional(s.Signal)}
	}
	return resp, nil
}

func (ts *terminals) waitForExit(ctx context.Context, p sdk.WaitForTerminalExitRequest) (sdk.WaitForTerminalExitResponse, error) {
	t, err := ts.get(p.TerminalId)
	if err != nil {
		return sdk.WaitForTerminalExitResponse{}, err
	}
	select {
	case <-t.done:
	case <-ctx.Done():
		return sdk.WaitForTerminalExitResponse{}, ctx.Err()
	}
	s := t.state()
	return sdk.WaitForTerminalExitResponse{ExitCode: s.ExitCode, Signal: optional(s.Signal)}, nil
}

// kill ends a terminal's process group; the terminal stays.
func (ts *terminals) kill(id string) error {
	t, err := ts.get(id)
	if err != nil {
		return err
	}
	killGroup(t.cmd.Process.Pid, syscall.SIGKILL)
	return nil
}

// release kills a terminal's command if it still runs and forgets it.
func (ts *terminals) release(id string) error {
	if err := ts.kill(id); err != nil {
		return err
	}
	ts.mu.Lock()
	delete(ts.byID, id)
	ts.mu.Unlock()
	return nil
}

// closeAll kills every terminal's process group, released or forgotten,
// and waits for them to end.
func (ts *terminals) closeAll() {
	ts.mu.Lock()
	all := ts.all
	ts.mu.Unlock()
	for _, t := range all {
		killGroup(t.cmd.Process.Pid, syscall.SIGKILL)
	}
	for _, t := range all {
		select {
		case <-t.done:
		case <-time.After(2 * terminalWaitDelay):
		}
	}
}

// optional is s as an optional field: nil when empty.
func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// writerFunc is a function as an io.Writer.
type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(b []byte) (int, error) { return f(b) }
