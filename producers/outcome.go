package producers

import (
	"encoding/json"
	"strings"

	"github.com/cardtui/cardtui/cards"
)

// An outcome rule recognises a refusal or an interruption by the text the
// agent writes for the model in the tool's place: the text starts with
// the rule's text (or, with anywhere set, holds it).
type outcomeRule struct {
	outcome  cards.Outcome
	text     string
	anywhere bool
}

// claudeOutcomes are the texts Claude Code writes for a call that did not
// run as asked (its REJECT_MESSAGE, INTERRUPT_MESSAGE_FOR_TOOL_USE and
// permission messages).
var claudeOutcomes = []outcomeRule{
	{cards.OutcomeRejected, "The user doesn't want to proceed with this tool use", false},
	{cards.OutcomeRejected, "The user doesn't want to take this action right now", false},
	{cards.OutcomeInterrupted, "[Request interrupted by user", false},
	{cards.OutcomeDenied, "Permission to use ", false},
	{cards.OutcomeDenied, "Claude requested permissions to ", false},
	{cards.OutcomeDenied, "Operation not permitted", true},
}

// codexOutcomes are the outputs Codex gives the model for a call the user
// declined, a policy refused, the sandbox denied, or a turn abort cut off
// (codex-rs normalises a human denial to exactly the first two).
var codexOutcomes = []outcomeRule{
	{cards.OutcomeRejected, "exec command rejected by user", false},
	{cards.OutcomeRejected, "patch rejected by user", false},
	{cards.OutcomeDenied, "This action was rejected due to unacceptable risk", false},
	{cards.OutcomeDenied, "sandbox denied", true},
}

// codexAborted is what codex-rs gives the model for a call a turn abort
// cut off; only the whole output counts, as "aborted" may start any.
func codexAborted(text string) bool {
	return text == "aborted" || strings.HasPrefix(text, "aborted by user")
}

// harnessOutcomes are the texts the harness writes for a call the user
// rejected or a policy refused; an AbortError is an interruption (see
// harnessOutcome).
var harnessOutcomes = []outcomeRule{
	{cards.OutcomeRejected, "Error: the user rejected", false},
	{cards.OutcomeDenied, "disabled by policy", true},
	{cards.OutcomeDenied, "disabled by codex policy", true},
	{cards.OutcomeDenied, "rejected by policy", true},
	{cards.OutcomeDenied, "rejected by codex policy", true},
}

// outcomeOf is the outcome of a result: the one a rule recognises in its
// first text, else failed when the tool reported an error, else done.
func outcomeOf(r Result, rules []outcomeRule) cards.Outcome {
	first := firstText(r.Content)
	for _, rule := range rules {
		if rule.anywhere && strings.Contains(first, rule.text) || strings.HasPrefix(first, rule.text) {
			return rule.outcome
		}
	}
	return errorOutcome(r)
}

// errorOutcome is failed when the tool reported an error, else done.
func errorOutcome(r Result) cards.Outcome {
	if r.IsError || r.Error != "" {
		return cards.OutcomeFailed
	}
	return cards.OutcomeDone
}

// refusalOutcome is outcomeOf for the agents that mark every refusal as
// an error: a result that is not one is done whatever it says.
func refusalOutcome(r Result, rules []outcomeRule) cards.Outcome {
	if !r.IsError {
		return errorOutcome(r)
	}
	return outcomeOf(r, rules)
}

// harnessOutcome is the outcome of a harness tool result: an AbortError
// is an interruption, the rest as outcomeOf says.
func harnessOutcome(r Result) cards.Outcome {
	if strings.HasPrefix(r.Error, "AbortError") {
		return cards.OutcomeInterrupted
	}
	return refusalOutcome(r, harnessOutcomes)
}

// CodexOutcome is the outcome of a Codex call from the output the model
// got (its text once unwrapped from the {"output", "metadata"} form) and
// its end event in the meta: a rejection, a denial or an abort as
// codex-rs words them; failed or interrupted for a code-mode script
// that failed or was terminated; failed when the result is an error, the output
// states a non-zero exit code or the end event says the call did not
// succeed (a patch that did not apply); else done. A command's exit
// status is its terminal result's, which the card reads itself.
func CodexOutcome(r Result) cards.Outcome {
	if outcome := codeModeOutcome(firstText(r.Content)); outcome != cards.OutcomeDone {
		return outcome
	}
	exec := parseExecOutput(firstText(r.Content))
	output := strings.TrimSpace(exec.output)
	if codexAborted(output) {
		return cards.OutcomeInterrupted
	}
	unwrapped := Result{Content: text(output), IsError: r.IsError, Error: r.Error}
	if outcome := outcomeOf(unwrapped, codexOutcomes); outcome != cards.OutcomeDone {
		return outcome
	}
	var end struct {
		Success *bool `json:"success"`
	}
	if exec.exitCode != nil && *exec.exitCode != 0 && exec.session == "" ||
		hasMeta(r) && json.Unmarshal(r.Meta, &end) == nil && end.Success != nil && !*end.Success {
		return cards.OutcomeFailed
	}
	return cards.OutcomeDone
}

// firstText is the trimmed text of the first text block, "" when there is
// none.
func firstText(content []cards.ContentBlock) string {
	for _, b := range content {
		if t, ok := b.(cards.TextBlock); ok {
			return strings.TrimSpace(t.Text)
		}
	}
	return ""
}
