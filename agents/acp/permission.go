package acp

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/cardtui/cardtui/cards"
)

// permission is a session/request_permission on the card it gates: the
// options, and which one was chosen once the client answered.
type permission struct {
	tool    *toolCall
	options []sdk.PermissionOption
	// chosen is the index of the option picked, -1 before the answer and
	// when it was cancelled.
	chosen    int
	answered  bool
	cancelled bool
	unknown   string // an option id the answer named that is not an option
}

// Asking is a permission request waiting for the user: the card it gates
// and the options offered.
type Asking struct {
	ToolCallID sdk.ToolCallId
	// Index is the card's index in the transcript.
	Index   int
	Options []sdk.PermissionOption
}

// AllowOnce is the index of the first allow_once option, or -1.
func (a Asking) AllowOnce() int {
	return slices.IndexFunc(a.Options, func(o sdk.PermissionOption) bool { return o.Kind == sdk.PermissionOptionKindAllowOnce })
}

// Reject is the index of the first reject_* option, or -1.
func (a Asking) Reject() int {
	return slices.IndexFunc(a.Options, func(o sdk.PermissionOption) bool { return strings.HasPrefix(string(o.Kind), "reject_") })
}

// askPermission puts a permission request on its card (merging the tool
// call it carries) and queues it for the user.
func (t *Traffic) askPermission(p sdk.RequestPermissionRequest) {
	c := t.toolCallUpdated(toolUpdateOfRequest(p.ToolCall), false)
	c.permission = &permission{tool: c, options: p.Options, chosen: -1}
	t.asking = append(t.asking, c.permission)
}

// Asking returns the oldest permission request waiting for the user.
func (t *Traffic) Asking() (Asking, bool) {
	if len(t.asking) == 0 {
		return Asking{}, false
	}
	p := t.asking[0]
	return Asking{ToolCallID: p.tool.id, Index: p.tool.index, Options: slices.Clone(p.options)}, true
}

// Waiting returns the tool call ids of the permission requests waiting
// for the user, oldest first.
func (t *Traffic) Waiting() []sdk.ToolCallId {
	ids := make([]sdk.ToolCallId, len(t.asking))
	for i, p := range t.asking {
		ids[i] = p.tool.id
	}
	return ids
}

// answerPermission records the client's answer to a permission request.
func (t *Traffic) answerPermission(params json.RawMessage, outcome sdk.RequestPermissionOutcome) {
	var req sdk.RequestPermissionRequest
	if json.Unmarshal(params, &req) != nil {
		return // the request was a Problem when it came
	}
	c, ok := t.tools[req.ToolCall.ToolCallId]
	if !ok || c.permission == nil {
		return
	}
	p := c.permission
	p.answered = true
	switch {
	case outcome.Selected != nil:
		p.chosen = slices.IndexFunc(p.options, func(o sdk.PermissionOption) bool { return o.OptionId == outcome.Selected.OptionId })
		if p.chosen < 0 {
			p.unknown = string(outcome.Selected.OptionId)
		}
	default:
		p.cancelled = true
	}
	t.asking = slices.DeleteFunc(t.asking, func(q *permission) bool { return q == p })
	t.touch(c.index)
}

// waiting reports whether the request waits for the user.
func (p *permission) waiting() bool { return !p.answered }

// refused reports whether the user rejected the call or the request was
// cancelled.
func (p *permission) refused() bool { return p.cancelled || p.rejected() }

// rejected reports whether the user picked a reject option.
func (p *permission) rejected() bool {
	return p.chosen >= 0 && strings.HasPrefix(string(p.options[p.chosen].Kind), "reject_")
}

// state is the permission's line on the card: asked, or what the user
// chose.
func (p *permission) state() string {
	switch {
	case !p.answered:
		return "Permission requested"
	case p.cancelled:
		return "Permission request cancelled"
	case p.chosen < 0:
		return fmt.Sprintf("Answered with option %q, which was not offered", p.unknown)
	}
	o := p.options[p.chosen]
	verb := "Chose"
	switch {
	case strings.HasPrefix(string(o.Kind), "allow_"):
		verb = "Allowed"
	case strings.HasPrefix(string(o.Kind), "reject_"):
		verb = "Rejected"
	}
	return fmt.Sprintf("%s: %s", verb, optionText(o))
}

// choices lists the options, numbered as the keys that pick them, and
// the keys.
func (p *permission) choices() cards.ContentBlock {
	var b strings.Builder
	for i, o := range p.options {
		fmt.Fprintf(&b, "%d. %s\n", i+1, optionText(o))
	}
	keys := fmt.Sprintf("When you are not typing, 1–%d picks an option", min(len(p.options), 9))
	a := Asking{Options: p.options}
	if a.AllowOnce() >= 0 {
		keys += ", Enter allows once"
	}
	if a.Reject() >= 0 {
		keys += ", Esc rejects"
	} else {
		keys += ", Esc cancels the request"
	}
	b.WriteString("\n" + keys + "; keys typed into the composer stay there (Ctrl+Y gives the request the keys).")
	return cards.TextBlock{Text: b.String()}
}

// optionText is an option's name, and its kind when the name does not
// already say it: "Allow once", "Skip this change (reject once)".
func optionText(o sdk.PermissionOption) string {
	name, kind := oneLine(o.Name), kindText(o.Kind)
	if kind == "" || strings.Contains(strings.ToLower(name), kind) {
		return name
	}
	return name + " (" + kind + ")"
}

// kindText is an option kind in words: "allow once", "reject always".
func kindText(k sdk.PermissionOptionKind) string {
	return strings.ReplaceAll(oneLine(string(k)), "_", " ")
}

// oneLine puts text on one line.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
