package acp

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/cardtui/cardtui/agents/harness/native"
	"github.com/cardtui/cardtui/agents/internal/claudenotes"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/producers"
)

// toolCall is what the updates of one tool call id said so far; its card
// is drawn from it.
type toolCall struct {
	index      int
	id         sdk.ToolCallId
	title      string
	kind       sdk.ToolKind
	status     sdk.ToolCallStatus
	content    []sdk.ToolCallContent
	locations  []sdk.ToolCallLocation
	rawInput   json.RawMessage
	rawOutput  json.RawMessage
	permission *permission
	// writes are the fs/write_text_file requests drawn on the card.
	writes []*fileWrite
	// interrupted is set when the turn ended cancelled before the call
	// did.
	interrupted bool
	// reported is set once a session/update told of the call; turnEnded
	// when the turn ended while an allowed call was never reported.
	reported, turnEnded bool
	// parent is the call a sub-agent's call belongs to, nil for a call
	// of the session; children are the calls nested under this one. A
	// nested call has the index of its top call, whose card draws it.
	parent   *toolCall
	children []*toolCall
	// depth is how many calls c is nested under, at most maxNesting.
	depth int
	// drawn is the card of a nested call as last drawn, nil once it or
	// a call under it changed; it holds while drawnGen is its top call's
	// gen, which grows when anything of the top card may have changed.
	drawn    cards.Entry
	drawnGen int
	gen      int
	// claudeTool is the Claude Code tool the Claude adapter says the call
	// runs ("Agent", "Read"…), "" from other agents.
	claudeTool string
}

// toolUpdate is a partial update of a tool call, the fields that change
// set: a tool_call_update, or the tool call of a permission request.
type toolUpdate struct {
	id        sdk.ToolCallId
	title     *string
	kind      *sdk.ToolKind
	status    *sdk.ToolCallStatus
	content   []sdk.ToolCallContent
	locations []sdk.ToolCallLocation
	rawInput  any
	rawOutput any
	meta      toolMeta
}

func toolUpdateOf(u sdk.SessionToolCallUpdate) toolUpdate {
	return toolUpdate{
		id: u.ToolCallId, title: u.Title, kind: u.Kind, status: u.Status, content: u.Content,
		locations: u.Locations, rawInput: u.RawInput, rawOutput: u.RawOutput, meta: metaOf(u.Meta),
	}
}

func toolUpdateOfRequest(u sdk.ToolCallUpdate) toolUpdate {
	return toolUpdate{
		id: u.ToolCallId, title: u.Title, kind: u.Kind, status: u.Status, content: u.Content,
		locations: u.Locations, rawInput: u.RawInput, rawOutput: u.RawOutput,
	}
}

// toolCallStarted applies a tool_call: a new card — also for an id whose
// call ended, as agents that number their calls per turn reuse ids — or,
// for an id still running (its update came first, or it was started
// twice), the whole call merged into that card.
func (t *Traffic) toolCallStarted(c sdk.SessionUpdateToolCall) {
	u := toolUpdate{
		id: c.ToolCallId, title: &c.Title, kind: &c.Kind, status: &c.Status, content: c.Content,
		locations: c.Locations, rawInput: c.RawInput, rawOutput: c.RawOutput, meta: metaOf(c.Meta),
	}
	if seen, ok := t.tools[c.ToolCallId]; ok && !seen.ended() {
		t.toolCallUpdated(u, true) // an upsert, as Zed takes it: codex-acp starts a call it asked about again
		return
	}
	var tc *toolCall
	if parent, ok := t.tools[sdk.ToolCallId(u.meta.parent())]; ok {
		for parent.depth >= maxNesting {
			parent = parent.parent
		}
		tc = t.newChildTool(c.ToolCallId, parent)
	} else {
		tc = t.newTool(c.ToolCallId)
	}
	tc.reported = true
	tc.merge(u)
	t.applyTerminalMeta(u.meta)
	t.linkTerminals(tc)
}

