package harness

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"

	"github.com/cardtui/cardtui/internal/jsonscan"
	"github.com/cardtui/cardtui/replay"
)

// The harness's session log changed shape over time, and the harness still
// reads its older logs: on load it upgrades each event on its own (the
// older message, steering, turn-start and turn-end events) and rejects
// the event types it no longer supports. These are the same upgrades,
// decided per event as the harness decides them:
//
//   - assistant/message before messages had an identity: {turn, step,
//     content, provenance, usage?} with no message — the content is the
//     message's. An event with a message, or without content or
//     provenance, is not of the older shape and must be of the current one.
//   - tool/result likewise: {turn, step, callId, content, isError} with no
//     message is one tool-result part.
//   - steering/message (removed): {turn, message} is the user/message
//     message; {turn, content, source} a user message; any other shape is
//     malformed.
//   - turn/start with the obsolete trigger: {turn, trigger: {kind}}, and
//     nothing else.
//   - turn/end: {turn, reason} and nothing else; the reasons aborted
//     without a why, disposed and the older error shapes are upgraded.
//   - request/header-delta, mode/set and a request/header for the
//     reason "fallback" are an obsolete vocabulary the harness refuses to
//     replay: each is a Problem.
//
// A user/message of the older shape ({content, source} without id or
// role) needs no upgrade for display.

// eventFields decodes an event's data as its fields, each kept as JSON,
// for the shape checks the harness makes on keys (Object.hasOwn): a field
// set to null is there.
func eventFields(src eventSource) (map[string]json.RawMessage, error) {
	fields, err := decodeEventWithJSON[map[string]json.RawMessage](src)
	if err != nil {
		return nil, err
	}
	return *fields, nil
}

// has reports whether every key is a field.
func has(fields map[string]json.RawMessage, keys ...string) bool {
	for _, k := range keys {
		if _, ok := fields[k]; !ok {
			return false
		}
	}
	return true
}

// onlyKeys reports whether fields has every required key and no key but
// those and the optional ones (the harness's hasOnlyKeys).
func onlyKeys(fields map[string]json.RawMessage, required []string, optional ...string) bool {
	for k := range fields {
		if !slices.Contains(required, k) && !slices.Contains(optional, k) {
			return false
		}
	}
	return has(fields, required...)
}

// safeInteger reads a field that must be an integer a JavaScript number
// holds exactly (Number.isSafeInteger).
func safeInteger(raw json.RawMessage) (int64, bool) {
	var f float64
	if json.Unmarshal(raw, &f) != nil || f != math.Trunc(f) || math.Abs(f) > 1<<53-1 {
		return 0, false
	}
	return int64(f), true
}

// legacyAssistantContent returns the content of an assistant/message of
// the older shape; ok is false when the event is not of that shape.
func legacyAssistantContent(src eventSource) (parts []messagePart, ok bool, err error) {
	fields, err := eventFields(src)
	if err != nil || has(fields, "message") || !has(fields, "content", "provenance") {
		return nil, false, err
	}
	if err := json.Unmarshal(fields["content"], &parts); err != nil {
		return nil, true, replay.FieldError(fieldPathError(err, "data.content"))
	}
	return parts, true, nil
}

// legacyResultPart returns the one tool-result part of a tool/result of
// the older shape; ok is false when the event is not of that shape.
func legacyResultPart(src eventSource) (part resultPart, ok bool, err error) {
	fields, err := eventFields(src)
	if err != nil || has(fields, "message") || !has(fields, "callId", "content", "isError") {
		return part, false, err
	}
	part = resultPart{Type: "tool-result", Content: fields["content"]}
	if json.Unmarshal(fields["callId"], &part.ToolCallID) != nil || part.ToolCallID == "" {
		return part, true, errors.New(`field "data.callId": want a call id`)
	}
	if json.Unmarshal(fields["isError"], &part.IsError) != nil {
		return part, true, errors.New(`field "data.isError": want a boolean`)
	}
	return part, true, nil
}

// fieldPathError is a type error of decoding the named field alone,
// renamed as a field of the data.
func fieldPathError(err error, field string) error {
	var typeErr *json.UnmarshalTypeError
	if errors.As(err, &typeErr) {
		e := *typeErr
		e.Field = joinPath(field, typeErr.Field)
		return &e
	}
	return err
}

