package native_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/producertest"
)

func TestExitPlanMode(t *testing.T) {
	cases := []struct {
		name, plan, title string
	}{
		{"first heading", "# Ship the parser\n\n1. Write it\n2. Test it", "Ship the parser"},
		{"a later, deeper heading", "Intro line\n\n## Step one ##\ntext", "Step one"},
		{"no heading", "just do it", "Plan"},
		{"not a heading without a space", "#hashtag\n# Real", "Real"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			require.Equal(t, cards.GenericCall{Title: c.title, Kind: cards.KindOther, Content: []cards.ContentBlock{cards.TextBlock{Text: c.plan}}},
				call(t, "exit_plan_mode", `{"plan":`+jsonText(c.plan)+`}`))
		})
	}
	producertest.RequireFallbackNote(t, call(t, "exit_plan_mode", `{}`), `missing field "plan"`)
	require.Equal(t, cards.GenericResult{Title: "Plan review", Content: []cards.ContentBlock{cards.TextBlock{Text: "Approved."}}},
		result(t, "exit_plan_mode", `{"plan":"# P"}`, textResult("Approved.")))
}

func TestAskUserQuestion(t *testing.T) {
	cases := []struct {
		name, args, title, body string
	}{
		{
			"one question", `{"questions":[{"id":"q","header":"Deployment","question":"Use the *CUDA* fallback?"}]}`,
			"Ask the user", "**Deployment** — Use the \\*CUDA\\* fallback?",
		},
		{
			"options and several answers", `{"questions":[{"question":"Which?","options":[{"label":"A","description":"first"},{"label":"B"}],"multiSelect":true},{"question":"Sure?"}]}`,
			"Ask the user 2 questions", "Which?\n\n- A: first\n- B\n\n_several answers allowed_\n\nSure?",
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			require.Equal(t, cards.GenericCall{Title: c.title, Kind: cards.KindOther, Content: []cards.ContentBlock{cards.TextBlock{Text: c.body}}},
				call(t, "ask_user_question", c.args))
		})
	}
	producertest.RequireFallbackNote(t, call(t, "ask_user_question", `{"questions":"x"}`), `field "questions"`)
}
