package gemini

import (
	"encoding/json"
	"strconv"

	"github.com/cardtui/cardtui/agents/internal/toolview"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/toolkit"
	"github.com/cardtui/cardtui/producers"
)

// askQuestions are ask_user's questions (packages/core/src/tools/
// ask-user.ts): those of the shape the agents' question tools share, a
// yesno question offering Yes and No.
func askQuestions(args json.RawMessage) ([]producers.Question, error) {
	questions, err := producers.ParseQuestions(args)
	if err != nil {
		return nil, err
	}
	var types struct {
		Questions []struct {
			Type string `json:"type"`
		} `json:"questions"`
	}
	_ = json.Unmarshal(args, &types)
	for i, q := range types.Questions {
		if q.Type == "yesno" && i < len(questions) && len(questions[i].Options) == 0 {
			questions[i].Options = []producers.Option{{Label: "Yes"}, {Label: "No"}}
		}
	}
	return questions, nil
}

// askCall is the questions ask_user asks, as the question card draws
// them.
func askCall(args json.RawMessage) (cards.CallView, error) {
	questions, err := askQuestions(args)
	if err != nil {
		return nil, err
	}
	return producers.QuestionsCall(questions), nil
}

// askResult is each question with the answer the tool returned to the
// model, {"answers": {"<question index>": "answer"}}; the text as it is
// otherwise (a dismissed dialog).
func askResult(args json.RawMessage, r producers.Result) (cards.ResultView, error) {
	questions, err := askQuestions(args)
	if err != nil {
		return nil, err
	}
	text, rest := toolkit.TextOf(r.Content)
	var out struct {
		Answers map[string]string `json:"answers"`
	}
	if r.IsError || len(rest) > 0 || json.Unmarshal([]byte(text), &out) != nil || out.Answers == nil {
		return toolview.Plain(r), nil
	}
	answers := make([][]string, len(questions))
	for key, answer := range out.Answers {
		if i, err := strconv.Atoi(key); err == nil && i >= 0 && i < len(answers) {
			answers[i] = []string{answer}
		}
	}
	return producers.AnswersResult(questions, answers), nil
}
