package crush_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/agents/crush"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/producertest"
	"github.com/cardtui/cardtui/producers"
)

// questionArgs are a question call as Crush's question tool takes it:
// questions of four types, with choices (or options) that have ids.
const questionArgs = `{"questions":[
 {"label":"Target","type":"single_choice","question":"What should it optimise for?","description":"Pick one.",
  "choices":[{"id":"speed","label":"Speed","description":"Fast first"},{"id":"size","label":"Size"}]},
 {"type":"multi_choice","question":"Which platforms?","description":"Any.","options":[{"id":"linux","label":"Linux"},{"id":"mac","label":"macOS"}]},
 {"type":"yes_no","question":"Add tests?","description":""},
 {"type":"free_text","question":"Anything else?","description":""}],
 "confirm_title":"Confirm","confirm_description":"Send the answers"}`

// questionAnswers is what the tool tells the model (formatAnswers).
const questionAnswers = "Q1: What should it optimise for?\nUser selected: [\"speed\"]\n\n" +
	"Q2: Which platforms?\nUser selected: [\"linux\",\"mac\"]\nUser provided: BSD too\n\n" +
	"Q3: Add tests?\nUser answered: yes\n\nNotes:\n- [tests]: only unit tests\n\n" +
	"Q4: Anything else?\nUser skipped this question"

// TestCrushQuestion: Crush's question tool gets the question card, as
// Claude's AskUserQuestion does: the questions with their options, then
// each question with the answers chosen, by label.
func TestCrushQuestion(t *testing.T) {
	tools := crush.Tools()
	call, err := tools.Present("question", []byte(questionArgs))
	require.NoError(t, err)
	producertest.RequireNoFallback(t, call)
	g := call.(cards.GenericCall)
	assert.Equal(t, "Ask 4 questions", g.Title)
	assert.Equal(t, []string{"What should it optimise for?\n  1. Speed — Fast first\n  2. Size\n\n" +
		"Which platforms?\n  1. Linux\n  2. macOS\n  (any number of them)\n\n" +
		"Add tests?\n  1. Yes\n  2. No\n\nAnything else?"}, producertest.Texts(g.Content))

	result, err := tools.Result("question", []byte(questionArgs), producers.Result{Content: producertest.Blocks(questionAnswers)}), error(nil)
	require.NoError(t, err)
	producertest.RequireNoFallback(t, result)
	assert.Equal(t, []string{"What should it optimise for? → Speed\n" +
		"Which platforms? → Linux, macOS, BSD too\n" +
		"Add tests? → yes, note: only unit tests\n" +
		"Anything else? → (no answer)"}, producertest.Texts(result.(cards.GenericResult).Content))

	cancelled := tools.Result("question", []byte(questionArgs),
		producers.Result{Content: producertest.Blocks("User cancelled this question"), IsError: true})
	assert.Equal(t, []string{"User cancelled this question"}, producertest.Texts(cancelled.(cards.GenericResult).Content))
}
