package harness

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/cardtui/cardtui/agents/harness/native"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/jsonscan"
	"github.com/cardtui/cardtui/producers"
	"github.com/cardtui/cardtui/replay"
)

// eventHandler turns the harness's session events — the lines of a
// session log, the events of a headless stream — into transcript entries.
// Tool calls and results go through the native producers, which need the
// call's tool name and raw arguments when its result arrives; the handler
// keeps them only until then.
//
// What each event type becomes:
//
//   - user/message: the user's prompt (source kind "user" or none), or
//     collapsed context for everything the harness or a plugin adds.
//   - assistant/message: its text, its reasoning (collapsed), and a tool
//     card for each tool-call part; a Notice when it was interrupted.
//   - tool/call: the card of the call. An assistant message's tool-call
//     part usually made it already: the event then only confirms it (it
//     is authoritative, so a different name or arguments replace the
//     part's). A second tool/call with the same id is a second card and a
//     Problem.
//   - tool/result: each tool-result part completes its call's card.
//   - session/title: a Notice when the title changes; Transcript.Title.
//   - compaction/summary: a Notice, and the summary as collapsed context.
//   - turn/end other than completed, hook/result other than pass,
//     llm/retry: a Notice.
//   - tool/code-dispatch-start and tool/code-dispatch, tool-workflow/*,
//     approval/asked and approval/decided: cards and Notices nested under
//     the card of their call (nested.go).
//   - command/run and command/done, plan/mode, goal/change, sandbox/mode,
//     permission/preset, approval/policy: a Notice (modes.go).
//   - steering/message (removed; see legacy.go): the user's.
//   - turn/start, request/header: checked as the harness checks them, then
//     counted as skipped; request/header-delta and mode/set, which the
//     harness no longer replays, are Problems.
//   - Events of the older shapes are upgraded first (legacy.go).
//   - everything else — the streaming deltas, step markers,
//     request/context, hook/invoked, todo/write (the todo_write card
//     shows the list), unknown types — is counted as skipped.
type eventHandler struct {
	tools producers.Registry
	// pending holds the tool and arguments of each card, by entry index,
	// until its result arrives.
	pending map[int]toolInput
	// partCards are the cards made from a tool-call part, by call id,
	// until the tool/call event arrives.
	partCards map[string]int
	// nested is what it remembers of the cards nested under others.
	nested nesting
	// modes is what it remembers of the modes, commands and goals.
	modes modes
	// lastReply is the text of the last assistant message.
	lastReply string
	// turns gathers the facts of each turn (turns.go).
	turns harnessTurns
}

// toolInput is what a result producer needs of its call.
type toolInput struct {
	tool string
	args []byte
}

func newEventHandler() *eventHandler {
	return &eventHandler{
		tools:     native.Tools(),
		pending:   map[int]toolInput{},
		partCards: map[string]int{},
		nested:    newNesting(),
		modes:     newModes(),
		turns:     newHarnessTurns(),
	}
}

// event is a displayed session event decoded from its line, ready to be
// applied to the transcript. Decoding is pure, so that it can run ahead of
// the transcript on other goroutines (see replay.Pipeline); events are applied in
// input order.
type event interface {
	apply(h *eventHandler, t *replay.Transcript) error
}

