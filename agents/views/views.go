package views

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/producers"
	"github.com/cardtui/cardtui/replay"
)

// viewStream decodes the view stream:
//
//	{"type":"call","id","tool"?,"view":CallView}
//	{"type":"result","id","view":ResultView,"outcome"?}
//	{"type":"message","role":"user"|"assistant","text"}
//
// A result's outcome is "done" (the default), "failed", "rejected",
// "denied" or "interrupted": how the call ended, which the view itself
// does not say (see cards.Outcome).
//
// Envelopes and views are decoded strictly: a line with a field too many
// or too few becomes a Problem that says which. Lines are decoded ahead of
// the transcript, on every processor (see replay.Pipeline).
type viewStream struct {
	ahead replay.Pipeline
}

// viewStreamRoles are the roles a view-stream message may have.
var viewStreamRoles = []cards.Role{cards.RoleUser, cards.RoleAssistant}

// DecodeLine decodes the line ahead; the lines decoded by then are
// applied.
func (d *viewStream) DecodeLine(t *replay.Transcript, l replay.Line) { d.ahead.Add(t, l, d) }

// flush applies every line given so far, at the end of the input.
func (d *viewStream) Flush(t *replay.Transcript) { d.Drain(t) }

// drain applies every line given so far.
func (d *viewStream) Drain(t *replay.Transcript) { d.ahead.Drain(t) }

// batchDecoder decodes each line on its own: view-stream lines need
// nothing of the lines before them until they are applied.
func (d *viewStream) BatchDecoder() func([]byte) replay.LineDecode {
	return func(data []byte) replay.LineDecode {
		add, err := decodeViewLine(data)
		if err != nil {
			return func(*replay.Transcript, []byte) error { return err }
		}
		return add
	}
}

// decodeViewLine decodes a view-stream line into what adds its entry.
func decodeViewLine(data []byte) (replay.LineDecode, error) {
	env, err := parseEnvelope(data)
	if err != nil {
		return nil, err
	}
	typ, err := env.typ()
	if err != nil {
		return nil, err
	}
	env.name = typ
	switch typ {
	case "call":
		return decodeViewCall(env)
	case "result":
		return decodeViewResult(env)
	default:
		return decodeViewMessage(env)
	}
}

func decodeViewCall(env *envelope) (replay.LineDecode, error) {
	id, err := env.id()
	if err != nil {
		return nil, err
	}
	tool, err := env.optionalString("tool")
	if err != nil {
		return nil, err
	}
	raw, err := env.required("view")
	if err != nil {
		return nil, err
	}
	if err := env.check(); err != nil {
		return nil, err
	}
	view, err := cards.DecodeCall(raw)
	if err != nil {
		return nil, err
	}
	return func(t *replay.Transcript, _ []byte) error { t.PutCall(id, tool, view); return nil }, nil
}

func decodeViewResult(env *envelope) (replay.LineDecode, error) {
	id, err := env.id()
	if err != nil {
		return nil, err
	}
	raw, err := env.required("view")
	if err != nil {
		return nil, err
	}
	outcome, err := env.outcome()
	if err != nil {
		return nil, err
	}
	if err := env.check(); err != nil {
		return nil, err
	}
	view, err := cards.DecodeResult(raw)
	if err != nil {
		return nil, err
	}
	return func(t *replay.Transcript, _ []byte) error { t.PutResultAs(id, view, outcome); return nil }, nil
}

func decodeViewMessage(env *envelope) (replay.LineDecode, error) {
	role, err := env.string("role")
	if err != nil {
		return nil, err
	}
	if !slices.Contains(viewStreamRoles, cards.Role(role)) {
		return nil, env.fail("role", fmt.Sprintf("%q is not one of %q, %q", role, cards.RoleUser, cards.RoleAssistant))
	}
	text, err := env.string("text")
	if err != nil {
		return nil, err
	}
	if err := env.check(); err != nil {
		return nil, err
	}
	return func(t *replay.Transcript, _ []byte) error { t.PutMessage(cards.Role(role), text); return nil }, nil
}

// envelope is the top-level object of a view-stream line. Each accessor
// removes the field it reads, so check finds the fields that do not belong.
type envelope struct {
	// name is the line's type once known, for error messages.
	name   string
	fields map[string]json.RawMessage
}

// parseEnvelope splits a line into its top-level fields, rejecting
// anything that is not one JSON object and any key given twice.
func parseEnvelope(data []byte) (*envelope, error) {
	if env, ok := parseEnvelopeQuickly(data); ok {
		return env, nil
	}
	return parseEnvelopeWithJSON(data)
}

// parseEnvelopeQuickly splits a line that is a JSON object into its fields
// by hand, as parseEnvelopeWithJSON does, and several times faster; ok is
// false for a line it leaves to encoding/json: one that is not valid JSON
// or not an object, a duplicate key, or a key with an escape or a byte
// beyond ASCII (which encoding/json decodes).
func parseEnvelopeQuickly(data []byte) (*envelope, bool) {
	env := &envelope{fields: make(map[string]json.RawMessage, 4)}
	ok := replay.ObjectFields(data, func(key []byte, raw json.RawMessage) bool {
		if _, seen := env.fields[string(key)]; seen || !replay.PlainKey(key) {
			return false
		}
		env.fields[string(key)] = raw
		return true
	})
	if !ok {
		return nil, false
	}
	return env, true
}

