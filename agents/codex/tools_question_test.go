package codex_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/cardtui/cardtui/producers"
)

func TestCodexRequestUserInputIsTheQuestionCard(t *testing.T) {
	args := `{"questions":[{"id":"speed","header":"Target","question":"What should it optimize for?",` +
		`"options":[{"label":"Winning (Recommended)","description":"Beat the clock"},{"label":"Learning"}]},` +
		`{"id":"style","header":"Style","question":"Which style?","options":[{"label":"Terse"}]}]}`
	questions := []producers.Question{
		{ID: "speed", Text: "What should it optimize for?", Options: []producers.Option{{Label: "Winning (Recommended)", Description: "Beat the clock"}, {Label: "Learning"}}},
		{ID: "style", Text: "Which style?", Options: []producers.Option{{Label: "Terse"}}},
	}
	assert.Equal(t, producers.QuestionsCall(questions), toolCall(t, "request_user_input", args))
	output := `{"answers":{"speed":{"answers":["Winning (Recommended)","user_note: keep it simple"]}}}`
	assert.Equal(t, producers.AnswersResult(questions, [][]string{{"Winning (Recommended)", "note: keep it simple"}, nil}),
		toolResult(t, "request_user_input", args, output, ""))
}
