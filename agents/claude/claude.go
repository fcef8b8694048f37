package claude

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"hash/maphash"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/cardtui/cardtui/internal/fastjson"

	"github.com/cardtui/cardtui/agents/internal/claudenotes"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/producers"
	"github.com/cardtui/cardtui/replay"
)

// claudeCode decodes a Claude Code transcript, one JSON
// object per line. What each line type becomes:
//
//   - user: the prompt; a slash command as "/name args"; the output of a
//     local command, a meta message (isMeta) and a sub-agent's messages as
//     collapsed context; "[Request interrupted by user…]" as a Notice; a
//     compaction summary (isCompactSummary) as a Notice and collapsed
//     context; a background task's notification (origin
//     task-notification, or a <task-notification> text) as a Notice.
//     Each tool_result block completes its call's card, presented by the
//     Claude producers with the line's toolUseResult, in the state its
//     result says (see ToolResult).
//   - assistant: text, thinking (collapsed), and a card for each tool_use
//     block.
//   - summary: the session's title, and a Notice.
//   - ai-title: the title Claude Code gave the session, which the status
//     line shows as Claude Code's own list does (no Notice: it is
//     rewritten many times a session); a custom title wins over it.
//   - system: a compaction boundary or a message with text as a Notice.
//   - attachment (a queued command), permission-mode and custom-title: see
//     attachment.go.
//   - every other type (file-history-snapshot, queue-operation, progress,
//     last-prompt…, new ones each release) and every other attachment is
//     counted in Stats.Skipped, never a problem;
//     so are a copy of a line read before (its uuid and bytes) and the
//     system lines that say nothing (such as turn durations). A line that
//     reuses an other line's uuid is shown, with a Problem.
//
// The conversation follows the parentUuid chain: see lineOrder. A
// sub-agent's lines (isSidechain) follow the Task card that started them;
// see subagents.
type claudeCode struct {
	tools producers.Registry
	order *lineOrder
	// pending holds the tool and arguments of each call, by tool_use id,
	// until its result arrives.
	pending map[string]claudeInput
	agents  subagents
	// turns gathers the facts of each turn (turns.go).
	turns  claudeTurns
	nested nestedAgents
	// taskNames are the descriptions of a stream's agents, by task id.
	taskNames map[string]string
	// mode is the permission mode last shown; titled is set once the
	// user named the session, whose name a summary then does not replace.
	mode   string
	titled bool
	// aiTitled is set once Claude Code titled the session itself
	// (ai-title), which a summary then does not replace either.
	aiTitled bool
	// ahead parses the lines on every processor before they are put in
	// order and applied (see replay.Pipeline).
	ahead replay.Pipeline
}

func newClaudeCode() *claudeCode {
	return &claudeCode{
		tools:     Tools(),
		order:     newLineOrder(),
		pending:   map[string]claudeInput{},
		agents:    newSubagents(),
		turns:     newClaudeTurns(),
		nested:    newNestedAgents(),
		taskNames: map[string]string{},
	}
}

// lineSeed seeds the digests of lines, which are compared within one run.
var lineSeed = maphash.MakeSeed()

// DecodeLine parses the line ahead (see replay.Pipeline); the lines parsed by
// then are put in order.
func (d *claudeCode) DecodeLine(t *replay.Transcript, l replay.Line) { d.ahead.Add(t, l, d) }

// batchDecoder parses each line on its own: parsing is pure.
func (d *claudeCode) BatchDecoder() func([]byte) replay.LineDecode { return d.parse }

// parse parses a line into what puts it in order: its item, numbered
// as the line being applied then is.
func (d *claudeCode) parse(data []byte) replay.LineDecode {
	rec, err := parseClaudeLine(data)
	item := &claudeItem{excerpt: excerptCopy(data), rec: rec, err: err, digest: maphash.Bytes(lineSeed, data)}
	if rec != nil {
		item.uuid, item.parent = rec.uuid, rec.parent
		d.present(rec)
	}
	return func(t *replay.Transcript, _ []byte) error {
		item.number = t.LineNumber()
		d.order.push(item, func(it *claudeItem) { d.apply(t, it) })
		return nil
	}
}

