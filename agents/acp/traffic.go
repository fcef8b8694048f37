package acp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/cardtui/cardtui/cards"
)

// Traffic turns an ACP session's traffic into transcript entries: the
// messages streamed in chunks, one tool card per tool call id that every
// update merges into, the plan as a checklist that updates in place,
// permission requests on the cards they gate, notices and problems. It is
// fed the records of a recording, one at a time, in their order — live
// from the wire taps of a Session, or from a file by replay — so a replay
// shows exactly what the live session showed. It is not safe for
// concurrent use.
type Traffic struct {
	source  string
	entries []cards.Entry
	// changed holds the indexes changed since Changes last ran.
	changed map[int]struct{}
	// line is the line number of the record being applied, for problems.
	line    int
	current []byte

	// dir is the session directory, from the recording's start.
	dir     string
	session sdk.SessionId
	agent   string
	title   string
	// replaying is set from session/load until the next prompt: the
	// agent replays the session's history then (Gemini CLI goes on after
	// its answer to session/load).
	replaying bool
	mode      sdk.SessionModeId
	modes     map[sdk.SessionModeId]string
	// modeOrder are the modes' ids in the agent's order.
	modeOrder []sdk.SessionModeId
	choices   choices
	commands  []sdk.AvailableCommand
	prompts   int // session/prompt requests without a response

	open      *openMessage
	tools     map[sdk.ToolCallId]*toolCall
	toolAt    map[int]*toolCall
	plan      int // index of the plan card, -1 until there is one
	terminals map[string]*terminal
	// requests are the requests without a response yet, by peer and id.
	requests map[requestKey]request
	// asking are the permission requests waiting for the user, oldest
	// first.
	asking []*permission
	// skipped counts the messages that are not displayed, by what they
	// are.
	skipped map[string]int
	// problems counts the Problem entries.
	problems int
	// writes are the fs/write_text_file requests not answered yet, in
	// their order; writeAt the writes drawn on cards of their own, by
	// index.
	writes  []*fileWrite
	writeAt map[int]*fileWrite
}

// NewTraffic returns an empty transcript; source names it in the
// problems it finds (the recording's file name, or "agent" live).
func NewTraffic(source string) *Traffic {
	return &Traffic{
		source: source, changed: map[int]struct{}{}, plan: -1,
		modes: map[sdk.SessionModeId]string{}, tools: map[sdk.ToolCallId]*toolCall{},
		toolAt: map[int]*toolCall{}, terminals: map[string]*terminal{}, requests: map[requestKey]request{},
		skipped: map[string]int{}, writeAt: map[int]*fileWrite{},
	}
}

// Apply adds what one record says to the transcript. raw is the record's
// line as read or written and line its number in the recording (counted
// from 1), which the problems it causes quote and name.
func (t *Traffic) Apply(r Record, raw []byte, line int) {
	t.line = line
	t.current = raw
	switch {
	case r.Start != nil:
		t.dir = r.Start.Dir
		t.notice(fmt.Sprintf("ACP session: %s in %s", strings.Join(r.Start.Command, " "), r.Start.Dir))
	case r.Text != nil:
		t.problem("the agent wrote a line on stdout that is not JSON-RPC; it was ignored")
	case r.Notice != nil:
		t.notice(*r.Notice)
	case r.Terminal != nil:
		t.SetTerminal(*r.Terminal)
	case r.Write != nil:
		t.fileWritten(*r.Write)
	case r.Msg != nil:
		t.message(r.From, r.Msg)
	}
}

// Skipped counts the messages that are not displayed — usage updates,
// extension methods, update kinds newer than cardtui — by what they are.
func (t *Traffic) Skipped() map[string]int { return t.skipped }

// Problems is the number of Problem entries.
func (t *Traffic) Problems() int { return t.problems }

// skip counts a message that is not displayed.
func (t *Traffic) skip(what string) { t.skipped[what]++ }

// Len is the number of entries.
func (t *Traffic) Len() int { return len(t.entries) }

// Entries returns every entry as it is now.
func (t *Traffic) Entries() []cards.Entry {
	t.Changes()
	return slices.Clone(t.entries)
}

