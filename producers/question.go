package producers

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/toolkit"
)

// Question is one question an agent asks its user (Claude Code's
// AskUserQuestion, Codex's request_user_input, opencode's and Crush's
// question), as QuestionsCall and AnswersResult draw it.
type Question struct {
	// ID names the question where the agent answers by id (Codex).
	ID string
	// Text is the question asked.
	Text string
	// Options are the answers offered, in order.
	Options []Option
	// Multiple says any number of the options may be chosen.
	Multiple bool
}

// Option is one answer a Question offers.
type Option struct {
	// Label is the answer; Description says what it means.
	Label       string `json:"label"`
	Description string `json:"description"`
}

// QuestionsCall is the card of questions asked: titled with the
// question (or how many are asked), each listed with its options.
func QuestionsCall(questions []Question) cards.CallView {
	title := "Ask"
	if len(questions) > 0 {
		title = "Ask: " + oneLine(questions[0].Text)
	}
	if len(questions) > 1 {
		title = fmt.Sprintf("Ask %d questions", len(questions))
	}
	var b strings.Builder
	for i, q := range questions {
		if i > 0 {
			b.WriteString("\n")
		}
		if len(questions) > 1 {
			b.WriteString(q.Text + "\n")
		}
		for n, opt := range q.Options {
			fmt.Fprintf(&b, "  %d. %s", n+1, opt.Label)
			if opt.Description != "" {
				b.WriteString(" — " + opt.Description)
			}
			b.WriteString("\n")
		}
		if q.Multiple {
			b.WriteString("  (any number of them)\n")
		}
	}
	return cards.GenericCall{Title: title, Kind: cards.KindOther, Content: toolkit.Text(strings.TrimRight(b.String(), "\n"))}
}

// AnswersResult is each question with the user's answers, "question →
// answer", in the order asked: answers[i] holds those to questions[i],
// "(no answer)" when it has none.
func AnswersResult(questions []Question, answers [][]string) cards.ResultView {
	lines := make([]string, 0, len(questions))
	for i, q := range questions {
		answer := "(no answer)"
		if i < len(answers) && len(answers[i]) > 0 {
			answer = strings.Join(answers[i], ", ")
		}
		lines = append(lines, oneLine(q.Text)+" → "+answer)
	}
	return cards.GenericResult{Title: "Answered", Content: toolkit.Text(strings.Join(lines, "\n"))}
}

// oneLine joins the lines of a title's text with spaces.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// ParseQuestions reads the questions argument the question tools of
// Codex, opencode and Crush share: [{id?, header?, question, options:
// [{label, description}], multiple? | multiSelect?}], at least one.
func ParseQuestions(args json.RawMessage) ([]Question, error) {
	var raw struct {
		Questions []struct {
			ID          string   `json:"id"`
			Question    string   `json:"question"`
			Options     []Option `json:"options"`
			Multiple    bool     `json:"multiple"`
			MultiSelect bool     `json:"multiSelect"`
		} `json:"questions"`
	}
	if err := json.Unmarshal(args, &raw); err != nil {
		return nil, toolkit.Within("arguments", err)
	}
	if len(raw.Questions) == 0 {
		return nil, toolkit.Within("arguments", errors.New(`no "questions"`))
	}
	list := make([]Question, 0, len(raw.Questions))
	for _, q := range raw.Questions {
		list = append(list, Question{ID: q.ID, Text: q.Question, Options: q.Options, Multiple: q.Multiple || q.MultiSelect})
	}
	return list, nil
}
