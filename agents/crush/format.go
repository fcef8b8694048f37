package crush

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"strconv"
	"strings"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/lazyregexp"
	"github.com/cardtui/cardtui/internal/toolkit"
	"github.com/cardtui/cardtui/producers"
	"github.com/cardtui/cardtui/replay"
)

// The line types of the Format a database becomes.
const (
	sessionLine = "crush.session"
	messageLine = "crush.message"
	// problemLine is a row of the database that could not be read.
	problemLine = "crush.problem"
)

// Format is Crush's sessions as lines: a session line, then a line per
// message.
var Format = replay.Format{
	Name: "crush",
	Detect: func(_ map[string]json.RawMessage, typ string) bool {
		return typ == sessionLine || typ == messageLine || typ == problemLine
	},
	Expect: "crush: crush.session, crush.message",
	NewDecoder: func(extra producers.Registry) replay.Decoder {
		tools := Tools()
		maps.Copy(tools, extra)
		return &decoder{tools: tools, args: map[string]call{}, nested: map[string]replay.CardPath{}, calls: map[string]int{}, open: map[string][]string{}}
	},
}

// decoder decodes the lines of the Format.
type decoder struct {
	tools producers.Registry
	// args are the calls seen, by id, for their results.
	args map[string]call
	// nest is the card of the agent call whose sub-agent's session is
	// being read, nil at the top level; nested are the cards of the calls
	// nested under such cards, by id.
	nest   *replay.CardPath
	nested map[string]replay.CardPath
	// calls counts the calls of each id: some models reuse one id for
	// every call of a tool ("tool_0_bash"), so a card's id is the call's
	// with "#n" for its n-th use. open are the card ids of the calls of
	// each id still waiting for their result, oldest first.
	calls map[string]int
	open  map[string][]string
}

// call is a tool call's name and arguments.
type call struct {
	name string
	args []byte
}

// line is a line of the Format.
type line struct {
	Type    string          `json:"type"`
	Session json.RawMessage `json:"session"`
	Message json.RawMessage `json:"message"`
	// Problem is a problem line's reason.
	Problem string `json:"problem"`
}

func (d *decoder) DecodeLine(t *replay.Transcript, l replay.Line) {
	replay.ApplyObject(t, l, d.decode)
}

func (d *decoder) decode(t *replay.Transcript, l line) error {
	switch l.Type {
	case sessionLine:
		return d.session(t, l.Session)
	case messageLine:
		return d.message(t, l.Message)
	case problemLine:
		t.AddProblem(0, l.Problem, nil)
		return nil
	case "":
		return errors.New(`missing field "type"`)
	}
	t.AddSkipped(l.Type)
	return nil
}

// sessionRow is a session, as the session line holds it.
type sessionRow struct {
	ID       string  `json:"id"`
	ParentID string  `json:"parent_session_id"`
	Title    string  `json:"title"`
	Cost     float64 `json:"cost"`
	Project  string  `json:"project"`
}

// session titles the transcript and says which session follows.
func (d *decoder) session(t *replay.Transcript, raw json.RawMessage) error {
	var s sessionRow
	if err := json.Unmarshal(raw, &s); err != nil {
		return fmt.Errorf("session: %w", replay.ObjectError(err))
	}
	d.nest = nil
	if _, callID, ok := strings.Cut(s.ID, "$$"); ok && s.ParentID != "" {
		if p, found := t.LastCard(callID); found {
			d.nest = &p
			t.AddChild(p, cards.Notice{Text: "the sub-agent's session " + s.ID + ": " + s.Title})
			return nil
		}
	}
	t.Title = s.Title
	text := "Crush session " + s.ID
	if s.Title != "" {
		text += ": " + s.Title
	}
	if s.ParentID != "" {
		text += " (a sub-agent's session, of " + s.ParentID + ")"
	}
	t.AddNotice(text)
	return nil
}

// messageRow is a message with its parts.
type messageRow struct {
	Role     string `json:"role"`
	Model    string `json:"model"`
	Provider string `json:"provider"`
	Parts    []struct {
		Type string          `json:"type"`
		Data json.RawMessage `json:"data"`
	} `json:"parts"`
	CreatedAt  int64 `json:"created_at"`
	FinishedAt int64 `json:"finished_at"`
}

// message shows the parts of a message.
func (d *decoder) message(t *replay.Transcript, raw json.RawMessage) error {
	var m messageRow
	if err := json.Unmarshal(raw, &m); err != nil {
		return fmt.Errorf("message: %w", replay.ObjectError(err))
	}
	for i, p := range m.Parts {
		if err := d.part(t, m, p.Type, p.Data); err != nil {
			return fmt.Errorf("parts[%d] (%s): %w", i, p.Type, err)
		}
	}
	return nil
}

