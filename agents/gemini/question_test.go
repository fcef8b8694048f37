package gemini_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/agents/gemini"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/producertest"
	"github.com/cardtui/cardtui/producers"
)

// askArgs are an ask_user call as Gemini CLI's tool takes it
// (packages/core/src/tools/ask-user.ts): choice, yesno and text
// questions.
const askArgs = `{"questions":[
 {"question":"Which database?","header":"Database","type":"choice","multiSelect":false,
  "options":[{"label":"Postgres","description":"Relational"},{"label":"SQLite","description":"One file"}]},
 {"question":"Add tests?","header":"Tests","type":"yesno"},
 {"question":"Anything else?","header":"Notes","type":"text"}]}`

// TestAskUserIsTheQuestionCard: Gemini CLI's ask_user gets the question
// card, as Claude's AskUserQuestion: the questions with their options,
// then the answers the tool returned to the model by question index.
func TestAskUserIsTheQuestionCard(t *testing.T) {
	tools := gemini.Tools()
	call, err := tools.Present("ask_user", []byte(askArgs))
	require.NoError(t, err)
	questions := []producers.Question{
		{Text: "Which database?", Options: []producers.Option{{Label: "Postgres", Description: "Relational"}, {Label: "SQLite", Description: "One file"}}},
		{Text: "Add tests?", Options: []producers.Option{{Label: "Yes"}, {Label: "No"}}},
		{Text: "Anything else?"},
	}
	assert.Equal(t, producers.QuestionsCall(questions), call)

	result := tools.Result("ask_user", []byte(askArgs), producers.Result{Content: producertest.Blocks(`{"answers":{"0":"SQLite","1":"Yes"}}`)})
	assert.Equal(t, producers.AnswersResult(questions, [][]string{{"SQLite"}, {"Yes"}, nil}), result)

	dismissed := tools.Result("ask_user", []byte(askArgs), producers.Result{Content: producertest.Blocks("User dismissed ask_user dialog without answering.")})
	assert.Equal(t, []string{"User dismissed ask_user dialog without answering."}, producertest.Texts(dismissed.(cards.GenericResult).Content))
}
