package harness

import (
	"bytes"
	"encoding/json"
	"errors"
	"maps"
	"strings"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/jsonscan"
	"github.com/cardtui/cardtui/producers"
	"github.com/cardtui/cardtui/replay"
)

// harnessLog decodes the harness's session log: a header
// line {"type":"session",...}, then one {"type", "data"} event per line.
// Fields the decoder does not use (seq, time, sourceEventSeqs...) are
// allowed: the log is the harness's own record, not a display protocol.
type harnessLog struct {
	events *eventHandler
	ahead  replay.Pipeline
}

// DecodeLine decodes the line ahead (see replay.Pipeline); the lines decoded by
// then are applied.
func (d *harnessLog) DecodeLine(t *replay.Transcript, l replay.Line) { d.ahead.Add(t, l, d) }

// Flush applies every line given so far, at the end of the input.
func (d *harnessLog) Flush(t *replay.Transcript) { d.Drain(t) }

// Drain applies every line given so far.
func (d *harnessLog) Drain(t *replay.Transcript) { d.ahead.Drain(t) }

// BatchDecoder decodes the lines of one batch ahead (see eventBatch).
func (d *harnessLog) BatchDecoder() func([]byte) replay.LineDecode {
	return eventBatch(d.events, d.decodeAhead)
}

// eventBatch is the batch decoder of a format of events: decodeAhead on
// each line, the batch's lines sharing one memory of the calls decoded.
func eventBatch(events *eventHandler, decodeAhead func([]byte, *presenter) replay.LineDecode) func([]byte) replay.LineDecode {
	p := events.presenter(map[string]toolInput{})
	return func(data []byte) replay.LineDecode { return decodeAhead(data, p) }
}

// decodeAhead decodes a line in the harness's own form without the
// transcript (see decode); any other line is decoded as it is applied.
func (d *harnessLog) decodeAhead(data []byte, p *presenter) replay.LineDecode {
	typ, sniffed := sniffType(data)
	switch {
	case sniffed && typ == headerType:
		err := eventSource{line: data}.valid()
		return func(*replay.Transcript, []byte) error { return err }
	case sniffed:
		return d.events.applier(decodeEventOf(typ, eventSource{line: data}, p))
	}
	return d.decode
}

// decode applies one line of the log. A line in the harness's own form
// has its type read without decoding it, and is then decoded once, by the
// event's decoder; any other line is split into type and data first.
func (d *harnessLog) decode(t *replay.Transcript, data []byte) error {
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
	if err := replay.DecodeObject(data, &e); err != nil {
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
	ahead  replay.Pipeline
}

// DecodeLine decodes the line ahead, as the session log's does.
func (d *headlessStream) DecodeLine(t *replay.Transcript, l replay.Line) { d.ahead.Add(t, l, d) }

// Flush applies every line given so far, at the end of the input.
func (d *headlessStream) Flush(t *replay.Transcript) { d.Drain(t) }

// Drain applies every line given so far.
func (d *headlessStream) Drain(t *replay.Transcript) { d.ahead.Drain(t) }

// BatchDecoder decodes the lines of one batch ahead (see eventBatch).
func (d *headlessStream) BatchDecoder() func([]byte) replay.LineDecode {
	return eventBatch(d.events, d.decodeAhead)
}

// decodeAhead decodes a session_event line in the harness's own form
// without the transcript; any other line is decoded as it is applied.
func (d *headlessStream) decodeAhead(data []byte, p *presenter) replay.LineDecode {
	if typ, ok := sniffEventType(data); ok {
		return d.events.applier(decodeEventOf(typ, eventSource{line: data, wrapped: true}, p))
	}
	return d.decode
}

// decode applies one line of the stream, reading the event's type without
// decoding the line when it is in the harness's own form, as the session
// log's decode does.
func (d *headlessStream) decode(t *replay.Transcript, data []byte) error {
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
	if err := replay.DecodeObject(data, &l); err != nil {
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
func (h *eventHandler) applier(d decodedEvent) replay.LineDecode {
	return func(t *replay.Transcript, _ []byte) error { return h.apply(t, d) }
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
	return replay.ObjectError(json.Unmarshal(src.line, &v))
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
// might match otherwise (see jsonscan.Cursor.Fields), a field given twice
// — and must then give what encoding/json gives whenever it reports true.
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

// wordError words an error of decoding an event's data: a syntax error is
// about the whole line; a type error names the field by its path from
// the event ("data.callId"), whatever the line's form.
func (src eventSource) wordError(err error) error {
	var syntax *json.SyntaxError
	if errors.As(err, &syntax) {
		return lineError{replay.ObjectError(err)}
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
	return replay.TypeError(typeErr, path)
}

// lineError is an error about a whole line rather than its event, which
// the event handler reports without naming the event type.
type lineError struct{ error }

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

// LogFormat is the harness's session log: a "session" header line,
// then one {"type", "data"} event per line. A log whose header was lost is
// told by any of its events ("tool/call", "reasoning-chunks"...).
var LogFormat = replay.Format{
	Name:   "harness",
	Detect: func(_ map[string]json.RawMessage, typ string) bool { return typ == headerType || isEventType(typ) },
	Expect: "harness log: " + headerType + " or an event type such as tool/call",
	NewDecoder: func(extra producers.Registry) replay.Decoder {
		return &harnessLog{events: eventHandlerWith(extra)}
	},
}

// HeadlessFormat is the harness's headless stream: the session log's
// events wrapped as {"type":"session_event","event":{...}}, and a final
// {"type":"result"} line.
var HeadlessFormat = replay.Format{
	Name:   "headless",
	Detect: func(_ map[string]json.RawMessage, typ string) bool { return typ == sessionEventType },
	Expect: "headless: " + sessionEventType,
	NewDecoder: func(extra producers.Registry) replay.Decoder {
		return &headlessStream{events: eventHandlerWith(extra)}
	},
}

// eventHandlerWith is the harness events' handler with extra producers
// added over the harness's own.
func eventHandlerWith(extra producers.Registry) *eventHandler {
	h := newEventHandler()
	maps.Copy(h.tools, extra)
	return h
}

// isEventType reports whether typ looks like the type of a session-log
// event: a path such as "tool/call", or a packed row such as
// "text-chunks".
func isEventType(typ string) bool {
	return strings.Contains(strings.Trim(typ, "/"), "/") || strings.HasSuffix(typ, "-chunks")
}