// present presents the record's tool calls and results with the
// producers, which are pure, while the line is parsed ahead: applying it
// only gives them to their cards. A result is presented on its own here;
// its call's arguments are added when it is applied.
func (d *claudeCode) present(rec *claudeRecord) {
	if rec.typ != "user" && rec.typ != "assistant" {
		return
	}
	meta := resultMeta(rec)
	for i := range rec.blocks {
		b := &rec.blocks[i]
		if rec.typ == "assistant" && isCall(*b) {
			b.call, b.problem = presentCall(d.tools, b.Name, b.Input)
		}
		if b.Type == "tool_result" || b.ToolUseID != "" {
			b.result = ToolResult(b.Content, b.IsError, meta)
		}
	}
}

// resultMeta is the toolUseResult of a user line's tool_result: the
// line's, when it has only one.
func resultMeta(rec *claudeRecord) json.RawMessage {
	if rec.typ != "user" || countResults(rec.blocks) != 1 {
		return nil
	}
	return rec.toolUseResult
}

// isCall reports whether a block is a tool call.
func isCall(b claudeBlock) bool { return b.Type == "tool_use" || b.Type == "server_tool_use" }

// ApplyLine puts a parsed line in order; a torn last line is a Notice.
func (d *claudeCode) ApplyLine(t *replay.Transcript, l replay.Line, parsed replay.LineDecode) {
	if l.Torn() {
		t.AddTornNotice(l)
		return
	}
	_ = parsed(t, l.Data) // it puts the line in order, which cannot fail
}

// drain puts every line given so far in order.
func (d *claudeCode) Drain(t *replay.Transcript) { d.ahead.Drain(t) }

// flush applies every line given so far, those held back for their
// parent too.
func (d *claudeCode) Flush(t *replay.Transcript) {
	d.Drain(t)
	d.order.flush(func(it *claudeItem) { d.apply(t, it) })
	d.nestRemaining(t)
}

// excerptCopy keeps as much of a line as a Problem quotes.
func excerptCopy(data []byte) []byte {
	return bytes.Clone(data[:min(len(data), replay.ExcerptBytes+utf8.UTFMax)])
}

// apply turns one line into entries, in conversation order.
func (d *claudeCode) apply(t *replay.Transcript, it *claudeItem) {
	t.SetLine(it.number, it.excerpt)
	if it.err != nil {
		t.AddProblem(it.number, it.err.Error(), it.excerpt)
		return
	}
	t.Stats.Events++
	if it.reused != "" {
		t.AddLineProblem(it.reused)
	}
	rec := it.rec
	if d.streamSubagent(t, rec) {
		return
	}
	before := d.turns.header(t, rec)
	defer d.turns.observe(t, rec, before)
	switch {
	case it.duplicate:
		t.AddSkipped("duplicate uuid")
	case rec.typ == "user":
		d.user(t, rec)
	case rec.typ == "assistant":
		d.assistant(t, rec)
	case rec.typ == "summary":
		d.summary(t, rec)
	case rec.typ == "system":
		d.system(t, rec)
	case rec.typ == "attachment":
		d.attachment(t, rec)
	case rec.typ == "permission-mode":
		d.permissionMode(t, rec)
	case rec.typ == "custom-title":
		d.customTitle(t, rec)
	case rec.typ == "result":
		streamResult(t, rec)
	case rec.typ == "ai-title":
		d.aiTitle(t, rec)
	default:
		t.AddSkipped(rec.typ)
	}
}

// user applies a user line: its tool results, then its text. The line's
// toolUseResult belongs to its tool_result when it has only one.
func (d *claudeCode) user(t *replay.Transcript, rec *claudeRecord) {
	prompt := d.agents.enter(t, rec)
	var texts []string
	for _, b := range rec.blocks {
		if b.Type == "tool_result" {
			d.result(t, b.ToolUseID, b.result)
		} else {
			texts = append(texts, blockText(b))
		}
	}
	if rec.text != nil {
		texts = append(texts, *rec.text)
	}
	if !prompt {
		d.userText(t, rec, strings.Join(slices.DeleteFunc(texts, isBlank), "\n\n"))
	}
}

// countResults counts the tool_result blocks.
func countResults(blocks []claudeBlock) int {
	n := 0
	for _, b := range blocks {
		if b.Type == "tool_result" {
			n++
		}
	}
	return n
}

// isBlank reports whether s holds only white space.
func isBlank(s string) bool { return strings.TrimSpace(s) == "" }

// blockText is the text of a message block other than a tool call or
// result: its text, or a placeholder such as "[image: image/png]".
func blockText(b claudeBlock) string {
	switch b.Type {
	case "text":
		return b.Text
	case "image":
		if b.Source != nil && b.Source.MediaType != "" {
			return "[image: " + b.Source.MediaType + "]"
		}
		return "[image]"
	}
	return "[" + b.Type + " block]"
}

