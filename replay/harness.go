package replay

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/cardtui/cardtui/cards"
)

// harnessLog decodes the harness's session log (DESIGN.md 3.1): a header
// line {"type":"session",...}, then one {"type", "data"} event per line.
// Fields the decoder does not use (seq, time, sourceEventSeqs...) are
// allowed: the log is the harness's own record, not a display protocol.
type harnessLog struct {
	events *eventHandler
}

func (d *harnessLog) decodeLine(t *Transcript, l line) {
	decodeEventLine(t, l, d.decode)
}

// decode applies one line of the log. A line in the harness's own form
// has its type read without decoding it, and is then decoded once, by the
// event's decoder; any other line is split into type and data first.
func (d *harnessLog) decode(t *Transcript, data []byte) error {
	typ, sniffed := sniffType(data)
	switch {
	case sniffed && typ == headerType:
		return eventSource{line: data}.valid()
	case sniffed:
		return d.events.handle(t, typ, eventSource{line: data})
	}
	var e struct {
		Type *string         `json:"type"`
		Data json.RawMessage `json:"data"`
	}
	if err := decodeLineObject(data, &e); err != nil {
		return err
	}
	switch {
	case e.Type == nil:
		return errors.New(`missing field "type"`)
	case *e.Type == headerType:
		return nil
	}
	return d.events.handle(t, *e.Type, eventSource{data: e.Data})
}

// headlessStream decodes the harness's headless stream (DESIGN.md 3.2):
// each session event wrapped as {"type":"session_event","sessionId",
// "event":{type, seq, time, data}}, and a {"type":"result", output,
// usage} line when a run ends. Other line types are counted as skipped.
type headlessStream struct {
	events *eventHandler
}

func (d *headlessStream) decodeLine(t *Transcript, l line) {
	decodeEventLine(t, l, d.decode)
}

// decode applies one line of the stream, reading the event's type without
// decoding the line when it is in the harness's own form, as the session
// log's decode does.
func (d *headlessStream) decode(t *Transcript, data []byte) error {
	if typ, ok := sniffEventType(data); ok {
		return d.events.handle(t, typ, eventSource{line: data, wrapped: true})
	}
	var l struct {
		Type  *string `json:"type"`
		Event *struct {
			Type *string         `json:"type"`
			Data json.RawMessage `json:"data"`
		} `json:"event"`
		Output string    `json:"output"`
		Usage  *runUsage `json:"usage"`
	}
	if err := decodeLineObject(data, &l); err != nil {
		return err
	}
	switch {
	case l.Type == nil:
		return errors.New(`missing field "type"`)
	case *l.Type == sessionEventType && l.Event == nil:
		return errors.New(`session_event: missing field "event"`)
	case *l.Type == sessionEventType && l.Event.Type == nil:
		return errors.New(`session_event: missing field "event.type"`)
	case *l.Type == sessionEventType:
		return d.events.handle(t, *l.Event.Type, eventSource{data: l.Event.Data})
	case *l.Type == runResultType:
		d.events.runResult(t, l.Output, l.Usage)
	default:
		t.AddSkipped(*l.Type)
	}
	return nil
}

// runResultType is the headless line that ends a run.
const runResultType = "result"

// decodeEventLine decodes one line of the session log or the headless
// stream: a torn last line is a Notice, a line decode rejects a Problem,
// and any other line one event.
func decodeEventLine(t *Transcript, l line, decode func(*Transcript, []byte) error) {
	if tornJSON(l) {
		addTornNotice(t, l)
		return
	}
	if err := decode(t, l.data); err != nil {
		t.AddProblem(l.number, err.Error(), l.data)
		return
	}
	t.Stats.Events++
}

// The starts of the lines whose type is read without decoding them: a
// session-log event, and a headless session_event (whose event's type
// follows the sessionId).
var (
	typePrefix        = []byte(`{"type":"`)
	wrappedTypePrefix = []byte(`{"type":"session_event",`)
	eventTypeKey      = []byte(`"event":{"type":"`)
)

// sniffWindow bounds how far into a headless line sniffEventType looks for
// the event's type.
const sniffWindow = 256

// sniffType reads the type of a session-log line written as the harness
// writes it, starting {"type":"..."}. ok is false for any other line,
// which is then decoded in full.
func sniffType(data []byte) (typ string, ok bool) {
	rest, ok := bytes.CutPrefix(data, typePrefix)
	if !ok {
		return "", false
	}
	return sniffString(rest)
}

// sniffEventType reads the event's type of a headless session_event line
// written as the harness writes it, like sniffType.
func sniffEventType(data []byte) (typ string, ok bool) {
	rest, ok := bytes.CutPrefix(data, wrappedTypePrefix)
	if !ok {
		return "", false
	}
	at := bytes.Index(rest[:min(len(rest), sniffWindow)], eventTypeKey)
	if at < 0 {
		return "", false
	}
	return sniffString(rest[at+len(eventTypeKey):])
}

// sniffString reads a JSON string's content up to its closing quote; ok is
// false unless it is plain printable ASCII (no escape), as type names are.
func sniffString(rest []byte) (string, bool) {
	for i, c := range rest {
		switch {
		case c == '"':
			return string(rest[:i]), true
		case c < 0x20 || c > 0x7e || c == '\\':
			return "", false
		}
	}
	return "", false
}