// Changes returns the entries added or changed since the last call, in
// index order.
func (t *Traffic) Changes() []cards.Change {
	if len(t.changed) == 0 {
		return nil
	}
	indexes := make([]int, 0, len(t.changed))
	for i := range t.changed {
		indexes = append(indexes, i)
	}
	slices.Sort(indexes)
	clear(t.changed)
	out := make([]cards.Change, len(indexes))
	for k, i := range indexes {
		t.refresh(i)
		out[k] = cards.Change{Index: i, Entry: t.entries[i]}
	}
	return out
}

// refresh rebuilds the entry at i from the state behind it, if any: a
// tool card from its call, the streamed message from its text.
func (t *Traffic) refresh(i int) {
	if c, ok := t.toolAt[i]; ok {
		t.entries[i] = c.card(t)
	}
	if w, ok := t.writeAt[i]; ok {
		t.entries[i] = w.card(t.dir)
	}
	if m := t.open; m != nil && m.index == i {
		t.entries[i] = m.entry()
	}
}

// Agent is the agent's name for itself: the title, else the name, of its
// agentInfo; "" when it gives none.
func (t *Traffic) Agent() string { return t.agent }

// orName is *title when it is set and not blank, else name.
func orName(title *string, name string) string {
	if title != nil && strings.TrimSpace(*title) != "" {
		return *title
	}
	return name
}

// Title is the session's title, "" until the agent names it.
func (t *Traffic) Title() string { return t.title }

// Mode is the name of the session's current mode, "" when the agent has
// no modes.
func (t *Traffic) Mode() string {
	if name := t.modes[t.mode]; name != "" {
		return name
	}
	return string(t.mode)
}

// Commands are the slash commands the agent offers now.
func (t *Traffic) Commands() []sdk.AvailableCommand { return slices.Clone(t.commands) }

// Busy reports whether a turn is running: a prompt was sent and the agent
// has not answered it yet.
func (t *Traffic) Busy() bool { return t.prompts > 0 }

// Session is the id of the session the agent created, "" until then.
func (t *Traffic) Session() sdk.SessionId { return t.session }

// add appends an entry and returns its index; any other entry ends the
// streamed message.
func (t *Traffic) add(e cards.Entry) int {
	t.closeMessage()
	t.entries = append(t.entries, e)
	i := len(t.entries) - 1
	t.changed[i] = struct{}{}
	return i
}

// touch marks the entry at i as changed, all of it: the calls nested in a
// tool card are drawn again too.
func (t *Traffic) touch(i int) {
	t.changed[i] = struct{}{}
	if c, ok := t.toolAt[i]; ok {
		c.gen++
	}
}

func (t *Traffic) notice(text string) { t.add(cards.Notice{Text: text}) }

// problem adds a Problem about the record being applied.
func (t *Traffic) problem(reason string) {
	t.problems++
	t.add(cards.Problem{Source: t.source, Line: t.line, Reason: reason, Excerpt: excerpt(t.current)})
}

// excerptBytes is how much of a record a Problem quotes.
const excerptBytes = 160

// excerpt is the start of a record, valid UTF-8, with "…" when cut.
func excerpt(b []byte) string {
	if len(b) <= excerptBytes {
		return strings.ToValidUTF8(string(b), "\uFFFD")
	}
	cut := excerptBytes
	for cut > 0 && !utf8.RuneStart(b[cut]) {
		cut--
	}
	return strings.ToValidUTF8(string(b[:cut]), "\uFFFD") + "…"
}

// envelope is a JSON-RPC 2.0 message: a request (method and id), a
// notification (method, no id) or a response (id with a result or an
// error).
type envelope struct {
	ID     json.RawMessage   `json:"id"`
	Method string            `json:"method"`
	Params json.RawMessage   `json:"params"`
	Result json.RawMessage   `json:"result"`
	Error  *sdk.RequestError `json:"error"`
}

// requestKey identifies a request: who sent it and its id, compacted.
type requestKey struct {
	from Peer
	id   string
}

// request is a request waiting for its response.
type request struct {
	method string
	params json.RawMessage
}

