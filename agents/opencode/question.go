package opencode

import (
	"encoding/json"

	"github.com/cardtui/cardtui/agents/internal/toolview"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/producers"
)

// questionCall is the questions the question tool asks, with their
// options, as the question card draws them.
func questionCall(raw json.RawMessage) (cards.CallView, error) {
	questions, err := producers.ParseQuestions(raw)
	if err != nil {
		return nil, err
	}
	return producers.QuestionsCall(questions), nil
}

// questionResult is each question with the answers the metadata records
// (answers: a list of labels per question, in order); else what the
// model was told.
func questionResult(raw json.RawMessage, r producers.Result) (cards.ResultView, error) {
	questions, err := producers.ParseQuestions(raw)
	if err != nil {
		return nil, err
	}
	var m struct {
		Answers [][]string `json:"answers"`
	}
	if r.IsError || json.Unmarshal(r.Meta, &m) != nil || m.Answers == nil {
		return toolview.Plain(r), nil
	}
	return producers.AnswersResult(questions, m.Answers), nil
}
