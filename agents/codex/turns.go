package codex

import (
	"encoding/json"
	"time"

	"github.com/cardtui/cardtui/internal/fastjson"
	"github.com/cardtui/cardtui/internal/jsonscan"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/replay"
)

// codexTurns follows the turns of a rollout: each user prompt starts one,
// and its Message's Turn gathers the time it was sent, the model of the
// turn_context, the tokens of the token_count events (the growth of the
// session's total_token_usage since the turn began, which counts each
// request once however often it is reported) and the duration
// (task_complete's duration_ms, else the time to the turn's last line).
type codexTurns struct {
	// prompt is the index of the turn's prompt, -1 before the first.
	prompt   int
	turn     cards.Turn
	last     time.Time
	measured bool
	// model is the latest turn_context's; total the latest total usage,
	// base the total when the turn began.
	model       string
	total, base cards.Usage
}

func newCodexTurns() codexTurns { return codexTurns{prompt: -1} }

// codexTurnPayload are the fields of the payloads that say something of
// a turn: turn_context's model, token_count's info and task_complete's
// duration_ms.
type codexTurnPayload struct {
	Type       string `json:"type"`
	Model      string `json:"model"`
	DurationMs *int64 `json:"duration_ms"`
	Info       *struct {
		Total *codexUsage `json:"total_token_usage"`
	} `json:"info"`
}

// codexUsage is the token usage Codex reports.
type codexUsage struct {
	InputTokens           int `json:"input_tokens"`
	CachedInputTokens     int `json:"cached_input_tokens"`
	OutputTokens          int `json:"output_tokens"`
	ReasoningOutputTokens int `json:"reasoning_output_tokens"`
}

// observe takes the facts of a line of type typ, applied after the entries
// before: a user prompt it added starts a turn; turn_context and the
// token_count and task_complete events add to the turn; the replies it
// added get its time and the turn's model.
func (ts *codexTurns) observe(t *replay.Transcript, typ, timestamp string, payload json.RawMessage, before int) {
	at, _ := time.Parse(time.RFC3339Nano, timestamp)
	p := turnPayload(typ, payload)
	if typ == "turn_context" && p.Model != "" {
		ts.model = p.Model
		ts.turn.Model = p.Model
	}
	if p.Info != nil && p.Info.Total != nil {
		u := p.Info.Total
		ts.total = cards.Usage{Input: u.InputTokens, Cached: u.CachedInputTokens, Output: u.OutputTokens, Reasoning: u.ReasoningOutputTokens}
	}
	if i, ok := newPrompt(t, before); ok {
		ts.prompt, ts.last, ts.measured, ts.base = i, at, false, ts.total
		ts.turn = cards.Turn{Start: at, Model: ts.model}
	}
	t.SetReplies(before, cards.Reply{At: at, Model: ts.model})
	if ts.prompt < 0 {
		return
	}
	ts.add(at, p)
	t.SetTurn(ts.prompt, ts.turn)
}

// add adds a line's facts to the current turn.
func (ts *codexTurns) add(at time.Time, p codexTurnPayload) {
	if at.After(ts.last) {
		ts.last = at
	}
	ts.turn.Usage = ts.total.Add(cards.Usage{
		Input: -ts.base.Input, Cached: -ts.base.Cached,
		Output: -ts.base.Output, Reasoning: -ts.base.Reasoning,
	})
	switch {
	case p.Type == "task_complete" && p.DurationMs != nil:
		ts.turn.Duration, ts.measured = time.Duration(*p.DurationMs)*time.Millisecond, true
	case !ts.measured && !ts.turn.Start.IsZero():
		ts.turn.Duration = ts.last.Sub(ts.turn.Start)
	}
}

// turnPayload reads what a payload says of a turn: only turn_context's
// and the events', whose type comes first, are decoded. The payload is
// valid JSON (its line decoded) or nil.
func turnPayload(typ string, payload json.RawMessage) codexTurnPayload {
	var p codexTurnPayload
	if typ != "turn_context" && typ != "event_msg" {
		return p
	}
	if typ == "event_msg" && !turnEvent(firstEventType(payload)) {
		return p
	}
	_ = fastjson.Unmarshal(payload, &p)
	return p
}

// firstEventType is the type of an event whose payload, valid JSON,
// names it first, "" for any other payload.
func firstEventType(payload json.RawMessage) string {
	var eventType string
	c := jsonscan.NewCursor(payload)
	c.Object(func(key []byte) bool {
		if string(key) == "type" {
			var value json.RawMessage
			c.Raw(&value)
			_ = fastjson.Unmarshal(value, &eventType)
		}
		return false // the type comes first; another field first is no event of a turn
	})
	return eventType
}

// newPrompt finds a user prompt among the entries from before on.
func newPrompt(t *replay.Transcript, before int) (int, bool) {
	for i := before; i < len(t.Entries); i++ {
		if m, ok := t.Entries[i].(cards.Message); ok && m.Role == cards.RoleUser {
			return i, true
		}
	}
	return 0, false
}

// turnEvent says whether an event_msg of this type is shown only as a
// fact of its turn's line.
func turnEvent(typ string) bool {
	return typ == "token_count" || typ == "task_complete"
}
