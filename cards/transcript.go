package cards

// Entry is one item of a transcript: a Message, a ToolCard, a Problem or a
// Notice. Replay builds entries from a session; the renderer draws each
// with its own widget.
//
//sumtype:decl
type Entry interface {
	entry()
}

// Role says who wrote a message.
type Role string

// The roles a message can have. Reasoning and context messages are shown
// collapsed; user and assistant messages prominently.
const (
	RoleUser      Role = "user"
	RoleAssistant Role = "assistant"
	RoleReasoning Role = "reasoning"
	RoleContext   Role = "context"
	// RolePlan is a plan the assistant proposes for the user's approval
	// (Markdown), such as Codex's <proposed_plan>.
	RolePlan Role = "plan"
	// RoleAgentAsUser is text an agent sent as a user's message outside a
	// replay of the session's history (ACP's user_message_chunk during a
	// turn): drawn as the agent's, labelled so, never as the user's.
	RoleAgentAsUser Role = "agent-as-user"
)

// Message is conversation text: a user's prompt is shown verbatim, as it
// was typed; the text of every other role is Markdown.
type Message struct {
	Role Role
	Text string
	// Turn is what the log says of the turn a user's prompt starts (its
	// time, model, duration, tokens); zero for other messages.
	Turn Turn
	// Reply is what the log says of an agent's reply (when it was written,
	// by which model); zero for other messages.
	Reply Reply
	// RolledBack: see IsRolledBack.
	RolledBack bool
	// Internal: see IsInternal.
	Internal bool
}

// ToolCard is one tool call and, once it arrived, its result.
type ToolCard struct {
	// ID is the call id that matched the result to the call; a viewer's
	// Upsert given an empty id keys the card by it.
	ID string
	// Tool is the tool's name, when the source gives it.
	Tool string
	// Call is the call view; nil only for a result whose call was never
	// seen.
	Call CallView
	// Result is the result view, nil while none has arrived.
	Result ResultView
	// Ended is set when the input ended without a result for this call:
	// the card then says "no result" instead of "running".
	Ended bool
	// Waiting is set while the call waits for the user's answer to a
	// permission request (a live session): the card says "waiting".
	Waiting bool
	// Outcome is how the call ended as the session records it beside the
	// result (an error, a rejection, a denial, an interruption); see
	// State.
	Outcome Outcome
	// Children are the entries nested under the card, in the order they
	// happened: the calls its tool made (a run_code program's sub-calls,
	// a workflow's agent runs), each a ToolCard of its own, and Notices
	// about the call (an approval it waited for). They are drawn inside
	// the card, between its call and its result, and fold with it.
	Children []Entry
	// RolledBack: see IsRolledBack.
	RolledBack bool
	// Internal: see IsInternal.
	Internal bool
}

// Problem is an input line that could not be understood. It is shown as an
// error card; nothing else of the input is lost because of it.
type Problem struct {
	// Source names the input (a file name, "-" for stdin).
	Source string
	// Line is the 1-based line number, 0 when the problem is not tied to
	// a line.
	Line int
	// Reason says what was wrong.
	Reason string
	// Excerpt is the start of the offending line.
	Excerpt string
	// RolledBack: see IsRolledBack.
	RolledBack bool
}

// Notice is an informational line about the input itself, such as a torn
// last line or a compaction boundary.
type Notice struct {
	Text string
	// RolledBack: see IsRolledBack.
	RolledBack bool
}

// IsRolledBack reports whether a later rollback undid the turn the entry
// belongs to (Codex's thread_rolled_back): the entry stays in the
// transcript, for what happened, and is drawn marked as undone.
func IsRolledBack(e Entry) bool {
	switch e := e.(type) {
	case Message:
		return e.RolledBack
	case ToolCard:
		return e.RolledBack
	case Problem:
		return e.RolledBack
	case Notice:
		return e.RolledBack
	}
	return false // unreachable: the switch above is exhaustive
}

// RolledBackEntry returns the entry marked as rolled back (see
// IsRolledBack).
func RolledBackEntry(e Entry) Entry {
	switch e := e.(type) {
	case Message:
		e.RolledBack = true
		return e
	case ToolCard:
		e.RolledBack = true
		return e
	case Problem:
		e.RolledBack = true
		return e
	case Notice:
		e.RolledBack = true
		return e
	}
	return e // unreachable: the switch above is exhaustive
}

func (Message) entry()  {}
func (ToolCard) entry() {}
func (Problem) entry()  {}
func (Notice) entry()   {}

// IsInternal reports whether e is what the agent keeps to itself, marked
// so by its decoder: its own UI never shows it (Codex's environment and
// instructions blocks, Claude Code loading a deferred tool). A viewer
// hides it until asked to show it.
func IsInternal(e Entry) bool {
	switch e := e.(type) {
	case Message:
		return e.Internal
	case ToolCard:
		return e.Internal
	case Problem, Notice:
	}
	return false
}
