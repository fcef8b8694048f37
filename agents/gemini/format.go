package gemini

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"strings"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/producers"
	"github.com/cardtui/cardtui/replay"
)

// Format is the chat log of Gemini CLI. Its first line, the session's
// metadata, has no "type": the format is Untyped and recognises a line
// with a string sessionId and projectHash.
var Format = replay.Format{
	Name:    "gemini",
	Untyped: true,
	Detect:  detect,
	Expect:  "the sessionId and projectHash of a Gemini CLI chat",
	NewDecoder: func(extra producers.Registry) replay.Decoder {
		tools := Tools()
		maps.Copy(tools, extra)
		return &decoder{tools: tools, messages: map[string]*message{}, rewound: rewound{notice: -1}, turns: turns{prompt: -1}}
	},
}

// detect recognises the metadata line of a chat.
func detect(head map[string]json.RawMessage, _ string) bool {
	var id, hash string
	return json.Unmarshal(head["sessionId"], &id) == nil && id != "" &&
		json.Unmarshal(head["projectHash"], &hash) == nil && hash != ""
}

// decoder decodes a chat log. A message written again under its id
// updates what was shown of it: its text, its new thoughts, its calls'
// results.
type decoder struct {
	tools    producers.Registry
	messages map[string]*message
	// order is the ids of the messages shown, in order, for $rewindTo.
	order   []string
	rewound rewound
	turns   turns
}

// message is what is shown of one message record.
type message struct {
	// text is the index of its text's entry, -1 before it has one; first
	// the index of its first entry.
	text, first int
	thoughts    int
	// at is its index in order, while it is there.
	at    int
	calls map[string]bool
}

// record is a line of the log: a message, a metadata update, a rewind,
// or the metadata itself.
type record struct {
	ID             *string          `json:"id"`
	Type           string           `json:"type"`
	Content        json.RawMessage  `json:"content"`
	DisplayContent json.RawMessage  `json:"displayContent"`
	ToolCalls      []toolCall       `json:"toolCalls"`
	Thoughts       []thought        `json:"thoughts"`
	Model          string           `json:"model"`
	Timestamp      string           `json:"timestamp"`
	Tokens         json.RawMessage  `json:"tokens"`
	Set            *json.RawMessage `json:"$set"`
	RewindTo       *string          `json:"$rewindTo"`
	SessionID      *string          `json:"sessionId"`
	Summary        string           `json:"summary"`
	Kind           string           `json:"kind"`
}

// thought is a thought summary of the model.
type thought struct {
	Subject     string `json:"subject"`
	Description string `json:"description"`
}

func (d *decoder) DecodeLine(t *replay.Transcript, l replay.Line) {
	replay.ApplyObject(t, l, d.decode)
}

func (d *decoder) decode(t *replay.Transcript, r record) error {
	switch {
	case r.RewindTo != nil:
		d.rewind(t, *r.RewindTo)
	case r.Set != nil:
		return d.set(t, *r.Set)
	case r.ID != nil:
		return d.message(t, *r.ID, r)
	case r.SessionID != nil:
		d.metadata(t, r)
	default:
		return errors.New(`want a message (id), "$set", "$rewindTo" or the session's metadata (sessionId)`)
	}
	return nil
}

// metadata titles a session from its summary and says a sub-agent's
// chat is one.
func (d *decoder) metadata(t *replay.Transcript, r record) {
	if r.Summary != "" {
		t.Title = r.Summary
	}
	if r.Kind == "subagent" {
		t.AddNotice("the chat of a sub-agent, session " + *r.SessionID)
		return
	}
	t.AddSkipped("metadata")
}

// set applies a metadata update: a summary titles the session; a
// checkpoint of the messages shows the messages not shown yet.
func (d *decoder) set(t *replay.Transcript, raw json.RawMessage) error {
	var s struct {
		Summary  *string  `json:"summary"`
		Messages []record `json:"messages"`
	}
	if err := json.Unmarshal(raw, &s); err != nil {
		return fmt.Errorf("$set: %w", replay.ObjectError(err))
	}
	if s.Summary != nil && *s.Summary != "" {
		t.Title = *s.Summary
	}
	for _, m := range s.Messages {
		if m.ID != nil {
			if err := d.message(t, *m.ID, m); err != nil {
				return fmt.Errorf("$set: messages: %w", err)
			}
		}
	}
	if s.Summary == nil && s.Messages == nil {
		t.AddSkipped("$set")
	}
	return nil
}