// eventDecoders decode the event types that are displayed.
var eventDecoders = map[string]func(src eventSource, p *presenter) (event, error){
	"user/message":         decodeUserMessage,
	"assistant/message":    decodeAssistantMessage,
	"tool/call":            decodeToolCall,
	"tool/result":          decodeToolResult,
	"session/title":        decodeThen((*eventHandler).sessionTitle),
	"compaction/summary":   decodeThen((*eventHandler).compactionSummary),
	"turn/end":             decodeTurnEnd,
	"turn/start":           decodeTurnStart,
	"steering/message":     decodeSteeringMessage,
	"request/header":       decodeRequestHeader,
	"request/header-delta": unsupportedEvent("request/header-delta"),
	"mode/set":             unsupportedEvent("mode/set"),
	"approval/asked":       decodeThen((*eventHandler).approvalAsked),
	"approval/decided":     decodeThen((*eventHandler).approvalDecided),
	"hook/result":          decodeThen((*eventHandler).hookResult),
	"llm/retry":            decodeThen((*eventHandler).llmRetry),

	"tool/code-dispatch-start":  decodeThen((*eventHandler).codeDispatchStart),
	"tool/code-dispatch":        decodeThen((*eventHandler).codeDispatch),
	"tool-workflow/run-start":   decodeThen((*eventHandler).workflowRunStart),
	"tool-workflow/agent-start": decodeThen((*eventHandler).workflowAgentStart),
	"tool-workflow/agent-end":   decodeThen((*eventHandler).workflowAgentEnd),
	"tool-workflow/run-end":     decodeThen((*eventHandler).workflowRunEnd),

	"command/run":       decodeThen((*eventHandler).commandRun),
	"command/done":      decodeThen((*eventHandler).commandDone),
	"plan/mode":         decodeThen((*eventHandler).planMode),
	"goal/change":       decodeThen((*eventHandler).goalChange),
	"sandbox/mode":      decodeThen((*eventHandler).sandboxMode),
	"permission/preset": decodeThen((*eventHandler).permissionPreset),
	"approval/policy":   decodeThen((*eventHandler).approvalPolicy),
}

// decodedEvent is an event of type typ as decoding left it: the event, or
// why it could not be decoded. shown is false for a type that is not
// displayed, which has no event.
type decodedEvent struct {
	typ   string
	shown bool
	event event
	err   error
	// facts are what the event says of its turn (turns.go).
	facts turnFacts
}

// decodeEventOf decodes an event of type typ. An event that is not
// displayed is only checked to be JSON: the streaming deltas, most of a
// session's lines, are not decoded at all. It is pure but for p's memory
// of the calls decoded before.
func decodeEventOf(typ string, src eventSource, p *presenter) decodedEvent {
	facts := turnFactsOf(typ, src)
	decode, ok := eventDecoders[typ]
	if !ok {
		return decodedEvent{typ: typ, err: src.valid(), facts: facts}
	}
	ev, err := decode(src, p)
	return decodedEvent{typ: typ, shown: true, event: ev, err: err, facts: facts}
}

// handle applies one event. An error means the event was not understood:
// it becomes the line's Problem, prefixed with the event type unless it is
// about the whole line.
func (h *eventHandler) handle(t *replay.Transcript, typ string, src eventSource) error {
	return h.apply(t, decodeEventOf(typ, src, h.presenter(nil)))
}

// apply applies a decoded event, as handle does.
func (h *eventHandler) apply(t *replay.Transcript, d decodedEvent) error {
	defer h.turns.observe(t, d.facts, len(t.Entries))
	if !d.shown {
		if d.err != nil {
			return d.err
		}
		t.AddSkipped(d.typ)
		return nil
	}
	err := d.err
	if err == nil {
		err = d.event.apply(h, t)
	}
	var whole lineError
	switch {
	case errors.As(err, &whole):
		return whole.error
	case err != nil:
		return fmt.Errorf("%s: %w", d.typ, err)
	}
	return nil
}

// presenter runs the producers while events are decoded: it presents the
// calls of tool-call parts and, when the call of a result was decoded
// before it in the same run of lines, the result. The view of a result is
// only a guess made with the call decoded: applying the result checks it
// against the call as the transcript knows it.
type presenter struct {
	tools producers.Registry
	// calls are the calls decoded so far, by call id; nil when decoding
	// does not run ahead, and nothing is guessed.
	calls map[string]toolInput
}

// presenter returns a presenter for h's tools that remembers calls in
// calls (which may be nil).
func (h *eventHandler) presenter(calls map[string]toolInput) *presenter {
	return &presenter{tools: h.tools, calls: calls}
}

// remember notes the latest call decoded with an id.
func (p *presenter) remember(id string, in toolInput) {
	if p.calls != nil && id != "" {
		p.calls[id] = in
	}
}

