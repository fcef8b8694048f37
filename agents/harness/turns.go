package harness

import (
	"bytes"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/replay"
)

// turnFacts are what one event says of its turn: the model a
// request/header configures, the usage an assistant/chunk reports. They
// are read as the event is decoded, ahead of the transcript.
type turnFacts struct {
	model string
	usage cards.Usage
}

// turnEventData are the fields of the events that say something of a
// turn.
type turnEventData struct {
	Header *struct {
		Config *struct {
			Model string `json:"model"`
		} `json:"config"`
	} `json:"header"`
	Chunk *struct {
		Type  string        `json:"type"`
		Usage *harnessUsage `json:"usage"`
	} `json:"chunk"`
}

// harnessUsage is the usage of a request, as the harness reports it: the
// input tokens read from the cache are not among inputTokens.
type harnessUsage struct {
	InputTokens     int `json:"inputTokens"`
	OutputTokens    int `json:"outputTokens"`
	CacheReadTokens int `json:"cacheReadTokens"`
	ReasoningTokens int `json:"reasoningTokens"`
}

// usageMark is in every assistant/chunk line that reports a usage; the
// others, most of a session's lines, are not decoded.
var usageMark = []byte(`"usage"`)

// turnFactsOf reads the facts of an event of type typ.
func turnFactsOf(typ string, src eventSource) turnFacts {
	raw := src.line
	if raw == nil {
		raw = src.data
	}
	switch {
	case typ == "request/header":
	case typ == "assistant/chunk" && bytes.Contains(raw, usageMark):
	default:
		return turnFacts{}
	}
	d, err := decodeEventWithJSON[turnEventData](src)
	switch {
	case err != nil:
		return turnFacts{}
	case d.Header != nil && d.Header.Config != nil:
		return turnFacts{model: d.Header.Config.Model}
	case d.Chunk != nil && d.Chunk.Type == "usage" && d.Chunk.Usage != nil:
		u := d.Chunk.Usage
		return turnFacts{usage: cards.Usage{
			Input: u.InputTokens + u.CacheReadTokens, Cached: u.CacheReadTokens,
			Output: u.OutputTokens, Reasoning: u.ReasoningTokens,
		}}
	}
	return turnFacts{}
}

// harnessTurns follows the turns of a session: each user prompt starts
// one, and its Message's Turn gathers the model of the requests and the
// usage of their responses. The session log has no times.
type harnessTurns struct {
	// prompt is the index of the turn's prompt, -1 before the first.
	prompt int
	turn   cards.Turn
	// model is the latest request/header's.
	model string
}

func newHarnessTurns() harnessTurns { return harnessTurns{prompt: -1} }

// observe takes the facts of an event applied after the entries before.
func (ts *harnessTurns) observe(t *replay.Transcript, f turnFacts, before int) {
	if f.model != "" {
		ts.model = f.model
		ts.turn.Model = f.model
	}
	for i := before; i < len(t.Entries); i++ {
		if m, ok := t.Entries[i].(cards.Message); ok && m.Role == cards.RoleUser {
			ts.prompt, ts.turn = i, cards.Turn{Model: ts.model}
		}
	}
	if ts.prompt < 0 || ts.prompt >= len(t.Entries) {
		return
	}
	ts.turn.Usage = ts.turn.Usage.Add(f.usage)
	m, ok := t.Entries[ts.prompt].(cards.Message)
	if ok && m.Turn != ts.turn {
		m.Turn = ts.turn
		t.Set(ts.prompt, m)
	}
}
