package claude

import (
	"strings"

	"github.com/cardtui/cardtui/producers"
	"github.com/cardtui/cardtui/replay"
)

// subagents groups the lines of Claude Code's sub-agents under the Task
// (or Agent) card that started them. A transcript is a flat list of
// entries and cards cannot nest, so the group is made of what follows the
// card: the sub-agent runs while its Task waits for its result, and its
// lines (isSidechain) come after the Task's tool_use. Each run of a
// sub-agent's entries starts with a Notice "Sub-agent · <the Task's
// description>", and the main agent's next entries with a Notice "Main
// agent". The sub-agent's text is collapsed context, its thinking
// collapsed reasoning, and each of its tool calls a card of its own (every
// tool_use of the file is a card); its first line, the prompt the Task
// gave it, is not repeated, as the Task card shows it. The Task card's
// result is the sub-agent's report.
//
// A sub-agent's first line has no parent; it is matched with the Task
// whose prompt it is. The lines after it follow their parent's group.
type subagents struct {
	// byPrompt holds the Tasks not matched with a sub-agent yet, by
	// prompt, in call order.
	byPrompt map[string][]*subagent
	// byLine is the sub-agent of each sidechain line, by uuid.
	byLine map[string]*subagent
	// shown is the sub-agent of the last entries, nil for the main agent.
	shown *subagent
}

// subagent is the sub-agent of one Task call.
type subagent struct {
	description string
}

func newSubagents() subagents {
	return subagents{byPrompt: map[string][]*subagent{}, byLine: map[string]*subagent{}}
}

// task records a Task call, whose sub-agent's first line is its prompt.
func (s *subagents) task(id string, args []byte) {
	var in struct {
		Description string `json:"description"`
		Prompt      string `json:"prompt"`
	}
	if producers.DecodeArguments(args, &in) != nil || strings.TrimSpace(in.Prompt) == "" {
		return
	}
	key := strings.TrimSpace(in.Prompt)
	s.byPrompt[key] = append(s.byPrompt[key], &subagent{description: in.Description})
}

// enter finds the agent of a user or assistant line and, when it is not
// the agent of the last entries, adds the Notice that starts its group. It
// reports whether the line is a sub-agent's prompt.
func (s *subagents) enter(t *replay.Transcript, rec *claudeRecord) (prompt bool) {
	agent, prompt := s.agentOf(rec)
	if agent != s.shown {
		s.shown = agent
		t.AddNotice(agentNotice(agent))
	}
	return prompt
}

// agentOf returns the sub-agent of a line (nil for the main agent), and
// whether the line is the prompt its Task gave it.
func (s *subagents) agentOf(rec *claudeRecord) (*subagent, bool) {
	if !rec.sidechain {
		return nil, false
	}
	if agent, ok := s.byLine[rec.parent]; ok && rec.parent != "" {
		s.remember(rec, agent)
		return agent, false
	}
	if rec.parent != "" && s.shown != nil {
		// A line whose parent is lost stays with the sub-agent shown.
		s.remember(rec, s.shown)
		return s.shown, false
	}
	key := strings.TrimSpace(rec.plainText())
	agent, prompt := &subagent{}, false
	if queue := s.byPrompt[key]; len(queue) > 0 && rec.typ == "user" {
		agent, prompt = queue[0], true
		if s.byPrompt[key] = queue[1:]; len(queue) == 1 {
			delete(s.byPrompt, key)
		}
	}
	s.remember(rec, agent)
	return agent, prompt
}

func (s *subagents) remember(rec *claudeRecord, agent *subagent) {
	if rec.uuid != "" {
		s.byLine[rec.uuid] = agent
	}
}

// agentNotice starts the group of an agent's entries.
func agentNotice(agent *subagent) string {
	switch {
	case agent == nil:
		return "Main agent"
	case strings.TrimSpace(agent.description) == "":
		return "Sub-agent"
	}
	return "Sub-agent · " + strings.TrimSpace(agent.description)
}
