package gemini

import (
	"encoding/json"
	"time"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/replay"
)

// turns follows the turns of a chat: each prompt starts one, and its
// Message's Turn gathers the time it was sent, the model of the replies,
// their tokens (each message's latest, as a message is written again
// when its calls end) and the time to the turn's last message.
type turns struct {
	// prompt is the index of the turn's prompt, -1 before the first.
	prompt int
	turn   cards.Turn
	usage  map[string]cards.Usage
}

// tokens is the token count of a gemini message.
type tokens struct {
	Input    int `json:"input"`
	Output   int `json:"output"`
	Cached   int `json:"cached"`
	Thoughts int `json:"thoughts"`
}

// start starts the turn of the prompt at index i, sent at r's time.
func (ts *turns) start(t *replay.Transcript, i int, r record) {
	ts.prompt, ts.turn, ts.usage = i, cards.Turn{Start: r.time()}, map[string]cards.Usage{}
	t.SetTurn(i, ts.turn)
}

// observe adds a message of the turn: its time, and a reply's model and
// tokens.
func (ts *turns) observe(t *replay.Transcript, id string, r record) {
	if ts.prompt < 0 {
		return
	}
	if at := r.time(); !ts.turn.Start.IsZero() && at.After(ts.turn.Start.Add(ts.turn.Duration)) {
		ts.turn.Duration = at.Sub(ts.turn.Start)
	}
	if r.Type == "gemini" {
		if r.Model != "" {
			ts.turn.Model = r.Model
		}
		var n tokens
		if json.Unmarshal(r.Tokens, &n) == nil && len(r.Tokens) > 0 {
			ts.usage[id] = cards.Usage{Input: n.Input, Cached: n.Cached, Output: n.Output, Reasoning: n.Thoughts}
			ts.turn.Usage = cards.Usage{}
			for _, u := range ts.usage {
				ts.turn.Usage = ts.turn.Usage.Add(u)
			}
		}
	}
	t.SetTurn(ts.prompt, ts.turn)
}

// time is when the message was written, zero when the log does not say.
func (r record) time() time.Time {
	at, _ := time.Parse(time.RFC3339Nano, r.Timestamp)
	return at
}
