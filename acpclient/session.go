package acpclient

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/cardtui/cardtui/agents/acp"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/cardtui/cardtui/cards"
)

// Config says how to run an agent.
type Config struct {
	// Command is the agent's program and its arguments.
	Command []string
	// Dir is the session directory: the agent's working directory, the
	// only place its file requests and terminals reach. "" is the current
	// directory.
	Dir string
	// ReadOnly advertises neither file writes nor terminals, and refuses
	// them.
	ReadOnly bool
	// Record, when not nil, gets the whole JSON-RPC traffic and cardtui's
	// notes, one Record per line.
	Record io.Writer
	// Source names the transcript in its problems; "" is "agent".
	Source string
	// Resume, when set, is the id of a session of the agent's to continue
	// instead of a new one: session/load when the agent can load
	// sessions (it replays the conversation), else session/resume.
	Resume string
}

// Session is a live ACP session with an agent: the agent's process (or
// connection), the client side of the protocol, and the transcript its
// traffic builds. Its methods are safe for concurrent use.
type Session struct {
	cfg   Config
	dir   *confined
	rec   *recorder
	conn  *sdk.ClientSideConnection
	terms *terminals
	cmd   *exec.Cmd // nil for a session Connect made
	stdin io.Closer
	// tapped is closed when the agent's output has been read to its end.
	tapped chan struct{}
	// exited is closed once the agent process is gone (Start), or the
	// connection closed (Connect).
	exited chan struct{}
	stderr *tail

	mu sync.Mutex
	tr *acp.Traffic
	// records counts the records observed: the line number of the last
	// in the recording.
	records int
	// dirty are the terminals whose output grew since the last Changes.
	dirty map[string]struct{}
	// choices hold the user's answer to each permission request, by tool
	// call id, for the request's handler; chosen marks those answered.
	choices map[sdk.ToolCallId]chan sdk.RequestPermissionOutcome
	chosen  map[sdk.ToolCallId]bool
	changed chan struct{}
	closed  bool
	// opening is set until Open returns; openErr is its error.
	opening bool
	openErr error
	// images is set when the agent takes images in prompts.
	images bool
}

// Start runs the agent in a process group of its own, in cfg.Dir, and
// opens a session with it: Launch, then Open.
func Start(ctx context.Context, cfg Config) (*Session, error) {
	s, err := Launch(cfg)
	if err != nil {
		return nil, err
	}
	return s.opened(ctx)
}

// Launch runs the agent in a process group of its own, in cfg.Dir, and
// returns at once: Open opens the session, while a front-end already
// shows the transcript.
func Launch(cfg Config) (*Session, error) {
	if len(cfg.Command) == 0 {
		return nil, errors.New("acp: no agent command")
	}
	dir, err := sessionDir(cfg.Dir)
	if err != nil {
		return nil, err
	}
	cfg.Dir = dir
	cmd := exec.Command(cfg.Command[0], cfg.Command[1:]...)
	cmd.Dir = dir
	inOwnGroup(cmd)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	stderr := &tail{}
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("acp: start the agent: %w", err)
	}
	return connect(cfg, stdin, stdout, cmd, stderr)
}

// opened opens the session, or closes it when it cannot be opened.
func (s *Session) opened(ctx context.Context) (*Session, error) {
	if err := s.Open(ctx); err != nil {
		_ = s.Close()
		return nil, err
	}
	return s, nil
}

// Connect opens a session with an agent already running at the other end
// of toAgent and fromAgent (an in-process agent, a socket): initialize,
// then session/new in cfg.Dir. cfg.Command only names it in the
// recording.
func Connect(ctx context.Context, cfg Config, toAgent io.WriteCloser, fromAgent io.Reader) (*Session, error) {
	dir, err := sessionDir(cfg.Dir)
	if err != nil {
		return nil, err
	}
	cfg.Dir = dir
	s, err := connect(cfg, toAgent, fromAgent, nil, nil)
	if err != nil {
		return nil, err
	}
	return s.opened(ctx)
}

