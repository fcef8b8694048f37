package cards

import (
	"fmt"
	"slices"
)

// Outcome is how a tool call ended, as the session records it beside the
// result view: the view says what the tool returned, the outcome whether
// that was a success. The zero value, OutcomeDone, is a call that ran and
// returned (a terminal result's exit status may still say it failed).
type Outcome string

// The outcomes a tool call can have.
const (
	// OutcomeDone is a call that ran and returned.
	OutcomeDone Outcome = ""
	// OutcomeFailed is a call the tool reported as an error (isError,
	// is_error, an error object).
	OutcomeFailed Outcome = "failed"
	// OutcomeRejected is a call the user refused (an approval answered
	// no): it never ran.
	OutcomeRejected Outcome = "rejected"
	// OutcomeDenied is a call a rule refused without asking — a
	// permission mode or rule, a hook, a policy, a sandbox: it did not
	// run, or ran without what it needed.
	OutcomeDenied Outcome = "denied"
	// OutcomeInterrupted is a call cut off by the user or the agent
	// aborting the turn.
	OutcomeInterrupted Outcome = "interrupted"
)

// outcomeNames are the outcomes as the view stream spells them.
var outcomeNames = []string{"done", "failed", "rejected", "denied", "interrupted"}

// String is the outcome's name: "done", "failed", "rejected", "denied" or
// "interrupted".
func (o Outcome) String() string {
	if o == OutcomeDone {
		return "done"
	}
	return string(o)
}

// ParseOutcome reads an outcome by its name (see Outcome.String); any
// other name is an error.
func ParseOutcome(name string) (Outcome, error) {
	if !slices.Contains(outcomeNames, name) {
		return OutcomeDone, fmt.Errorf("%s is not one of %s", quote(name), joinQuoted(outcomeNames))
	}
	if name == "done" {
		return OutcomeDone, nil
	}
	return Outcome(name), nil
}

// State is the one state a tool card shows in its header and border.
type State int

// The states of a tool card.
const (
	// StateRunning: no result yet, and more input may bring one.
	StateRunning State = iota
	// StateNoResult: the input ended without a result.
	StateNoResult
	// StateDone: the call returned and did not fail.
	StateDone
	// StateFailed: the tool reported an error, or the command exited
	// non-zero or was killed by a signal.
	StateFailed
	// StateRejected: the user refused the call.
	StateRejected
	// StateDenied: a rule, a policy or the sandbox refused the call.
	StateDenied
	// StateInterrupted: the call was cut off.
	StateInterrupted
	// StateWaiting: the call waits for the user's answer to a permission
	// request; it has not run.
	StateWaiting
)

// stateNames are the states' names, by State.
var stateNames = [...]string{"running", "no result", "done", "failed", "rejected", "denied", "interrupted", "waiting"}

// String is the state's name as a card's header shows it.
func (s State) String() string {
	if s < 0 || int(s) >= len(stateNames) {
		return fmt.Sprintf("State(%d)", int(s))
	}
	return stateNames[s]
}

// Applied reports whether the call's changes can have taken effect: false
// for a call that failed, was refused or was cut off, or still waits for
// the user's approval, whose diff is only what it proposed.
func (s State) Applied() bool {
	return s == StateDone || s == StateRunning || s == StateNoResult
}

// State is the card's state: waiting while the user is asked to approve
// it, running or no result until its result arrives — or, for a command
// whose output streams in (TerminalResult.Running), until a result says
// it ended — (interrupted when the turn was aborted before it did), then
// its outcome; a terminal result that exited non-zero or was killed by a
// signal is failed.
func (c ToolCard) State() State {
	switch c.Outcome {
	case OutcomeFailed:
		return StateFailed
	case OutcomeRejected:
		return StateRejected
	case OutcomeDenied:
		return StateDenied
	case OutcomeInterrupted:
		return StateInterrupted
	}
	r, terminal := c.Result.(TerminalResult)
	unfinished := c.Result == nil || terminal && r.Running
	switch {
	case c.Waiting:
		return StateWaiting
	case unfinished && c.Ended:
		return StateNoResult
	case unfinished:
		return StateRunning
	case terminal && (r.Signal != "" || r.ExitCode != nil && *r.ExitCode != 0):
		return StateFailed
	}
	return StateDone
}
