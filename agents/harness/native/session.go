package native

import (
	"encoding/json"
	"fmt"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/toolkit"
	"github.com/cardtui/cardtui/producers"
)

// sessionEventReadProducer presents session_event_read, which reads one
// event of the session log back by its seq.
var sessionEventReadProducer = producers.Producer{PresentCall: presentSessionEventReadCall, PresentResult: presentPreformattedResult}

func presentSessionEventReadCall(args json.RawMessage) (cards.CallView, error) {
	var raw struct {
		Seq *int `json:"seq"`
	}
	if err := producers.DecodeCheckedArgs(args, &raw); err != nil {
		return nil, err
	}
	seq, err := toolkit.Required("seq", raw.Seq)
	if err != nil {
		return nil, toolkit.Within("arguments", err)
	}
	return cards.GenericCall{Title: fmt.Sprintf("Read session event %d", seq), Kind: cards.KindRead}, nil
}
