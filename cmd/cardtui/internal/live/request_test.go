package live

import (
	"context"
	"errors"
	"io"
	"sync/atomic"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	sdk "github.com/coder/acp-go-sdk"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/acpclient"
	"github.com/cardtui/cardtui/internal/testkit/acptest"
)

// heldPipe is the pipe to the agent, which a test can hold: while held,
// a write says so on waiting and waits for release, which fails it with
// the error given, or lets it through when that is nil.
type heldPipe struct {
	io.WriteCloser
	held    atomic.Bool
	waiting chan struct{}
	release chan error
}

func (p *heldPipe) Write(b []byte) (int, error) {
	if p.held.Load() {
		p.waiting <- struct{}{}
		if err := <-p.release; err != nil {
			return 0, err
		}
	}
	return p.WriteCloser.Write(b)
}

// liveHeld is the front-end on an in-process agent (modes ask and code)
// that runs turn, through a pipe the test can hold.
func liveHeld(t *testing.T, turn func(context.Context, *acptest.Agent, sdk.SessionId) error) (*Model, *heldPipe) {
	pipe := &heldPipe{waiting: make(chan struct{}), release: make(chan error)}
	m, _ := liveThrough(t, acpclient.Config{Command: []string{"agent"}, Dir: t.TempDir(), Source: "agent"}, turn, func(a *acptest.Agent) {
		a.Modes = &sdk.SessionModeState{CurrentModeId: "ask", AvailableModes: []sdk.SessionMode{{Id: "ask", Name: "Ask"}, {Id: "code", Name: "Code"}}}
	}, func(w io.WriteCloser) io.WriteCloser { pipe.WriteCloser = w; return pipe }, 100, 30)
	settle(t, m, func() bool { return !m.state.Starting })
	return m, pipe
}

// failHeld presses keys with the pipe held: Update must return with the
// pipe still held, the last key's command must be the one that writes,
// and the error the write then fails with must reach the screen.
func failHeld(t *testing.T, m *Model, pipe *heldPipe, keys ...tea.KeyPressMsg) string {
	t.Helper()
	pipe.held.Store(true)
	pressed := make(chan tea.Cmd)
	go func() { pressed <- pressOnly(m, keys...) }()
	var cmd tea.Cmd
	select {
	case cmd = <-pressed:
	case <-pipe.waiting:
		t.Fatal("Update wrote to the agent's pipe")
	case <-time.After(10 * time.Second):
		t.Fatal("Update did not return")
	}
	require.NotNil(t, cmd, "the request is a command")
	answered := make(chan tea.Msg)
	go func() { answered <- cmd() }()
	<-pipe.waiting // the command writes
	pipe.held.Store(false)
	pipe.release <- errors.New("broken pipe")
	m.Update(<-answered)
	return screenText(m)
}

// pressOnly sends keys to the model and returns the last one's command,
// unrun.
func pressOnly(m *Model, keys ...tea.KeyPressMsg) tea.Cmd {
	var cmd tea.Cmd
	for _, k := range keys {
		_, cmd = m.Update(k)
	}
	return cmd
}

// TestRequestsAreCommands: a switch of mode, a prompt and a cancel are
// written to the agent by commands, never by Update, which returns while
// the pipe blocks; the error a write fails with is on the screen until
// the next request.
func TestRequestsAreCommands(t *testing.T) {
	started := make(chan struct{}, 1)
	m, pipe := liveHeld(t, func(ctx context.Context, _ *acptest.Agent, _ sdk.SessionId) error {
		started <- struct{}{}
		<-ctx.Done()
		return nil
	})
	typedOnly := func(text string) []tea.KeyPressMsg { return append(typed(text), enter) }

	screen := failHeld(t, m, pipe, typedOnly("/mode code")...)
	assert.Contains(t, screen, "failed: session/set_mode: Internal error: broken pipe")
	assert.Contains(t, screen, "mode Ask", "the mode is unchanged")

	screen = failHeld(t, m, pipe, typedOnly("hello")...)
	assert.NotContains(t, screen, "session/set_mode", "a new request clears the last failure")
	assert.Contains(t, screen, "failed: session/prompt: Internal error: broken pipe")

	press(m, typedOnly("wait")...)
	settle(t, m, func() bool { return m.state.Busy })
	select { // the prompt is written: no write of it is left to meet the held pipe
	case <-started:
	case <-time.After(10 * time.Second):
		t.Fatal("the agent never received the prompt")
	}
	assert.NotContains(t, screenText(m), "failed:")
	screen = failHeld(t, m, pipe, esc)
	assert.Contains(t, screen, "failed: session/cancel: Internal error: broken pipe")
}