// rewind marks the message id and every later one rolled back, as Gemini
// CLI drops them, and says so.
func (d *decoder) rewind(t *replay.Transcript, id string) {
	from := 0
	if m, ok := d.messages[id]; ok && m.at < len(d.order) && d.order[m.at] == id {
		from = m.first
		d.order = d.order[:m.at]
	}
	d.rewound.rewind(t, from, id)
}

// rolledBack marks a message, card or problem rolled back; a notice has
// no such mark and stays as it is.
func rolledBack(e cards.Entry) cards.Entry {
	switch e := e.(type) {
	case cards.Message:
		e.RolledBack = true
		return e
	case cards.ToolCard:
		e.RolledBack = true
		return e
	case cards.Problem:
		e.RolledBack = true
		return e
	case cards.Notice:
		return e
	}
	return e
}

// message shows a message record, or what changed in one shown before.
func (d *decoder) message(t *replay.Transcript, id string, r record) error {
	m, seen := d.messages[id]
	if !seen {
		m = &message{text: -1, first: len(t.Entries), at: len(d.order), calls: map[string]bool{}}
		d.messages[id] = m
		d.order = append(d.order, id)
	}
	text, err := contentText(r.DisplayContent, r.Content)
	if err != nil {
		return err
	}
	switch r.Type {
	case "user":
		role := userRole(text)
		fresh := m.text < 0
		d.putText(t, m, cards.Message{Role: role, Text: text, Internal: role == cards.RoleContext})
		if fresh && m.text >= 0 && role == cards.RoleUser {
			d.turns.start(t, m.text, r)
		} else {
			d.turns.observe(t, id, r)
		}
	case "gemini":
		d.thoughts(t, m, r.Thoughts)
		d.putText(t, m, cards.Message{Role: cards.RoleAssistant, Text: text, Reply: r.reply()})
		d.turns.observe(t, id, r)
		return d.calls(t, m, r.ToolCalls)
	case "info", "warning", "error":
		if m.text < 0 && text != "" {
			m.text = t.AddNotice(r.Type + ": " + text)
		}
	default:
		t.AddSkipped("message " + r.Type)
	}
	return nil
}

// userRole is the role of a user message's text: the context Gemini CLI
// sends as the first user turn (<session_context>…) is context, not a
// prompt, as its resume list ignores it, and internal: its UI never draws
// it.
func userRole(text string) cards.Role {
	if strings.HasPrefix(strings.TrimSpace(text), "<session_context>") {
		return cards.RoleContext
	}
	return cards.RoleUser
}

// putText shows a message's text, or its new text.
func (d *decoder) putText(t *replay.Transcript, m *message, msg cards.Message) {
	switch {
	case strings.TrimSpace(msg.Text) == "":
	case m.text < 0:
		m.text = t.Add(msg)
	default:
		t.Set(m.text, msg)
	}
}

// reply is what a gemini message says of its reply: its time and model.
func (r record) reply() cards.Reply { return cards.Reply{At: r.time(), Model: r.Model} }

// thoughts shows the thoughts not shown yet, as reasoning.
func (d *decoder) thoughts(t *replay.Transcript, m *message, list []thought) {
	for _, th := range list[min(m.thoughts, len(list)):] {
		text := th.Description
		if th.Subject != "" {
			text = "**" + th.Subject + "**\n\n" + th.Description
		}
		t.PutMessage(cards.RoleReasoning, text)
	}
	m.thoughts = max(m.thoughts, len(list))
}

// contentText is the text of a PartListUnion: a string, a part or a list
// of parts, the text parts joined; displayContent, what the user typed,
// wins over content, what the model was sent.
func contentText(display, content json.RawMessage) (string, error) {
	if text, err := partsText(display); err == nil && text != "" {
		return text, nil
	}
	text, err := partsText(content)
	if err != nil {
		return "", fmt.Errorf("content: %w", err)
	}
	return text, nil
}

// partsText joins the text parts of a PartListUnion.
func partsText(raw json.RawMessage) (string, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return "", nil
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s, nil
	}
	var parts []json.RawMessage
	if json.Unmarshal(raw, &parts) != nil {
		parts = []json.RawMessage{raw}
	}
	var b strings.Builder
	for _, p := range parts {
		var part struct {
			Text    *string `json:"text"`
			Thought bool    `json:"thought"`
		}
		if json.Unmarshal(p, &s) == nil {
			b.WriteString(s)
			continue
		}
		if err := json.Unmarshal(p, &part); err != nil {
			return "", replay.ObjectError(err)
		}
		if part.Text != nil && !part.Thought {
			b.WriteString(*part.Text)
		}
	}
	return b.String(), nil
}
