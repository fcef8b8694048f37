package opencode

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/toolkit"
	"github.com/cardtui/cardtui/producers"
	"github.com/cardtui/cardtui/replay"
)

// The line types of the Format that a database and an export become.
const (
	sessionLine = "opencode.session"
	messageLine = "opencode.message"
	// problemLine is a row of the database that could not be read.
	problemLine = "opencode.problem"
)

// runTypes are the types of the lines `opencode run --format json`
// prints, each with one part.
var runTypes = []string{"text", "reasoning", "tool_use", "step_start", "step_finish", "error"}

// Format is opencode's sessions as lines: a session line and a line per
// message (from the database or an export), or the events of `opencode
// run --format json`.
var Format = replay.Format{
	Name:   "opencode",
	Detect: detect,
	Expect: "opencode: opencode.session, opencode.message, or a part event of opencode run --format json",
	NewDecoder: func(extra producers.Registry) replay.Decoder {
		tools := Tools()
		maps.Copy(tools, extra)
		return &decoder{tools: tools, tasks: map[string]task{}}
	},
}

// detect recognises a session or message line, or a run event: one of
// its types with a sessionID.
func detect(head map[string]json.RawMessage, typ string) bool {
	if typ == sessionLine || typ == messageLine || typ == problemLine {
		return true
	}
	_, ok := head["sessionID"]
	return ok && slices.Contains(runTypes, typ)
}

// decoder decodes the lines of the Format.
type decoder struct {
	tools producers.Registry
	// tasks are the task calls of the sessions read, by the id of the
	// sub-agent's session each started (the call's metadata.sessionId).
	tasks map[string]task
	// sub is the sub-agent session being read under its task card, nil
	// while the session read is not one.
	sub *subSession
}

// task is a task call: its card, and the prompt it gave the sub-agent,
// which the card shows.
type task struct {
	card   replay.CardPath
	prompt string
}

// subSession is a sub-agent's session read into a transcript of its own,
// whose entries are the children of the task card that started it.
type subSession struct {
	task
	tr *replay.Transcript
}

// line is a line of the Format.
type line struct {
	Type  string            `json:"type"`
	Info  json.RawMessage   `json:"info"`
	Parts []json.RawMessage `json:"parts"`
	Part  json.RawMessage   `json:"part"`
	Error json.RawMessage   `json:"error"`
	// Problem is a problem line's reason.
	Problem string `json:"problem"`
}

func (d *decoder) DecodeLine(t *replay.Transcript, l replay.Line) {
	replay.ApplyObject(t, l, d.decode)
}

func (d *decoder) decode(t *replay.Transcript, l line) error {
	switch l.Type {
	case sessionLine:
		return d.session(t, l.Info)
	case messageLine:
		if d.sub != nil {
			return d.subMessage(t, l.Info, l.Parts)
		}
		return d.message(t, l.Info, l.Parts)
	case problemLine:
		t.AddProblem(0, l.Problem, nil)
		return nil
	case "error":
		t.AddNotice("error: " + errorText(l.Error))
		return nil
	case "":
		return errors.New(`missing field "type"`)
	}
	if !slices.Contains(runTypes, l.Type) {
		t.AddSkipped(l.Type)
		return nil
	}
	if len(l.Part) == 0 {
		return fmt.Errorf("%s: missing field %q", l.Type, "part")
	}
	return d.part(t, "assistant", l.Part)
}

// sessionInfo is a session's info, as an export and the session line
// hold it.
type sessionInfo struct {
	ID        string `json:"id"`
	Title     string `json:"title"`
	Directory string `json:"directory"`
	ParentID  string `json:"parentID"`
}

// session titles the transcript and says which session follows; a
// sub-agent's session whose task card was read is nested under that card
// instead.
func (d *decoder) session(t *replay.Transcript, raw json.RawMessage) error {
	var s sessionInfo
	if err := json.Unmarshal(raw, &s); err != nil {
		return fmt.Errorf("info: %w", replay.ObjectError(err))
	}
	d.sub = nil
	if task, ok := d.tasks[s.ID]; ok && s.ParentID != "" {
		d.sub = &subSession{task: task, tr: replay.NewTranscript(t.Source)}
		return nil
	}
	t.Title = s.Title
	text := fmt.Sprintf("opencode session %s in %s", s.ID, s.Directory)
	if s.Title != "" {
		text += ": " + s.Title
	}
	if s.ParentID != "" {
		text += " (a sub-agent's session, of " + s.ParentID + ")"
	}
	t.AddNotice(text)
	return nil
}

// subMessage reads a message of a sub-agent's session into its own
// transcript, whose entries then become the task card's children.
func (d *decoder) subMessage(t *replay.Transcript, raw json.RawMessage, parts []json.RawMessage) error {
	sub := d.sub.tr
	before := sub.Stats
	sub.Stats = replay.Stats{Skipped: map[string]int{}}
	err := d.message(sub, raw, parts)
	t.Stats.ToolCards += sub.Stats.ToolCards
	t.Stats.Problems += sub.Stats.Problems
	for typ, n := range sub.Stats.Skipped {
		t.Stats.Skipped[typ] += n
	}
	sub.Stats = before
	t.UpdateCard(d.sub.card, func(c cards.ToolCard) cards.ToolCard {
		c.Children = withoutAnswer(sub.Entries, c.Result)
		return c
	})
	return err
}

