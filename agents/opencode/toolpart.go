package opencode

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/toolkit"
	"github.com/cardtui/cardtui/producers"
	"github.com/cardtui/cardtui/replay"
)

// toolState is a tool part's state: pending and running carry the
// input; completed adds the output, metadata and title; error the error.
type toolState struct {
	Status   string          `json:"status"`
	Input    json.RawMessage `json:"input"`
	Output   *string         `json:"output"`
	Metadata json.RawMessage `json:"metadata"`
	Title    string          `json:"title"`
	Error    *string         `json:"error"`
}

// rejected and aborted are the errors opencode gives a call the user
// refused, and one cut off.
const (
	rejected = "The user rejected permission to use this specific tool call."
	aborted  = "Tool execution aborted"
)

// toolPart shows a tool call and, once it ended, its result. A call seen
// before (a run's events repeat it as its state changes) gets its result.
func (d *decoder) toolPart(t *replay.Transcript, p part) error {
	if p.CallID == "" || p.Tool == "" {
		return fmt.Errorf("tool part: missing callID or tool")
	}
	var s toolState
	if err := json.Unmarshal(p.State, &s); err != nil {
		return fmt.Errorf("state: %w", replay.ObjectError(err))
	}
	args := replay.ToolArguments(s.Input)
	if !t.HasCard(p.CallID) {
		view, problem := d.tools.Present(p.Tool, args)
		t.PutCall(p.CallID, p.Tool, view)
		t.ArgumentsProblem(p.Tool, problem)
		d.noteTask(t, p, s)
	}
	if _, waiting := t.AwaitingResult(p.CallID); !waiting {
		return nil
	}
	switch s.Status {
	case "completed":
		r := producers.Result{Content: toolkit.Text(deref(s.Output)), Meta: meta(s.Metadata)}
		t.PutResultAs(p.CallID, d.tools.Result(p.Tool, args, r), exitOutcome(s.Metadata))
	case "error":
		r := producers.Result{IsError: true, Error: deref(s.Error), Meta: meta(s.Metadata)}
		r.Outcome = outcome(deref(s.Error))
		t.PutResultAs(p.CallID, d.tools.Result(p.Tool, args, r), r.Outcome)
	}
	return nil
}

// noteTask remembers the card of a task call of a top-level session by
// the id of the sub-agent's session it started, which is read under it.
func (d *decoder) noteTask(t *replay.Transcript, p part, s toolState) {
	if p.Tool != "task" || d.sub != nil {
		return
	}
	var m struct {
		SessionID string `json:"sessionId"`
	}
	var in struct {
		Prompt string `json:"prompt"`
	}
	if json.Unmarshal(s.Metadata, &m) != nil || m.SessionID == "" {
		return
	}
	_ = json.Unmarshal(s.Input, &in) // a task without a prompt has none to show once
	if card, ok := t.LastCard(p.CallID); ok {
		d.tasks[m.SessionID] = task{card: card, prompt: in.Prompt}
	}
}

// outcome tells a rejection and an interruption from a failure by
// opencode's words for them.
func outcome(err string) cards.Outcome {
	switch {
	case strings.Contains(err, rejected):
		return cards.OutcomeRejected
	case strings.HasPrefix(err, aborted):
		return cards.OutcomeInterrupted
	}
	return cards.OutcomeFailed
}

// exitOutcome is failed for a command whose metadata's exit code is not
// 0 (bash records one), else done.
func exitOutcome(metadata json.RawMessage) cards.Outcome {
	var m struct {
		Exit *int `json:"exit"`
	}
	if json.Unmarshal(metadata, &m) == nil && m.Exit != nil && *m.Exit != 0 {
		return cards.OutcomeFailed
	}
	return cards.OutcomeDone
}

// meta is a metadata object, nil when there is none.
func meta(raw json.RawMessage) json.RawMessage {
	if len(raw) == 0 || string(raw) == "null" || string(raw) == "{}" {
		return nil
	}
	return raw
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
