package crush

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"

	"github.com/cardtui/cardtui/agents/internal/toolview"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/toolkit"
	"github.com/cardtui/cardtui/producers"
)

// crushQuestions are the questions argument of Crush's question tool
// (internal/agent/tools/question.go): each of a type (yes_no,
// single_choice, multi_choice, free_text) with choices — or options —
// that have ids.
type crushQuestions struct {
	Questions []struct {
		Type     string        `json:"type"`
		Question string        `json:"question"`
		Choices  []crushChoice `json:"choices"`
		Options  []crushChoice `json:"options"`
	} `json:"questions"`
}

// crushChoice is one choice of a question.
type crushChoice struct {
	ID          string `json:"id"`
	Label       string `json:"label"`
	Description string `json:"description"`
}

// parseCrushQuestions reads the questions, and the labels of each one's
// choices by id; questions given as a JSON string, as some models send
// them and Crush accepts, are read too.
func parseCrushQuestions(args json.RawMessage) ([]producers.Question, []map[string]string, error) {
	var in crushQuestions
	if err := json.Unmarshal(args, &in); err != nil {
		var quoted struct {
			Questions string `json:"questions"`
		}
		if json.Unmarshal(args, &quoted) != nil || json.Unmarshal([]byte(`{"questions":`+quoted.Questions+`}`), &in) != nil {
			return nil, nil, toolkit.Within("arguments", err)
		}
	}
	if len(in.Questions) == 0 {
		return nil, nil, toolkit.Within("arguments", errors.New(`no "questions"`))
	}
	questions := make([]producers.Question, len(in.Questions))
	labels := make([]map[string]string, len(in.Questions))
	for i, q := range in.Questions {
		choices := q.Choices
		if len(choices) == 0 {
			choices = q.Options
		}
		questions[i] = producers.Question{Text: q.Question, Multiple: q.Type == "multi_choice"}
		labels[i] = map[string]string{}
		for _, c := range choices {
			questions[i].Options = append(questions[i].Options, producers.Option{Label: c.Label, Description: c.Description})
			labels[i][c.ID] = c.Label
		}
		if q.Type == "yes_no" && len(choices) == 0 {
			questions[i].Options = []producers.Option{{Label: "Yes"}, {Label: "No"}}
		}
	}
	return questions, labels, nil
}

// questionCall is the questions asked, with their options, as the
// question card draws them.
func questionCall(raw json.RawMessage) (cards.CallView, error) {
	questions, _, err := parseCrushQuestions(raw)
	if err != nil {
		return nil, err
	}
	return producers.QuestionsCall(questions), nil
}

// questionResult is each question with the answers the tool told the
// model ("QN: question" then "User selected: [ids]", "User provided:
// text", "User answered: yes", "User skipped this question" and notes);
// the text as it is for an error or a text of another shape.
func questionResult(raw json.RawMessage, r producers.Result) (cards.ResultView, error) {
	questions, labels, err := parseCrushQuestions(raw)
	if err != nil {
		return nil, err
	}
	text, rest := toolkit.TextOf(r.Content)
	answers, ok := parseCrushAnswers(text, labels)
	if r.IsError || len(rest) > 0 || !ok {
		return toolview.Plain(r), nil
	}
	return producers.AnswersResult(questions, answers), nil
}

// parseCrushAnswers reads the answers of each question from the tool's
// text, the ids chosen as their labels; ok is false when the text has no
// "QN: " block of a question asked.
func parseCrushAnswers(text string, labels []map[string]string) (answers [][]string, ok bool) {
	answers = make([][]string, len(labels))
	current := -1
	for line := range strings.SplitSeq(text, "\n") {
		if n, isHead := questionHead(line); isHead {
			current, ok = n-1, ok || n-1 < len(labels)
			continue
		}
		if current < 0 || current >= len(labels) {
			continue
		}
		answers[current] = append(answers[current], answerParts(line, labels[current])...)
	}
	return answers, ok
}

// questionHead reads "QN: question", N from 1.
func questionHead(line string) (n int, ok bool) {
	head, _, found := strings.Cut(line, ": ")
	number, isQ := strings.CutPrefix(head, "Q")
	n, err := strconv.Atoi(number)
	return n, found && isQ && err == nil && n > 0
}

// answerParts is what a line of an answer says was chosen or typed.
func answerParts(line string, labels map[string]string) []string {
	switch {
	case strings.HasPrefix(line, "User selected: "):
		var ids []string
		if json.Unmarshal([]byte(strings.TrimPrefix(line, "User selected: ")), &ids) != nil {
			return []string{strings.TrimPrefix(line, "User selected: ")}
		}
		for i, id := range ids {
			if label, ok := labels[id]; ok {
				ids[i] = label
			}
		}
		return ids
	case strings.HasPrefix(line, "User provided: "):
		return []string{strings.TrimPrefix(line, "User provided: ")}
	case strings.HasPrefix(line, "User answered: "):
		return []string{strings.TrimPrefix(line, "User answered: ")}
	case strings.HasPrefix(line, "- "):
		note := strings.TrimPrefix(line, "- ")
		if key, rest, found := strings.Cut(note, "]: "); found && strings.HasPrefix(key, "[") {
			note = rest
		}
		return []string{"note: " + note}
	}
	return nil
}