// guessResult presents a result with the call decoded under its id, if
// there is one.
func (p *presenter) guessResult(id string, r producers.Result) presentedResult {
	in, ok := p.calls[id]
	if !ok {
		return presentedResult{id: id, result: r}
	}
	return presentedResult{id: id, result: r, input: in, view: p.tools.Result(in.tool, in.args, r)}
}

// decodeThen decodes the data of an event into a new T, to be applied by
// fn.
func decodeThen[T any](fn func(*eventHandler, *replay.Transcript, *T) error) func(eventSource, *presenter) (event, error) {
	return func(src eventSource, _ *presenter) (event, error) {
		d, err := decodeEvent[T](src)
		if err != nil {
			return nil, err
		}
		return dataEvent[T]{data: d, fn: fn}, nil
	}
}

// dataEvent is an event whose data is all that decoding does; applying it
// does the rest.
type dataEvent[T any] struct {
	data *T
	fn   func(*eventHandler, *replay.Transcript, *T) error
}

func (e dataEvent[T]) apply(h *eventHandler, t *replay.Transcript) error { return e.fn(h, t, e.data) }

// userMessageData is the data of a user/message event.
type userMessageData struct {
	Content json.RawMessage `json:"content"`
	Source  struct {
		Kind string `json:"kind"`
	} `json:"source"`
}

func (d *userMessageData) decodeQuickly(c *jsonscan.Cursor) bool {
	return c.Fields([]string{"content", "source"}, func(i int) bool {
		if i == 0 {
			return c.Raw(&d.Content)
		}
		return c.Fields([]string{"kind"}, func(int) bool { return c.Str(&d.Source.Kind) })
	})
}

// userMessage is a user/message event: its text, "" when it has none.
type userMessage struct {
	role cards.Role
	text string
}

func decodeUserMessage(src eventSource, _ *presenter) (event, error) {
	d, err := decodeEvent[userMessageData](src)
	if err != nil {
		return nil, err
	}
	blocks, err := producers.DecodeContent(d.Content)
	if err != nil {
		return nil, fmt.Errorf(`field "data.content": %w`, err)
	}
	role := cards.RoleContext
	if d.Source.Kind == "user" || d.Source.Kind == "" {
		role = cards.RoleUser
	}
	return userMessage{role: role, text: contentText(blocks)}, nil
}

func (e userMessage) apply(_ *eventHandler, t *replay.Transcript) error {
	if e.text == "" {
		t.AddSkipped("user/message")
		return nil
	}
	t.PutMessage(e.role, e.text)
	return nil
}

// messagePart is one part of an assistant message's content.
type messagePart struct {
	Type      string          `json:"type"`
	Text      string          `json:"text"`
	ID        string          `json:"id"`
	Name      string          `json:"name"`
	Arguments json.RawMessage `json:"arguments"`
}

// assistantMessageData is the data of an assistant/message event.
type assistantMessageData struct {
	Message *struct {
		Content *[]messagePart `json:"content"`
	} `json:"message"`
	Interrupted bool `json:"interrupted"`
}

func (d *assistantMessageData) decodeQuickly(c *jsonscan.Cursor) bool {
	return c.Fields([]string{"message", "interrupted"}, func(i int) bool {
		if i == 1 {
			return c.Bool(&d.Interrupted)
		}
		d.Message = &struct {
			Content *[]messagePart `json:"content"`
		}{}
		return c.Fields([]string{"content"}, func(int) bool {
			parts := []messagePart{}
			ok := c.Array(func() bool {
				parts = append(parts, messagePart{})
				return parts[len(parts)-1].decodeQuickly(c)
			})
			d.Message.Content = &parts
			return ok
		})
	})
}

func (p *messagePart) decodeQuickly(c *jsonscan.Cursor) bool {
	return c.Fields([]string{"type", "text", "id", "name", "arguments"}, func(i int) bool {
		switch i {
		case 0:
			return c.Str(&p.Type)
		case 1:
			return c.Str(&p.Text)
		case 2:
			return c.Str(&p.ID)
		case 3:
			return c.Str(&p.Name)
		}
		return c.Raw(&p.Arguments)
	})
}

