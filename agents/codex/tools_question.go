package codex

import (
	"encoding/json"
	"strings"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/toolkit"
	"github.com/cardtui/cardtui/producers"
)

// codexQuestionProducer draws request_user_input as the question card:
// its questions ({id, header, question, options}) and the answers its
// output holds by question id ({"answers": {id: {"answers": [...]}}}),
// where "user_note: …" is a note the user typed.
var codexQuestionProducer = producers.Producer{
	PresentCall: func(args json.RawMessage) (cards.CallView, error) {
		questions, err := producers.ParseQuestions(args)
		if err != nil {
			return nil, err
		}
		return producers.QuestionsCall(questions), nil
	},
	PresentResult: presentCodexQuestionResult,
}

// presentCodexQuestionResult is each question with its answers, in the
// order asked; the output as it is when it holds none.
func presentCodexQuestionResult(args json.RawMessage, r producers.Result) (cards.ResultView, error) {
	questions, err := producers.ParseQuestions(args)
	if err != nil {
		return nil, err
	}
	text, _ := toolkit.TextOf(r.Content)
	var out struct {
		Answers map[string]struct {
			Answers []string `json:"answers"`
		} `json:"answers"`
	}
	if r.IsError || json.Unmarshal([]byte(text), &out) != nil || out.Answers == nil {
		return producers.GenericResult(r), nil
	}
	answers := make([][]string, 0, len(questions))
	for _, q := range questions {
		var given []string
		for _, a := range out.Answers[q.ID].Answers {
			if note, ok := strings.CutPrefix(a, "user_note: "); ok {
				a = "note: " + note
			}
			given = append(given, a)
		}
		answers = append(answers, given)
	}
	return producers.AnswersResult(questions, answers), nil
}