// parseEnvelopeWithJSON splits a line into its fields with encoding/json,
// saying what is wrong with one that is not a JSON object.
func parseEnvelopeWithJSON(data []byte) (*envelope, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	if tok, err := dec.Token(); err != nil {
		return nil, notObject(err)
	} else if delim, ok := tok.(json.Delim); !ok || delim != '{' {
		return nil, errors.New("not a JSON object: the line is " + replay.JSONType(data))
	}
	env := &envelope{fields: map[string]json.RawMessage{}}
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return nil, notObject(err)
		}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, notObject(err)
		}
		name := key.(string)
		if _, seen := env.fields[name]; seen {
			return nil, fmt.Errorf("duplicate field %q", name)
		}
		env.fields[name] = raw
	}
	if _, err := dec.Token(); err != nil {
		return nil, notObject(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("not a JSON object: data after the object")
	}
	return env, nil
}

// notObject words a JSON syntax error.
func notObject(err error) error {
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return errors.New("not a JSON object: the line ends before the object does")
	}
	return fmt.Errorf("not a JSON object: %v", err)
}

// typ reads the line's "type", which must name a view-stream line.
func (e *envelope) typ() (string, error) {
	want := "want one of " + quoteAll(viewStreamTypes)
	raw, ok := e.take("type")
	if !ok {
		return "", errors.New(`missing field "type": ` + want)
	}
	var typ string
	if json.Unmarshal(raw, &typ) != nil {
		return "", fmt.Errorf(`field "type": want a string, found %s: %s`, replay.JSONType(raw), want)
	}
	if !slices.Contains(viewStreamTypes, typ) {
		return "", fmt.Errorf("unknown type %q: %s", typ, want)
	}
	return typ, nil
}

// take removes a field and returns its value; ok is false when it is
// absent or null.
func (e *envelope) take(name string) (json.RawMessage, bool) {
	raw, ok := e.fields[name]
	delete(e.fields, name)
	if !ok || string(raw) == "null" {
		return nil, false
	}
	return raw, true
}

func (e *envelope) fail(field, reason string) error {
	return fmt.Errorf("%s: field %q: %s", e.name, field, reason)
}

// required reads a field that must be present.
func (e *envelope) required(name string) (json.RawMessage, error) {
	raw, ok := e.take(name)
	if !ok {
		return nil, fmt.Errorf("%s: missing field %q", e.name, name)
	}
	return raw, nil
}

// string reads a string field that must be present.
func (e *envelope) string(name string) (string, error) {
	raw, err := e.required(name)
	if err != nil {
		return "", err
	}
	return e.decodeString(name, raw)
}

// optionalString reads a string field that may be absent ("").
func (e *envelope) optionalString(name string) (string, error) {
	raw, ok := e.take(name)
	if !ok {
		return "", nil
	}
	return e.decodeString(name, raw)
}

func (e *envelope) decodeString(name string, raw json.RawMessage) (string, error) {
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return "", e.fail(name, "want a string, found "+replay.JSONType(raw))
	}
	return s, nil
}

// outcome reads a result's optional "outcome" (see cards.ParseOutcome):
// done when it is absent.
func (e *envelope) outcome() (cards.Outcome, error) {
	name, err := e.optionalString("outcome")
	if err != nil || name == "" {
		return cards.OutcomeDone, err
	}
	outcome, err := cards.ParseOutcome(name)
	if err != nil {
		return outcome, e.fail("outcome", err.Error())
	}
	return outcome, nil
}

// id reads the call id, which must be a non-empty string.
func (e *envelope) id() (string, error) {
	id, err := e.string("id")
	if err == nil && id == "" {
		err = e.fail("id", "must not be empty")
	}
	return id, err
}

// check fails on the fields no accessor read, naming them in sorted order.
func (e *envelope) check() error {
	if len(e.fields) == 0 {
		return nil
	}
	names := make([]string, 0, len(e.fields))
	for name := range e.fields {
		names = append(names, name)
	}
	sort.Strings(names)
	what := "unknown field"
	if len(names) > 1 {
		what += "s"
	}
	return fmt.Errorf("%s: %s %s (a %s line has %s)", e.name, what, quoteAll(names), e.name, envelopeFields[e.name])
}

// envelopeFields lists the fields of each line type for error messages.
var envelopeFields = map[string]string{
	"call":    `"type", "id", "tool" and "view"`,
	"result":  `"type", "id", "view" and "outcome"`,
	"message": `"type", "role" and "text"`,
}

func quoteAll(names []string) string {
	quoted := make([]string, len(names))
	for i, n := range names {
		quoted[i] = fmt.Sprintf("%q", n)
	}
	return strings.Join(quoted, ", ")
}

// viewStreamTypes are the "type" values of view-stream lines.
var viewStreamTypes = []string{"call", "result", "message"}

// Format is the view stream: call, result and message lines that
// carry views computed by the harness.
var Format = replay.Format{
	Name: "views",
	Detect: func(_ map[string]json.RawMessage, typ string) bool {
		return slices.Contains(viewStreamTypes, typ)
	},
	Expect:     "views: " + strings.Join(viewStreamTypes, ", "),
	NewDecoder: func(producers.Registry) replay.Decoder { return &viewStream{} },
}