// toolCallUpdated merges an update into its card. strict is set for a
// session/update, which reports the call; then an update for an id never
// started is a Problem (it gets a card of its own either way).
func (t *Traffic) toolCallUpdated(u toolUpdate, strict bool) *toolCall {
	c, ok := t.tools[u.id]
	if !ok {
		c = t.newTool(u.id)
		if strict {
			t.problem(fmt.Sprintf("an update for tool call %q, which was never started: it gets a card of its own", u.id))
		}
	}
	c.reported = c.reported || strict
	c.merge(u)
	t.applyTerminalMeta(u.meta)
	t.linkTerminals(c)
	t.touchCall(c)
	return c
}

// newTool adds the card of a tool call id.
func (t *Traffic) newTool(id sdk.ToolCallId) *toolCall {
	c := &toolCall{id: id, status: sdk.ToolCallStatusPending}
	c.index = t.add(cards.ToolCard{ID: string(id)})
	t.tools[id], t.toolAt[c.index] = c, c
	return c
}

// keepDiffs is the new content of a call, with the diffs of the old one
// kept when the new has none: a rejected or failed edit's update says
// why, and its card still shows what was proposed, as not applied.
func keepDiffs(old, content []sdk.ToolCallContent) []sdk.ToolCallContent {
	if slices.ContainsFunc(content, func(c sdk.ToolCallContent) bool { return c.Diff != nil }) {
		return content
	}
	var diffs []sdk.ToolCallContent
	for _, c := range old {
		if c.Diff != nil {
			diffs = append(diffs, c)
		}
	}
	return append(diffs, content...)
}

// maxNesting is how deep calls nest: a call under a call this deep is
// drawn beside it. A change redraws the cards of the calls above it, so
// that a chain of calls costs what its updates cost.
const maxNesting = 8

// newChildTool adds a call nested under parent's card.
func (t *Traffic) newChildTool(id sdk.ToolCallId, parent *toolCall) *toolCall {
	c := &toolCall{id: id, status: sdk.ToolCallStatusPending, parent: parent, index: parent.index, depth: parent.depth + 1}
	parent.children = append(parent.children, c)
	t.tools[id] = c
	t.touchCall(c)
	return c
}

// touchCall marks the card of c changed: c and the calls above it are
// drawn again, the other calls nested in the same card are not.
func (t *Traffic) touchCall(c *toolCall) {
	for n := c; n != nil; n = n.parent {
		n.drawn = nil
	}
	t.changed[c.index] = struct{}{}
}

// entry is the card of nested call c, drawn again only when c or a call
// under it changed, or its top card may have.
func (c *toolCall) entry(t *Traffic) cards.Entry {
	gen := t.toolAt[c.index].gen
	if c.drawn == nil || c.drawnGen != gen {
		c.drawn, c.drawnGen = c.card(t), gen
	}
	return c.drawn
}

// merge applies the fields an update sets; content and locations replace
// the previous ones, as the protocol says.
func (c *toolCall) merge(u toolUpdate) {
	if u.title != nil {
		c.title = *u.title
	}
	if u.kind != nil && *u.kind != "" {
		c.kind = *u.kind
	}
	if u.status != nil && *u.status != "" {
		c.status = *u.status
	}
	if u.content != nil {
		c.content = keepDiffs(c.content, u.content)
	}
	if u.locations != nil {
		c.locations = u.locations
	}
	if name := u.meta.claudeTool(); name != "" {
		c.claudeTool = name
	}
	if raw := jsonOf(u.rawInput); raw != nil {
		c.rawInput = raw
	}
	if raw := jsonOf(u.rawOutput); raw != nil {
		c.rawOutput = raw
	}
}