func joinPath(parent, child string) string {
	if child == "" {
		return parent
	}
	return parent + "." + child
}

// decodeSteeringMessage decodes the removed steering/message: the user's
// words sent while the agent worked, shown as the user's.
func decodeSteeringMessage(src eventSource, p *presenter) (event, error) {
	fields, err := eventFields(src)
	if err != nil {
		return nil, err
	}
	_, turnOK := safeInteger(fields["turn"])
	switch {
	case turnOK && onlyKeys(fields, []string{"turn", "message"}) && isObject(fields["message"]):
		return decodeUserMessage(eventSource{data: fields["message"]}, p)
	case turnOK && onlyKeys(fields, []string{"turn", "content", "source"}):
		return decodeUserMessage(src, p)
	}
	return nil, errors.New("malformed: neither {turn, message} nor {turn, content, source}")
}

// isObject reports whether a field is a JSON object.
func isObject(raw json.RawMessage) bool {
	var v map[string]json.RawMessage
	return json.Unmarshal(raw, &v) == nil && v != nil
}

// decodeTurnStart checks a turn/start: with the obsolete trigger, it must
// be {turn ≥ 1, trigger: {kind: non-empty}} and nothing else. It is not
// displayed.
func decodeTurnStart(src eventSource, _ *presenter) (event, error) {
	fields, err := eventFields(src)
	if err != nil || !has(fields, "trigger") {
		return skippedEvent("turn/start"), err
	}
	if _, err := turnNumber(fields, "trigger"); err != nil {
		return nil, err
	}
	var trigger struct {
		Kind string `json:"kind"`
	}
	if !isObject(fields["trigger"]) || json.Unmarshal(fields["trigger"], &trigger) != nil || trigger.Kind == "" {
		return nil, errors.New(`field "data.trigger.kind": want a non-empty string`)
	}
	return skippedEvent("turn/start"), nil
}

// skippedEvent is an event that is checked but not displayed.
type skippedEvent string

func (e skippedEvent) apply(_ *eventHandler, t *replay.Transcript) error {
	t.AddSkipped(string(e))
	return nil
}

// decodeTurnEnd checks a turn/end as the harness does and upgrades the
// older reasons to the current ones.
func decodeTurnEnd(src eventSource, _ *presenter) (event, error) {
	fields, err := eventFields(src)
	if err != nil {
		return nil, err
	}
	turn, err := turnNumber(fields, "reason")
	if err != nil {
		return nil, err
	}
	var reason map[string]json.RawMessage
	if json.Unmarshal(fields["reason"], &reason) != nil || reason == nil {
		return nil, errors.New(`field "data.reason": want an object`)
	}
	var kind string
	if !isString(reason["kind"]) || json.Unmarshal(reason["kind"], &kind) != nil {
		return nil, errors.New(`field "data.reason.kind": want a string`)
	}
	d, err := turnEndReason(kind, reason)
	if err != nil {
		return nil, err
	}
	d.Turn = int(turn)
	return dataEvent[turnEndData]{data: d, fn: (*eventHandler).turnEnd}, nil
}

// turnNumber checks that a turn event's data is {turn, other} and
// nothing else, and returns the turn, an integer from 1.
func turnNumber(fields map[string]json.RawMessage, other string) (int64, error) {
	if err := checkKeys(fields, "data", []string{"turn", other}); err != nil {
		return 0, err
	}
	turn, ok := safeInteger(fields["turn"])
	if !ok || turn < 1 {
		return 0, errors.New(`field "data.turn": want an integer from 1`)
	}
	return turn, nil
}

// checkKeys is onlyKeys with an error naming the first key missing or
// not allowed in the object at path.
func checkKeys(fields map[string]json.RawMessage, path string, required []string, optional ...string) error {
	for _, k := range required {
		if !has(fields, k) {
			return fmt.Errorf("missing field %q", path+"."+k)
		}
	}
	keys := slices.Sorted(maps.Keys(fields))
	for _, k := range keys {
		if !slices.Contains(required, k) && !slices.Contains(optional, k) {
			return fmt.Errorf("unexpected field %q", path+"."+k)
		}
	}
	return nil
}