// sessionDir is dir as an absolute, clean path of a directory.
func sessionDir(dir string) (string, error) {
	if dir == "" {
		dir = "."
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	return abs, nil
}

// connect sets up the client side of the connection and the taps.
func connect(cfg Config, toAgent io.WriteCloser, fromAgent io.Reader, cmd *exec.Cmd, stderr *tail) (*Session, error) {
	dir, err := openConfined(cfg.Dir)
	if err != nil {
		if cmd != nil {
			stopProcess(cmd)
		}
		return nil, fmt.Errorf("acp: session directory: %w", err)
	}
	s := &Session{
		cfg: cfg, dir: dir, cmd: cmd, stdin: toAgent, stderr: stderr,
		tapped: make(chan struct{}), exited: make(chan struct{}),
		tr: acp.NewTraffic(orDefault(cfg.Source, "agent")), dirty: map[string]struct{}{},
		choices: map[sdk.ToolCallId]chan sdk.RequestPermissionOutcome{}, chosen: map[sdk.ToolCallId]bool{},
		changed: make(chan struct{}, 1), opening: true,
	}
	if cfg.Record != nil {
		s.rec = &recorder{w: cfg.Record, now: time.Now}
	}
	adoptOrphans()
	s.terms = &terminals{dir: dir, marker: terminalMarker(), byID: map[string]*liveTerminal{}, changed: s.terminalChanged, ended: s.terminalEnded, notice: s.localNotice}
	s.observe(acp.Record{From: acp.Local, Start: &acp.SessionStart{Command: cfg.Command, Dir: cfg.Dir}})
	sdkIn, tapOut := io.Pipe()
	s.conn = sdk.NewClientSideConnection(client{s}, tapWriter{s: s, to: toAgent}, sdkIn)
	s.conn.SetLogger(slog.New(slog.DiscardHandler))
	go func() {
		defer close(s.tapped)
		s.tap(fromAgent, tapOut)
	}()
	go s.watch()
	return s, nil
}

// orDefault is a, or b when a is empty.
func orDefault(a, b string) string {
	if a == "" {
		return b
	}
	return a
}

// Open initializes the connection and creates the session. When it
// fails, the error — with what the agent wrote on stderr — is also a
// notice of the transcript, and the session stays until Close for the
// user to read it.
func (s *Session) Open(ctx context.Context) error {
	err := s.open(ctx)
	s.mu.Lock()
	s.opening, s.openErr = false, err
	s.mu.Unlock()
	if err != nil {
		s.localNotice("The session could not be opened: " + strings.TrimPrefix(err.Error(), "acp: open the session: "))
	}
	s.signal()
	return err
}

// open initializes the connection and creates the session.
func (s *Session) open(ctx context.Context) error {
	init, err := s.conn.Initialize(ctx, sdk.InitializeRequest{
		ProtocolVersion: sdk.ProtocolVersionNumber,
		ClientInfo:      &sdk.Implementation{Name: "cardtui", Version: "1"},
		ClientCapabilities: sdk.ClientCapabilities{
			Fs:       sdk.FileSystemCapabilities{ReadTextFile: true, WriteTextFile: !s.cfg.ReadOnly},
			Terminal: !s.cfg.ReadOnly,
			// Display-only terminals, as Zed offers them: codex-acp and
			// claude-agent-acp then send a command's output and exit
			// status in the tool call's _meta.
			Meta: map[string]any{"terminal_output": true},
		},
	})
	if err == nil {
		s.mu.Lock()
		s.images = init.AgentCapabilities.PromptCapabilities.Image
		s.mu.Unlock()
		err = s.session(ctx, init.AgentCapabilities)
	}
	if err != nil {
		select { // an agent that failed to start: its stderr is complete once it is gone
		case <-s.exited:
		case <-time.After(exitWait):
		}
		return fmt.Errorf("acp: open the session: %w%s", err, s.stderrTail())
	}
	return nil
}

// session creates the session, or continues the one Config.Resume names
// as the agent's capabilities allow.
func (s *Session) session(ctx context.Context, caps sdk.AgentCapabilities) error {
	id, mcp := sdk.SessionId(s.cfg.Resume), []sdk.McpServer{}
	switch {
	case id == "":
		_, err := s.conn.NewSession(ctx, sdk.NewSessionRequest{Cwd: s.cfg.Dir, McpServers: mcp})
		return err
	case caps.LoadSession:
		_, err := s.conn.LoadSession(ctx, sdk.LoadSessionRequest{SessionId: id, Cwd: s.cfg.Dir, McpServers: mcp})
		return err
	case caps.SessionCapabilities.Resume != nil:
		_, err := s.conn.ResumeSession(ctx, sdk.ResumeSessionRequest{SessionId: id, Cwd: s.cfg.Dir, McpServers: mcp})
		return err
	}
	return fmt.Errorf("the agent can neither load nor resume a session (no loadSession or sessionCapabilities.resume), so session %s cannot be continued", id)
}

// exitWait is how long a failed start waits for the agent to exit, to
// quote all it wrote on stderr.
const exitWait = 500 * time.Millisecond

// watch waits for the agent to go and says so in the transcript.
func (s *Session) watch() {
	<-s.tapped
	if s.cmd == nil {
		s.localNotice("The agent closed the connection.")
		close(s.exited)
		return
	}
	err := s.cmd.Wait()
	s.mu.Lock()
	closing := s.closed
	s.mu.Unlock()
	if !closing {
		s.localNotice(exitText(err) + s.stderrTail())
	}
	close(s.exited)
}

// exitText says how the agent's process ended.
func exitText(err error) string {
	var exitErr *exec.ExitError
	switch {
	case err == nil:
		return "The agent exited."
	case errors.As(err, &exitErr):
		if ws, ok := exitErr.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return "The agent was killed by " + signalName(ws.Signal()) + "."
		}
		return fmt.Sprintf("The agent exited with status %d.", exitErr.ExitCode())
	}
	return fmt.Sprintf("The agent ended: %v.", err)
}