// card draws the tool call as a card. A view the cards codec would
// refuse (an empty path, a line 0) becomes the fallback generic card,
// which says why.
func (c *toolCall) card(t *Traffic) cards.ToolCard {
	call := c.callView(t)
	if err := cards.CheckCall(call); err != nil {
		call = producers.FallbackCall(c.title, c.rawInput, err)
	}
	result := c.resultView(t)
	if result != nil {
		if err := cards.CheckResult(result); err != nil {
			result = producers.FallbackResult(producers.Result{Content: []cards.ContentBlock{readableBlock(c.rawOutput)}}, err)
		}
	}
	card := cards.ToolCard{
		ID: string(c.id), Call: call, Result: result, Outcome: c.outcome(),
		Waiting: c.permission != nil && c.permission.waiting(),
	}
	for _, child := range c.children {
		card.Children = append(card.Children, child.entry(t))
	}
	card.Children = append(card.Children, c.writeCards(t.dir)...)
	if c.unreportedAllowed() {
		return c.unreportedCard(card)
	}
	return card
}

// outcome is how the call ended: rejected when the user picked a reject
// option, interrupted when the permission request or the turn was
// cancelled first, failed when the agent says so.
func (c *toolCall) outcome() cards.Outcome {
	switch {
	case c.permission != nil && c.permission.rejected():
		return cards.OutcomeRejected
	case c.permission != nil && c.permission.cancelled, c.interrupted:
		return cards.OutcomeInterrupted
	case c.status == sdk.ToolCallStatusFailed:
		return cards.OutcomeFailed
	}
	return cards.OutcomeDone
}

// titleText is the call's title, paths in the session directory made
// relative, or what is known of a call the agent never described (one it
// asks permission for without announcing it).
func (c *toolCall) titleText(dir string) string {
	if strings.TrimSpace(c.title) != "" {
		title := c.title
		if dir != "" && dir != "/" {
			sep := string(filepath.Separator)
			title = strings.ReplaceAll(title, dir+sep, "")
			title = strings.ReplaceAll(title, strings.TrimPrefix(dir, sep)+sep, "") // opencode's, without the leading /
		}
		return title
	}
	return fmt.Sprintf("Tool call %s, which the agent did not describe", c.id)
}

// parts are a tool call's content sorted by what draws it.
type parts struct {
	diffs     []cards.FileDiff
	terminals []string
	blocks    []cards.ContentBlock
}

func (c *toolCall) parts(dir string) parts {
	var p parts
	for _, content := range c.content {
		switch {
		case content.Diff != nil:
			p.diffs = append(p.diffs, fileDiff(*content.Diff, dir))
		case content.Terminal != nil:
			p.terminals = append(p.terminals, content.Terminal.TerminalId)
		case content.Content != nil:
			if b, ok := c.shownBlock(content.Content.Content); ok {
				p.blocks = append(p.blocks, cardBlock(b))
			}
		}
	}
	return p
}

// shownBlock is a content block as the agent's own UI would show it: a
// Claude sub-agent's reply without the agentId line and <usage> element
// Claude Code writes for the model; codex-acp's permission text without
// Codex's internal fields (Codex's approval shows the command and the
// options, which the card shows); false when nothing is left to show.
func (c *toolCall) shownBlock(b sdk.ContentBlock) (sdk.ContentBlock, bool) {
	if b.Text == nil {
		return b, true
	}
	text := *b.Text
	if c.claudeTool == "Agent" || c.claudeTool == "Task" {
		text.Text = claudenotes.AgentReply(text.Text)
	}
	text.Text = withoutCodexDecisions(text.Text)
	b.Text = &text
	return b, text.Text != ""
}

// codexDecisionFields start the lines of codex-acp's permission text that
// carry Codex's internal fields, each to the end of the text.
var codexDecisionFields = []string{"Proposed Amendment: ", "Available Decisions: "}

// withoutCodexDecisions is text cut before the first line that starts
// one of codexDecisionFields; text as it is when it has none.
func withoutCodexDecisions(text string) string {
	for _, field := range codexDecisionFields {
		if strings.HasPrefix(text, field) {
			return ""
		}
		if i := strings.Index(text, "\n"+field); i >= 0 {
			text = strings.TrimRight(text[:i], "\n")
		}
	}
	return text
}

