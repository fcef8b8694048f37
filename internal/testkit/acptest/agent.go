package acptest

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"sync"

	sdk "github.com/coder/acp-go-sdk"
)

// Agent is an in-process ACP agent built with the SDK whose turns are a
// test's script: Prompt runs Turn, and its error fails the prompt.
type Agent struct {
	Conn *sdk.AgentSideConnection
	// Out is the agent's stdout, for a script that writes raw lines
	// between the SDK's messages.
	Out io.Writer
	// Turn runs for each prompt.
	Turn func(ctx context.Context, a *Agent, sid sdk.SessionId) error
	// Modes are what session/new offers, nil for none.
	Modes *sdk.SessionModeState
	// Info is the agentInfo initialize answers with, nil for none.
	Info *sdk.Implementation
	// Models are what session/new and session/load offer, nil for none.
	Models *sdk.SessionModelState
	// Images makes the agent say it takes images in prompts.
	Images bool
	// Replay, when set, makes the agent able to load sessions: session/load
	// runs it (to replay the session's updates) before it answers.
	Replay func(ctx context.Context, a *Agent, sid sdk.SessionId) error

	mu sync.Mutex
	// calls are the settings the client asked for, "method value".
	calls []string
	// prompts are the prompts' content blocks, in order.
	prompts [][]sdk.ContentBlock

	closeOut io.Closer
}

// NewAgent runs an agent on a pair of pipes and returns it and the ends
// the client uses: toAgent to write to it, fromAgent to read from it.
func NewAgent(turn func(ctx context.Context, a *Agent, sid sdk.SessionId) error) (a *Agent, toAgent io.WriteCloser, fromAgent io.Reader) {
	toAgentR, toAgentW := io.Pipe()
	fromAgentR, fromAgentW := io.Pipe()
	a = &Agent{Turn: turn, Out: &lockedWriter{w: fromAgentW}, closeOut: fromAgentW}
	a.Conn = sdk.NewAgentSideConnection(a, a.Out, toAgentR)
	a.Conn.SetLogger(slog.New(slog.DiscardHandler))
	return a, toAgentW, fromAgentR
}

// Hangup closes the agent's stdout: the client sees the agent go.
func (a *Agent) Hangup() { _ = a.closeOut.Close() }

// Update sends one session/update.
func (a *Agent) Update(ctx context.Context, sid sdk.SessionId, u sdk.SessionUpdate) error {
	return a.Conn.SessionUpdate(ctx, sdk.SessionNotification{SessionId: sid, Update: u})
}

// Authenticate implements sdk.Agent.
func (a *Agent) Authenticate(context.Context, sdk.AuthenticateRequest) (sdk.AuthenticateResponse, error) {
	return sdk.AuthenticateResponse{}, nil
}

// Initialize implements sdk.Agent.
func (a *Agent) Initialize(context.Context, sdk.InitializeRequest) (sdk.InitializeResponse, error) {
	return sdk.InitializeResponse{
		ProtocolVersion: sdk.ProtocolVersionNumber, AgentInfo: a.Info,
		AgentCapabilities: sdk.AgentCapabilities{LoadSession: a.Replay != nil, PromptCapabilities: sdk.PromptCapabilities{Image: a.Images}},
	}, nil
}

// Cancel implements sdk.Agent; the SDK cancels the turn's context.
func (a *Agent) Cancel(context.Context, sdk.CancelNotification) error { return nil }

// CloseSession implements sdk.Agent.
func (a *Agent) CloseSession(context.Context, sdk.CloseSessionRequest) (sdk.CloseSessionResponse, error) {
	return sdk.CloseSessionResponse{}, nil
}

// ListSessions implements sdk.Agent.
func (a *Agent) ListSessions(context.Context, sdk.ListSessionsRequest) (sdk.ListSessionsResponse, error) {
	return sdk.ListSessionsResponse{}, sdk.NewMethodNotFound(sdk.AgentMethodSessionList)
}

