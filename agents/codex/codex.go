package codex

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/cardtui/cardtui/internal/fastjson"
	"github.com/cardtui/cardtui/internal/jsonscan"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/producers"
	"github.com/cardtui/cardtui/replay"
)

// codexLineTypes are the line types of a Codex rollout.
var codexLineTypes = []string{"session_meta", "response_item", "event_msg", "turn_context", "compacted"}

// isCodexLine reports whether a line is a Codex rollout's: one of its
// types, with a payload.
func isCodexLine(head map[string]json.RawMessage, typ string) bool {
	_, ok := head["payload"]
	return ok && slices.Contains(codexLineTypes, typ)
}

// codexRollout decodes a Codex CLI rollout: {"timestamp", "type",
// "payload"} lines. A rollout records most things twice — as the response
// items the model saw and as the events the UI got — and the decoder
// shows each once:
//
//   - session_meta: a Notice naming the session's directory and version.
//   - response_item message, and the user_message and agent_message
//     events: the user's prompt (the instructions and environment Codex
//     sends as user messages are collapsed context), the assistant's text.
//   - response_item reasoning, and the agent_reasoning events: collapsed
//     reasoning.
//   - function_call, custom_tool_call and local_shell_call (and the
//     exec_command_begin and patch_apply_begin events of a call not seen
//     as one): a card, one per call_id, presented by the Codex producers.
//   - their outputs and the exec_command_end and patch_apply_end events:
//     the card's result. The event is the result's meta (exit code,
//     duration, the changes with line numbers), so when both come the
//     result is presented again with everything known.
//   - web_search_call: a card with the query.
//   - turn_aborted, compacted (or the context_compacted event), error: a
//     Notice (compacted also shows the summary as collapsed context).
//   - thread_rolled_back: the entries of the turns it undid are marked
//     rolled back, and a Notice says so (rollback.go).
//   - turn_context, token_count and task_complete: the facts of the
//     turn's line (turns.go).
//   - everything else — task_started, the streaming deltas, a second copy of a call or message, unknown
//     types — is counted in Stats.Skipped.
type codexRollout struct {
	tools    producers.Registry
	calls    map[string]*codexCall
	echo     echoes
	codeMode codeMode
	// compacted is set once a compaction was shown in the current turn:
	// the compacted line and the context_compacted event say it twice.
	compacted bool
	// turns are the indexes of the user prompts that start the turns not
	// rolled back, in order (see rollback.go).
	turns []int
	// cwd is the session's directory, which patches name files in.
	cwd string
	// terminals maps the session a command still runs in to the
	// command's call id (see polls.go).
	terminals map[string]string
	// group is the latest "Explored" card (see explore.go).
	group *exploreGroup
	// facts gathers the facts of each turn (turns.go).
	facts codexTurns
}

// codexCall is what is known of one call_id.
type codexCall struct {
	index int // the card's index in the transcript
	tool  string
	args  []byte
	// called is set once the call was seen; fromEvent when only its begin
	// event was, whose arguments the response item's replace.
	called, fromEvent bool
	// output is the output the model got; end the exec_command_end or
	// patch_apply_end event; changes the changes of patch_apply_begin.
	output       *string
	end, changes json.RawMessage
	hasResult    bool
	// nested is the path of the card of a command a code-mode script ran,
	// nil for a card at the top level (see codemode.go).
	nested *replay.CardPath
	// pollOf is the command a write_stdin call polls, when it is folded
	// into that command's card; polls are what a command's polls
	// returned (see polls.go).
	pollOf string
	polls  []execOutput
	// parsed is how Codex parsed the command of a shell call (parsed_cmd);
	// group is the "Explored" card it is nested in (explore.go).
	parsed []parsedCommand
	group  *exploreGroup
}

func newCodexRollout() *codexRollout {
	return &codexRollout{tools: Tools(), calls: map[string]*codexCall{}, codeMode: newCodeMode(), terminals: map[string]string{}, facts: newCodexTurns()}
}