// callView is the call's view: a diff card when the content holds diffs,
// a terminal card when it embeds a terminal or its raw input names a
// command to execute, else a generic card with the content blocks — and
// the raw input, as key: value lines, only when nothing else shows what
// the call was given.
func (c *toolCall) callView(t *Traffic) cards.CallView {
	p := c.parts(t.dir)
	switch {
	case len(p.diffs) == 1:
		diffs := p.diffs
		if hunks := recordedHunks(c.rawOutput, p.diffs[0].Path); hunks != nil {
			diffs = hunks
		}
		return cards.DiffCall{Title: c.titleText(t.dir), Diffs: diffs, Locations: c.cardLocations(t.dir)}
	case len(p.diffs) > 0:
		return cards.DiffCall{Title: c.titleText(t.dir), Diffs: p.diffs, Locations: c.cardLocations(t.dir)}
	case len(p.terminals) > 0:
		term := t.terminal(p.terminals[0])
		command, cwd := shellCommand(c.rawInput)
		return terminalCall(cmpOr(term.command, command, c.titleText(t.dir)), c.title, cmpOr(term.cwd, cwd), c.rawInput)
	}
	if command, cwd := c.command(); command != "" {
		title := c.title
		if title == codexExecTool {
			title = "" // the tool's name says nothing the card does not
		}
		return terminalCall(command, title, cwd, c.rawInput)
	}
	if todos := todoList(c.rawInput); todos != nil {
		call, _ := checklist(c.titleText(t.dir), todos)
		return call
	}
	call := cards.GenericCall{Title: c.titleText(t.dir), Kind: cardKind(c.kind), Content: p.blocks, Locations: c.cardLocations(t.dir)}
	if command, _ := shellCommand(c.rawInput); command != "" {
		// A read or search codex-acp ran as a command: the command, not
		// its exec event, and what it read; the error of one that failed
		// is the result's (resultView).
		call.Content = []cards.ContentBlock{cards.TextBlock{Text: "$ " + command}}
		if c.status != sdk.ToolCallStatusFailed {
			call.Content = append(call.Content, p.blocks...)
		}
		return call
	}
	if len(call.Content) == 0 && (len(call.Locations) == 0 || !locatedKinds[c.kind]) && c.rawInput != nil && string(c.rawInput) != "{}" {
		call.Content = []cards.ContentBlock{readableBlock(c.rawInput)}
	}
	return call
}

// locatedKinds are the kinds of call whose locations say all their raw
// input does: a read or a search of the place they name.
var locatedKinds = map[sdk.ToolKind]bool{sdk.ToolKindRead: true, sdk.ToolKindSearch: true}

// terminalCall is a command's card: its line as the title, the call's
// title (or the raw input's description) when it says something else.
func terminalCall(command, title, cwd string, rawInput json.RawMessage) cards.TerminalCall {
	if oneLine(title) == oneLine(command) {
		title = ""
	}
	if title == "" {
		var in struct {
			Description string `json:"description"`
		}
		_ = json.Unmarshal(rawInput, &in)
		title = in.Description
	}
	return cards.TerminalCall{Title: command, Description: title, Cwd: cwd}
}

// codexExecTool is the name of Codex's command tool, the title of its
// calls when codex-acp's session/load replays them bare.
const codexExecTool = "exec_command"

// command is the command line of a call that executes one without a
// terminal (its kind is execute, or it is Codex's exec_command replayed
// bare by session/load, and its raw input names it), "" for any other
// call.
func (c *toolCall) command() (command, cwd string) {
	if c.kind != sdk.ToolKindExecute && c.title != codexExecTool {
		return "", ""
	}
	return shellCommand(c.rawInput)
}

