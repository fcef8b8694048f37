package producers

import (
	"encoding/json"

	"github.com/cardtui/cardtui/cards"
)

// skillProducer presents skill, which loads a skill's instructions.
var skillProducer = Producer{PresentCall: presentSkillCall, PresentResult: presentSkillResult}

func presentSkillCall(args json.RawMessage) (cards.CallView, error) {
	var raw struct {
		Name *string `json:"name"`
	}
	if err := DecodeCheckedArgs(args, &raw); err != nil {
		return nil, err
	}
	name, err := NonEmpty("name", raw.Name)
	if err != nil {
		return nil, Within("arguments", err)
	}
	return cards.GenericCall{Title: "Load skill " + name, Kind: cards.KindRead}, nil
}

// presentSkillResult shows the skill's file as its source — Markdown with
// YAML front matter, drawn verbatim with syntax colour — rather than
// reflowing it.
func presentSkillResult(_ json.RawMessage, r Result) (cards.ResultView, error) {
	if r.IsError {
		return GenericResult(r), nil
	}
	return FencedResult(r, "markdown"), nil
}