// The texts Claude Code writes as user lines that are not the user's.
const (
	interruptedPrefix = "[Request interrupted by user"
	continuedPrefix   = "This session is being continued from a previous conversation"
)

// userText shows the text of a user line for what it is. A sub-agent's
// prompt is not shown: its Task card shows it.
func (d *claudeCode) userText(t *replay.Transcript, rec *claudeRecord, text string) {
	switch {
	case text == "":
	case strings.HasPrefix(text, interruptedPrefix):
		t.AddNotice(interruptNotice(text))
	case rec.compactSummary || strings.HasPrefix(text, continuedPrefix):
		if !afterCompaction(t) {
			t.AddNotice("Context compacted: the earlier conversation was replaced by the summary below")
		}
		t.PutMessage(cards.RoleContext, text)
	case rec.origin == "task-notification" || isTaskNotification(text):
		t.AddNotice(taskNotice(text))
		d.agentAnswer(t, text)
	case rec.sidechain || rec.meta:
		t.PutMessage(cards.RoleContext, text)
	default:
		d.commandOrPrompt(t, text)
	}
}

// compactedPrefix starts the Notices of a compaction.
const compactedPrefix = "Context compacted"

// afterCompaction reports whether the last entry is the Notice of a
// compaction boundary, which the summary that follows it needs no other.
func afterCompaction(t *replay.Transcript) bool {
	if len(t.Entries) == 0 {
		return false
	}
	n, ok := t.Entries[len(t.Entries)-1].(cards.Notice)
	return ok && strings.HasPrefix(n.Text, compactedPrefix)
}

// interruptNotice words "[Request interrupted by user]" and its "for tool
// use" form.
func interruptNotice(text string) string {
	if strings.Contains(text, "for tool use") {
		return "Interrupted by the user while a tool was running"
	}
	return "Interrupted by the user"
}

// commandOrPrompt shows a user text: a slash command as "/name args", a
// shell command typed with "!" as "! command", the output of either as
// collapsed context, anything else as the prompt.
func (d *claudeCode) commandOrPrompt(t *replay.Transcript, text string) {
	if !showCommand(t, text) {
		t.PutMessage(cards.RoleUser, text)
	}
}

// showCommand shows a command or its output, reporting whether the text
// was one.
func showCommand(t *replay.Transcript, text string) bool {
	role, shown, ok := claudenotes.Command(text)
	if ok && shown != "" {
		t.PutMessage(role, shown)
	}
	return ok
}

// assistant applies an assistant line: text, thinking and tool calls.
func (d *claudeCode) assistant(t *replay.Transcript, rec *claudeRecord) {
	d.agents.enter(t, rec)
	text := cards.RoleAssistant
	if rec.sidechain {
		text = cards.RoleContext
	}
	if rec.text != nil && !isBlank(*rec.text) {
		d.reply(t, rec, text, *rec.text)
	}
	for _, b := range rec.blocks {
		switch {
		case b.Type == "thinking" && !isBlank(b.Thinking):
			t.PutMessage(cards.RoleReasoning, b.Thinking)
		case b.Type == "thinking":
		case b.Type == "redacted_thinking":
			t.PutMessage(cards.RoleReasoning, "[redacted thinking]")
		case isCall(b):
			d.call(t, b)
		case b.ToolUseID != "":
			d.result(t, b.ToolUseID, b.result)
		case !isBlank(blockText(b)):
			d.reply(t, rec, text, blockText(b))
		}
	}
}

// reply shows assistant text; an API error Claude Code wrote in the
// assistant's place is a Notice.
func (d *claudeCode) reply(t *replay.Transcript, rec *claudeRecord, role cards.Role, text string) {
	if rec.apiError {
		t.AddNotice(text)
		return
	}
	t.PutMessage(role, text)
}

// call adds the card of a tool_use block, presented ahead.
func (d *claudeCode) call(t *replay.Transcript, b claudeBlock) {
	args := []byte(b.Input)
	if i := t.PutCall(b.ID, b.Name, b.call); b.Name == "ToolSearch" {
		t.MarkInternal(i) // Claude Code draws nothing for loading a deferred tool
	}
	t.ArgumentsProblem(b.Name, b.problem)
	d.pending[b.ID] = claudeInput{tool: b.Name, args: args}
	if b.Name == "Task" || b.Name == "Agent" {
		d.agents.task(b.ID, args)
		d.startNested(t, b.ID, args)
	}
}