// assistantMessage is an assistant/message event: its parts in order, and
// whether the reply was interrupted.
type assistantMessage struct {
	parts       []replyPart
	interrupted bool
}

// replyPart is the text of a role, or a tool call already presented.
type replyPart struct {
	role cards.Role
	text string
	call *presentedCall
}

// presentedCall is a tool-call part and its view.
type presentedCall struct {
	id    string
	input toolInput
	view  cards.CallView
	// problem is the problem of the call's arguments (see
	// producers.Registry.Present), nil when there is none.
	problem error
}

func decodeAssistantMessage(src eventSource, p *presenter) (event, error) {
	d, err := decodeEvent[assistantMessageData](src)
	if err != nil {
		return nil, err
	}
	content, err := assistantContent(src, d)
	if err != nil {
		return nil, err
	}
	e := assistantMessage{parts: make([]replyPart, 0, len(content)), interrupted: d.Interrupted}
	for _, part := range content {
		switch part.Type {
		case "text":
			e.parts = append(e.parts, replyPart{role: cards.RoleAssistant, text: part.Text})
		case "reasoning":
			e.parts = append(e.parts, replyPart{role: cards.RoleReasoning, text: part.Text})
		case "tool-call":
			e.parts = append(e.parts, replyPart{call: p.presentPart(part)})
		default:
			e.parts = append(e.parts, replyPart{role: cards.RoleAssistant, text: "[" + part.Type + " part]"})
		}
	}
	return e, nil
}

// assistantContent returns the parts of an assistant message: its
// message's content, or the content of the older shape (see
// legacyAssistantContent).
func assistantContent(src eventSource, d *assistantMessageData) ([]messagePart, error) {
	if d.Message != nil && d.Message.Content != nil {
		return *d.Message.Content, nil
	}
	if d.Message == nil {
		if parts, ok, err := legacyAssistantContent(src); ok || err != nil {
			return parts, err
		}
	}
	return nil, errors.New(`missing field "data.message.content"`)
}

// presentPart presents the call of a tool-call part; a part without an id,
// which makes no card, is not presented.
func (p *presenter) presentPart(part messagePart) *presentedCall {
	c := &presentedCall{id: part.ID, input: toolInput{tool: part.Name, args: replay.ToolArguments(part.Arguments)}}
	if c.id != "" {
		c.view, c.problem = p.tools.Present(c.input.tool, c.input.args)
		p.remember(c.id, c.input)
	}
	return c
}

func (e assistantMessage) apply(h *eventHandler, t *replay.Transcript) error {
	reply := replyBuilder{t: t}
	for _, part := range e.parts {
		if part.call != nil {
			reply.flush()
			h.callPart(t, part.call)
			continue
		}
		reply.add(part.role, part.text)
	}
	reply.flush()
	if reply.lastText != "" {
		h.lastReply = reply.lastText
	}
	if e.interrupted {
		t.AddNotice("The reply was interrupted: the text above is what the model had written")
	}
	return nil
}

// replyBuilder joins the consecutive text parts of one role into one
// message.
type replyBuilder struct {
	t    *replay.Transcript
	role cards.Role
	text []string
	// lastText is the text of the last assistant message flushed.
	lastText string
}

// add appends a part's text, starting a new message when the role
// changes; blank text is dropped.
func (b *replyBuilder) add(role cards.Role, text string) {
	if strings.TrimSpace(text) == "" {
		return
	}
	if role != b.role {
		b.flush()
		b.role = role
	}
	b.text = append(b.text, text)
}

// flush appends the message being built, if any.
func (b *replyBuilder) flush() {
	if len(b.text) == 0 {
		return
	}
	text := strings.Join(b.text, "\n\n")
	b.t.PutMessage(b.role, text)
	if b.role == cards.RoleAssistant {
		b.lastText = text
	}
	b.text = nil
}