// stderrTail is the last lines the agent wrote on stderr, to explain its
// exit, or "".
func (s *Session) stderrTail() string {
	if s.stderr == nil {
		return ""
	}
	if t := strings.TrimSpace(s.stderr.String()); t != "" {
		return " Its last output on stderr: " + t
	}
	return ""
}

// observe records r and applies it to the transcript.
func (s *Session) observe(r acp.Record) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.observeLocked(r)
}

// observeLocked is observe with the lock held.
func (s *Session) observeLocked(r acp.Record) {
	s.rec.write(r)
	raw := r.Msg
	if r.Text != nil {
		raw = []byte(*r.Text)
	}
	s.records++
	s.tr.Apply(r, raw, s.records)
	s.signal()
}

// localNotice records and shows a notice of cardtui's own.
func (s *Session) localNotice(text string) {
	s.observe(acp.Record{From: acp.Local, Notice: &text})
}

// signal wakes the reader of Changed.
func (s *Session) signal() {
	select {
	case s.changed <- struct{}{}:
	default:
	}
}

// Changed is signalled when the transcript changed; then call Changes.
// Several changes may come with one signal.
func (s *Session) Changed() <-chan struct{} { return s.changed }

// Changes returns the entries added or changed since the last call, with
// the output the running terminals have now.
func (s *Session) Changes() []cards.Change {
	s.mu.Lock()
	defer s.mu.Unlock()
	for id := range s.dirty {
		if state, ok := s.terms.snapshot(id); ok && !state.Exited {
			s.tr.SetTerminal(state)
		}
	}
	clear(s.dirty)
	return s.tr.Changes()
}

// terminalChanged notes that a terminal's output grew.
func (s *Session) terminalChanged(id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.dirty[id] = struct{}{}
	s.signal()
}

// terminalEnded records a terminal's final output.
func (s *Session) terminalEnded(state acp.TerminalState) {
	s.observe(acp.Record{From: acp.Local, Terminal: &state})
}

// State is what the front-end shows besides the cards.
type State struct {
	// Busy is set while a turn runs.
	Busy bool
	// Mode is the session's current mode, "" without modes.
	Mode string
	// Title is the session's title, "" until the agent names it.
	Title string
	// Commands are the slash commands the agent offers.
	Commands []sdk.AvailableCommand
	// Asking is the permission request waiting for the user, if Asks.
	Asking acp.Asking
	Asks   bool
	// Ended is set once the agent is gone.
	Ended bool
	// Starting is set until the session is open (or failed to open).
	Starting bool
	// Failed is set when the session could not be opened.
	Failed bool
	// Agent is the agent's own name for itself (its title, or name, in
	// the answer to initialize), "" until it gives one.
	Agent string
	// Modes and Models are what the agent offers to switch to, Model the
	// current model's name.
	Modes, Models []acp.Choice
	Model         string
	// Images is set when the agent takes images in prompts (its
	// promptCapabilities.image).
	Images bool
}