// message applies one JSON-RPC message.
func (t *Traffic) message(from Peer, raw json.RawMessage) {
	var m envelope
	if err := json.Unmarshal(raw, &m); err != nil {
		t.problem(fmt.Sprintf("not a JSON-RPC message: %v", err))
		return
	}
	key := requestKey{from: from, id: compact(m.ID)}
	switch {
	case m.Method != "" && m.ID != nil:
		t.requests[key] = request{method: m.Method, params: m.Params}
		if from == FromAgent && m.Method == sdk.ClientMethodFsWriteTextFile {
			t.writeRequested(key.id, m.Params)
		}
		t.request(from, m.Method, m.Params)
	case m.Method != "":
		t.notification(from, m.Method, m.Params)
	case m.ID != nil:
		key.from = other(from)
		req, ok := t.requests[key]
		if !ok {
			t.problem(fmt.Sprintf("a response to request %s, which was never sent", key.id))
			return
		}
		delete(t.requests, key)
		if req.method == sdk.ClientMethodFsWriteTextFile && t.writeAnswered(key.id, m.Error) {
			return // the write's card shows the answer
		}
		t.response(req, m)
	default:
		t.problem("a JSON-RPC message with neither a method nor an id")
	}
}

// other is the peer that answers from's requests.
func other(from Peer) Peer {
	if from == FromAgent {
		return FromClient
	}
	return FromAgent
}

// compact is a JSON value without insignificant space, to compare ids.
func compact(raw json.RawMessage) string {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return string(raw)
	}
	return b.String()
}

// request applies a request when it is sent.
func (t *Traffic) request(from Peer, method string, params json.RawMessage) {
	switch {
	case from == FromClient && method == sdk.AgentMethodSessionLoad:
		t.replaying = true
	case from == FromClient && method == sdk.AgentMethodSessionPrompt:
		t.replaying = false
		var p sdk.PromptRequest
		if t.decode(method, params, &p) {
			t.prompts++
			t.add(cards.Message{Role: cards.RoleUser, Text: blocksText(p.Prompt)})
		}
	case from == FromAgent && method == sdk.ClientMethodSessionRequestPermission:
		var p sdk.RequestPermissionRequest
		if t.decode(method, params, &p) {
			t.askPermission(p)
		}
	}
}

// notification applies a notification.
func (t *Traffic) notification(from Peer, method string, params json.RawMessage) {
	switch {
	case from == FromAgent && method == sdk.ClientMethodSessionUpdate:
		var n sdk.SessionNotification
		var kind struct {
			Update struct {
				Kind string `json:"sessionUpdate"`
			} `json:"update"`
		}
		if t.decode(method, params, &n) && json.Unmarshal(params, &kind) == nil {
			t.update(n, kind.Update.Kind)
		}
	case from == FromClient && method == sdk.AgentMethodSessionCancel:
		t.notice("You cancelled the turn.")
	default:
		t.skip(string(from) + " notification " + method)
	}
}

// response applies the response to a request.
func (t *Traffic) response(req request, m envelope) {
	if m.Error != nil {
		t.failed(req, m.Error)
		return
	}
	switch req.method {
	case sdk.AgentMethodInitialize:
		var r sdk.InitializeResponse
		if t.decode(req.method+" result", m.Result, &r) && r.AgentInfo != nil {
			t.agent = oneLine(orName(r.AgentInfo.Title, r.AgentInfo.Name))
		}
	case sdk.AgentMethodSessionNew:
		var r sdk.NewSessionResponse
		if t.decode(req.method+" result", m.Result, &r) {
			t.session = r.SessionId
			t.setModes(r.Modes)
			t.setModels(r.Models)
			t.setConfigOptions(r.ConfigOptions)
		}
	case sdk.AgentMethodSessionLoad, sdk.AgentMethodSessionResume:
		t.sessionLoaded(req, m.Result)
	case sdk.AgentMethodSessionSetModel:
		var p sdk.UnstableSetSessionModelRequest
		if t.decode(req.method, req.params, &p) {
			t.setModel(string(p.ModelId))
		}
	case sdk.AgentMethodSessionSetConfigOption:
		var r sdk.SetSessionConfigOptionResponse
		if t.decode(req.method+" result", m.Result, &r) {
			before := t.choices.model
			t.setConfigOptions(r.ConfigOptions)
			if t.choices.model != before {
				t.notice("Model: " + t.Model())
			}
		}
	case sdk.AgentMethodSessionPrompt:
		t.prompts = max(t.prompts-1, 0)
		var r sdk.PromptResponse
		if t.decode(req.method+" result", m.Result, &r) && r.StopReason != sdk.StopReasonEndTurn {
			t.notice("The turn ended: " + stopReasonText(r.StopReason) + ".")
		}
		if r.StopReason == sdk.StopReasonCancelled {
			t.interruptTools()
		}
		t.endUnreported()
		t.closeMessage()
	case sdk.AgentMethodSessionSetMode:
		var p sdk.SetSessionModeRequest
		if t.decode(req.method, req.params, &p) {
			t.setMode(p.ModeId)
		}
	case sdk.ClientMethodSessionRequestPermission:
		var r sdk.RequestPermissionResponse
		if t.decode(req.method+" result", m.Result, &r) {
			t.answerPermission(req.params, r.Outcome)
		}
	case sdk.ClientMethodTerminalCreate:
		t.terminalCreated(req.params, m.Result)
	}
}