// callPart makes the card of a tool-call part, unless a card with its id
// exists (the tool/call event came first) or it has no id to match its
// event and result by.
func (h *eventHandler) callPart(t *replay.Transcript, c *presentedCall) {
	if c.id == "" || t.HasCard(c.id) {
		return
	}
	i := t.PutCall(c.id, c.input.tool, c.view)
	t.ArgumentsProblem(c.input.tool, c.problem)
	h.partCards[c.id] = i
	h.pending[i] = c.input
}

// toolCallData is the data of a tool/call event.
type toolCallData struct {
	CallID    string          `json:"callId"`
	Name      string          `json:"name"`
	Arguments json.RawMessage `json:"arguments"`
}

func (d *toolCallData) decodeQuickly(c *jsonscan.Cursor) bool {
	return c.Fields([]string{"callId", "name", "arguments"}, func(i int) bool {
		switch i {
		case 0:
			return c.Str(&d.CallID)
		case 1:
			return c.Str(&d.Name)
		}
		return c.Raw(&d.Arguments)
	})
}

// toolCall is a tool/call event.
type toolCall struct {
	id    string
	input toolInput
}

func decodeToolCall(src eventSource, p *presenter) (event, error) {
	d, err := decodeEvent[toolCallData](src)
	if err != nil {
		return nil, err
	}
	if d.CallID == "" {
		return nil, errors.New(`missing field "data.callId"`)
	}
	e := toolCall{id: d.CallID, input: toolInput{tool: d.Name, args: replay.ToolArguments(d.Arguments)}}
	p.remember(e.id, e.input)
	return e, nil
}

func (e toolCall) apply(h *eventHandler, t *replay.Transcript) error {
	if i, ok := h.partCards[e.id]; ok {
		delete(h.partCards, e.id)
		h.confirmCall(t, i, e.input)
		return nil
	}
	view, problem := h.tools.Present(e.input.tool, e.input.args)
	i := t.PutCall(e.id, e.input.tool, view)
	t.ArgumentsProblem(e.input.tool, problem)
	h.pending[i] = e.input
	return nil
}

// confirmCall applies the tool/call event of the card a tool-call part
// made: when its name or arguments differ from the part's, they replace
// them.
func (h *eventHandler) confirmCall(t *replay.Transcript, i int, in toolInput) {
	seen, pending := h.pending[i]
	if pending && seen.same(in) {
		return
	}
	view, problem := h.tools.Present(in.tool, in.args)
	t.SetCall(i, in.tool, view)
	t.ArgumentsProblem(in.tool, problem)
	if pending {
		h.pending[i] = in
	}
}

// same reports whether two calls are of the same tool with the same
// arguments.
func (in toolInput) same(other toolInput) bool {
	return in.tool == other.tool && bytes.Equal(in.args, other.args)
}

// resultPart is one part of a tool/result message's content.
type resultPart struct {
	Type       string          `json:"type"`
	ToolCallID string          `json:"toolCallId"`
	Content    json.RawMessage `json:"content"`
	IsError    bool            `json:"isError"`
}

// toolResultData is the data of a tool/result event.
type toolResultData struct {
	Message *struct {
		Content []resultPart `json:"content"`
	} `json:"message"`
	Error json.RawMessage `json:"error"`
	Meta  json.RawMessage `json:"meta"`
}

func (d *toolResultData) decodeQuickly(c *jsonscan.Cursor) bool {
	return c.Fields([]string{"message", "error", "meta"}, func(i int) bool {
		switch i {
		case 1:
			return c.Raw(&d.Error)
		case 2:
			return c.Raw(&d.Meta)
		}
		d.Message = &struct {
			Content []resultPart `json:"content"`
		}{}
		return c.Fields([]string{"content"}, func(int) bool {
			parts := []resultPart{}
			ok := c.Array(func() bool {
				parts = append(parts, resultPart{})
				return parts[len(parts)-1].decodeQuickly(c)
			})
			d.Message.Content = parts
			return ok
		})
	})
}

func (p *resultPart) decodeQuickly(c *jsonscan.Cursor) bool {
	return c.Fields([]string{"type", "toolCallId", "content", "isError"}, func(i int) bool {
		switch i {
		case 0:
			return c.Str(&p.Type)
		case 1:
			return c.Str(&p.ToolCallID)
		case 2:
			return c.Raw(&p.Content)
		}
		return c.Bool(&p.IsError)
	})
}