// partData holds the fields of every part type.
type partData struct {
	Text       string `json:"text"`
	Thinking   string `json:"thinking"`
	ID         string `json:"id"`
	Name       string `json:"name"`
	Input      string `json:"input"`
	ToolCallID string `json:"tool_call_id"`
	Content    string `json:"content"`
	Metadata   string `json:"metadata"`
	IsError    bool   `json:"is_error"`
	Reason     string `json:"reason"`
	Time       int64  `json:"time"`
	Message    string `json:"message"`
	Details    string `json:"details"`
	URL        string `json:"url"`
	Path       string `json:"Path"`
	MIMEType   string `json:"MIMEType"`
	Command    string `json:"command"`
	Output     string `json:"output"`
	ExitCode   int    `json:"exit_code"`
}

// part shows one part of message m.
func (d *decoder) part(t *replay.Transcript, m messageRow, typ string, raw json.RawMessage) error {
	var p partData
	if err := json.Unmarshal(raw, &p); err != nil {
		return replay.ObjectError(err)
	}
	switch typ {
	case "text":
		role := cards.RoleAssistant
		if m.Role == "user" {
			role = cards.RoleUser
		}
		if p.Text != "" {
			d.put(t, cards.Message{Role: role, Text: p.Text})
		}
	case "reasoning":
		if p.Thinking != "" {
			d.put(t, cards.Message{Role: cards.RoleReasoning, Text: p.Thinking})
		}
	case "tool_call":
		d.toolCall(t, p)
	case "tool_result":
		d.toolResult(t, p)
	case "finish":
		d.finish(t, m, p)
	case "image_url":
		d.put(t, cards.Notice{Text: "image " + p.URL})
	case "binary":
		d.put(t, cards.Notice{Text: "attached " + p.Path + " (" + p.MIMEType + ")"})
	case "shell_command":
		id := fmt.Sprintf("shell-%d", t.LineNumber())
		exit := p.ExitCode
		d.call(t, id, "shell_command", cards.TerminalCall{Title: p.Command, Description: "! shell command"})
		d.result(t, id, cards.TerminalResult{Output: p.Output, ExitCode: &exit}, outcomeOfExit(exit))
	case "":
		return errors.New(`missing field "type"`)
	default:
		t.AddSkipped(typ)
	}
	return nil
}

// toolCall shows a call.
func (d *decoder) toolCall(t *replay.Transcript, p partData) {
	id := p.ID
	if n := d.calls[p.ID]; n > 0 {
		id = p.ID + "#" + strconv.Itoa(n+1)
	}
	d.calls[p.ID]++
	d.open[p.ID] = append(d.open[p.ID], id)
	args := replay.ToolArguments(json.RawMessage(p.Input))
	d.args[id] = call{name: p.Name, args: args}
	view, problem := d.tools.Present(p.Name, args)
	d.call(t, id, p.Name, view)
	t.ArgumentsProblem(p.Name, problem)
}

// cardID is the card of the nearest call of id still waiting for its
// result, which the result answers; id itself when there is none.
func (d *decoder) cardID(id string) string {
	open := d.open[id]
	if len(open) == 0 {
		return id
	}
	d.open[id] = open[:len(open)-1]
	return open[len(open)-1]
}

// put adds an entry, nested under the agent call whose sub-agent's
// session is being read.
func (d *decoder) put(t *replay.Transcript, e cards.Entry) {
	if d.nest != nil {
		t.AddChild(*d.nest, e)
		return
	}
	t.Add(e)
}

// call adds the card of a call, nested when put would nest.
func (d *decoder) call(t *replay.Transcript, id, tool string, view cards.CallView) {
	if d.nest == nil {
		t.PutCall(id, tool, view)
		return
	}
	d.nested[id] = t.AddChild(*d.nest, cards.ToolCard{ID: id, Tool: tool, Call: view})
}

// result gives the card of call id its result, nested or not.
func (d *decoder) result(t *replay.Transcript, id string, view cards.ResultView, outcome cards.Outcome) {
	p, ok := d.nested[id]
	if !ok {
		t.PutResultAs(id, view, outcome)
		return
	}
	t.UpdateCard(p, func(c cards.ToolCard) cards.ToolCard {
		c.Result, c.Outcome = view, outcome
		return c
	})
}