// codexLine is a line of a rollout.
type codexLine struct {
	Type      *string         `json:"type"`
	Payload   json.RawMessage `json:"payload"`
	Timestamp string          `json:"timestamp"`
}

// DecodeLine decodes one rollout line as one event (replay.ApplyObject).
func (d *codexRollout) DecodeLine(t *replay.Transcript, l replay.Line) {
	if d.skipUnshown(t, l) {
		return
	}
	replay.ApplyObject(t, l, d.decode)
}

func (d *codexRollout) decode(t *replay.Transcript, l codexLine) error {
	if l.Type == nil {
		return errors.New(`missing field "type"`)
	}
	typ := *l.Type
	defer d.facts.observe(t, typ, l.Timestamp, l.Payload, len(t.Entries))
	if typ == "turn_context" {
		return nil // its model is the turn's (turns.go)
	}
	if !slices.Contains(codexLineTypes, typ) {
		t.AddSkipped(typ)
		return nil
	}
	payload, err := payloadObject(l.Payload)
	if err == nil {
		err = d.apply(t, typ, payload)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", typ, err)
	}
	return nil
}

// payloadObject checks that a line's payload is an object.
func payloadObject(raw json.RawMessage) ([]byte, error) {
	payload := bytes.TrimSpace(raw)
	switch {
	case len(payload) == 0 || string(payload) == "null":
		return nil, errors.New(`missing field "payload"`)
	case payload[0] != '{':
		return nil, errors.New(`field "payload": want an object, found ` + replay.JSONType(payload))
	}
	return payload, nil
}

// apply applies the payload of a line of one of the types shown.
func (d *codexRollout) apply(t *replay.Transcript, typ string, payload []byte) error {
	switch typ {
	case "session_meta":
		return d.sessionMeta(t, payload)
	case "response_item":
		return d.responseItem(t, payload)
	case "event_msg":
		return d.event(t, payload)
	}
	return d.compaction(t, payload)
}

// decodePayload decodes a payload into v, naming its fields from the line.
func decodePayload(payload []byte, v any) error {
	err := fastjson.Unmarshal(payload, v)
	var typeErr *json.UnmarshalTypeError
	if errors.As(err, &typeErr) {
		return replay.TypeError(typeErr, "payload."+typeErr.Field)
	}
	return err
}

// codexMeta is the payload of session_meta.
type codexMeta struct {
	ID         string `json:"id"`
	Cwd        string `json:"cwd"`
	CLIVersion string `json:"cli_version"`
	Git        *struct {
		Branch string `json:"branch"`
	} `json:"git"`
}

// sessionMeta shows where and with which Codex the session ran.
func (d *codexRollout) sessionMeta(t *replay.Transcript, payload []byte) error {
	var m codexMeta
	if err := decodePayload(payload, &m); err != nil {
		return err
	}
	d.cwd = m.Cwd
	text := "Codex session"
	if m.CLIVersion != "" {
		text = "Codex " + m.CLIVersion + " session"
	}
	if m.Cwd != "" {
		text += " in " + m.Cwd
	}
	if m.Git != nil && m.Git.Branch != "" {
		text += " (branch " + m.Git.Branch + ")"
	}
	t.AddNotice(text)
	return nil
}

// codexItem is the payload of a response_item, of any type.
type codexItem struct {
	Type      *string         `json:"type"`
	Role      string          `json:"role"`
	Content   json.RawMessage `json:"content"`
	Summary   json.RawMessage `json:"summary"`
	Name      string          `json:"name"`
	Arguments json.RawMessage `json:"arguments"`
	Input     json.RawMessage `json:"input"`
	CallID    string          `json:"call_id"`
	ID        string          `json:"id"`
	Output    json.RawMessage `json:"output"`
	Action    json.RawMessage `json:"action"`
	Status    string          `json:"status"`
}

// codexItemTypes are the response items the decoder shows.
var codexItemTypes = []string{
	"message", "reasoning", "function_call", "custom_tool_call", "local_shell_call",
	"web_search_call", "function_call_output", "custom_tool_call_output", "local_shell_call_output",
}