// toolResult is a tool/result event: a result for each tool-result part.
type toolResult struct {
	results []presentedResult
}

// presentedResult is a result for the call id, and the view its producer
// gave with input, the call decoded with its id; view is nil when no call
// was.
type presentedResult struct {
	id     string
	result producers.Result
	input  toolInput
	view   cards.ResultView
}

func decodeToolResult(src eventSource, p *presenter) (event, error) {
	d, err := decodeEvent[toolResultData](src)
	if err != nil {
		return nil, err
	}
	parts, err := resultParts(src, d)
	if err != nil {
		return nil, err
	}
	e := toolResult{results: make([]presentedResult, 0, len(parts))}
	for _, part := range parts {
		r := producers.NewResult(part.Content, part.IsError, d.Error, d.Meta)
		e.results = append(e.results, p.guessResult(part.ToolCallID, r))
	}
	return e, nil
}

func (e toolResult) apply(h *eventHandler, t *replay.Transcript) error {
	for _, r := range e.results {
		h.result(t, r)
	}
	return nil
}

// resultParts returns the tool-result parts of a tool/result: those of
// its message, or the one of the older shape (see legacyResultPart).
func resultParts(src eventSource, d *toolResultData) ([]resultPart, error) {
	if d.Message != nil {
		return toolResultParts(d.Message.Content)
	}
	if part, ok, err := legacyResultPart(src); ok || err != nil {
		return []resultPart{part}, err
	}
	return nil, errors.New(`missing field "data.message"`)
}

// toolResultParts returns the tool-result parts of a result message, which
// must have at least one, each with its call id.
func toolResultParts(content []resultPart) ([]resultPart, error) {
	var parts []resultPart
	for i, p := range content {
		if p.Type != "tool-result" {
			continue
		}
		if p.ToolCallID == "" {
			return nil, fmt.Errorf(`missing field "data.message.content[%d].toolCallId"`, i)
		}
		parts = append(parts, p)
	}
	if len(parts) == 0 {
		return nil, errors.New(`no "tool-result" part in "data.message.content"`)
	}
	return parts, nil
}

// result presents a result with its call's tool and arguments and gives it
// to the call's card (a result whose call was never seen gets a card of its
// own, presented generically). The view presented when the result was
// decoded is kept when it was presented with that same call.
func (h *eventHandler) result(t *replay.Transcript, r presentedResult) {
	var in toolInput
	if i, ok := t.AwaitingResult(r.id); ok {
		in = h.pending[i]
		delete(h.pending, i)
	}
	view := r.view
	if view == nil || !r.input.same(in) {
		view = h.tools.Result(in.tool, in.args, r.result)
	}
	t.PutResultAs(r.id, view, r.result.Outcome)
}

// sessionTitleData is the data of a session/title event.
type sessionTitleData struct {
	Title string `json:"title"`
}

func (h *eventHandler) sessionTitle(t *replay.Transcript, d *sessionTitleData) error {
	title := strings.TrimSpace(d.Title)
	if title == "" || title == t.Title {
		t.AddSkipped("session/title")
		return nil
	}
	t.Title = title
	t.AddNotice("Session: " + title)
	return nil
}

// compactionSummaryData is the data of a compaction/summary event.
type compactionSummaryData struct {
	Summary            json.RawMessage `json:"summary"`
	ShadowedTokenCount int             `json:"shadowedTokenCount"`
}

func (h *eventHandler) compactionSummary(t *replay.Transcript, d *compactionSummaryData) error {
	blocks, err := producers.DecodeContent(d.Summary)
	if err != nil {
		return fmt.Errorf(`field "data.summary": %w`, err)
	}
	what := "the earlier conversation was"
	if d.ShadowedTokenCount > 0 {
		what = fmt.Sprintf("%d tokens of earlier conversation were", d.ShadowedTokenCount)
	}
	summary := contentText(blocks)
	if summary == "" {
		t.AddNotice("Context compacted: " + what + " replaced by a summary")
		return nil
	}
	t.AddNotice("Context compacted: " + what + " replaced by the summary below")
	t.PutMessage(cards.RoleContext, summary)
	return nil
}

