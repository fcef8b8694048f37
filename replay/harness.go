package replay

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/jsonscan"
	"github.com/cardtui/cardtui/producers"
)

// harnessLog decodes the harness's session log: a header
// line {"type":"session",...}, then one {"type", "data"} event per line.
// Fields the decoder does not use (seq, time, sourceEventSeqs...) are
// allowed: the log is the harness's own record, not a display protocol.
type harnessLog struct {
	events *eventHandler
	ahead  Pipeline
}

// DecodeLine decodes the line ahead (see Pipeline); the lines decoded by
// then are applied.
func (d *harnessLog) DecodeLine(t *Transcript, l Line) { d.ahead.Add(t, l, d) }

// flush applies every line given so far, at the end of the input.
func (d *harnessLog) Flush(t *Transcript) { d.Drain(t) }

// drain applies every line given so far.
func (d *harnessLog) Drain(t *Transcript) { d.ahead.Drain(t) }

// batchDecoder decodes the lines of one batch ahead (see eventBatch).
func (d *harnessLog) BatchDecoder() func([]byte) LineDecode {
	return eventBatch(d.events, d.decodeAhead)
}

// eventBatch is the batch decoder of a format of events: decodeAhead on
// each line, the batch's lines sharing one memory of the calls decoded.
func eventBatch(events *eventHandler, decodeAhead func([]byte, *presenter) LineDecode) func([]byte) LineDecode {
	p := events.presenter(map[string]toolInput{})
	return func(data []byte) LineDecode { return decodeAhead(data, p) }
}

