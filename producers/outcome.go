package producers

import (
	"slices"
	"strings"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/toolkit"
)

// An OutcomeRule recognises a refusal or an interruption by the text the
// agent writes for the model in the tool's place: the text starts with
// the rule's text (or, with Anywhere set, holds it).
// Each agent has its list of rules (see OutcomeOf, RefusalOutcome).
type OutcomeRule struct {
	// Outcome is the outcome the rule recognises.
	Outcome cards.Outcome
	// Text is the agent's words.
	Text string
	// Anywhere is set when the text may stand anywhere in the result's
	// first text, not only at its start.
	Anywhere bool
}

// harnessOutcomes are the texts the harness writes for a call the user
// rejected or a policy refused; an AbortError is an interruption (see
// harnessOutcome).
var harnessOutcomes = []OutcomeRule{
	{cards.OutcomeRejected, "Error: the user rejected", false},
	{cards.OutcomeDenied, "disabled by policy", true},
	{cards.OutcomeDenied, "disabled by codex policy", true},
	{cards.OutcomeDenied, "rejected by policy", true},
	{cards.OutcomeDenied, "rejected by codex policy", true},
}

// OutcomeOf is the outcome of a result: the one a rule recognises in its
// first text, else failed when the tool reported an error, else done.
func OutcomeOf(r Result, rules []OutcomeRule) cards.Outcome {
	first := toolkit.FirstText(r.Content)
	for _, rule := range rules {
		if rule.Anywhere && strings.Contains(first, rule.Text) || strings.HasPrefix(first, rule.Text) {
			return rule.Outcome
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

// RefusalOutcome is OutcomeOf for the agents that mark every refusal as
// an error: a result that is not one is done whatever it says.
func RefusalOutcome(r Result, rules []OutcomeRule) cards.Outcome {
	if !r.IsError {
		return errorOutcome(r)
	}
	return OutcomeOf(r, rules)
}

// harnessSandboxDenials are the harness's words for a call its sandbox
// refused, in an error or in a command's output: the marker its bash and
// file tools give the model ("[sandbox: file access denied under
// read-only mode]"), and its refusal to run a command unconfined when no
// sandbox backend is usable.
var harnessSandboxDenials = []string{
	"[sandbox: file access denied under ",
	"refusing to run the command unconfined",
}

// harnessOutcome is the outcome of a harness tool result: an AbortError
// is an interruption; a sandbox denial — the FS_SANDBOX_DENIED error of
// its file tools, or its marker in what a tool returned, whether or not
// the result is an error (a command's exit code is its data) — is
// denied; the rest as OutcomeOf says.
func harnessOutcome(r Result) cards.Outcome {
	switch first := toolkit.FirstText(r.Content); {
	case strings.HasPrefix(r.Error, "AbortError"):
		return cards.OutcomeInterrupted
	case strings.Contains(r.Error, "(FS_SANDBOX_DENIED)"),
		slices.ContainsFunc(harnessSandboxDenials, func(marker string) bool { return strings.Contains(first, marker) }):
		return cards.OutcomeDenied
	}
	return RefusalOutcome(r, harnessOutcomes)
}