// withoutAnswer are a sub-agent's entries without its last reply when
// that reply is the task's result, which the card shows already.
func withoutAnswer(entries []cards.Entry, result cards.ResultView) []cards.Entry {
	children := slices.Clone(entries)
	r, ok := result.(cards.GenericResult)
	if !ok || len(children) == 0 {
		return children
	}
	last, ok := children[len(children)-1].(cards.Message)
	text, _ := toolkit.TextOf(r.Content)
	if ok && last.Role == cards.RoleAssistant && strings.TrimSpace(last.Text) == strings.TrimSpace(text) {
		return children[:len(children)-1]
	}
	return children
}

// messageInfo is a message's info.
type messageInfo struct {
	ID         string          `json:"id"`
	Role       string          `json:"role"`
	ModelID    string          `json:"modelID"`
	ProviderID string          `json:"providerID"`
	Error      json.RawMessage `json:"error"`
}

// message shows the parts of a message, then its error.
func (d *decoder) message(t *replay.Transcript, raw json.RawMessage, parts []json.RawMessage) error {
	var m messageInfo
	if err := json.Unmarshal(raw, &m); err != nil {
		return fmt.Errorf("info: %w", replay.ObjectError(err))
	}
	for i, p := range parts {
		if err := d.part(t, m.Role, p); err != nil {
			return fmt.Errorf("parts[%d]: %w", i, err)
		}
	}
	if len(m.Error) > 0 && string(m.Error) != "null" {
		t.AddNotice("error: " + errorText(m.Error))
	}
	return nil
}

// errorText is the message of an error {name, data: {message}}.
func errorText(raw json.RawMessage) string {
	var e struct {
		Name string `json:"name"`
		Data struct {
			Message string `json:"message"`
		} `json:"data"`
	}
	if json.Unmarshal(raw, &e) != nil || e.Data.Message == "" && e.Name == "" {
		return string(raw)
	}
	if e.Data.Message == "" {
		return e.Name
	}
	return e.Name + ": " + e.Data.Message
}

// part is a part of a message.
type part struct {
	Type      string          `json:"type"`
	Text      string          `json:"text"`
	Synthetic bool            `json:"synthetic"`
	Ignored   bool            `json:"ignored"`
	CallID    string          `json:"callID"`
	Tool      string          `json:"tool"`
	State     json.RawMessage `json:"state"`
	Filename  string          `json:"filename"`
	URL       string          `json:"url"`
	Files     []string        `json:"files"`
	Name      string          `json:"name"`
	Agent     string          `json:"agent"`
	Prompt    string          `json:"prompt"`
	Auto      bool            `json:"auto"`
	Attempt   int             `json:"attempt"`
	Error     json.RawMessage `json:"error"`
}

// part shows one part of a message of role.
func (d *decoder) part(t *replay.Transcript, role string, raw json.RawMessage) error {
	var p part
	if err := json.Unmarshal(raw, &p); err != nil {
		return replay.ObjectError(err)
	}
	switch p.Type {
	case "text":
		if d.sub != nil && role == "user" && strings.TrimSpace(p.Text) == strings.TrimSpace(d.sub.prompt) {
			return nil // the task card shows the prompt
		}
		textPart(t, role, p, d.sub != nil)
	case "reasoning":
		if p.Text != "" {
			t.PutMessage(cards.RoleReasoning, p.Text)
		}
	case "tool":
		return d.toolPart(t, p)
	case "file":
		t.AddNotice("attached " + firstOf(p.Filename, p.URL))
	case "patch":
		t.AddNotice(fmt.Sprintf("changed %d file(s): %v", len(p.Files), p.Files))
	case "agent":
		t.AddNotice("@" + p.Name)
	case "subtask":
		t.AddNotice("sub-task for " + p.Agent + ": " + p.Prompt)
	case "compaction":
		t.AddNotice("the conversation was compacted")
	case "retry":
		t.AddNotice(fmt.Sprintf("retry %d: %s", p.Attempt, errorText(p.Error)))
	case "":
		return errors.New(`missing field "type"`)
	default: // step-start, step-finish, snapshot and newer types
		t.AddSkipped(p.Type)
	}
	return nil
}

// textPart shows text: the user's prompt verbatim, the context opencode
// adds to it (synthetic text) folded, the assistant's reply. In a
// sub-agent's session (sub), the user is the agent that started it.
func textPart(t *replay.Transcript, role string, p part, sub bool) {
	switch {
	case p.Ignored || p.Text == "":
		t.AddSkipped("text")
	case role == "user" && p.Synthetic:
		t.PutMessage(cards.RoleContext, p.Text)
	case role == "user" && sub:
		t.PutMessage(cards.RoleAgentAsUser, p.Text)
	case role == "user":
		t.PutMessage(cards.RoleUser, p.Text)
	default:
		t.PutMessage(cards.RoleAssistant, p.Text)
	}
}

func firstOf(a, b string) string {
	if a != "" {
		return a
	}
	return b
}
