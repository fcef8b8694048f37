package acp

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"

	sdk "github.com/coder/acp-go-sdk"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
)

// scriptedAgent is an in-process ACP agent, built with the SDK, whose
// turn is a test's script.
type scriptedAgent struct {
	conn *sdk.AgentSideConnection
	// out is the agent's stdout, for a script that writes raw lines.
	out  *lockedWriter
	turn func(ctx context.Context, a *scriptedAgent, sid sdk.SessionId) error
	// modes are offered by session/new when set.
	modes *sdk.SessionModeState
}

func (a *scriptedAgent) Authenticate(context.Context, sdk.AuthenticateRequest) (sdk.AuthenticateResponse, error) {
	return sdk.AuthenticateResponse{}, nil
}

func (a *scriptedAgent) Initialize(context.Context, sdk.InitializeRequest) (sdk.InitializeResponse, error) {
	return sdk.InitializeResponse{ProtocolVersion: sdk.ProtocolVersionNumber}, nil
}

func (a *scriptedAgent) Cancel(context.Context, sdk.CancelNotification) error { return nil }

func (a *scriptedAgent) CloseSession(context.Context, sdk.CloseSessionRequest) (sdk.CloseSessionResponse, error) {
	return sdk.CloseSessionResponse{}, nil
}

func (a *scriptedAgent) ListSessions(context.Context, sdk.ListSessionsRequest) (sdk.ListSessionsResponse, error) {
	return sdk.ListSessionsResponse{}, sdk.NewMethodNotFound(sdk.AgentMethodSessionList)
}

func (a *scriptedAgent) NewSession(context.Context, sdk.NewSessionRequest) (sdk.NewSessionResponse, error) {
	return sdk.NewSessionResponse{SessionId: "sess_1", Modes: a.modes}, nil
}

func (a *scriptedAgent) Prompt(ctx context.Context, p sdk.PromptRequest) (sdk.PromptResponse, error) {
	if err := a.turn(ctx, a, p.SessionId); err != nil {
		return sdk.PromptResponse{}, err
	}
	return sdk.PromptResponse{StopReason: sdk.StopReasonEndTurn}, nil
}

func (a *scriptedAgent) ResumeSession(context.Context, sdk.ResumeSessionRequest) (sdk.ResumeSessionResponse, error) {
	return sdk.ResumeSessionResponse{}, sdk.NewMethodNotFound(sdk.AgentMethodSessionResume)
}

func (a *scriptedAgent) SetSessionConfigOption(context.Context, sdk.SetSessionConfigOptionRequest) (sdk.SetSessionConfigOptionResponse, error) {
	return sdk.SetSessionConfigOptionResponse{}, nil
}

func (a *scriptedAgent) SetSessionMode(context.Context, sdk.SetSessionModeRequest) (sdk.SetSessionModeResponse, error) {
	return sdk.SetSessionModeResponse{}, nil
}

// update sends one session/update.
func (a *scriptedAgent) update(ctx context.Context, sid sdk.SessionId, u sdk.SessionUpdate) error {
	return a.conn.SessionUpdate(ctx, sdk.SessionNotification{SessionId: sid, Update: u})
}

// lockedWriter serialises writes: the SDK's and a script's raw lines.
type lockedWriter struct {
	mu sync.Mutex
	w  io.WriteCloser
}

func (w *lockedWriter) Write(b []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.w.Write(b)
}

// scripted is a session with an in-process agent that runs turn for each
// prompt; its recording is in rec.
type scripted struct {
	*Session
	agent *scriptedAgent
	rec   *bytes.Buffer
	recMu *sync.Mutex
}

// startScripted connects a session in dir to a scripted agent.
func startScripted(t *testing.T, dir string, readOnly bool, turn func(context.Context, *scriptedAgent, sdk.SessionId) error) *scripted {
	t.Helper()
	toAgentR, toAgentW := io.Pipe()
	fromAgentR, fromAgentW := io.Pipe()
	a := &scriptedAgent{turn: turn, out: &lockedWriter{w: fromAgentW}}
	a.conn = sdk.NewAgentSideConnection(a, a.out, toAgentR)
	a.conn.SetLogger(slog.New(slog.DiscardHandler))
	rec := &syncBuffer{}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	s, err := Connect(ctx, Config{Command: []string{"scripted-agent"}, Dir: dir, ReadOnly: readOnly, Record: rec}, toAgentW, fromAgentR)
	require.NoError(t, err)
	t.Cleanup(func() {
		fromAgentW.Close()
		_ = s.Close()
	})
	return &scripted{Session: s, agent: a, rec: &rec.buf, recMu: &rec.mu}
}

// recording is what was recorded so far.
func (s *scripted) recording() []byte {
	s.recMu.Lock()
	defer s.recMu.Unlock()
	return bytes.Clone(s.rec.Bytes())
}

// syncBuffer is a bytes.Buffer safe for concurrent writes.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

// turn sends a prompt and waits for the turn to end.
func (s *scripted) turn(t *testing.T, prompt string) {
	t.Helper()
	before := s.prompts()
	s.Prompt(prompt)
	require.Eventually(t, func() bool { return s.prompts() > before && !s.State().Busy }, 20*time.Second, 5*time.Millisecond,
		"the turn did not end")
}

// prompts counts the user messages in the transcript.
func (s *scripted) prompts() int {
	n := 0
	for _, e := range s.entries() {
		if m, ok := e.(cards.Message); ok && m.Role == cards.RoleUser {
			n++
		}
	}
	return n
}

// entries are the transcript's entries now.
func (s *scripted) entries() []cards.Entry {
	s.Changes()
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.tr.Entries()
}

// toolCard returns the card of a tool call id.
func (s *scripted) toolCard(t *testing.T, id string) cards.ToolCard {
	t.Helper()
	for _, e := range s.entries() {
		if c, ok := e.(cards.ToolCard); ok && c.ID == id {
			return c
		}
	}
	require.Failf(t, "no card", "no card for tool call %q", id)
	return cards.ToolCard{}
}

// ofType returns the entries of type E.
func ofType[E cards.Entry](entries []cards.Entry) []E {
	var out []E
	for _, e := range entries {
		if v, ok := e.(E); ok {
			out = append(out, v)
		}
	}
	return out
}

// waitFor waits for cond, failing the test after a while.
func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	require.Eventually(t, cond, 10*time.Second, 5*time.Millisecond)
}
