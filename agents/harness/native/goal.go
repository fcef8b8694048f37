package native

import (
	"encoding/json"
	"strings"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/toolkit"
	"github.com/cardtui/cardtui/producers"
)

// The goal tools (packages/goal/tool-goal in deepseek-ai/deepseek-harness):
// get_goal, create_goal {objective, max_goal_rounds?} and update_goal
// {goal_id, revision, action, objective?, max_goal_rounds?,
// blocked_reason?}. Their presentCall is ported: "Read current goal"
// (read), "Create goal" with the objective as raw input, and "<Action>
// goal" ("Mark goal" for blocked) with the blocked reason, the objective or
// the goal id; their result is the goal as compact JSON, shown as JSON.
var (
	getGoalProducer    = producers.Producer{PresentCall: presentGetGoalCall, PresentResult: presentProgramResult}
	createGoalProducer = producers.Producer{PresentCall: presentCreateGoalCall, PresentResult: presentProgramResult}
	updateGoalProducer = producers.Producer{PresentCall: presentUpdateGoalCall, PresentResult: presentProgramResult}
)

func presentGetGoalCall(args json.RawMessage) (cards.CallView, error) {
	if err := producers.DecodeCheckedArgs(args, &struct{}{}); err != nil {
		return nil, err
	}
	return cards.GenericCall{Title: "Read current goal", Kind: cards.KindRead}, nil
}

func presentCreateGoalCall(args json.RawMessage) (cards.CallView, error) {
	var raw struct {
		Objective *string `json:"objective"`
	}
	if err := producers.DecodeCheckedArgs(args, &raw); err != nil {
		return nil, err
	}
	objective, err := toolkit.Required("objective", raw.Objective)
	if err != nil {
		return nil, toolkit.Within("arguments", err)
	}
	return goalCall("Create goal", objective), nil
}

func presentUpdateGoalCall(args json.RawMessage) (cards.CallView, error) {
	var raw struct {
		GoalID        *string `json:"goal_id"`
		Action        *string `json:"action"`
		Objective     *string `json:"objective"`
		BlockedReason *string `json:"blocked_reason"`
	}
	if err := producers.DecodeCheckedArgs(args, &raw); err != nil {
		return nil, err
	}
	action, err := toolkit.NonEmpty("action", raw.Action)
	if err != nil {
		return nil, toolkit.Within("arguments", err)
	}
	title := strings.ToUpper(action[:1]) + action[1:] + " goal"
	if action == "blocked" {
		title = "Mark goal"
	}
	return goalCall(title, toolkit.ValueOr(raw.BlockedReason, toolkit.ValueOr(raw.Objective, toolkit.ValueOr(raw.GoalID, "")))), nil
}

// goalCall is a goal tool's generic card, kind other, with what it names
// as its raw input when there is one.
func goalCall(title, input string) cards.GenericCall {
	call := cards.GenericCall{Title: title, Kind: cards.KindOther}
	if input != "" {
		call.RawInput, _ = json.Marshal(input)
	}
	return call
}