// turnEndReason reads a turn/end's reason, of any shape the harness reads.
func turnEndReason(kind string, reason map[string]json.RawMessage) (*turnEndData, error) {
	d := &turnEndData{}
	d.Reason.Kind = kind
	var err error
	switch kind {
	case "completed", "blocked", "max-tokens", "interrupted":
		err = checkKeys(reason, "data.reason", []string{"kind"})
	case "aborted":
		if !has(reason, "reason") {
			err = checkKeys(reason, "data.reason", []string{"kind"})
		}
		err = cmp.Or(err, decodeField(reason, "reason", &d.Reason.Reason))
	case "disposed":
		err = checkKeys(reason, "data.reason", []string{"kind"})
		d.Reason.Kind, d.Reason.Reason.Kind = "aborted", "disposed"
	case "error":
		var ok bool
		if d.Reason.Error, ok = turnFailure(reason); !ok {
			err = errors.New(`field "data.reason": an error reason wants {error}, {step, failure} or {step, message, code?}`)
		}
	}
	return d, err
}

// decodeField decodes an optional field into dst, naming it in an error.
func decodeField(fields map[string]json.RawMessage, name string, dst any) error {
	raw, ok := fields[name]
	if !ok {
		return nil
	}
	if err := json.Unmarshal(raw, dst); err != nil {
		return fmt.Errorf("field %q: %w", "data.reason."+name, replay.ObjectError(err))
	}
	return nil
}

// turnFailure reads the failure of an error reason: {error} as it is
// now, or the older {step, failure: {message, code, …}} or {step,
// message, code?} (code "UNKNOWN" when absent).
func turnFailure(reason map[string]json.RawMessage) (failure, bool) {
	var f failure
	if has(reason, "error") {
		return f, json.Unmarshal(reason["error"], &f) == nil
	}
	if step, ok := safeInteger(reason["step"]); !ok || step < 0 {
		return f, false
	}
	var nested map[string]json.RawMessage
	if onlyKeys(reason, []string{"kind", "step", "failure"}) && json.Unmarshal(reason["failure"], &nested) == nil &&
		onlyKeys(nested, []string{"message", "code"}, "status", "providerRetryAfterMs", "requestId") {
		return f, json.Unmarshal(reason["failure"], &f) == nil && isString(nested["message"]) && isString(nested["code"])
	}
	if !onlyKeys(reason, []string{"kind", "step", "message"}, "code") || !isString(reason["message"]) {
		return f, false
	}
	if code, ok := reason["code"]; ok && !isString(code) {
		return f, false
	}
	_ = json.Unmarshal(reason["message"], &f.Message)
	_ = json.Unmarshal(reason["code"], &f.Code)
	if f.Code == "" {
		f.Code = "UNKNOWN"
	}
	return f, true
}

// isString reports whether a field is a JSON string.
func isString(raw json.RawMessage) bool {
	var s string
	return len(raw) > 0 && raw[0] == '"' && json.Unmarshal(raw, &s) == nil
}

// unsupportedEvent is an event of the obsolete vocabulary the harness no
// longer replays.
func unsupportedEvent(what string) func(eventSource, *presenter) (event, error) {
	return func(src eventSource, _ *presenter) (event, error) {
		if err := src.valid(); err != nil {
			return nil, err
		}
		return nil, errors.New(what + " is an obsolete event the harness no longer replays")
	}
}

// requestHeaderData is the part of a request/header the display checks.
type requestHeaderData struct {
	Reason string `json:"reason"`
}

func (d *requestHeaderData) decodeQuickly(c *jsonscan.Cursor) bool {
	return c.Fields([]string{"reason"}, func(int) bool { return c.Str(&d.Reason) })
}

// decodeRequestHeader checks a request/header, which is not displayed:
// the reason "fallback" is of the obsolete vocabulary.
func decodeRequestHeader(src eventSource, _ *presenter) (event, error) {
	d, err := decodeEvent[requestHeaderData](src)
	switch {
	case err != nil:
		return nil, err
	case d.Reason == "fallback":
		return nil, errors.New(`the reason "fallback" is obsolete: the harness no longer replays it`)
	}
	return skippedEvent("request/header"), nil
}
