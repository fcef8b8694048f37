package native

import (
	"encoding/json"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/toolkit"
	"github.com/cardtui/cardtui/producers"
)

// skillProducer presents skill, which loads a skill's instructions.
var skillProducer = producers.Producer{PresentCall: presentSkillCall, PresentResult: presentSkillResult}

func presentSkillCall(args json.RawMessage) (cards.CallView, error) {
	var raw struct {
		Name *string `json:"name"`
	}
	if err := producers.DecodeCheckedArgs(args, &raw); err != nil {
		return nil, err
	}
	name, err := toolkit.NonEmpty("name", raw.Name)
	if err != nil {
		return nil, toolkit.Within("arguments", err)
	}
	return cards.GenericCall{Title: "Load skill " + name, Kind: cards.KindRead}, nil
}

// presentSkillResult shows the skill's file as its source — Markdown with
// YAML front matter, drawn verbatim with syntax colour — rather than
// reflowing it.
func presentSkillResult(_ json.RawMessage, r producers.Result) (cards.ResultView, error) {
	if r.IsError {
		return producers.GenericResult(r), nil
	}
	return producers.FencedResult(r, "markdown"), nil
}
