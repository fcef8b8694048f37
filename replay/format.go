package replay

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/cardtui/cardtui/internal/jsonscan"
	"github.com/cardtui/cardtui/producers"
)

// Auto is the name of no format in particular: Options.Format set to it
// (or left empty) detects the format from the content, and it is the
// Transcript.Format of a session whose format is not known yet.
const Auto = "auto"

// Format is a session file format that replay can read: how to detect it
// from a session's first line and how to decode its lines. The formats of
// the agents cardtui knows are listed, in detection order, by the agents
// package (agents.Formats); Options.Formats takes such a list.
type Format struct {
	// Name names the format as the --input-format flag spells it ("views",
	// "claude"...); it is the Transcript.Format of a session read as it.
	Name string
	// Untyped marks a format whose lines have no "type" field (an ACP
	// recording's): Detect sees every first line that is a JSON object,
	// before the formats whose lines have a type do. The others only see
	// a first line whose "type" is a string.
	Untyped bool
	// Detect reports whether a session whose first line has the top-level
	// fields head is in this format; typ is the line's "type" ("" for an
	// Untyped format). The values of head are slices of the line, valid
	// only during the call.
	Detect func(head map[string]json.RawMessage, typ string) bool
	// Expect says what the first lines Detect recognises look like, for
	// the error about a line that no format recognises: "views: call,
	// result, message" for a typed format, "the time and peer of an ACP
	// recording line" for an Untyped one.
	Expect string
	// NewDecoder returns a decoder for one session in this format. extra
	// is Options.Producers, which the decoder adds over its own family of
	// tool producers and must not change; it may be nil.
	NewDecoder func(extra producers.Registry) Decoder
}

// FormatNames lists the names ParseFormat accepts: Auto, then the names of
// formats in order.
func FormatNames(formats []Format) []string {
	names := []string{Auto}
	for _, f := range formats {
		names = append(names, f.Name)
	}
	return names
}

// ParseFormat checks a format name as the --input-format flag spells it
// against formats and returns it, Auto for "".
func ParseFormat(formats []Format, name string) (string, error) {
	if name == "" {
		return Auto, nil
	}
	names := FormatNames(formats)
	if !slices.Contains(names, name) {
		return Auto, fmt.Errorf("unknown input format %q: want one of %s", name, strings.Join(names, ", "))
	}
	return name, nil
}

// lookupFormat returns the format of formats named name.
func lookupFormat(formats []Format, name string) (Format, error) {
	i := slices.IndexFunc(formats, func(f Format) bool { return f.Name == name })
	if i < 0 {
		_, err := ParseFormat(formats, name)
		if err == nil { // Auto
			err = fmt.Errorf("replay: %q is no format to decode", name)
		}
		return Format{}, err
	}
	return formats[i], nil
}

// detectErrorPrefix starts the errors of Detect.
const detectErrorPrefix = "cannot detect the input format: "

// Detect tells which of formats a session is in from its first line, the
// first whose Detect recognises it: the Untyped formats first, then, for
// a line whose "type" is a string, the others in order. The error says
// why no format recognises the line, and what each of them expects.
func Detect(formats []Format, firstLine []byte) (Format, error) {
	head := topFields(firstLine)
	if head == nil {
		return Format{}, errors.New(detectErrorPrefix + "the line is not a JSON object")
	}
	var untyped, typed []string
	for _, f := range formats {
		if !f.Untyped {
			typed = append(typed, f.Expect)
			continue
		}
		untyped = append(untyped, f.Expect)
		if f.Detect(head, "") {
			return f, nil
		}
	}
	raw, ok := head["type"]
	if !ok {
		return Format{}, errors.New(detectErrorPrefix + `the line has no "type" field` + joinNor(untyped))
	}
	var typ string
	if err := json.Unmarshal(raw, &typ); err != nil {
		return Format{}, errors.New(detectErrorPrefix + `"type" is not a string`)
	}
	for _, f := range formats {
		if !f.Untyped && f.Detect(head, typ) {
			return f, nil
		}
	}
	return Format{}, fmt.Errorf(detectErrorPrefix+"type %q belongs to no known format (%s)",
		typ, strings.Join(typed, "; "))
}

// joinNor is ", nor A, nor B" for the expectations of the untyped formats.
func joinNor(expects []string) string {
	var b strings.Builder
	for _, e := range expects {
		b.WriteString(", nor " + e)
	}
	return b.String()
}

// topFields is the fields of the JSON object on a line, as json.Unmarshal
// into a map gives them; nil when the line is not a JSON object. A valid
// line whose keys are plain (see PlainKey) is split by hand (splitTop):
// its values, a whole diff in a view stream's first line, are checked
// but neither decoded nor copied.
func topFields(line []byte) map[string]json.RawMessage {
	if head, ok := splitTop(line); ok {
		return head
	}
	var head map[string]json.RawMessage
	if json.Unmarshal(line, &head) != nil {
		return nil
	}
	return head
}

// splitTop splits a line that is one JSON object into its fields, checking
// it on the way as jsonscan.Valid does: one pass over the line, where checking
// it whole and then splitting it took two, and copying the values a third
// (15 ms of the first line of a diff of 100,000 lines, 11 MB). The values
// are slices of line, which Detect reads before the next line is. ok is
// false when the line is not valid JSON or has a key that is not plain,
// which encoding/json decodes.
func splitTop(line []byte) (head map[string]json.RawMessage, ok bool) {
	v := jsonscan.NewValidator(line)
	if !v.Open('{') {
		return nil, false
	}
	head = map[string]json.RawMessage{}
	if v.Close('}') {
		return head, v.Space() == len(line)
	}
	for {
		key, ok := v.Key()
		if !ok {
			return nil, false
		}
		start := v.Space()
		if !v.Value(1) { // 1: inside the line's object, as jsonscan.Valid counts
			return nil, false
		}
		head[string(key)] = line[start:v.Pos()]
		if !v.Next('}') {
			return nil, false
		}
		if v.Closed('}') {
			return head, v.Space() == len(line)
		}
	}
}