// result presents a tool_result with its call's tool and arguments and
// gives it to the call's card.
func (d *claudeCode) result(t *replay.Transcript, id string, r producers.Result) {
	in := d.pending[id]
	delete(d.pending, id)
	t.PutResultAs(id, d.tools.Result(in.tool, in.args, r), r.Outcome)
	if in.tool == "Agent" || in.tool == "Task" {
		d.agentResult(t, id, r)
	}
}

// summary applies a summary line: Claude Code's title for the
// conversation.
func (d *claudeCode) summary(t *replay.Transcript, rec *claudeRecord) {
	summary := strings.TrimSpace(rec.summary)
	if summary == "" {
		t.AddSkipped("summary")
		return
	}
	if !d.titled && !d.aiTitled {
		t.Title = summary
	}
	t.AddNotice("Summary: " + summary)
}

// system applies a system line: a compaction boundary, a local command's
// output, or any other message with text.
func (d *claudeCode) system(t *replay.Transcript, rec *claudeRecord) {
	switch {
	case d.streamSystem(t, rec):
	case rec.subtype == "compact_boundary":
		t.AddNotice(compactionNotice(rec.compact))
	case rec.subtype == "turn_duration" && rec.facts.hasDurationMs: // the turn's header says it (turns.go)
	case strings.TrimSpace(rec.systemText) == "":
		t.AddSkipped("system/" + rec.subtype)
	case !showCommand(t, rec.systemText):
		t.AddNotice(strings.TrimSpace(rec.systemText))
	}
}

// compactionNotice words a compaction boundary: "Context compacted (auto,
// 155,000 tokens before)".
func compactionNotice(m *claudeCompaction) string {
	if m == nil {
		return compactedPrefix
	}
	var details []string
	if m.Trigger != "" {
		details = append(details, m.Trigger)
	}
	if m.PreTokens > 0 {
		details = append(details, groupDigits(m.PreTokens)+" tokens before")
	}
	if len(details) == 0 {
		return compactedPrefix
	}
	return compactedPrefix + " (" + strings.Join(details, ", ") + ")"
}

