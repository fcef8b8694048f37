package replay

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/producers"
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
//   - turn/end other than completed, approval/asked and approval/decided,
//     hook/result other than pass, llm/retry: a Notice.
//   - everything else — the streaming deltas, turn/step markers,
//     request/*, hook/invoked, todo/write (the todo_write card shows the
//     list), tool/code-dispatch*, unknown types — is counted as skipped.
type eventHandler struct {
	tools producers.Registry
	// pending holds the tool and arguments of each card, by entry index,
	// until its result arrives.
	pending map[int]toolInput
	// partCards are the cards made from a tool-call part, by call id,
	// until the tool/call event arrives.
	partCards map[string]int
	// approvals are the tool names of the approvals asked, by approval
	// id, until they are decided.
	approvals map[string]string
	// lastReply is the text of the last assistant message.
	lastReply string
}

// toolInput is what a result producer needs of its call.
type toolInput struct {
	tool string
	args []byte
}

func newEventHandler() *eventHandler {
	return &eventHandler{
		tools:     producers.Native(),
		pending:   map[int]toolInput{},
		partCards: map[string]int{},
		approvals: map[string]string{},
	}
}

// eventDecoders apply the event types that are displayed.
var eventDecoders = map[string]func(*eventHandler, *Transcript, eventSource) error{
	"user/message":       (*eventHandler).userMessage,
	"assistant/message":  (*eventHandler).assistantMessage,
	"tool/call":          (*eventHandler).toolCall,
	"tool/result":        (*eventHandler).toolResult,
	"session/title":      (*eventHandler).sessionTitle,
	"compaction/summary": (*eventHandler).compactionSummary,
	"turn/end":           (*eventHandler).turnEnd,
	"approval/asked":     (*eventHandler).approvalAsked,
	"approval/decided":   (*eventHandler).approvalDecided,
	"hook/result":        (*eventHandler).hookResult,
	"llm/retry":          (*eventHandler).llmRetry,
}

// handle applies one event. An error means the event was not understood:
// it becomes the line's Problem, prefixed with the event type unless it is
// about the whole line. An event that is not displayed is only checked to
// be JSON: the streaming deltas, most of a session's lines, are not
// decoded at all.
func (h *eventHandler) handle(t *Transcript, typ string, src eventSource) error {
	apply, ok := eventDecoders[typ]
	if !ok {
		if err := src.valid(); err != nil {
			return err
		}
		t.AddSkipped(typ)
		return nil
	}
	err := apply(h, t, src)
	var whole lineError
	switch {
	case errors.As(err, &whole):
		return whole.error
	case err != nil:
		return fmt.Errorf("%s: %w", typ, err)
	}
	return nil
}

// userMessageData is the data of a user/message event.
type userMessageData struct {
	Content json.RawMessage `json:"content"`
	Source  struct {
		Kind string `json:"kind"`
	} `json:"source"`
}