// sessionLoaded applies the answer to session/load or session/resume:
// the session is the one asked for, with the modes and models the answer
// gives.
func (t *Traffic) sessionLoaded(req request, result json.RawMessage) {
	var p struct {
		SessionID sdk.SessionId `json:"sessionId"`
	}
	var r sdk.LoadSessionResponse // session/resume answers the same fields
	if json.Unmarshal(req.params, &p) != nil || !t.decode(req.method+" result", result, &r) {
		return
	}
	t.session = p.SessionID
	t.setModes(r.Modes)
	t.setModels(r.Models)
	t.setConfigOptions(r.ConfigOptions)
	t.notice(fmt.Sprintf("Session %s loaded.", p.SessionID))
}

// interruptTools marks the tool calls that had not ended when the turn
// was cancelled as interrupted.
func (t *Traffic) interruptTools() {
	for _, c := range t.tools {
		if !c.ended() {
			c.interrupted = true
			t.touch(c.index)
		}
	}
}

// failed shows an error response: the agent's to a request of cardtui, or
// cardtui's refusal of an agent's request.
func (t *Traffic) failed(req request, e *sdk.RequestError) {
	what := e.Message
	if data := errorDetail(e.Data); data != "" {
		what += ": " + data
	}
	switch req.method {
	case sdk.AgentMethodSessionPrompt:
		t.prompts = max(t.prompts-1, 0)
		t.problem("the agent failed the prompt: " + what)
	case sdk.ClientMethodSessionRequestPermission, sdk.ClientMethodFsReadTextFile, sdk.ClientMethodFsWriteTextFile,
		sdk.ClientMethodTerminalCreate, sdk.ClientMethodTerminalOutput, sdk.ClientMethodTerminalWaitForExit,
		sdk.ClientMethodTerminalKill, sdk.ClientMethodTerminalRelease:
		t.notice(fmt.Sprintf("cardtui refused the agent's %s: %s", req.method, what))
	default:
		t.problem(fmt.Sprintf("the agent answered %s with an error: %s", req.method, what))
	}
}

// errorDetail is the data of a JSON-RPC error as one line of text.
func errorDetail(data any) string {
	switch d := data.(type) {
	case nil:
		return ""
	case string:
		return d
	case map[string]any:
		if s, ok := d["error"].(string); ok && len(d) == 1 {
			return s
		}
	}
	b, _ := json.Marshal(data)
	return string(b)
}

// decode unmarshals params with the SDK's types and checks them as the
// SDK does; a failure is a Problem.
func (t *Traffic) decode(what string, raw json.RawMessage, v interface{ Validate() error }) bool {
	err := json.Unmarshal(raw, v)
	if err == nil {
		err = v.Validate()
	}
	if err != nil {
		t.problem(fmt.Sprintf("bad %s: %v", what, err))
		return false
	}
	return true
}

// stopReasonText says why a turn ended in words.
func stopReasonText(r sdk.StopReason) string {
	switch r {
	case sdk.StopReasonCancelled:
		return "cancelled"
	case sdk.StopReasonMaxTokens:
		return "the agent reached its token limit"
	case sdk.StopReasonMaxTurnRequests:
		return "the agent reached its limit of requests in a turn"
	case sdk.StopReasonRefusal:
		return "the agent refused to go on"
	}
	return string(r)
}

// setModes records the session's modes and the current one.
func (t *Traffic) setModes(s *sdk.SessionModeState) {
	if s == nil {
		return
	}
	t.modeOrder = t.modeOrder[:0]
	for _, m := range s.AvailableModes {
		t.modes[m.Id] = m.Name
		t.modeOrder = append(t.modeOrder, m.Id)
	}
	t.mode = s.CurrentModeId
}

// setMode switches the current mode and says so.
func (t *Traffic) setMode(id sdk.SessionModeId) {
	if id == t.mode {
		return
	}
	t.mode = id
	t.notice("Mode: " + t.Mode())
}