// decodeLineObject decodes a whole line, which must be one JSON object,
// into v.
func decodeLineObject(data []byte, v any) error {
	trimmed := bytes.TrimSpace(data)
	if trimmed[0] != '{' {
		return errors.New("not a JSON object: the line is " + describeJSON(trimmed))
	}
	if err := json.Unmarshal(trimmed, v); err != nil {
		return notJSONObject(err)
	}
	return nil
}

// notJSONObject words an error of decoding a line: a syntax error means
// the line is not JSON; a type error names the field.
func notJSONObject(err error) error {
	var syntax *json.SyntaxError
	if errors.As(err, &syntax) {
		return fmt.Errorf("not a JSON object: %v", err)
	}
	return fieldError(err)
}

// eventSource is where an event's data is decoded from: a whole line
// (a session-log line, or a headless line when wrapped) whose type was
// read without decoding it, or the data object alone, already split from
// a line that was decoded.
type eventSource struct {
	line    []byte
	wrapped bool
	data    json.RawMessage
}

// The shapes of the lines an eventSource decodes the data from; Data holds
// a pointer to the decoder's value, which encoding/json decodes into.
type (
	logLine struct {
		Data any `json:"data"`
	}
	headlessLine struct {
		Event logLine `json:"event"`
	}
)

// valid checks that the source is JSON, for an event whose data is not
// decoded; data split from a decoded line is.
func (src eventSource) valid() error {
	if src.line == nil || json.Valid(src.line) {
		return nil
	}
	var v struct{}
	return notJSONObject(json.Unmarshal(src.line, &v))
}

// decodeEvent decodes the data of an event, which must be a JSON object,
// into a new T.
func decodeEvent[T any](src eventSource) (*T, error) {
	var data *T
	var err error
	switch {
	case src.line == nil && len(src.data) == 0:
	case src.line == nil:
		err = json.Unmarshal(src.data, &data)
	case src.wrapped:
		err = json.Unmarshal(src.line, &headlessLine{Event: logLine{Data: &data}})
	default:
		err = json.Unmarshal(src.line, &logLine{Data: &data})
	}
	if err != nil {
		return nil, src.wordError(err)
	}
	if data == nil {
		return nil, errors.New(`missing field "data"`)
	}
	return data, nil
}

// wordError words an error of decoding an event's data: a syntax error is
// about the whole line; a type error names the field by its path from
// the event ("data.callId"), whatever the line's form.
func (src eventSource) wordError(err error) error {
	var syntax *json.SyntaxError
	if errors.As(err, &syntax) {
		return lineError{notJSONObject(err)}
	}
	var typeErr *json.UnmarshalTypeError
	if !errors.As(err, &typeErr) {
		return err
	}
	path := typeErr.Field
	switch {
	case src.line == nil:
		path = strings.TrimSuffix("data."+path, ".")
	case src.wrapped:
		path = strings.TrimPrefix(path, "event.")
	}
	return typeError(typeErr, path)
}

// lineError is an error about a whole line rather than its event, which
// the event handler reports without naming the event type.
type lineError struct{ error }

// fieldError words a type error of decoding a line as `field "type":
// want a string, found a number`.
func fieldError(err error) error {
	var typeErr *json.UnmarshalTypeError
	if !errors.As(err, &typeErr) {
		return err
	}
	return typeError(typeErr, typeErr.Field)
}

// typeError words a type error of the field at path.
func typeError(e *json.UnmarshalTypeError, path string) error {
	return fmt.Errorf("field %q: want %s, found %s", path, kindOf(e.Type), valueKind(e.Value))
}

// kindOf names the JSON type a Go type decodes from.
func kindOf(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "a boolean"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.Struct, reflect.Map:
		return "an object"
	default:
		return "a number"
	}
}

// valueKind names the JSON type that encoding/json's UnmarshalTypeError
// reports ("number", "number 1.5", "string"...).
func valueKind(value string) string {
	word, _, _ := strings.Cut(value, " ")
	switch word {
	case "string":
		return "a string"
	case "bool":
		return "a boolean"
	case "array":
		return "an array"
	case "object":
		return "an object"
	case "number":
		return "a number"
	}
	return word
}

// contentText turns content blocks into message text: text as it is,
// other blocks as a visible placeholder such as "[image: image/png]".
func contentText(blocks []cards.ContentBlock) string {
	parts := make([]string, 0, len(blocks))
	for _, b := range blocks {
		switch b := b.(type) {
		case cards.TextBlock:
			if strings.TrimSpace(b.Text) != "" {
				parts = append(parts, b.Text)
			}
		case cards.ImageBlock:
			parts = append(parts, imagePlaceholder(b))
		case cards.OpaqueBlock:
			parts = append(parts, "["+b.Type+" block]")
		}
	}
	return strings.Join(parts, "\n\n")
}

// imagePlaceholder stands for an image in message text.
func imagePlaceholder(b cards.ImageBlock) string {
	if b.MimeType == "" {
		return "[image]"
	}
	return "[image: " + b.MimeType + "]"
}
