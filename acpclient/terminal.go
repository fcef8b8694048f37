package acpclient

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/cardtui/cardtui/agents/acp"

	sdk "github.com/coder/acp-go-sdk"
)

// Output limits of a terminal: the limit when the agent asks for none,
// and the most it may ask for. A terminal's output is recorded as one
// line when it exits, JSON-escaped (a control byte takes six), and a
// replay reads lines of at most 64 MiB: 8 MiB of output stays below.
// (Measured: 256 MiB through a 64 MiB terminal took 67 s and 3.8 GB of
// allocations, most of it escaping the recorded output; through 8 MiB,
// 5 s and 434 MB; through 1 MiB, 1.7 s and 58 MB.)
const (
	defaultOutputLimit = 1 << 20
	maxOutputLimit     = 8 << 20
)

// maxTotalOutput is the most output the terminals of one session hold
// between them, in bytes: a running terminal holds its whole byte limit,
// one that exited what it kept (its final output stays in the
// transcript, released or not). A terminal past it is refused. (Each
// byte of output costs about five while it is shown and recorded: 30
// terminals at the most a terminal may ask for passed 1.2 GB.)
const maxTotalOutput = 64 << 20

// terminalWaitDelay is how long a terminal's Wait waits for the output
// pipes once the command exited (a background child may hold them).
const terminalWaitDelay = time.Second

// terminals are the client-side terminals of a session: each command runs
// in a process group (and, where allowed, a PID namespace) of its own, in
// the session directory, its output kept up to its byte limit.
type terminals struct {
	dir *confined
	// marker is put in every command's environment ("NAME=VALUE"), for
	// reapStrays to find the descendants that left its process group.
	marker string
	// changed is called when a terminal's output grows; ended when its
	// command exits, with its final state.
	changed func(id string)
	ended   func(acp.TerminalState)
	// notice shows a notice of cardtui's own; warned is whether it
	// said, once, that commands run without a PID namespace.
	notice func(string)
	warned bool

	mu   sync.Mutex
	next int
	// held is the output the terminals hold, as maxTotalOutput counts it.
	held int
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
	out       ring
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
	env := os.Environ()
	for _, e := range p.Env {
		env = append(env, e.Name+"="+e.Value)
	}
	env = append(env, ts.marker) // last: the agent's env cannot replace it
	ts.mu.Lock()
	if ts.held+limit > maxTotalOutput {
		held := ts.held
		ts.mu.Unlock()
		return sdk.CreateTerminalResponse{}, overBudget(held, limit)
	}
	ts.next++
	t := &liveTerminal{id: fmt.Sprintf("term_%d", ts.next), limit: limit, done: make(chan struct{})}
	t.exit.ID = t.id
	cmd, uncontained, err := startContained(ts.command(t, p, cwd, env))
	if err != nil {
		ts.mu.Unlock()
		return sdk.CreateTerminalResponse{}, sdk.NewInternalError(fmt.Sprintf("%s: %v", p.Command, err))
	}
	t.cmd = cmd
	ts.held += limit
	ts.byID[t.id] = t
	ts.all = append(ts.all, t)
	warn := uncontained != nil && !ts.warned
	ts.warned = ts.warned || warn
	ts.mu.Unlock()
	go ts.wait(t)
	if warn {
		ts.notice(uncontainedNotice(uncontained))
	}
	return sdk.CreateTerminalResponse{TerminalId: t.id}, nil
}

// command makes, each time it is called, the command of terminal t as p
// asks for it: to be started once, in one way or another.
func (ts *terminals) command(t *liveTerminal, p sdk.CreateTerminalRequest, cwd string, env []string) func() *exec.Cmd {
	return func() *exec.Cmd {
		cmd := exec.Command(p.Command, p.Args...)
		cmd.Dir, cmd.Stdin, cmd.WaitDelay, cmd.Env = cwd, nil, terminalWaitDelay, env
		cmd.Stdout = writerFunc(func(b []byte) (int, error) { t.write(b); ts.changed(t.id); return len(b), nil })
		cmd.Stderr = cmd.Stdout
		inOwnGroup(cmd)
		return cmd
	}
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
	unused := t.limit - len(t.out.buf)
	t.mu.Unlock()
	ts.mu.Lock()
	ts.held -= unused
	ts.mu.Unlock()
	close(t.done)
	ts.ended(t.state())
}

// overBudget is the error for a terminal of limit bytes refused while
// held bytes are held: the agent sees why and what would let it run.
func overBudget(held, limit int) error {
	return &sdk.RequestError{Code: -32603, Message: "Internal error", Data: fmt.Sprintf(
		"cardtui keeps at most %d MiB of terminal output per session: its terminals hold %.1f MiB, and this one asks for %.1f MiB "+
			"(a smaller outputByteLimit, or waiting for a running terminal to exit, leaves room)",
		maxTotalOutput>>20, float64(held)/(1<<20), float64(limit)/(1<<20))}
}

// write keeps output: the last limit bytes of it, in a ring that never
// holds more.
func (t *liveTerminal) write(b []byte) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.out.write(b, t.limit) {
		t.truncated = true
	}
}

// state is the terminal's output and exit status now.
func (t *liveTerminal) state() acp.TerminalState {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := t.exit
	s.Output, s.Truncated = t.out.text(t.truncated), t.truncated
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
// and waits for them to end. Meanwhile it kills the descendants that left
// their groups (reapStrays) as they become cardtui's: such a descendant
// may hold a terminal's output open, which would hold its end for the
// whole terminalWaitDelay. The terminals' own commands are left to their
// Wait, which reaps them and ends their output.
func (ts *terminals) closeAll() {
	ts.mu.Lock()
	all := ts.all
	ts.mu.Unlock()
	commands := map[int]bool{}
	for _, t := range all {
		killGroup(t.cmd.Process.Pid, syscall.SIGKILL)
		commands[t.cmd.Process.Pid] = true
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*terminalWaitDelay)
	defer cancel()
	for _, t := range all {
		ts.awaitReaping(ctx, t.done, commands)
	}
	reapStrays(ts.marker, nil)
}

// awaitReaping waits until done is closed or ctx ends, killing the strays
// of the terminals, but for the processes spared, every strayScanEvery
// meanwhile.
func (ts *terminals) awaitReaping(ctx context.Context, done <-chan struct{}, spared map[int]bool) {
	tick := time.NewTicker(strayScanEvery)
	defer tick.Stop()
	for {
		select {
		case <-done:
			return
		case <-ctx.Done():
			return
		case <-tick.C:
			reapStrays(ts.marker, spared)
		}
	}
}

// strayScanEvery is how often closeAll looks for the strays to kill
// while it waits for the terminals to end.
const strayScanEvery = 20 * time.Millisecond

// uncontainedNotice says that terminals run without a PID namespace,
// why, and what that leaves.
func uncontainedNotice(why error) string {
	return "Terminal commands run without a PID namespace of their own (" + strings.ReplaceAll(why.Error(), "\n", "; ") +
		"): a descendant that leaves its process group survives cardtui if cardtui is killed, " +
		"and survives the session if it also clears its environment."
}

// terminalMarker is a new marker for a session's terminals: a variable
// with a random value.
func terminalMarker() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	return "CARDTUI_ACP_TERMINAL=" + hex.EncodeToString(b)
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
