package acp

import (
	"fmt"
	"strings"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/cardtui/cardtui/agents/internal/claudenotes"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/lazyregexp"
)

// openMessage is the message being streamed: chunks of the same role
// (and message id, when the agent gives one) append to it until another
// entry comes.
type openMessage struct {
	index int
	role  cards.Role
	id    string
	text  strings.Builder
}

// functionResponse is the text Gemini CLI replays, as the user's, for
// each tool result of a loaded session, whose card shows the result.
var functionResponse = lazyregexp.New(`^(\[Function Response: [^\]\n]*\])+$`)

// isFunctionResponse reports whether a replayed user chunk is only
// Gemini CLI's note of tool results, which its own UI never shows as a
// prompt.
func isFunctionResponse(b sdk.ContentBlock) bool {
	return b.Text != nil && functionResponse().MatchString(strings.TrimSpace(b.Text.Text))
}

// entry is the message streamed so far. A user message of a replayed
// history is shown as its agent's own UI shows it: Gemini CLI's
// <session_context> turn is context, and Claude Code's command tags give
// way to the command the user typed and its output.
func (m *openMessage) entry() cards.Message {
	text := m.text.String()
	if m.role != cards.RoleUser {
		return cards.Message{Role: m.role, Text: text}
	}
	if strings.HasPrefix(strings.TrimSpace(text), "<session_context>") {
		return cards.Message{Role: cards.RoleContext, Text: text}
	}
	shown, _ := claudenotes.CommandMessage(text)
	return cards.Message{Role: m.role, Text: shown}
}

// update applies a session/update notification of a kind (its
// "sessionUpdate"; the SDK takes a kind it does not know for another).
func (t *Traffic) update(n sdk.SessionNotification, kind string) {
	if t.session != "" && n.SessionId != t.session {
		t.problem(fmt.Sprintf("an update for session %q, which is not this session (%q); it was ignored", n.SessionId, t.session))
		return
	}
	u := n.Update
	switch {
	case kind == "user_message_chunk" && u.UserMessageChunk != nil && t.replaying && isFunctionResponse(u.UserMessageChunk.Content):
		t.skip("replayed function response")
	case kind == "user_message_chunk" && u.UserMessageChunk != nil:
		t.chunk(t.userChunkRole(), u.UserMessageChunk.MessageId, u.UserMessageChunk.Content)
	case kind == "agent_message_chunk" && u.AgentMessageChunk != nil:
		t.chunk(cards.RoleAssistant, u.AgentMessageChunk.MessageId, u.AgentMessageChunk.Content)
	case kind == "agent_thought_chunk" && u.AgentThoughtChunk != nil:
		t.chunk(cards.RoleReasoning, u.AgentThoughtChunk.MessageId, u.AgentThoughtChunk.Content)
	case kind == "tool_call" && u.ToolCall != nil:
		t.toolCallStarted(*u.ToolCall)
	case kind == "tool_call_update" && u.ToolCallUpdate != nil:
		t.toolCallUpdated(toolUpdateOf(*u.ToolCallUpdate), true)
	case kind == "plan" && u.Plan != nil:
		t.setPlan(u.Plan.Entries)
	case kind == "available_commands_update" && u.AvailableCommandsUpdate != nil:
		t.setCommands(u.AvailableCommandsUpdate.AvailableCommands)
	case kind == "current_mode_update" && u.CurrentModeUpdate != nil:
		t.setMode(u.CurrentModeUpdate.CurrentModeId)
	case kind == "config_option_update" && u.ConfigOptionUpdate != nil:
		t.setConfigOptions(u.ConfigOptionUpdate.ConfigOptions)
	case kind == "session_info_update" && u.SessionInfoUpdate != nil:
		if title := u.SessionInfoUpdate.Title; title != nil {
			t.title = *title
		}
	default:
		t.skip("session/update " + oneLine(kind))
	}
}

// userChunkRole is the role of a user_message_chunk: the user's while a
// session/load replays the session's history, which is what the chunk is
// for — from the request until the user's next prompt, as an agent may
// go on replaying after its answer; at any other time the text is the
// agent's, sent as the user's, and is drawn so.
func (t *Traffic) userChunkRole() cards.Role {
	if t.replaying {
		return cards.RoleUser
	}
	return cards.RoleAgentAsUser
}

// chunk appends a streamed chunk to the open message of its role, or
// starts a message.
func (t *Traffic) chunk(role cards.Role, messageID *string, block sdk.ContentBlock) {
	id := ""
	if messageID != nil {
		id = *messageID
	}
	m := t.open
	if m == nil || m.role != role || m.id != id || m.index != len(t.entries)-1 {
		i := t.add(cards.Message{Role: role})
		m = &openMessage{index: i, role: role, id: id}
		t.open = m
	}
	m.text.WriteString(blockText(block))
	t.touch(m.index)
}

// closeMessage ends the streamed message: its entry gets its whole text
// and goes out once more, which tells a viewer that it is complete.
func (t *Traffic) closeMessage() {
	if m := t.open; m != nil {
		t.entries[m.index] = m.entry()
		t.touch(m.index)
		t.open = nil
	}
}

// setCommands records the slash commands the agent offers and lists
// them.
func (t *Traffic) setCommands(commands []sdk.AvailableCommand) {
	t.commands = commands
	names := make([]string, len(commands))
	for i, c := range commands {
		names[i] = "/" + c.Name
	}
	if len(names) == 0 {
		t.notice("The agent offers no commands.")
		return
	}
	t.notice("The agent offers " + plural(len(names), "command", "commands") + ": " + strings.Join(names, ", "))
}

// plural is n and the noun for it.
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