// resultView is the result part of the card: the options while a
// permission request waits for the user; the terminal's output for a
// terminal card; otherwise, once the call ended or something is to be
// said (a permission, content a diff card has no room for, the error of
// a read or search run as a command, the raw output when nothing else
// shows it), a generic result. While the call
// runs with nothing to say it is nil: the card says "running".
func (c *toolCall) resultView(t *Traffic) cards.ResultView {
	p := c.parts(t.dir)
	note := c.note()
	if c.permission != nil && c.permission.waiting() {
		return cards.GenericResult{Title: note, Content: []cards.ContentBlock{c.permission.choices()}}
	}
	if len(p.terminals) > 0 && len(p.diffs) == 0 {
		return t.terminal(p.terminals[0]).result(joinNotes(note, commandResult(c.rawOutput).duration), c.ended())
	}
	if command, _ := c.command(); command != "" {
		return c.commandResultView(p, note)
	}
	if todoList(c.rawInput) != nil && c.ended() {
		return cards.GenericResult{Title: note} // the list is the call's; its output repeats it
	}
	var content []cards.ContentBlock
	ranCommand, _ := shellCommand(c.rawInput)
	failedCommand := ranCommand != "" && c.status == sdk.ToolCallStatusFailed
	switch {
	case len(p.diffs) > 0:
		content = p.blocks
	case failedCommand && len(p.blocks) > 0 && !commandResult(c.rawOutput).known:
		content = p.blocks // the command's error as the agent sent it
	case c.rawOutput != nil && (len(p.blocks) == 0 || failedCommand):
		content = []cards.ContentBlock{c.rawOutputBlock()}
	}
	if note == "" && len(content) == 0 && !c.ended() {
		return nil
	}
	return cards.GenericResult{Title: note, Content: content}
}

// rawOutputBlock shows the raw output when nothing else does: a
// command's output alone when it is one (a read or search codex-acp ran
// as a command), else the whole value, readable.
func (c *toolCall) rawOutputBlock() cards.ContentBlock {
	if command, _ := shellCommand(c.rawInput); command != "" {
		if r := commandResult(c.rawOutput); r.known {
			return cards.TextBlock{Text: r.output}
		}
	}
	return readableBlock(c.rawOutput)
}

// commandResultView is the result of a command run without a terminal:
// the output and exit code its raw output gives (else its text content),
// once it ended.
func (c *toolCall) commandResultView(p parts, note string) cards.ResultView {
	r := commandResult(c.rawOutput)
	if !r.known {
		var texts []string
		for _, b := range p.blocks {
			if tb, ok := b.(cards.TextBlock); ok {
				texts = append(texts, tb.Text)
			}
		}
		r.output = strings.Join(texts, "\n")
	}
	if !c.ended() && r.output == "" && note == "" {
		return nil
	}
	running := !c.ended() && r.exitCode == nil
	return cards.TerminalResult{Title: joinNotes(note, r.duration), Output: r.output, ExitCode: r.exitCode, Running: running}
}

// joinNotes joins the non-empty notes with " · ".
func joinNotes(notes ...string) string {
	return strings.Join(slices.DeleteFunc(notes, func(s string) bool { return s == "" }), " · ")
}

// ended reports whether the call completed or failed, or will not run:
// its permission was refused.
func (c *toolCall) ended() bool {
	return c.status == sdk.ToolCallStatusCompleted || c.status == sdk.ToolCallStatusFailed ||
		c.permission != nil && c.permission.refused()
}

// note is the line above a result: the permission asked or given (the
// card's state says whether the call failed).
func (c *toolCall) note() string {
	if c.permission != nil {
		return c.permission.state()
	}
	return ""
}

