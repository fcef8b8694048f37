package codex

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/replay"
)

// A command that outlives its yield time keeps running in a session
// ("Process running with session ID N"), and the model polls it, or types
// into it, with write_stdin {session_id, chars}; the call that ends it
// says "Process exited with code N". Codex's UI shows such a call as a
// line under the command ("Waited for background terminal",
// "Interacted with background terminal"), and replay folds it into the
// command's card the same way: a Notice nested under the card says it
// happened, and the command's result gathers the output of every poll and
// the exit code of the last (until the command's own end event, or its
// CommandExecution item, says it all). A write_stdin of a session whose
// command is not known keeps a card of its own.

// foldPoll folds a write_stdin call into the card of the command whose
// session it names, reporting whether it did.
func (d *codexRollout) foldPoll(t *replay.Transcript, c *codexCall, args []byte) bool {
	a, err := parseWriteStdinArgs(args)
	if err != nil {
		return false
	}
	commandID, ok := d.terminals[a.session]
	command := d.calls[commandID]
	if !ok || command == nil || !command.hasResult && !command.called {
		return false
	}
	c.pollOf = commandID
	text := "Waited for background terminal"
	if a.chars != "" {
		text = "Interacted with background terminal: sent " + strconv.Quote(a.chars)
	}
	t.AddChild(d.cardPath(command), cards.Notice{Text: text})
	t.Stats.ToolCards++ // a call the model made, drawn as a line of its command's card
	return true
}

// cardPath is where a call's card is.
func (d *codexRollout) cardPath(c *codexCall) replay.CardPath {
	if c.nested != nil {
		return *c.nested
	}
	return replay.CardAt(c.index)
}

// pollAnswered gives a folded poll's output to its command's card.
func (d *codexRollout) pollAnswered(t *replay.Transcript, c *codexCall, text string) {
	command := d.calls[c.pollOf]
	command.polls = append(command.polls, parseExecOutput(text))
	d.present(t, c.pollOf, command)
}

// runningSession records the session a command's output says it still
// runs in, for the write_stdin calls that poll it.
func (d *codexRollout) runningSession(id, tool, output string) {
	if !isShellTool(tool) {
		return
	}
	if session := parseExecOutput(output).session; session != "" {
		d.terminals[session] = id
	}
}

// isShellTool reports whether a tool runs commands.
func isShellTool(tool string) bool {
	switch tool {
	case "shell", "container.exec", "shell_command", "exec_command", "local_shell":
		return true
	}
	return false
}

// withPolls is the output of a command with the output of its polls
// folded in, in the form Codex writes an output: the wall time of them
// all, how the last left the command, and everything it printed.
func withPolls(output string, polls []execOutput) string {
	if len(polls) == 0 {
		return output
	}
	first := parseExecOutput(output)
	total, printed := first.duration, first.output
	for _, p := range polls {
		total += p.duration
		printed += p.output
	}
	last := polls[len(polls)-1]
	var b strings.Builder
	if total > 0 {
		fmt.Fprintf(&b, "Wall time: %s seconds\n", strconv.FormatFloat(total.Seconds(), 'f', -1, 64))
	}
	switch {
	case last.exitCode != nil:
		fmt.Fprintf(&b, "Process exited with code %d\n", *last.exitCode)
	case last.session != "":
		fmt.Fprintf(&b, "Process running with session ID %s\n", last.session)
	}
	b.WriteString("Output:\n" + printed)
	return b.String()
}