// decodeAhead decodes a line in the harness's own form without the
// transcript (see decode); any other line is decoded as it is applied.
func (d *harnessLog) decodeAhead(data []byte, p *presenter) LineDecode {
	typ, sniffed := sniffType(data)
	switch {
	case sniffed && typ == headerType:
		err := eventSource{line: data}.valid()
		return func(*Transcript, []byte) error { return err }
	case sniffed:
		return d.events.applier(decodeEventOf(typ, eventSource{line: data}, p))
	}
	return d.decode
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
	if err := DecodeObject(data, &e); err != nil {
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

// headlessStream decodes the harness's headless stream:
// each session event wrapped as {"type":"session_event","sessionId",
// "event":{type, seq, time, data}}, and a {"type":"result", output,
// usage} line when a run ends. Other line types are counted as skipped.
type headlessStream struct {
	events *eventHandler
	ahead  Pipeline
}

// DecodeLine decodes the line ahead, as the session log's does.
func (d *headlessStream) DecodeLine(t *Transcript, l Line) { d.ahead.Add(t, l, d) }

// flush applies every line given so far, at the end of the input.
func (d *headlessStream) Flush(t *Transcript) { d.Drain(t) }

// drain applies every line given so far.
func (d *headlessStream) Drain(t *Transcript) { d.ahead.Drain(t) }

// batchDecoder decodes the lines of one batch ahead (see eventBatch).
func (d *headlessStream) BatchDecoder() func([]byte) LineDecode {
	return eventBatch(d.events, d.decodeAhead)
}

// decodeAhead decodes a session_event line in the harness's own form
// without the transcript; any other line is decoded as it is applied.
func (d *headlessStream) decodeAhead(data []byte, p *presenter) LineDecode {
	if typ, ok := sniffEventType(data); ok {
		return d.events.applier(decodeEventOf(typ, eventSource{line: data, wrapped: true}, p))
	}
	return d.decode
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
	if err := DecodeObject(data, &l); err != nil {
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

// applier is the LineDecode that applies a decoded event.
func (h *eventHandler) applier(d decodedEvent) LineDecode {
	return func(t *Transcript, _ []byte) error { return h.apply(t, d) }
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

// DecodeObject decodes a whole line, which must be one JSON object,
// into v; the error words what is wrong with it for a Problem.
func DecodeObject(data []byte, v any) error {
	trimmed := bytes.TrimSpace(data)
	if trimmed[0] != '{' {
		return errors.New("not a JSON object: the line is " + DescribeJSON(trimmed))
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
	return FieldError(err)
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
	if src.line == nil || jsonscan.Valid(src.line) {
		return nil
	}
	var v struct{}
	return notJSONObject(json.Unmarshal(src.line, &v))
}

// decodeEvent decodes the data of an event, which must be a JSON object,
// into a new T: by hand when T is a quickDecoder and the line is as the
// harness writes it, else with encoding/json.
func decodeEvent[T any](src eventSource) (*T, error) {
	if data, ok := decodeEventQuickly[T](src); ok {
		return data, nil
	}
	return decodeEventWithJSON[T](src)
}

// decodeEventWithJSON is decodeEvent with encoding/json, whose errors say
// what is wrong.
func decodeEventWithJSON[T any](src eventSource) (*T, error) {
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

// quickDecoder is the data of an event type that decodeEvent decodes by
// hand, for the event types that make most of a session: the cursor is on
// the data object. decodeQuickly reports false for anything it leaves to
// encoding/json — a value of an unexpected type, null, a key encoding/json
// might match otherwise (see match), a field given twice — and must then
// give what encoding/json gives whenever it reports true.
type quickDecoder interface {
	decodeQuickly(c *jsonscan.Cursor) bool
}

// decodeEventQuickly decodes the data of an event from its whole line by
// hand, when T is a quickDecoder; ok is false when encoding/json has to.
func decodeEventQuickly[T any](src eventSource) (*T, bool) {
	data := new(T)
	q, ok := any(data).(quickDecoder)
	if !ok || src.line == nil || !jsonscan.Valid(src.line) {
		return nil, false
	}
	c := jsonscan.NewCursor(src.line)
	path := []string{"data"}
	if src.wrapped {
		path = []string{"event", "data"}
	}
	return data, c.Find(path, q.decodeQuickly)
}

// ObjectFields reads data, a line that should be one JSON object, field by
// field: field gets each key as it is written (see PlainKey) and a copy of
// its value, in order, and returns false to stop. ok is false when data is
// not valid JSON or not an object, or field stopped. It is several times
// faster than encoding/json, which a decoder falls back on when ok is
// false.
func ObjectFields(data []byte, field func(key []byte, value json.RawMessage) bool) (ok bool) {
	if !jsonscan.Valid(data) {
		return false
	}
	c := jsonscan.NewCursor(data)
	return c.Object(func(key []byte) bool {
		var raw json.RawMessage
		c.Raw(&raw)
		return field(key, raw)
	})
}

// PlainKey reports whether a key, as it is written in JSON, is all ASCII
// without an escape: the key it decodes to, byte for byte.
func PlainKey(key []byte) bool { return jsonscan.PlainKey(key) }

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
	return TypeError(typeErr, path)
}

// lineError is an error about a whole line rather than its event, which
// the event handler reports without naming the event type.
type lineError struct{ error }

// FieldError words a type error of decoding a line as `field "type":
// want a string, found a number`.
func FieldError(err error) error {
	var typeErr *json.UnmarshalTypeError
	if !errors.As(err, &typeErr) {
		return err
	}
	return TypeError(typeErr, typeErr.Field)
}

// TypeError words a type error of the field at path, as the Problem of a
// line says it: `field "payload.id": want a string, found a number`.
func TypeError(e *json.UnmarshalTypeError, path string) error {
	return fmt.Errorf("field %q: want %s, found %s", path, kindOf(e.Type), ValueKind(e.Value))
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

// ValueKind names the JSON type that encoding/json's UnmarshalTypeError
// reports ("number", "number 1.5", "string"...).
func ValueKind(value string) string {
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

// Line types that tell the harness formats apart.
const (
	headerType       = "session"
	sessionEventType = "session_event"
)

// HarnessLogFormat is the harness's session log: a "session" header line,
// then one {"type", "data"} event per line. A log whose header was lost is
// told by any of its events ("tool/call", "reasoning-chunks"...).
var HarnessLogFormat = Format{
	Name:   "harness",
	Detect: func(_ map[string]json.RawMessage, typ string) bool { return typ == headerType || isEventType(typ) },
	Expect: "harness log: " + headerType + " or an event type such as tool/call",
	NewDecoder: func(extra producers.Registry) Decoder {
		return &harnessLog{events: eventHandlerWith(extra)}
	},
}

// HeadlessFormat is the harness's headless stream: the session log's
// events wrapped as {"type":"session_event","event":{...}}, and a final
// {"type":"result"} line.
var HeadlessFormat = Format{
	Name:   "headless",
	Detect: func(_ map[string]json.RawMessage, typ string) bool { return typ == sessionEventType },
	Expect: "headless: " + sessionEventType,
	NewDecoder: func(extra producers.Registry) Decoder {
		return &headlessStream{events: eventHandlerWith(extra)}
	},
}

// isEventType reports whether typ looks like the type of a session-log
// event: a path such as "tool/call", or a packed row such as
// "text-chunks".
func isEventType(typ string) bool {
	return strings.Contains(strings.Trim(typ, "/"), "/") || strings.HasSuffix(typ, "-chunks")
}

// DescribeJSON names the JSON type of a value, or says that it is not
// JSON ("// a comment" is no number, "nothing" no null), for the
// errors about a value of the wrong type.
func DescribeJSON(data []byte) string {
	if !json.Valid(data) {
		return "not JSON"
	}
	return cards.DescribeJSON(data)
}