// failure is the harness's {message, code} error object.
type failure struct {
	Message string `json:"message"`
	Code    string `json:"code"`
}

// String is "message (CODE)".
func (f failure) String() string {
	switch {
	case f.Code == "":
		return f.Message
	case f.Message == "":
		return f.Code
	}
	return f.Message + " (" + f.Code + ")"
}

// turnEndData is the data of a turn/end event.
type turnEndData struct {
	Turn   int `json:"turn"`
	Reason struct {
		Kind   string `json:"kind"`
		Reason struct {
			Kind string `json:"kind"`
		} `json:"reason"`
		Error failure `json:"error"`
	} `json:"reason"`
}

func (h *eventHandler) turnEnd(t *replay.Transcript, d *turnEndData) error {
	turn := fmt.Sprintf("Turn %d", d.Turn)
	switch r := d.Reason; r.Kind {
	case "", "completed":
		t.AddSkipped("turn/end")
	case "aborted":
		switch r.Reason.Kind {
		case "", "legacy":
			t.AddNotice(turn + " was aborted")
		case "disposed":
			t.AddNotice(turn + " was aborted: the session was closed")
		default:
			t.AddNotice(turn + " was aborted by the " + r.Reason.Kind)
		}
	case "interrupted":
		t.AddNotice(turn + " was interrupted")
	case "blocked":
		t.AddNotice(turn + " was blocked")
	case "error":
		t.AddNotice(turn + " failed: " + r.Error.String())
	case "max-tokens":
		t.AddNotice(turn + " stopped: the reply reached the model's output token limit")
	default:
		t.AddNotice(turn + " ended: " + r.Kind)
	}
	return nil
}

// hookResultData is the data of a hook/result event.
type hookResultData struct {
	Point         string `json:"point"`
	Decision      string `json:"decision"`
	StderrSummary string `json:"stderrSummary"`
}

func (h *eventHandler) hookResult(t *replay.Transcript, d *hookResultData) error {
	hook := strings.TrimRight("Hook "+d.Point, " ")
	switch d.Decision {
	case "", "pass":
		t.AddSkipped("hook/result")
		return nil
	case "block":
		hook += " blocked"
	case "ask":
		hook += " asked for approval"
	default:
		hook += " decided " + d.Decision
	}
	if d.StderrSummary != "" {
		hook += ": " + d.StderrSummary
	}
	t.AddNotice(hook)
	return nil
}

// llmRetryData is the data of an llm/retry event.
type llmRetryData struct {
	Retry      int     `json:"retry"`
	MaxRetries int     `json:"maxRetries"`
	Failure    failure `json:"failure"`
}

func (h *eventHandler) llmRetry(t *replay.Transcript, d *llmRetryData) error {
	text := "The model request failed"
	if why := d.Failure.String(); why != "" {
		text += " (" + why + ")"
	}
	if d.Retry > 0 && d.MaxRetries > 0 {
		text += fmt.Sprintf(": retry %d of %d", d.Retry, d.MaxRetries)
	}
	t.AddNotice(text)
	return nil
}

// runUsage is the token usage of a headless run.
type runUsage struct {
	InputTokens  int `json:"inputTokens"`
	OutputTokens int `json:"outputTokens"`
}

// runResult shows the headless line that ends a run: a Notice, preceded by
// the run's output as an assistant message when the last reply did not
// already say it.
func (h *eventHandler) runResult(t *replay.Transcript, output string, usage *runUsage) {
	if out := strings.TrimSpace(output); out != "" && out != strings.TrimSpace(h.lastReply) {
		t.PutMessage(cards.RoleAssistant, output)
		h.lastReply = output
	}
	text := "The run finished"
	if usage != nil {
		text += fmt.Sprintf(" (%d input tokens, %d output tokens)", usage.InputTokens, usage.OutputTokens)
	}
	t.AddNotice(text)
}
