package codex

import (
	"encoding/json"
	"slices"
	"strings"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/replay"
)

// Codex's code mode (codex-rs/core/src/tools/code_mode): an `exec` call
// runs a script that calls Codex's tools. Those calls are not response
// items — their results go back to the script — but the tools emit their
// usual events under a call id codex-rs makes for them ("exec-<uuid>";
// "code_mode-<uuid>" in earlier versions), and the rollout keeps
// exec_command_end and patch_apply_end. Such an event is the card of a
// command the script ran, nested under the exec card that is waiting for
// its output — or under the exec whose cell a waiting wait call names —
// else under the last exec card (a script that yielded runs on in its
// cell). An event of another id, or with no exec card to go under, stays
// at the top level, so that nothing is lost.

// codeMode is what the rollout decoder knows of code-mode calls.
type codeMode struct {
	// open are the exec and wait calls without output yet, in call order.
	open []string
	// cells maps a cell a script yielded in to its exec call; waits maps
	// a wait call to the cell it waits for.
	cells, waits map[string]string
	// lastExec is the latest exec call.
	lastExec string
}

func newCodeMode() codeMode {
	return codeMode{cells: map[string]string{}, waits: map[string]string{}}
}

// nestedCallPrefixes start the call ids codex-rs gives the tool calls a
// script makes.
var nestedCallPrefixes = []string{"exec-", "code_mode-"}

// isNestedCallID reports whether id is one codex-rs gives a script's call.
func isNestedCallID(id string) bool {
	return slices.ContainsFunc(nestedCallPrefixes, func(p string) bool { return strings.HasPrefix(id, p) })
}

// opened records a code-mode call once its card is made.
func (m *codeMode) opened(id, tool string, args []byte) {
	switch tool {
	case "exec":
		m.lastExec = id
	case "wait":
		var a struct {
			CellID string `json:"cell_id"`
		}
		if json.Unmarshal(args, &a) == nil {
			m.waits[id] = a.CellID
		}
	default:
		return
	}
	if !slices.Contains(m.open, id) {
		m.open = append(m.open, id)
	}
}

// answered records the output of a call: a code-mode call is no longer
// open, and the cell its script still runs in belongs to its exec.
func (m *codeMode) answered(id, output string) {
	i := slices.Index(m.open, id)
	if i < 0 {
		return
	}
	m.open = slices.Delete(m.open, i, i+1)
	if cell := CodeModeCell(output); cell != "" && m.waits[id] == "" {
		m.cells[cell] = id
	}
}

// parent returns the code-mode call whose script made the call id, if a
// script made it.
func (m *codeMode) parent(id string) (string, bool) {
	if !isNestedCallID(id) {
		return "", false
	}
	if n := len(m.open); n > 0 {
		last := m.open[n-1]
		if exec, ok := m.cells[m.waits[last]]; ok {
			return exec, true
		}
		return last, true
	}
	return m.lastExec, m.lastExec != ""
}

// nestedCard makes the card of a command a script ran under its exec
// card, when the call id is one (see parent); ok is false otherwise.
func (d *codexRollout) nestedCard(t *replay.Transcript, id, tool string, view cards.CallView) (ok bool) {
	parentID, ok := d.codeMode.parent(id)
	parent := d.calls[parentID]
	if !ok || parent == nil || parent.nested != nil || !t.HasCard(parentID) {
		return false
	}
	path := t.AddChild(replay.CardAt(parent.index), cards.ToolCard{ID: id, Tool: tool, Call: view})
	d.calls[id].nested = &path
	uncountScriptCall(t, id)
	return true
}

// uncountScriptCall takes the card of a call a script made out of the
// session's count of tool calls: the model made the exec call, the
// script the calls under it.
func uncountScriptCall(t *replay.Transcript, id string) {
	if isNestedCallID(id) {
		t.Stats.ToolCards--
	}
}
