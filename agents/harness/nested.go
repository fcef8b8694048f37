package harness

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/producers"
	"github.com/cardtui/cardtui/replay"
)

// What happens inside a call is nested under its card
// (cards.ToolCard.Children):
//
//   - tool/code-dispatch-start and tool/code-dispatch: a call a run_code
//     program made is a card under its parent's card — the run_code
//     call, or a sub-call — presented by the same producers as a
//     top-level call; the settling event is its result.
//   - tool-workflow/run-start … run-end: a workflow run goes under the
//     workflow call waiting for its result (the events do not name the
//     call); each agent it ran is a card, its outcome the result.
//   - approval/asked and approval/decided: a Notice under the card of the
//     call they gate.
//
// An event whose parent card is not there is shown at the top level, so
// that nothing is lost.

// nesting is what the event handler remembers of the nested cards.
type nesting struct {
	// subcalls are the sub-calls of run_code programs, by sub-call id.
	subcalls map[string]subcall
	// workflows are the workflow runs, by run id.
	workflows map[string]*workflowRun
	// approvals are the approvals asked and not decided yet, by id.
	approvals map[string]approval
}

func newNesting() nesting {
	return nesting{subcalls: map[string]subcall{}, workflows: map[string]*workflowRun{}, approvals: map[string]approval{}}
}

// subcall is a sub-call's card and its tool and arguments.
type subcall struct {
	path  replay.CardPath
	input toolInput
}

// codeDispatchData is the data of tool/code-dispatch-start and
// tool/code-dispatch (which adds content and isError).
type codeDispatchData struct {
	RootCallID   string          `json:"rootCallId"`
	ParentCallID string          `json:"parentCallId"`
	SubCallID    string          `json:"subCallId"`
	Name         string          `json:"name"`
	Arguments    json.RawMessage `json:"arguments"`
	Content      json.RawMessage `json:"content"`
	IsError      bool            `json:"isError"`
}

// check requires the ids that pair the events and place the card.
func (d *codeDispatchData) check() error {
	switch {
	case d.SubCallID == "":
		return errors.New(`missing field "data.subCallId"`)
	case d.ParentCallID == "":
		return errors.New(`missing field "data.parentCallId"`)
	}
	return nil
}

func (h *eventHandler) codeDispatchStart(t *replay.Transcript, d *codeDispatchData) error {
	if err := d.check(); err != nil {
		return err
	}
	if _, ok := h.nested.subcalls[d.SubCallID]; ok {
		return fmt.Errorf("sub-call %q started twice: the card keeps the first", d.SubCallID)
	}
	h.startSubcall(t, d)
	return nil
}

// codeDispatch gives a sub-call its result; a sub-call whose start was
// not logged gets its card now.
func (h *eventHandler) codeDispatch(t *replay.Transcript, d *codeDispatchData) error {
	if err := d.check(); err != nil {
		return err
	}
	s, ok := h.nested.subcalls[d.SubCallID]
	if !ok {
		s = h.startSubcall(t, d)
	}
	if t.Card(s.path).Result != nil {
		return fmt.Errorf("second result for sub-call %q: the card keeps the first", d.SubCallID)
	}
	result := producers.NewResult(d.Content, d.IsError, nil, nil)
	view := h.tools.Result(s.input.tool, s.input.args, result)
	t.UpdateCard(s.path, func(c cards.ToolCard) cards.ToolCard {
		c.Result, c.Outcome = view, result.Outcome
		return c
	})
	return nil
}

// startSubcall makes a sub-call's card under its parent's.
func (h *eventHandler) startSubcall(t *replay.Transcript, d *codeDispatchData) subcall {
	in := toolInput{tool: d.Name, args: replay.ToolArguments(d.Arguments)}
	view, problem := h.tools.Present(in.tool, in.args)
	card := cards.ToolCard{ID: d.SubCallID, Tool: d.Name, Call: view}
	s := subcall{path: h.nestUnder(t, h.callCard(t, d.ParentCallID), card), input: in}
	h.nested.subcalls[d.SubCallID] = s
	t.ArgumentsProblem(in.tool, problem)
	return s
}

// callCard returns the card of a call or sub-call id, if there is one.
func (h *eventHandler) callCard(t *replay.Transcript, id string) *replay.CardPath {
	if s, ok := h.nested.subcalls[id]; ok {
		return &s.path
	}
	if p, ok := t.LastCard(id); ok {
		return &p
	}
	return nil
}

// nestUnder nests a card under parent, or makes it a top-level card when
// there is no parent, and returns its path.
func (h *eventHandler) nestUnder(t *replay.Transcript, parent *replay.CardPath, card cards.ToolCard) replay.CardPath {
	if parent != nil {
		return t.AddChild(*parent, card)
	}
	return replay.CardAt(t.PutCall(card.ID, card.Tool, card.Call))
}

// nestNotice adds a Notice under parent, or at the top level when there
// is no parent.
func nestNotice(t *replay.Transcript, parent *replay.CardPath, text string) {
	if parent != nil {
		t.AddChild(*parent, cards.Notice{Text: text})
		return
	}
	t.AddNotice(text)
}

// workflowRun is a workflow run: the card it is nested under (nil when
// none was waiting), its name and its agents' cards by member seq.
type workflowRun struct {
	parent *replay.CardPath
	name   string
	agents map[int]replay.CardPath
}

// workflowData is the data of the tool-workflow/* events: the run, the
// member agent (by seq) and the outcome they are about.
type workflowData struct {
	RunID      string          `json:"runId"`
	Name       string          `json:"name"`
	Seq        *int            `json:"seq"`
	Label      string          `json:"label"`
	Phase      string          `json:"phase"`
	ChildID    string          `json:"childId"`
	Outcome    string          `json:"outcome"`
	StopReason json.RawMessage `json:"stopReason"`
}