func (d *codexRollout) responseItem(t *replay.Transcript, payload []byte) error {
	var it codexItem
	if err := decodePayload(payload, &it); err != nil {
		return unknownPayload(t, "response_item", payload, codexItemTypes, err)
	}
	if it.Type == nil {
		return errors.New(`missing field "payload.type"`)
	}
	err := d.applyItem(t, *it.Type, it)
	if errors.Is(err, errSeen) || errors.Is(err, errNotShown) {
		t.AddSkipped("response_item/" + *it.Type)
		return nil
	}
	return err
}

// applyItem applies a response item of type typ; errSeen and errNotShown
// say that it shows nothing.
func (d *codexRollout) applyItem(t *replay.Transcript, typ string, it codexItem) error {
	switch typ {
	case "message":
		return d.itemMessage(t, it)
	case "reasoning":
		return d.itemReasoning(t, it)
	case "function_call":
		return d.call(t, it.CallID, it.Name, replay.ToolArguments(it.Arguments), false)
	case "custom_tool_call":
		return d.call(t, it.CallID, it.Name, wrapInput(it.Input), false)
	case "local_shell_call":
		return d.call(t, firstNonEmpty(it.CallID, it.ID), "local_shell", it.Action, false)
	case "web_search_call":
		return d.webSearch(t, it)
	case "function_call_output", "custom_tool_call_output", "local_shell_call_output":
		return d.output(t, it.CallID, outputText(it.Output))
	}
	return errNotShown
}

// unknownPayload handles a payload whose fields did not decode: one of a
// type the decoder does not show is skipped, anything else is err.
func unknownPayload(t *replay.Transcript, line string, payload []byte, shown []string, err error) error {
	var head struct {
		Type *string `json:"type"`
	}
	if json.Unmarshal(payload, &head) != nil || head.Type == nil || slices.Contains(shown, *head.Type) {
		return err
	}
	t.AddSkipped(line + "/" + *head.Type)
	return nil
}

