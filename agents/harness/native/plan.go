package native

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/lazyregexp"
	"github.com/cardtui/cardtui/internal/toolkit"
	"github.com/cardtui/cardtui/producers"
)

// The planning and asking tools: exit_plan_mode (packages/plan/plan-mode,
// ported: the plan as Markdown titled by its first heading, the review's
// outcome as "Plan review") and ask_user_question (the questions the
// agent asked, as a list).
var (
	exitPlanModeProducer    = producers.Producer{PresentCall: presentExitPlanCall, PresentResult: presentPlanReviewResult}
	askUserQuestionProducer = producers.Producer{PresentCall: presentAskUserCall, PresentResult: presentReplyResult}
)

// planHeading matches a Markdown heading line and captures its text.
var planHeading = lazyregexp.New(`^#{1,6}[ \t]+(\S.*?)[ \t#]*$`)

// firstHeading is the text of the plan's first heading, "" without one.
func firstHeading(plan string) string {
	for line := range strings.Lines(plan) {
		if m := planHeading().FindStringSubmatch(strings.TrimRight(line, "\r\n")); m != nil {
			return m[1]
		}
	}
	return ""
}

func presentExitPlanCall(args json.RawMessage) (cards.CallView, error) {
	var raw struct {
		Plan *string `json:"plan"`
	}
	if err := producers.DecodeCheckedArgs(args, &raw); err != nil {
		return nil, err
	}
	plan, err := toolkit.Required("plan", raw.Plan)
	if err != nil {
		return nil, toolkit.Within("arguments", err)
	}
	title := firstHeading(plan)
	if title == "" {
		title = "Plan"
	}
	return cards.GenericCall{Title: title, Kind: cards.KindOther, Content: toolkit.Text(plan)}, nil
}

func presentPlanReviewResult(_ json.RawMessage, r producers.Result) (cards.ResultView, error) {
	view := producers.GenericResult(r)
	view.Title = "Plan review"
	return view, nil
}

// question is one question of ask_user_question.
type question struct {
	Header   string `json:"header"`
	Question string `json:"question"`
	Options  []struct {
		Label       string `json:"label"`
		Description string `json:"description"`
	} `json:"options"`
	MultiSelect bool `json:"multiSelect"`
}

// presentAskUserCall lists the questions, each with its header and its
// options.
func presentAskUserCall(args json.RawMessage) (cards.CallView, error) {
	var raw struct {
		Questions []question `json:"questions"`
	}
	if err := producers.DecodeCheckedArgs(args, &raw); err != nil {
		return nil, err
	}
	title := "Ask the user"
	if len(raw.Questions) > 1 {
		title = "Ask the user " + pluralCount(len(raw.Questions), "question", "questions")
	}
	var b strings.Builder
	for _, q := range raw.Questions {
		b.WriteString(questionMarkdown(q))
	}
	return cards.GenericCall{Title: title, Kind: cards.KindOther, Content: toolkit.Text(strings.TrimSpace(b.String()))}, nil
}

// questionMarkdown writes one question: "**Header** — question", then its
// options as a list.
func questionMarkdown(q question) string {
	var b strings.Builder
	if q.Header != "" {
		b.WriteString("**" + toolkit.EscapeMarkdown(q.Header) + "** — ")
	}
	b.WriteString(toolkit.EscapeMarkdown(q.Question) + "\n\n")
	for _, o := range q.Options {
		b.WriteString("- " + toolkit.EscapeMarkdown(o.Label))
		if o.Description != "" {
			b.WriteString(": " + toolkit.EscapeMarkdown(o.Description))
		}
		b.WriteString("\n")
	}
	if q.MultiSelect {
		b.WriteString("\n_several answers allowed_\n")
	}
	return b.String() + "\n"
}

// pluralCount is "1 question" or "3 questions".
func pluralCount(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