func (h *eventHandler) userMessage(t *Transcript, src eventSource) error {
	d, err := decodeEvent[userMessageData](src)
	if err != nil {
		return err
	}
	blocks, err := producers.DecodeContent(d.Content)
	if err != nil {
		return fmt.Errorf(`field "data.content": %w`, err)
	}
	text := contentText(blocks)
	if text == "" {
		t.AddSkipped("user/message")
		return nil
	}
	role := cards.RoleContext
	if d.Source.Kind == "user" || d.Source.Kind == "" {
		role = cards.RoleUser
	}
	t.addMessage(role, text)
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

func (h *eventHandler) assistantMessage(t *Transcript, src eventSource) error {
	d, err := decodeEvent[assistantMessageData](src)
	if err != nil {
		return err
	}
	if d.Message == nil || d.Message.Content == nil {
		return errors.New(`missing field "data.message.content"`)
	}
	reply := replyBuilder{t: t}
	for _, part := range *d.Message.Content {
		switch part.Type {
		case "text":
			reply.add(cards.RoleAssistant, part.Text)
		case "reasoning":
			reply.add(cards.RoleReasoning, part.Text)
		case "tool-call":
			reply.flush()
			h.callPart(t, part.ID, part.Name, toolArguments(part.Arguments))
		default:
			reply.add(cards.RoleAssistant, "["+part.Type+" part]")
		}
	}
	reply.flush()
	if reply.lastText != "" {
		h.lastReply = reply.lastText
	}
	if d.Interrupted {
		t.AddNotice("The reply was interrupted: the text above is what the model had written")
	}
	return nil
}

// replyBuilder joins the consecutive text parts of one role into one
// message.
type replyBuilder struct {
	t    *Transcript
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
	b.t.addMessage(b.role, text)
	if b.role == cards.RoleAssistant {
		b.lastText = text
	}
	b.text = nil
}

// callPart makes the card of a tool-call part, unless a card with its id
// exists (the tool/call event came first) or it has no id to match its
// event and result by.
func (h *eventHandler) callPart(t *Transcript, id, tool string, args []byte) {
	if id == "" || t.hasCard(id) {
		return
	}
	i := t.addCall(id, tool, h.tools.Call(tool, args))
	h.partCards[id] = i
	h.pending[i] = toolInput{tool: tool, args: args}
}

// toolCallData is the data of a tool/call event.
type toolCallData struct {
	CallID    string          `json:"callId"`
	Name      string          `json:"name"`
	Arguments json.RawMessage `json:"arguments"`
}

func (h *eventHandler) toolCall(t *Transcript, src eventSource) error {
	d, err := decodeEvent[toolCallData](src)
	if err != nil {
		return err
	}
	if d.CallID == "" {
		return errors.New(`missing field "data.callId"`)
	}
	in := toolInput{tool: d.Name, args: toolArguments(d.Arguments)}
	if i, ok := h.partCards[d.CallID]; ok {
		delete(h.partCards, d.CallID)
		h.confirmCall(t, i, in)
		return nil
	}
	i := t.addCall(d.CallID, in.tool, h.tools.Call(in.tool, in.args))
	h.pending[i] = in
	return nil
}

// confirmCall applies the tool/call event of the card a tool-call part
// made: when its name or arguments differ from the part's, they replace
// them.
func (h *eventHandler) confirmCall(t *Transcript, i int, in toolInput) {
	seen, pending := h.pending[i]
	if pending && seen.tool == in.tool && bytes.Equal(seen.args, in.args) {
		return
	}
	t.setCall(i, in.tool, h.tools.Call(in.tool, in.args))
	if pending {
		h.pending[i] = in
	}
}

// toolArguments are a call's raw JSON arguments: the harness writes them
// as a string of JSON; any other JSON value is taken as it is.
func toolArguments(raw json.RawMessage) []byte {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return []byte(s)
	}
	return raw
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

func (h *eventHandler) toolResult(t *Transcript, src eventSource) error {
	d, err := decodeEvent[toolResultData](src)
	if err != nil {
		return err
	}
	if d.Message == nil {
		return errors.New(`missing field "data.message"`)
	}
	parts, err := toolResultParts(d.Message.Content)
	if err != nil {
		return err
	}
	for _, p := range parts {
		h.result(t, p.ToolCallID, producers.NewResult(p.Content, p.IsError, d.Error, d.Meta))
	}
	return nil
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
// own, presented generically).
func (h *eventHandler) result(t *Transcript, id string, r producers.Result) {
	var in toolInput
	if i, ok := t.awaitingResult(id); ok {
		in = h.pending[i]
		delete(h.pending, i)
	}
	t.addResult(id, h.tools.Result(in.tool, in.args, r))
}

// sessionTitleData is the data of a session/title event.
type sessionTitleData struct {
	Title string `json:"title"`
}

func (h *eventHandler) sessionTitle(t *Transcript, src eventSource) error {
	d, err := decodeEvent[sessionTitleData](src)
	if err != nil {
		return err
	}
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

func (h *eventHandler) compactionSummary(t *Transcript, src eventSource) error {
	d, err := decodeEvent[compactionSummaryData](src)
	if err != nil {
		return err
	}
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
	t.addMessage(cards.RoleContext, summary)
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

func (h *eventHandler) turnEnd(t *Transcript, src eventSource) error {
	d, err := decodeEvent[turnEndData](src)
	if err != nil {
		return err
	}
	turn := "The turn"
	if d.Turn > 0 {
		turn = fmt.Sprintf("Turn %d", d.Turn)
	}
	switch r := d.Reason; r.Kind {
	case "", "completed":
		t.AddSkipped("turn/end")
	case "aborted":
		if r.Reason.Kind == "" {
			t.AddNotice(turn + " was aborted")
		} else {
			t.AddNotice(turn + " was aborted by the " + r.Reason.Kind)
		}
	case "error":
		t.AddNotice(turn + " failed: " + r.Error.String())
	case "max-tokens":
		t.AddNotice(turn + " stopped: the reply reached the model's output token limit")
	default:
		t.AddNotice(turn + " ended: " + r.Kind)
	}
	return nil
}

// approvalAskedData is the data of an approval/asked event.
type approvalAskedData struct {
	ID       string `json:"id"`
	ToolName string `json:"toolName"`
	Reason   string `json:"reason"`
}

func (h *eventHandler) approvalAsked(t *Transcript, src eventSource) error {
	d, err := decodeEvent[approvalAskedData](src)
	if err != nil {
		return err
	}
	h.approvals[d.ID] = d.ToolName
	text := "Approval asked"
	if d.ToolName != "" {
		text += " for " + d.ToolName
	}
	if d.Reason != "" {
		text += ": " + d.Reason
	}
	t.AddNotice(text)
	return nil
}

// approvalDecidedData is the data of an approval/decided event.
type approvalDecidedData struct {
	ID      string `json:"id"`
	Outcome string `json:"outcome"`
}

func (h *eventHandler) approvalDecided(t *Transcript, src eventSource) error {
	d, err := decodeEvent[approvalDecidedData](src)
	if err != nil {
		return err
	}
	text := "Approval"
	if tool := h.approvals[d.ID]; tool != "" {
		text += " for " + tool
	}
	delete(h.approvals, d.ID)
	t.AddNotice(text + ": " + strings.ReplaceAll(d.Outcome, "-", " "))
	return nil
}

// hookResultData is the data of a hook/result event.
type hookResultData struct {
	Point         string `json:"point"`
	Decision      string `json:"decision"`
	StderrSummary string `json:"stderrSummary"`
}

func (h *eventHandler) hookResult(t *Transcript, src eventSource) error {
	d, err := decodeEvent[hookResultData](src)
	if err != nil {
		return err
	}
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

func (h *eventHandler) llmRetry(t *Transcript, src eventSource) error {
	d, err := decodeEvent[llmRetryData](src)
	if err != nil {
		return err
	}
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
func (h *eventHandler) runResult(t *Transcript, output string, usage *runUsage) {
	if out := strings.TrimSpace(output); out != "" && out != strings.TrimSpace(h.lastReply) {
		t.addMessage(cards.RoleAssistant, output)
		h.lastReply = output
	}
	text := "The run finished"
	if usage != nil {
		text += fmt.Sprintf(" (%d input tokens, %d output tokens)", usage.InputTokens, usage.OutputTokens)
	}
	t.AddNotice(text)
}