// NewSession implements sdk.Agent: the session is "sess_1".
func (a *Agent) NewSession(context.Context, sdk.NewSessionRequest) (sdk.NewSessionResponse, error) {
	return sdk.NewSessionResponse{SessionId: "sess_1", Modes: a.Modes, Models: a.Models}, nil
}

// Prompt implements sdk.Agent: it notes the prompt (see Prompts) and
// runs the script.
func (a *Agent) Prompt(ctx context.Context, p sdk.PromptRequest) (sdk.PromptResponse, error) {
	a.mu.Lock()
	a.prompts = append(a.prompts, p.Prompt)
	a.mu.Unlock()
	if err := a.Turn(ctx, a, p.SessionId); err != nil {
		return sdk.PromptResponse{}, err
	}
	return sdk.PromptResponse{StopReason: sdk.StopReasonEndTurn}, nil
}

// ResumeSession implements sdk.Agent.
func (a *Agent) ResumeSession(context.Context, sdk.ResumeSessionRequest) (sdk.ResumeSessionResponse, error) {
	return sdk.ResumeSessionResponse{}, sdk.NewMethodNotFound(sdk.AgentMethodSessionResume)
}

// SetSessionConfigOption implements sdk.Agent.
func (a *Agent) SetSessionConfigOption(context.Context, sdk.SetSessionConfigOptionRequest) (sdk.SetSessionConfigOptionResponse, error) {
	return sdk.SetSessionConfigOptionResponse{}, nil
}

// SetSessionMode implements sdk.Agent: the call is noted (see Calls).
func (a *Agent) SetSessionMode(_ context.Context, p sdk.SetSessionModeRequest) (sdk.SetSessionModeResponse, error) {
	a.note(sdk.AgentMethodSessionSetMode + " " + string(p.ModeId))
	return sdk.SetSessionModeResponse{}, nil
}

// UnstableSetSessionModel implements the SDK's experimental
// session/set_model: the call is noted (see Calls).
func (a *Agent) UnstableSetSessionModel(_ context.Context, p sdk.UnstableSetSessionModelRequest) (sdk.UnstableSetSessionModelResponse, error) {
	a.note(sdk.AgentMethodSessionSetModel + " " + string(p.ModelId))
	return sdk.UnstableSetSessionModelResponse{}, nil
}

// LoadSession implements sdk.AgentLoader: it runs Replay, then answers
// with the modes and models; without Replay the method is not offered.
func (a *Agent) LoadSession(ctx context.Context, p sdk.LoadSessionRequest) (sdk.LoadSessionResponse, error) {
	if a.Replay == nil {
		return sdk.LoadSessionResponse{}, sdk.NewMethodNotFound(sdk.AgentMethodSessionLoad)
	}
	a.note(sdk.AgentMethodSessionLoad + " " + string(p.SessionId))
	if err := a.Replay(ctx, a, p.SessionId); err != nil {
		return sdk.LoadSessionResponse{}, err
	}
	return sdk.LoadSessionResponse{Modes: a.Modes, Models: a.Models}, nil
}

// note records a call the client made.
func (a *Agent) note(call string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.calls = append(a.calls, call)
}

// Calls are the settings and loads the client asked for, in order, each
// "method value".
func (a *Agent) Calls() []string {
	a.mu.Lock()
	defer a.mu.Unlock()
	return append([]string(nil), a.calls...)
}

// Prompts are the content blocks of each prompt the client sent, in
// order.
func (a *Agent) Prompts() [][]sdk.ContentBlock {
	a.mu.Lock()
	defer a.mu.Unlock()
	return append([][]sdk.ContentBlock(nil), a.prompts...)
}

// lockedWriter serialises writes: the SDK's and a script's raw lines.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (w *lockedWriter) Write(b []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.w.Write(b)
}

// Buffer is what a session records, safe for the session's concurrent
// writes.
type Buffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *Buffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

// Bytes returns a copy of what was written so far.
func (b *Buffer) Bytes() []byte {
	b.mu.Lock()
	defer b.mu.Unlock()
	return bytes.Clone(b.buf.Bytes())
}