// workflowTool is the name the harness registers its workflow tool as.
const workflowTool = "workflow"

func (h *eventHandler) workflowRunStart(t *replay.Transcript, d *workflowData) error {
	if d.RunID == "" {
		return errors.New(`missing field "data.runId"`)
	}
	if _, ok := h.nested.workflows[d.RunID]; ok {
		return fmt.Errorf("workflow run %q started twice", d.RunID)
	}
	run := &workflowRun{name: d.Name, agents: map[int]replay.CardPath{}}
	if p, ok := t.LastAwaiting(workflowTool); ok {
		run.parent = &p
	}
	h.nested.workflows[d.RunID] = run
	nestNotice(t, run.parent, strings.TrimSpace("Workflow "+d.Name+" started"))
	return nil
}

// run returns the workflow run an event is about, which must have
// started.
func (h *eventHandler) run(d *workflowData) (*workflowRun, error) {
	run, ok := h.nested.workflows[d.RunID]
	if !ok {
		return nil, fmt.Errorf("workflow run %q was not started", d.RunID)
	}
	return run, nil
}

// agentID is the id of the card of a workflow's agent.
func agentID(runID string, seq int) string { return runID + ":agent:" + strconv.Itoa(seq) }

func (h *eventHandler) workflowAgentStart(t *replay.Transcript, d *workflowData) error {
	run, err := h.run(d)
	if err != nil {
		return err
	}
	if d.Seq == nil {
		return errors.New(`missing field "data.seq"`)
	}
	var content []cards.ContentBlock
	if d.Phase != "" {
		content = []cards.ContentBlock{cards.TextBlock{Text: "Phase: " + d.Phase}}
	}
	label := strings.TrimSpace(d.Label)
	if label == "" {
		label = "agent " + strconv.Itoa(*d.Seq)
	}
	card := cards.ToolCard{
		ID: agentID(d.RunID, *d.Seq), Tool: "agent",
		Call: cards.GenericCall{Title: "Agent · " + label, Kind: cards.KindThink, Content: content},
	}
	run.agents[*d.Seq] = h.nestUnder(t, run.parent, card)
	return nil
}

func (h *eventHandler) workflowAgentEnd(t *replay.Transcript, d *workflowData) error {
	run, err := h.run(d)
	if err != nil {
		return err
	}
	if d.Seq == nil {
		return errors.New(`missing field "data.seq"`)
	}
	p, ok := run.agents[*d.Seq]
	if !ok {
		return fmt.Errorf("agent %d of workflow run %q was not started", *d.Seq, d.RunID)
	}
	result := cards.GenericResult{Content: []cards.ContentBlock{cards.TextBlock{Text: "The agent " + agentOutcome(d.Outcome) + "."}}}
	t.UpdateCard(p, func(c cards.ToolCard) cards.ToolCard {
		c.Result, c.Outcome = result, agentCardOutcome(d.Outcome)
		return c
	})
	return nil
}

// agentCardOutcome is the state a workflow agent's card shows for its
// outcome: a failed agent is a failed card, a cancelled one interrupted.
func agentCardOutcome(outcome string) cards.Outcome {
	switch outcome {
	case "failed", "error":
		return cards.OutcomeFailed
	case "cancelled":
		return cards.OutcomeInterrupted
	}
	return cards.OutcomeDone
}

// agentOutcome words a workflow agent's outcome.
func agentOutcome(outcome string) string {
	switch outcome {
	case "cancelled":
		return "was cancelled"
	case "":
		return "ended"
	}
	return outcome
}

func (h *eventHandler) workflowRunEnd(t *replay.Transcript, d *workflowData) error {
	run, err := h.run(d)
	if err != nil {
		return err
	}
	delete(h.nested.workflows, d.RunID)
	text := strings.TrimSpace("Workflow " + run.name + " ended")
	if reason := stopReason(d.StopReason); reason != "" {
		text += ": " + reason
	}
	nestNotice(t, run.parent, text)
	return nil
}

// stopReason reads a workflow's stop reason: a string, or an object with
// a kind.
func stopReason(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var r struct {
		Kind string `json:"kind"`
	}
	_ = json.Unmarshal(raw, &r)
	return r.Kind
}

// approval is an approval asked: its tool, and the card it is nested
// under (nil when it is at the top level).
type approval struct {
	tool string
	card *replay.CardPath
}

// approvalAskedData is the data of an approval/asked event.
type approvalAskedData struct {
	ID       string `json:"id"`
	ToolName string `json:"toolName"`
	CallID   string `json:"callId"`
	Reason   string `json:"reason"`
}

func (h *eventHandler) approvalAsked(t *replay.Transcript, d *approvalAskedData) error {
	a := approval{tool: d.ToolName}
	if d.CallID != "" {
		a.card = h.callCard(t, d.CallID)
	}
	h.nested.approvals[d.ID] = a
	text := "Approval asked"
	if d.ToolName != "" && a.card == nil {
		text += " for " + d.ToolName
	}
	if d.Reason != "" {
		text += ": " + d.Reason
	}
	nestNotice(t, a.card, text)
	return nil
}

// approvalDecidedData is the data of an approval/decided event.
type approvalDecidedData struct {
	ID      string `json:"id"`
	Outcome string `json:"outcome"`
}

func (h *eventHandler) approvalDecided(t *replay.Transcript, d *approvalDecidedData) error {
	a := h.nested.approvals[d.ID]
	delete(h.nested.approvals, d.ID)
	text := "Approval"
	if a.tool != "" && a.card == nil {
		text += " for " + a.tool
	}
	nestNotice(t, a.card, text+": "+strings.ReplaceAll(d.Outcome, "-", " "))
	return nil
}