// fileDiff is an ACP diff as a card's: no old text is a new file, an
// empty new text after an old one a deletion; the path is shown relative
// to the session directory when it is inside it.
func fileDiff(d sdk.ToolCallContentDiff, dir string) cards.FileDiff {
	f := cards.FileDiff{Path: relPath(d.Path, dir), OldText: d.OldText, NewText: d.NewText}
	switch {
	case d.OldText == nil:
		f.NewStart = 1
	case *d.OldText != "" && d.NewText == "":
		f.OldStart = 1
	}
	return f
}

// relPath is path relative to the session directory dir when it is
// inside it, else path as it is.
func relPath(path, dir string) string {
	if dir == "" || !filepath.IsAbs(path) {
		return path
	}
	rel, err := filepath.Rel(dir, path)
	if err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return path
	}
	return rel
}

// cardLocations are the call's locations as the cards codec wants them.
func (c *toolCall) cardLocations(dir string) []cards.FileLocation {
	var out []cards.FileLocation
	for _, l := range c.locations {
		loc := cards.FileLocation{Path: relPath(l.Path, dir)}
		if l.Line != nil {
			loc.Line = *l.Line
		}
		out = append(out, loc)
	}
	return out
}

// cardKind is an ACP tool kind as a card's; a kind the cards do not know
// is "other".
func cardKind(k sdk.ToolKind) cards.ToolCallKind {
	if k == "" {
		return ""
	}
	if kind := cards.ToolCallKind(k); slices.Contains(cards.Kinds, kind) {
		return kind
	}
	return cards.KindOther
}

// nativeTools are the harness's producers; the plan is drawn as its todo
// list.
var nativeTools = native.Tools()

// setPlan shows the plan as a checklist, on one card that each plan
// update replaces.
func (t *Traffic) setPlan(entries []sdk.PlanEntry) {
	todos := make([]todo, len(entries))
	for i, e := range entries {
		todos[i] = todo{Content: e.Content, Status: string(e.Status), Priority: string(e.Priority)}
	}
	call, result := checklist("Plan", todos)
	card := cards.ToolCard{ID: "plan", Tool: "plan", Call: call, Result: result}
	if t.plan < 0 {
		t.plan = t.add(card)
		return
	}
	t.entries[t.plan] = card
	t.touch(t.plan)
}

// todo is one entry of a plan or of a todo tool's list.
type todo struct {
	Content  string `json:"content"`
	Status   string `json:"status"`
	Priority string `json:"priority,omitempty"`
}

// checklist is a plan drawn as the harness's todo list, titled title.
func checklist(title string, todos []todo) (cards.GenericCall, cards.ResultView) {
	items := make([]todo, len(todos))
	for i, e := range todos {
		items[i] = todo{Content: e.Content, Status: e.Status}
		if e.Priority == string(sdk.PlanEntryPriorityHigh) {
			items[i].Content += " (high priority)"
		}
	}
	args, _ := json.Marshal(map[string]any{"todos": items})
	call := cards.GenericCall{Title: title, Kind: cards.KindThink}
	if list, ok := nativeTools.Call("todo_write", args).(cards.GenericCall); ok {
		call.Content = list.Content // the checklist
	}
	return call, nativeTools.Result("todo_write", args, producers.Result{})
}

// todoList is the list a todo tool's raw input sets (opencode's
// todowrite: {"todos":[{"content","status","priority","id"}]}; Codex's
// update_plan, which codex-acp's session/load replays as a bare call:
// {"plan":[{"step","status"}]}), nil when it sets none.
func todoList(raw json.RawMessage) []todo {
	var in struct {
		Todos []todo `json:"todos"`
		Plan  []struct {
			Step   string `json:"step"`
			Status string `json:"status"`
		} `json:"plan"`
	}
	if json.Unmarshal(raw, &in) != nil {
		return nil
	}
	if in.Todos == nil {
		for _, e := range in.Plan {
			in.Todos = append(in.Todos, todo{Content: e.Step, Status: e.Status})
		}
	}
	for _, e := range in.Todos {
		if e.Content == "" || e.Status == "" {
			return nil
		}
	}
	return in.Todos
}