// State returns the session's state now.
func (s *Session) State() State {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := State{
		Busy: s.tr.Busy(), Mode: s.tr.Mode(), Title: s.tr.Title(), Commands: s.tr.Commands(),
		Starting: s.opening, Failed: s.openErr != nil, Agent: s.tr.Agent(),
		Modes: s.tr.Modes(), Models: s.tr.Models(), Model: s.tr.Model(), Images: s.images,
	}
	st.Asking, st.Asks = s.tr.Asking()
	if st.Asks && s.chosen[st.Asking.ToolCallID] {
		st.Asks = false
	}
	select {
	case <-s.exited:
		st.Ended = true
	default:
	}
	return st
}

// Prompt sends the user's prompt, its "@path" mentions as resource
// links (PromptBlocks), then its images (for an agent that takes
// images, see State), and waits for the turn to end while its updates
// arrive as changes: call it off the UI loop. Its error is the agent's
// failure of the prompt (which the transcript shows too), or why the
// request was not sent or answered (ctx ended, the agent gone).
func (s *Session) Prompt(ctx context.Context, text string, images ...sdk.ContentBlock) error {
	blocks := append(PromptBlocks(text, s.cfg.Dir), images...)
	_, err := s.conn.Prompt(ctx, sdk.PromptRequest{SessionId: s.sessionID(), Prompt: blocks})
	return requestFailed(sdk.AgentMethodSessionPrompt, err)
}

// SetMode asks the agent to switch the session's mode (session/set_mode)
// and waits for its answer; the transcript says so once the agent
// agrees, or why not.
func (s *Session) SetMode(ctx context.Context, id string) error {
	_, err := s.conn.SetSessionMode(ctx, sdk.SetSessionModeRequest{SessionId: s.sessionID(), ModeId: sdk.SessionModeId(id)})
	return requestFailed(sdk.AgentMethodSessionSetMode, err)
}

// SetModel asks the agent to switch the session's model, through its
// model config option when it offers one, else session/set_model, and
// waits for its answer.
func (s *Session) SetModel(ctx context.Context, id string) error {
	s.mu.Lock()
	sid, config := s.tr.Session(), s.tr.ModelConfigID()
	s.mu.Unlock()
	if config != "" {
		_, err := s.conn.SetSessionConfigOption(ctx, sdk.SetSessionConfigOptionRequest{
			ValueId: &sdk.SetSessionConfigOptionValueId{SessionId: sid, ConfigId: sdk.SessionConfigId(config), Value: sdk.SessionConfigValueId(id)},
		})
		return requestFailed(sdk.AgentMethodSessionSetConfigOption, err)
	}
	_, err := s.conn.UnstableSetSessionModel(ctx, sdk.UnstableSetSessionModelRequest{SessionId: sid, ModelId: sdk.UnstableModelId(id)})
	return requestFailed(sdk.AgentMethodSessionSetModel, err)
}

// Cancel answers the permission requests still waiting as cancelled, as
// the protocol wants, and asks the agent to stop the turn
// (session/cancel); its error says why that could not be sent.
func (s *Session) Cancel(ctx context.Context) error {
	s.mu.Lock()
	id := s.tr.Session()
	for _, tool := range s.tr.Waiting() {
		if !s.chosen[tool] {
			s.answer(tool, sdk.NewRequestPermissionOutcomeCancelled())
		}
	}
	s.mu.Unlock()
	return requestFailed(sdk.AgentMethodSessionCancel, s.conn.Cancel(ctx, sdk.CancelNotification{SessionId: id}))
}

// sessionID is the id of the session the agent opened.
func (s *Session) sessionID() sdk.SessionId {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.tr.Session()
}

// requestFailed is the error of a request for method as one line, a
// JSON-RPC error's message and detail rather than its JSON; nil for
// none.
func requestFailed(method string, err error) error {
	var rpc *sdk.RequestError
	switch {
	case err == nil:
		return nil
	case !errors.As(err, &rpc):
		return fmt.Errorf("%s: %w", method, err)
	}
	what := rpc.Message
	if d, ok := rpc.Data.(map[string]any); ok && d["error"] != nil {
		what += fmt.Sprintf(": %v", d["error"])
	}
	return fmt.Errorf("%s: %s", method, what)
}

