package harness

import (
	"errors"
	"strings"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/replay"
)

// What the user and the harness change during a session is a Notice, as
// the harness's own clients show it:
//
//   - command/run and command/done (the harness's slash commands): the
//     slash command "/permission read-only", then its outcome; output of
//     several lines follows as collapsed context.
//   - plan/mode {active}: plan mode on or off.
//   - goal/change (its meta says what changed): the goal set,
//     edited, paused, resumed, completed, blocked or cleared.
//   - sandbox/mode {mode}, permission/preset {preset}, approval/policy
//     {policy}: the new mode, "inherited" when the parent agent's
//     (source "delegation"). A value equal to the one in force is no
//     change: it is counted as skipped.

// modes is what the event handler remembers of the session's modes.
type modes struct {
	// commands are the slash commands run, as typed, by command id.
	commands map[string]string
	// current is the value in force of each mode, by event type.
	current map[string]string
}

func newModes() modes {
	return modes{commands: map[string]string{}, current: map[string]string{}}
}

// commandRunData is the data of a command/run event.
type commandRunData struct {
	CommandID string `json:"commandId"`
	Name      string `json:"name"`
	Args      string `json:"args"`
}

// typed is the command as the user typed it: "/name args".
func (d *commandRunData) typed() string {
	args := strings.TrimSpace(d.Args)
	if args == "" {
		return "/" + d.Name
	}
	return "/" + d.Name + " " + args
}

func (h *eventHandler) commandRun(t *replay.Transcript, d *commandRunData) error {
	if d.Name == "" {
		return errors.New(`missing field "data.name"`)
	}
	h.modes.commands[d.CommandID] = d.typed()
	t.AddNotice("Command " + d.typed())
	return nil
}

// commandDoneData is the data of a command/done event.
type commandDoneData struct {
	CommandID string `json:"commandId"`
	Kind      string `json:"kind"`
	Text      string `json:"text"`
	Reason    string `json:"reason"`
}

func (h *eventHandler) commandDone(t *replay.Transcript, d *commandDoneData) error {
	command, ok := h.modes.commands[d.CommandID]
	if !ok {
		command = "the command"
	}
	delete(h.modes.commands, d.CommandID)
	verb := " done"
	if d.Kind == "error" {
		verb = " failed"
	}
	text := strings.TrimSpace(d.Text)
	if text == "" {
		text = strings.TrimSpace(d.Reason)
	}
	switch {
	case text == "":
		t.AddNotice(command + verb)
	case !strings.Contains(text, "\n"):
		t.AddNotice(command + verb + ": " + text)
	default:
		t.AddNotice(command + verb + ":")
		t.PutMessage(cards.RoleContext, text)
	}
	return nil
}

// planModeData is the data of a plan/mode event.
type planModeData struct {
	Active *bool `json:"active"`
}

func (h *eventHandler) planMode(t *replay.Transcript, d *planModeData) error {
	if d.Active == nil {
		return errors.New(`missing field "data.active"`)
	}
	state := "off"
	if *d.Active {
		state = "on"
	}
	h.modeNotice(t, "plan/mode", state, "Plan mode "+state)
	return nil
}

// modeNotice adds the Notice of a mode's new value, unless it is the
// value in force.
func (h *eventHandler) modeNotice(t *replay.Transcript, typ, value, text string) {
	if previous, ok := h.modes.current[typ]; ok && previous == value {
		t.AddSkipped(typ)
		return
	}
	h.modes.current[typ] = value
	t.AddNotice(text)
}

// modeData is the data of sandbox/mode, permission/preset and
// approval/policy: the new value under its own key, and its source.
type modeData struct {
	Mode   string `json:"mode"`
	Preset string `json:"preset"`
	Policy string `json:"policy"`
	Source string `json:"source"`
}

// setting shows a mode's new value, "(inherited)" when it came from the
// parent agent.
func (h *eventHandler) setting(t *replay.Transcript, typ, label, field, value, source string) error {
	if value == "" {
		return errors.New(`missing field "data.` + field + `"`)
	}
	text := label + ": " + value
	if source == "delegation" {
		text += " (inherited from the parent agent)"
	}
	h.modeNotice(t, typ, value, text)
	return nil
}

func (h *eventHandler) sandboxMode(t *replay.Transcript, d *modeData) error {
	return h.setting(t, "sandbox/mode", "Sandbox", "mode", d.Mode, d.Source)
}

func (h *eventHandler) permissionPreset(t *replay.Transcript, d *modeData) error {
	return h.setting(t, "permission/preset", "Permissions", "preset", d.Preset, d.Source)
}

func (h *eventHandler) approvalPolicy(t *replay.Transcript, d *modeData) error {
	return h.setting(t, "approval/policy", "Approval policy", "policy", d.Policy, d.Source)
}

// goalChangeData is the data of a goal/change event: a goal's whole state
// after the change, or the tombstone of the goal cleared.
type goalChangeData struct {
	Operation string `json:"operation"`
	Goal      struct {
		Objective     string `json:"objective"`
		BlockedReason struct {
			Message string `json:"message"`
		} `json:"blockedReason"`
	} `json:"goal"`
}

// goalVerbs word each goal operation.
var goalVerbs = map[string]string{
	"create":   "Goal set",
	"edit":     "Goal edited",
	"pause":    "Goal paused",
	"resume":   "Goal resumed",
	"complete": "Goal complete",
	"block":    "Goal blocked",
	"clear":    "Goal cleared",
}

func (h *eventHandler) goalChange(t *replay.Transcript, d *goalChangeData) error {
	verb, ok := goalVerbs[d.Operation]
	if !ok {
		verb = "Goal changed (" + d.Operation + ")"
	}
	text := verb
	if objective := strings.TrimSpace(d.Goal.Objective); objective != "" {
		text += ": " + objective
	}
	if why := d.Goal.BlockedReason.Message; d.Operation == "block" && why != "" {
		text += " — " + why
	}
	t.AddNotice(text)
	return nil
}