// exitCode is the last line of a failed command's content.
var exitCode = lazyregexp.New(`(?:^|\n)Exit code (-?\d+)\s*$`)

// toolResult shows the result of a call: an error (its text once), or a
// bash whose content ends "Exit code N", failed; the LSP diagnostics
// after an edit's result below it, as Crush shows them.
func (d *decoder) toolResult(t *replay.Transcript, p partData) {
	id := d.cardID(p.ToolCallID)
	c := d.args[id]
	name := c.name
	if name == "" {
		name = p.Name
	}
	content, diagnostics := splitDiagnostics(p.Content)
	r := producers.Result{Content: toolkit.Text(content), IsError: p.IsError}
	if json.Valid([]byte(p.Metadata)) && p.Metadata != "" && p.Metadata != "null" {
		r.Meta = json.RawMessage(p.Metadata)
	}
	switch m := exitCode().FindStringSubmatch(p.Content); {
	case p.IsError:
		r.Content, r.Error, r.Outcome = nil, content, cards.OutcomeFailed
		if p.Content == "User denied permission" || p.Content == "Permission denied" {
			r.Outcome = cards.OutcomeRejected
		}
	case m != nil && m[1] != "0":
		r.Outcome = cards.OutcomeFailed
	}
	d.result(t, id, d.tools.Result(name, c.args, r), r.Outcome)
	for _, note := range append([]string{applied(r.Meta)}, diagnostics...) {
		if note != "" {
			d.child(t, id, cards.Notice{Text: note})
		}
	}
}

// diagnosticsBlock is a block of LSP diagnostics Crush appends to a
// tool's result for the model.
var diagnosticsBlock = lazyregexp.New(`(?s)\n*<(file|project)_diagnostics>\n?(.*?)\n?</(?:file|project)_diagnostics>\n*`)

// splitDiagnostics parts a result's content into what the tool said,
// without the <result> wrapper, and the lines of its diagnostics blocks.
func splitDiagnostics(content string) (text string, diagnostics []string) {
	text = diagnosticsBlock().ReplaceAllStringFunc(content, func(block string) string {
		m := diagnosticsBlock().FindStringSubmatch(block)
		for _, l := range strings.Split(m[2], "\n") {
			if strings.TrimSpace(l) != "" {
				diagnostics = append(diagnostics, m[1]+" diagnostics: "+strings.TrimSpace(l))
			}
		}
		return "\n"
	})
	if len(diagnostics) == 0 {
		return content, nil
	}
	if inner, ok := strings.CutPrefix(strings.TrimSpace(text), "<result>"); ok {
		if inner, ok := strings.CutSuffix(inner, "</result>"); ok {
			text = strings.TrimSpace(inner)
		}
	}
	return text, diagnostics
}

// child adds an entry under the card of call id.
func (d *decoder) child(t *replay.Transcript, id string, e cards.Entry) {
	if p, ok := d.nested[id]; ok {
		t.AddChild(p, e)
		return
	}
	if p, ok := t.LastCard(id); ok {
		t.AddChild(p, e)
	}
}

// outcomeOfExit is failed for a non-zero exit code.
func outcomeOfExit(code int) cards.Outcome {
	if code != 0 {
		return cards.OutcomeFailed
	}
	return cards.OutcomeDone
}

// finish ends an assistant's turn as Crush's chat does: "Model via
// Provider in <duration>", or the reason it stopped. The finish parts of
// user and tool messages, which Crush writes too, it does not show.
func (d *decoder) finish(t *replay.Transcript, m messageRow, p partData) {
	if m.Role != "assistant" {
		t.AddSkipped("finish")
		return
	}
	switch p.Reason {
	case "end_turn", "tool_use", "stop", "":
		if m.Model != "" && p.Reason == "end_turn" {
			text := m.Model
			if m.Provider != "" {
				text += " via " + m.Provider
			}
			if p.Time > 0 && m.CreatedAt > 0 && p.Time >= m.CreatedAt {
				text += " in " + strconv.FormatInt(p.Time-m.CreatedAt, 10) + "s"
			}
			d.put(t, cards.Notice{Text: text})
			return
		}
		t.AddSkipped("finish")
	case "canceled":
		t.InterruptPending()
		d.put(t, cards.Notice{Text: "canceled"})
	default:
		text := "stopped: " + p.Reason
		if p.Message != "" {
			text += ": " + p.Message
		}
		if p.Details != "" {
			text += " (" + p.Details + ")"
		}
		d.put(t, cards.Notice{Text: text})
	}
}