// Choose answers the waiting permission request with its option i (from
// 0); it reports whether there was one to answer.
func (s *Session) Choose(i int) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	a, ok := s.tr.Asking()
	if !ok || s.chosen[a.ToolCallID] || i < 0 || i >= len(a.Options) {
		return false
	}
	s.answer(a.ToolCallID, sdk.NewRequestPermissionOutcomeSelected(a.Options[i].OptionId))
	return true
}

// Dismiss answers the waiting permission request as cancelled.
func (s *Session) Dismiss() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	a, ok := s.tr.Asking()
	if !ok || s.chosen[a.ToolCallID] {
		return false
	}
	s.answer(a.ToolCallID, sdk.NewRequestPermissionOutcomeCancelled())
	return true
}

// answer hands the outcome to the request's handler. The lock is held.
func (s *Session) answer(tool sdk.ToolCallId, outcome sdk.RequestPermissionOutcome) {
	select {
	case s.choice(tool) <- outcome:
		s.chosen[tool] = true
	default:
	}
}

// choice is the channel of tool's answer. The lock is held.
func (s *Session) choice(tool sdk.ToolCallId) chan sdk.RequestPermissionOutcome {
	ch, ok := s.choices[tool]
	if !ok {
		ch = make(chan sdk.RequestPermissionOutcome, 1)
		s.choices[tool] = ch
	}
	return ch
}

// waitForChoice is the handler of a permission request: it waits for the
// user's answer.
func (s *Session) waitForChoice(ctx context.Context, tool sdk.ToolCallId) (sdk.RequestPermissionResponse, error) {
	s.mu.Lock()
	ch := s.choice(tool)
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		delete(s.choices, tool)
		delete(s.chosen, tool)
		s.mu.Unlock()
	}()
	select {
	case outcome := <-ch:
		return sdk.RequestPermissionResponse{Outcome: outcome}, nil
	case <-ctx.Done():
		return sdk.RequestPermissionResponse{Outcome: sdk.NewRequestPermissionOutcomeCancelled()}, nil
	}
}

// Dir is the session directory, absolute.
func (s *Session) Dir() string { return s.cfg.Dir }

// Done is closed once the agent is gone.
func (s *Session) Done() <-chan struct{} { return s.exited }

// Close ends the session: every terminal's process group is killed, the
// agent's stdin closed and, for an agent Start ran, its process group
// ended (SIGTERM, then SIGKILL after a grace period). It returns the
// recording's write error, if any.
func (s *Session) Close() error {
	s.mu.Lock()
	s.closed = true
	s.mu.Unlock()
	s.terms.closeAll()
	_ = s.stdin.Close()
	if s.cmd != nil {
		stopProcess(s.cmd)
		select {
		case <-s.exited:
		case <-time.After(stopGrace):
		}
	}
	s.dir.close()
	return s.rec.failure()
}

// stopGrace is how long an agent has to exit after SIGTERM.
const stopGrace = 2 * time.Second

// stopProcess ends cmd's process group: SIGTERM, then SIGKILL when it is
// still there after the grace period.
func stopProcess(cmd *exec.Cmd) {
	pid := cmd.Process.Pid
	killGroup(pid, syscall.SIGTERM)
	deadline := time.Now().Add(stopGrace)
	for time.Now().Before(deadline) {
		if !groupAlive(pid) {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	killGroup(pid, syscall.SIGKILL)
}

// tail keeps the last bytes written to it: the agent's stderr.
type tail struct {
	mu  sync.Mutex
	buf []byte
}

// tailBytes is how much of the agent's stderr is kept.
const tailBytes = 2 << 10

func (t *tail) Write(b []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, b...)
	if over := len(t.buf) - tailBytes; over > 0 {
		t.buf = append(t.buf[:0], t.buf[over:]...)
	}
	return len(b), nil
}

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return strings.ToValidUTF8(string(t.buf), "\uFFFD")
}

// Entries returns every entry of the transcript as it is now, with the
// output the running terminals have now.
func (s *Session) Entries() []cards.Entry {
	s.Changes()
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.tr.Entries()
}