// groupDigits writes a count with comma separators: 155210 as "155,210".
func groupDigits(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// claudeRecord is a line of the transcript, decoded.
type claudeRecord struct {
	typ            string
	uuid, parent   string
	sidechain      bool
	meta           bool
	compactSummary bool
	apiError       bool
	// text is message.content when it is a string; blocks when it is an
	// array.
	text          *string
	blocks        []claudeBlock
	toolUseResult json.RawMessage
	summary       string
	subtype       string
	systemText    string
	compact       *claudeCompaction
	// origin is the kind of the line's origin ("task-notification" for
	// a background task's report); attachment, permissionMode and
	// customTitle are the payloads of those line types.
	origin         string
	attachment     *claudeAttachment
	permissionMode string
	customTitle    string
	// facts say when, where and with which model and tokens (turns.go).
	facts claudeFacts
	// parentToolUse is the Agent call of a stream-json sub-agent's line;
	// stream the fields of the stream's system and result lines.
	parentToolUse string
	stream        streamFields
	aiTitle       string
}

// claudeCompaction is the compactMetadata of a compaction boundary.
type claudeCompaction struct {
	Trigger   string `json:"trigger"`
	PreTokens int    `json:"preTokens"`
}

// claudeBlock is one block of a message's content.
type claudeBlock struct {
	Type      string          `json:"type"`
	Text      string          `json:"text"`
	Thinking  string          `json:"thinking"`
	ID        string          `json:"id"`
	Name      string          `json:"name"`
	Input     json.RawMessage `json:"input"`
	ToolUseID string          `json:"tool_use_id"`
	Content   json.RawMessage `json:"content"`
	IsError   bool            `json:"is_error"`
	Source    *struct {
		MediaType string `json:"media_type"`
	} `json:"source"`
	// call and problem are a call's presentation, result a result's:
	// see claudeCode.present.
	call    cards.CallView
	problem error
	result  producers.Result
}

// claudeLine is the JSON of a line, whose message is an M.
type claudeLine[M any] struct {
	Type              *string         `json:"type"`
	UUID              string          `json:"uuid"`
	ParentUUID        *string         `json:"parentUuid"`
	IsSidechain       bool            `json:"isSidechain"`
	IsMeta            bool            `json:"isMeta"`
	IsCompactSummary  bool            `json:"isCompactSummary"`
	IsAPIErrorMessage bool            `json:"isApiErrorMessage"`
	Message           *M              `json:"message"`
	ToolUseResult     json.RawMessage `json:"toolUseResult"`
	Summary           string          `json:"summary"`
	Subtype           string          `json:"subtype"`
	Content           json.RawMessage `json:"content"`
	CompactMetadata   json.RawMessage `json:"compactMetadata"`
	Origin            *claudeOrigin   `json:"origin"`
	Attachment        json.RawMessage `json:"attachment"`
	PermissionMode    string          `json:"permissionMode"`
	CustomTitle       string          `json:"customTitle"`
	claudeTurnLine
	claudeAPIErrorFields
	ParentToolUseID *string `json:"parent_tool_use_id"`
	// ToolUseResultStream is toolUseResult as the stream-json output
	// names it.
	ToolUseResultStream json.RawMessage `json:"tool_use_result"`
	streamFields
	AITitle string `json:"aiTitle"`
}

// claudeMessage is the message of a user or assistant line whose content
// is an array of blocks, decoded with the line; claudeTextMessage is one
// whose content is a string.
type (
	claudeMessage struct {
		Content *[]claudeBlock `json:"content"`
		claudeTurnMessage
	}
	claudeTextMessage struct {
		Content *string `json:"content"`
		claudeTurnMessage
	}
)

// claudeTypes are the line types the decoder shows. An attachment line
// is shown only when it is a queued command, so it is not one of them: an
// attachment line whose fields do not decode is skipped like a line of an
// unknown type (a queued command whose prompt does not is a problem).
var claudeTypes = []string{"user", "assistant", "summary", "system", "permission-mode", "custom-title", "result", "ai-title"}

// parseClaudeLine decodes a line. Its message's content is decoded with
// it as an array of blocks, the common case, and the line is decoded again
// when the content is a string. A line of a type the decoder does not show
// is only read for its type and place in the chain, so that no new line
// type can make a problem.
func parseClaudeLine(data []byte) (*claudeRecord, error) {
	if bytes.TrimSpace(data)[0] != '{' {
		return nil, replay.DecodeObject(data, &struct{}{})
	}
	var l claudeLine[claudeMessage]
	err := fastjson.Unmarshal(data, &l)
	if contentIs(err, "string") {
		var text claudeLine[claudeTextMessage]
		if err = fastjson.Unmarshal(data, &text); err == nil {
			rec, err := newClaudeRecord(text)
			if err == nil && (rec.typ == "user" || rec.typ == "assistant") {
				rec.text = text.Message.Content
			}
			return rec, err
		}
	}
	if stripped, ok := withoutStringMessage(data, err); ok {
		return parseClaudeLine(stripped)
	}
	if err != nil {
		return otherLine(data, wordLineError(data, err))
	}
	rec, err := newClaudeRecord(l)
	if err == nil && (rec.typ == "user" || rec.typ == "assistant") {
		rec.blocks = *l.Message.Content
	}
	return rec, err
}

// wordLineError words the error of decoding a line, decoding it again to
// name what is wrong as the other formats do.
func wordLineError(data []byte, err error) error {
	var typeErr *json.UnmarshalTypeError
	if errors.As(err, &typeErr) && typeErr.Field == "message.content" {
		return errors.New(`field "message.content": want a string or an array, found ` + replay.ValueKind(typeErr.Value))
	}
	var l claudeLine[claudeMessage]
	if worded := replay.DecodeObject(data, &l); worded != nil {
		return worded
	}
	return err
}

// contentIs reports whether err says that message.content is of the JSON
// type kind rather than an array.
func contentIs(err error, kind string) bool {
	var typeErr *json.UnmarshalTypeError
	return errors.As(err, &typeErr) && typeErr.Field == "message.content" && typeErr.Value == kind
}

// contentPointer is the content of either kind of message.
type contentPointer interface {
	claudeMessage | claudeTextMessage
}

// newClaudeRecord makes the record of a decoded line, checking what its
// type requires: a message with content, or a system line's fields.
func newClaudeRecord[M contentPointer](l claudeLine[M]) (*claudeRecord, error) {
	if l.Type == nil {
		return nil, errors.New(`missing field "type"`)
	}
	rec := &claudeRecord{
		typ: *l.Type, uuid: l.UUID, sidechain: l.IsSidechain, meta: l.IsMeta,
		compactSummary: l.IsCompactSummary, apiError: l.IsAPIErrorMessage, toolUseResult: l.ToolUseResult,
		summary: l.Summary, subtype: l.Subtype, permissionMode: l.PermissionMode, customTitle: l.CustomTitle,
		aiTitle: l.AITitle, stream: l.streamFields, facts: factsOf(l),
	}
	if len(rec.toolUseResult) == 0 {
		rec.toolUseResult = l.ToolUseResultStream
	}
	if l.ParentToolUseID != nil {
		rec.parentToolUse = *l.ParentToolUseID
	}
	if l.Origin != nil {
		rec.origin = l.Origin.Kind
	}
	if l.ParentUUID != nil && *l.ParentUUID != l.UUID {
		rec.parent = *l.ParentUUID
	}
	switch rec.typ {
	case "user", "assistant":
		return rec, checkMessage(l.Message)
	case "system":
		err := rec.decodeSystem(l.Content, l.CompactMetadata)
		if rec.subtype == "api_error" && rec.systemText == "" {
			rec.systemText = l.apiErrorText()
		}
		return rec, err
	case "attachment":
		return rec, rec.decodeAttachment(l.Attachment)
	}
	return rec, nil
}

// checkMessage requires a message with content.
func checkMessage[M contentPointer](m *M) error {
	if m == nil {
		return errors.New(`missing field "message"`)
	}
	var missing bool
	switch m := any(*m).(type) {
	case claudeMessage:
		missing = m.Content == nil
	case claudeTextMessage:
		missing = m.Content == nil
	}
	if missing {
		return errors.New(`missing field "message.content"`)
	}
	return nil
}

// otherLine handles a line whose fields did not decode: a line of a type
// the decoder does not show becomes a record of that type, anything else
// is the error.
func otherLine(data []byte, err error) (*claudeRecord, error) {
	var head struct {
		Type       *string         `json:"type"`
		UUID       json.RawMessage `json:"uuid"`
		ParentUUID json.RawMessage `json:"parentUuid"`
	}
	if replay.DecodeObject(data, &head) != nil || head.Type == nil || slices.Contains(claudeTypes, *head.Type) {
		return nil, err
	}
	rec := &claudeRecord{typ: *head.Type}
	if json.Unmarshal(head.UUID, &rec.uuid) == nil && json.Unmarshal(head.ParentUUID, &rec.parent) == nil && rec.parent == rec.uuid {
		rec.parent = ""
	}
	return rec, nil
}

// plainText is the text of the line's message: its string content or its
// text blocks.
func (rec *claudeRecord) plainText() string {
	if rec.text != nil {
		return *rec.text
	}
	var texts []string
	for _, b := range rec.blocks {
		if b.Type == "text" {
			texts = append(texts, b.Text)
		}
	}
	return strings.Join(texts, "\n\n")
}

// decodeSystem reads a system line's text and compaction metadata.
func (rec *claudeRecord) decodeSystem(content, compactMetadata json.RawMessage) error {
	if content := bytes.TrimSpace(content); len(content) > 0 && content[0] == '"' {
		if err := json.Unmarshal(content, &rec.systemText); err != nil {
			return err
		}
	}
	if len(compactMetadata) > 0 && string(compactMetadata) != "null" {
		rec.compact = &claudeCompaction{}
		if err := json.Unmarshal(compactMetadata, rec.compact); err != nil {
			return fmt.Errorf(`field "compactMetadata": %w`, replay.FieldError(err))
		}
	}
	return nil
}

// claudeKeys are the fields by which a line is known to be Claude Code's.
var claudeKeys = []string{"uuid", "parentUuid", "sessionId", "leafUuid"}

// isClaudeLine reports whether a line is a Claude Code transcript's: it
// places itself in a session (uuid, parentUuid, sessionId, or a summary's
// leafUuid), or it is the file-history-snapshot line a transcript starts
// with.
func isClaudeLine(head map[string]json.RawMessage, typ string) bool {
	for _, key := range claudeKeys {
		if _, ok := head[key]; ok {
			return true
		}
	}
	return typ == "file-history-snapshot"
}

// Format is a Claude Code transcript
// (~/.claude/projects/*/*.jsonl): user, assistant, summary and system
// lines, which carry a uuid, parentUuid, sessionId or leafUuid.
var Format = replay.Format{
	Name:   "claude",
	Detect: isClaudeLine,
	Expect: "claude: a line with a uuid or sessionId",
	NewDecoder: func(extra producers.Registry) replay.Decoder {
		d := newClaudeCode()
		maps.Copy(d.tools, extra)
		return d
	},
}

// claudeInput is what a result producer needs of its call.
type claudeInput struct {
	tool string
	args []byte
}