// firstNonEmpty returns a, or b when a is empty.
func firstNonEmpty(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// wrapInput makes the free-form input of a custom tool call (a JSON
// string, such as apply_patch's patch) the arguments {"input": ...}.
func wrapInput(input json.RawMessage) []byte {
	if len(bytes.TrimSpace(input)) == 0 {
		return []byte(`{}`)
	}
	return append(append([]byte(`{"input":`), input...), '}')
}

// outputText is the text of a call's output: a string (most versions), or
// the text items of an array or the content of an object (newer ones);
// anything else as its JSON. Only the form its first byte allows is
// decoded.
func outputText(raw json.RawMessage) string {
	switch jsonscan.NewCursor(raw).Peek() {
	case '"', 'n':
		var s string
		if fastjson.Unmarshal(raw, &s) == nil {
			return s
		}
	case '{':
		var obj struct {
			Content *string `json:"content"`
		}
		if fastjson.Unmarshal(raw, &obj) == nil && obj.Content != nil {
			return *obj.Content
		}
	case '[':
		var items []codexPart
		if fastjson.Unmarshal(raw, &items) == nil {
			return partsText(items)
		}
	}
	return string(bytes.TrimSpace(raw))
}

// codexPart is one part of a message's content.
type codexPart struct {
	Type string `json:"type"`
	Text string `json:"text"`
}

// partsText joins the text of content parts; an image is a placeholder.
func partsText(parts []codexPart) string {
	var texts []string
	for _, p := range parts {
		switch {
		case p.Text != "":
			texts = append(texts, p.Text)
		case p.Type == "input_image":
			texts = append(texts, "[image]")
		case p.Type != "":
			texts = append(texts, "["+p.Type+" part]")
		}
	}
	return strings.Join(texts, "\n\n")
}

// codexContent reads a message's content: a string or an array of parts.
func codexContent(raw json.RawMessage) (string, error) {
	trimmed := bytes.TrimSpace(raw)
	if len(trimmed) == 0 || string(trimmed) == "null" {
		return "", nil
	}
	if trimmed[0] == '"' {
		var s string
		err := fastjson.Unmarshal(trimmed, &s)
		return s, err
	}
	var parts []codexPart
	if err := fastjson.Unmarshal(trimmed, &parts); err != nil {
		return "", fmt.Errorf(`field "payload.content": want a string or an array of parts`)
	}
	return partsText(parts), nil
}

// itemMessage shows a message the model saw: the user's and the
// assistant's, unless its event showed it already; what Codex itself says
// to the model (instructions, environment, developer messages) as context.
func (d *codexRollout) itemMessage(t *replay.Transcript, it codexItem) error {
	text, err := codexContent(it.Content)
	if err != nil || isBlank(text) {
		return errOr(err, errNotShown)
	}
	role := cards.RoleAssistant
	switch it.Role {
	case "user":
		role = cards.RoleUser
		if isCodexContext(text) {
			role = cards.RoleContext
		}
	case "assistant":
	default:
		role = cards.RoleContext
	}
	return d.message(t, false, role, text)
}

// message shows a message unless it is blank or the echo of one shown
// already (errSeen).
func (d *codexRollout) message(t *replay.Transcript, fromEvent bool, role cards.Role, text string) error {
	if isBlank(text) || d.echo.duplicate(fromEvent, role, text) {
		return errSeen
	}
	if role == cards.RoleUser {
		d.compacted = false
	}
	if role != cards.RoleAssistant {
		i := t.PutMessage(role, text)
		if role == cards.RoleContext {
			t.MarkInternal(i) // Codex's UI shows none of what it tells the model
		}
		if role == cards.RoleUser {
			d.turns = append(d.turns, len(t.Entries)-1)
		}
		return nil
	}
	for _, part := range splitPlans(text) {
		t.PutMessage(part.role, part.text)
	}
	return nil
}

// proposedPlanTag is the element Codex's plan mode writes a plan in.
const proposedPlanTag = "proposed_plan"

// rolePart is a part of an assistant message shown on its own.
type rolePart struct {
	role cards.Role
	text string
}

// splitPlans splits an assistant message around its
// <proposed_plan>…</proposed_plan> elements: the text between them stays
// the assistant's, each plan is a plan. A plan left open runs to the end.
func splitPlans(text string) []rolePart {
	var parts []rolePart
	add := func(role cards.Role, s string) {
		if !isBlank(s) {
			parts = append(parts, rolePart{role, strings.Trim(s, "\n")})
		}
	}
	for {
		before, rest, ok := strings.Cut(text, "<"+proposedPlanTag+">")
		if !ok {
			add(cards.RoleAssistant, text)
			return parts
		}
		add(cards.RoleAssistant, before)
		plan, after, _ := strings.Cut(rest, "</"+proposedPlanTag+">")
		add(cards.RolePlan, plan)
		text = after
	}
}

// isCodexContext reports whether a user message is one Codex writes
// itself: a single element such as <environment_context>…</…> or
// <user_instructions>, or the AGENTS.md instructions.
func isCodexContext(text string) bool {
	text = strings.TrimSpace(text)
	if strings.HasPrefix(text, "# AGENTS.md instructions") {
		return true
	}
	name, ok := strings.CutPrefix(text, "<")
	if !ok {
		return false
	}
	name, _, ok = strings.Cut(name, ">")
	return ok && (name == "INSTRUCTIONS" || isTagName(name)) && strings.HasSuffix(text, "</"+name+">")
}

// isTagName accepts the snake_case names of Codex's elements.
func isTagName(name string) bool {
	return strings.Contains(name, "_") && strings.Trim(name, "abcdefghijklmnopqrstuvwxyz_") == ""
}

// itemReasoning shows the reasoning summary (and raw reasoning when the
// rollout has it) as collapsed reasoning.
func (d *codexRollout) itemReasoning(t *replay.Transcript, it codexItem) error {
	var summary, content []codexPart
	if err := unmarshalOptional(it.Summary, &summary); err != nil {
		return fmt.Errorf(`field "payload.summary": want an array of parts`)
	}
	if err := unmarshalOptional(it.Content, &content); err != nil {
		return fmt.Errorf(`field "payload.content": want an array of parts`)
	}
	shown := false
	for _, p := range append(summary, content...) {
		shown = d.message(t, false, cards.RoleReasoning, p.Text) == nil || shown
	}
	if !shown {
		return errNotShown
	}
	return nil
}

// unmarshalOptional decodes raw into v unless it is absent or null.
func unmarshalOptional(raw json.RawMessage, v any) error {
	if trimmed := bytes.TrimSpace(raw); len(trimmed) == 0 || string(trimmed) == "null" {
		return nil
	}
	return fastjson.Unmarshal(raw, v)
}

// call adds the card of a call, once per call_id: a second copy is
// skipped, except that a response item replaces a begin event's
// arguments; a call whose output came first completes that card. A
// second response item with the id but other arguments is no copy: it
// gets a card of its own (and the transcript a Problem), and what comes
// later for the id goes to it.
func (d *codexRollout) call(t *replay.Transcript, id, tool string, args []byte, fromEvent bool) error {
	if id == "" {
		return errors.New(`missing field "payload.call_id"`)
	}
	c := d.calls[id]
	switch {
	case c == nil:
		c = &codexCall{}
		d.calls[id] = c
	case c.called && (fromEvent || !c.fromEvent && bytes.Equal(args, c.args)):
		return errSeen
	case c.called && !c.fromEvent: // other arguments under the id
		c = &codexCall{}
		d.calls[id] = c
	}
	hadCard := c.called || c.hasResult
	c.tool, c.args, c.called, c.fromEvent = tool, args, true, fromEvent
	view, problem := d.tools.Present(tool, args)
	view = d.exploreCallView(c, view)
	switch {
	case !hadCard && fromEvent && d.nestedCard(t, id, tool, view):
		t.ArgumentsProblem(tool, problem)
		return nil
	case !hadCard && tool == "write_stdin" && d.foldPoll(t, c, args):
		return nil
	case !hadCard:
		d.putCall(t, id, c, view)
		if fromEvent {
			uncountScriptCall(t, id)
		}
		d.codeMode.opened(id, tool, args)
		t.ArgumentsProblem(tool, problem)
		return nil
	case c.nested != nil:
		t.UpdateCard(*c.nested, func(card cards.ToolCard) cards.ToolCard {
			card.Tool, card.Call = tool, view
			return card
		})
	default:
		t.SetCall(c.index, tool, view)
	}
	t.ArgumentsProblem(tool, problem)
	if c.hasResult {
		d.present(t, id, c)
	}
	return nil
}

// errSeen says that a line repeats what was shown already; the caller
// counts it as skipped.
var errSeen = errors.New("seen already")

// output records the output the model got for a call.
func (d *codexRollout) output(t *replay.Transcript, id, text string) error {
	c, err := d.callFor(id)
	if err != nil || c.output != nil {
		return errOr(err, errSeen)
	}
	c.output = &text
	d.codeMode.answered(id, text)
	if c.pollOf != "" {
		d.pollAnswered(t, c, text)
		return nil
	}
	d.runningSession(id, c.tool, text)
	d.present(t, id, c)
	return nil
}

// callFor returns what is known of a call_id, making a record of it for
// an output or event that comes before its call.
func (d *codexRollout) callFor(id string) (*codexCall, error) {
	if id == "" {
		return nil, errors.New(`missing field "payload.call_id"`)
	}
	c := d.calls[id]
	if c == nil {
		c = &codexCall{}
		d.calls[id] = c
	}
	return c, nil
}

// errOr returns err, or otherwise when err is nil.
func errOr(err, otherwise error) error {
	if err != nil {
		return err
	}
	return otherwise
}

// present gives a call's card its result from everything known of it,
// replacing the result it had.
func (d *codexRollout) present(t *replay.Transcript, id string, c *codexCall) {
	r := producers.Result{Meta: c.end}
	if c.output != nil {
		r.Content = []cards.ContentBlock{cards.TextBlock{Text: withPolls(*c.output, c.polls)}}
	}
	r.Outcome = Outcome(r)
	view, outcome := d.exploreResultView(c, d.tools.Result(c.tool, c.args, r), r.Outcome)
	r.Outcome = outcome
	if c.nested != nil {
		t.UpdateCard(*c.nested, func(card cards.ToolCard) cards.ToolCard {
			card.Result, card.Outcome = view, r.Outcome
			return card
		})
		c.hasResult = true
		if c.group != nil {
			d.refreshGroup(t, c.group)
		}
		return
	}
	if !c.hasResult {
		c.index = t.PutResultAs(id, view, r.Outcome)
		c.hasResult = true
		return
	}
	t.SetResult(c.index, view, r.Outcome)
}

// webSearch adds the card of a web search the model ran; its results went
// to the model only.
func (d *codexRollout) webSearch(t *replay.Transcript, it codexItem) error {
	id := firstNonEmpty(it.ID, it.CallID)
	if id == "" {
		id = fmt.Sprintf("web_search@%d", t.LineNumber())
	}
	args := it.Action
	if len(bytes.TrimSpace(args)) == 0 || string(bytes.TrimSpace(args)) == "null" {
		args = []byte(`{}`)
	}
	if err := d.call(t, id, "web_search", args, false); err != nil || it.Status != "completed" {
		return err
	}
	return d.output(t, id, "The search results went to the model; the rollout does not record them.")
}

// codexEvent is the payload of an event_msg, of any type.
type codexEvent struct {
	Type    *string         `json:"type"`
	Message json.RawMessage `json:"message"`
	Text    string          `json:"text"`
	Kind    string          `json:"kind"`
	CallID  string          `json:"call_id"`
	Command json.RawMessage `json:"command"`
	Cwd     string          `json:"cwd"`
	Changes json.RawMessage `json:"changes"`
	Reason  string          `json:"reason"`
	// NumTurns is thread_rolled_back's.
	NumTurns *int `json:"num_turns"`
	// Item is item_completed's (see items.go).
	Item json.RawMessage `json:"item"`
	// ParsedCmd is the exec events' (see tools_explore.go).
	ParsedCmd json.RawMessage `json:"parsed_cmd"`
}

// codexEventTypes are the events the decoder shows.
var codexEventTypes = []string{
	"user_message", "agent_message", "agent_reasoning", "agent_reasoning_raw_content",
	"exec_command_begin", "exec_command_end", "patch_apply_begin", "patch_apply_end", "turn_aborted",
	"context_compacted", "error", "thread_rolled_back", "item_completed",
}

func (d *codexRollout) event(t *replay.Transcript, payload []byte) error {
	var e codexEvent
	if err := decodePayload(payload, &e); err != nil {
		return unknownPayload(t, "event_msg", payload, codexEventTypes, err)
	}
	if e.Type == nil {
		return errors.New(`missing field "payload.type"`)
	}
	what := "event_msg/" + *e.Type
	var err error
	if *e.Type == "item_completed" {
		var item string
		item, err = d.itemCompleted(t, e.Item)
		what += "/" + item
	} else {
		err = d.applyEvent(t, *e.Type, e, payload)
	}
	if errors.Is(err, errNotShown) && turnEvent(*e.Type) {
		return nil // the turn's line shows it (turns.go)
	}
	if errors.Is(err, errSeen) || errors.Is(err, errNotShown) {
		t.AddSkipped(what)
		return nil
	}
	return err
}

// errNotShown says that an event is not displayed.
var errNotShown = errors.New("not shown")

// applyEvent applies an event of type typ, like applyItem.
func (d *codexRollout) applyEvent(t *replay.Transcript, typ string, e codexEvent, payload []byte) error {
	switch typ {
	case "user_message":
		return d.eventMessage(t, e, cards.RoleUser)
	case "agent_message":
		return d.eventMessage(t, e, cards.RoleAssistant)
	case "agent_reasoning", "agent_reasoning_raw_content":
		return d.eventText(t, e, cards.RoleReasoning)
	case "exec_command_begin":
		if c, err := d.callFor(e.CallID); err == nil {
			d.noteParsed(c, e.ParsedCmd)
		}
		return d.call(t, e.CallID, "shell", shellArgs(e), true)
	case "patch_apply_begin":
		return d.patchBegin(t, e)
	case "exec_command_end":
		return d.endWith(t, e, "shell", shellArgs(e), payload, e.ParsedCmd)
	case "patch_apply_end":
		e.Changes, _ = relativeKeys(e.Changes, d.cwd)
		return d.end(t, e, "apply_patch", changesArgs(e.Changes), relativeChanges(payload, d.cwd))
	case "turn_aborted":
		t.InterruptPending()
		t.AddNotice(abortNotice(e.Reason))
		return nil
	case "context_compacted":
		return d.compactionNotice(t, "")
	case "error":
		return d.errorNotice(t, e)
	case "thread_rolled_back":
		return d.rollBack(t, e)
	}
	return errNotShown
}

// eventMessage shows a user_message or agent_message, unless its response
// item showed it already.
func (d *codexRollout) eventMessage(t *replay.Transcript, e codexEvent, role cards.Role) error {
	var text string
	if err := unmarshalOptional(e.Message, &text); err != nil {
		return errors.New(`field "payload.message": want a string`)
	}
	if role == cards.RoleUser && e.Kind != "" && e.Kind != "plain" {
		role = cards.RoleContext
	}
	return d.message(t, true, role, text)
}

// eventText shows the text of a reasoning event.
func (d *codexRollout) eventText(t *replay.Transcript, e codexEvent, role cards.Role) error {
	return d.message(t, true, role, e.Text)
}

// shellArgs are the arguments of a card made from an exec event: its
// command and working directory.
func shellArgs(e codexEvent) []byte {
	args, _ := json.Marshal(struct {
		Command json.RawMessage `json:"command,omitempty"`
		Workdir string          `json:"workdir,omitempty"`
	}{e.Command, e.Cwd})
	return args
}

// changesArgs are the arguments of a card made from a patch event.
func changesArgs(changes json.RawMessage) []byte {
	args, _ := json.Marshal(struct {
		Changes json.RawMessage `json:"changes,omitempty"`
	}{changes})
	return args
}

// patchBegin keeps the changes a patch will apply, for its result, and
// makes its card when its call was not seen (errSeen when it was).
func (d *codexRollout) patchBegin(t *replay.Transcript, e codexEvent) error {
	e.Changes, _ = relativeKeys(e.Changes, d.cwd)
	err := d.call(t, e.CallID, "apply_patch", changesArgs(e.Changes), true)
	if err == nil || errors.Is(err, errSeen) {
		d.calls[e.CallID].changes = e.Changes
	}
	return err
}

// end records a call's end event, the meta of its result (a patch's with
// the changes of its begin event when it has none), making the call's card
// from the event when the call was not seen.
func (d *codexRollout) end(t *replay.Transcript, e codexEvent, tool string, args, payload []byte) error {
	return d.endWith(t, e, tool, args, payload, nil)
}

// endWith is end for an event that says how Codex parsed the command
// (parsed_cmd; nil when it does not).
func (d *codexRollout) endWith(t *replay.Transcript, e codexEvent, tool string, args, payload []byte, parsed json.RawMessage) error {
	c, err := d.callFor(e.CallID)
	if err != nil || c.end != nil {
		return errOr(err, errSeen)
	}
	hadParsed := c.parsed != nil
	d.noteParsed(c, parsed)
	switch {
	case !c.called:
		if err := d.call(t, e.CallID, tool, args, true); err != nil {
			return err
		}
		c = d.calls[e.CallID]
	case !hadParsed && c.parsed != nil:
		d.redrawCall(t, c)
	}
	c.end = withChanges(payload, c.changes)
	d.present(t, e.CallID, c)
	return nil
}

// redrawCall presents a call's card again, once more is known of it.
func (d *codexRollout) redrawCall(t *replay.Transcript, c *codexCall) {
	view, _ := d.tools.Present(c.tool, c.args)
	view = d.exploreCallView(c, view)
	if c.nested != nil {
		t.UpdateCard(*c.nested, func(card cards.ToolCard) cards.ToolCard {
			card.Call = view
			return card
		})
		return
	}
	if c.index < len(t.Entries) {
		if card, ok := t.Entries[c.index].(cards.ToolCard); ok && card.Call != nil {
			t.SetCall(c.index, c.tool, view)
		}
	}
}

// withChanges adds the changes of a patch_apply_begin event to an end
// event that has none.
func withChanges(payload, changes json.RawMessage) json.RawMessage {
	if len(changes) == 0 {
		return payload
	}
	var fields map[string]json.RawMessage
	if json.Unmarshal(payload, &fields) != nil {
		return payload
	}
	if has, ok := fields["changes"]; ok && string(bytes.TrimSpace(has)) != "null" {
		return payload
	}
	fields["changes"] = changes
	merged, err := json.Marshal(fields)
	if err != nil {
		return payload
	}
	return merged
}

// abortNotice words a turn_aborted event's reason.
func abortNotice(reason string) string {
	switch reason {
	case "":
		return "The turn was aborted"
	case "interrupted":
		return "The turn was interrupted by the user"
	}
	return "The turn was aborted (" + strings.ReplaceAll(reason, "_", " ") + ")"
}

// compaction applies a compacted line: a Notice and the summary.
func (d *codexRollout) compaction(t *replay.Transcript, payload []byte) error {
	var c struct {
		Message string `json:"message"`
	}
	if err := decodePayload(payload, &c); err != nil {
		return err
	}
	err := d.compactionNotice(t, c.Message)
	if errors.Is(err, errNotShown) {
		t.AddSkipped("compacted")
		return nil
	}
	return err
}

// compactionNotice says the context was compacted, once per turn, with
// the summary as collapsed context when there is one.
func (d *codexRollout) compactionNotice(t *replay.Transcript, summary string) error {
	if d.compacted && isBlank(summary) {
		return errNotShown
	}
	if isBlank(summary) {
		t.AddNotice("Context compacted")
	} else {
		t.AddNotice("Context compacted: the earlier conversation was replaced by the summary below")
		t.PutMessage(cards.RoleContext, summary)
	}
	d.compacted = true
	return nil
}

// errorNotice shows an error event.
func (d *codexRollout) errorNotice(t *replay.Transcript, e codexEvent) error {
	var text string
	if err := unmarshalOptional(e.Message, &text); err != nil {
		return errors.New(`field "payload.message": want a string`)
	}
	if isBlank(text) {
		return errNotShown
	}
	t.AddNotice("Error: " + strings.TrimSpace(text))
	return nil
}

// echoWindow is how many messages of each source wait for their echo.
const echoWindow = 32

// echoes pairs the messages a rollout records twice, as a response item
// and as an event, in either order: the first is shown, its echo skipped.
type echoes struct {
	items, events []echoKey
}

type echoKey struct {
	role cards.Role
	text string
}

// duplicate reports whether a message echoes one of the other source;
// when it does not, it waits for its own echo.
func (e *echoes) duplicate(fromEvent bool, role cards.Role, text string) bool {
	mine, theirs := &e.items, &e.events
	if fromEvent {
		mine, theirs = theirs, mine
	}
	key := echoKey{role, strings.TrimSpace(text)}
	if i := slices.Index(*theirs, key); i >= 0 {
		*theirs = slices.Delete(*theirs, i, i+1)
		return true
	}
	*mine = append(*mine, key)
	if len(*mine) > echoWindow {
		*mine = slices.Delete(*mine, 0, 1)
	}
	return false
}

// Format is a Codex CLI rollout
// (~/.codex/sessions/…/rollout-*.jsonl): {"timestamp","type","payload"}
// lines, whose type is one of its own.
var Format = replay.Format{
	Name:   "codex",
	Detect: isCodexLine,
	Expect: "codex: " + strings.Join(codexLineTypes, ", ") + " with a payload",
	NewDecoder: func(extra producers.Registry) replay.Decoder {
		d := newCodexRollout()
		maps.Copy(d.tools, extra)
		return d
	},
}

// isBlank reports whether s holds only white space.
func isBlank(s string) bool { return strings.TrimSpace(s) == "" }
