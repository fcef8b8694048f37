package cards

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
)

// object is one JSON object being decoded strictly: every field must be
// read by exactly one accessor, and check reports the ones nobody read.
type object struct {
	card   string
	fields map[string]json.RawMessage
	read   map[string]bool
}

// parseObject splits data into its top-level fields, rejecting anything
// that is not an object and any key that appears twice (two parsers could
// otherwise disagree about which value counts).
func parseObject(data []byte, card string) (*object, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	tok, err := dec.Token()
	if err != nil {
		return nil, &Error{Card: card, Reason: ErrNotObject, Detail: err.Error()}
	}
	if delim, ok := tok.(json.Delim); !ok || delim != '{' {
		return nil, &Error{Card: card, Reason: ErrNotObject, Detail: "found " + describe(data)}
	}
	obj := &object{card: card, fields: map[string]json.RawMessage{}, read: map[string]bool{}}
	for dec.More() {
		keyTok, err := dec.Token()
		if err != nil {
			return nil, &Error{Card: card, Reason: ErrNotObject, Detail: err.Error()}
		}
		key := keyTok.(string)
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, &Error{Card: card, Field: key, Reason: ErrNotObject, Detail: err.Error()}
		}
		if _, seen := obj.fields[key]; seen {
			return nil, &Error{Card: card, Field: key, Reason: ErrDuplicate}
		}
		obj.fields[key] = raw
	}
	if _, err := dec.Token(); err != nil {
		return nil, &Error{Card: card, Reason: ErrNotObject, Detail: err.Error()}
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, &Error{Card: card, Reason: ErrNotObject, Detail: "data after the object"}
	}
	return obj, nil
}

// describe names the JSON type of a value for error messages.
func describe(raw []byte) string {
	trimmed := bytes.TrimSpace(raw)
	if len(trimmed) == 0 {
		return "nothing"
	}
	switch trimmed[0] {
	case '{':
		return "an object"
	case '[':
		return "an array"
	case '"':
		return "a string"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	default:
		return "a number"
	}
}

// take marks name as read and returns its raw value; present is false when
// the field is absent or null.
func (o *object) take(name string) (json.RawMessage, bool) {
	o.read[name] = true
	raw, ok := o.fields[name]
	if !ok || string(bytes.TrimSpace(raw)) == "null" {
		return nil, false
	}
	return raw, true
}

// has reports whether the field is present at all, null included.
func (o *object) has(name string) bool {
	_, ok := o.fields[name]
	return ok
}

func (o *object) fail(field string, reason error, detail string) error {
	return &Error{Card: o.card, Field: field, Reason: reason, Detail: detail}
}

func (o *object) missing(field string) error {
	return o.fail(field, ErrMissingField, "")
}

// value decodes a present field into dst, reporting a type mismatch with
// the expected JSON type.
func (o *object) value(name string, raw json.RawMessage, dst any, want string) error {
	if err := json.Unmarshal(raw, dst); err != nil {
		return o.fail(name, ErrWrongType, fmt.Sprintf("want %s, found %s", want, describe(raw)))
	}
	return nil
}

// str reads an optional string field ("" when absent).
func (o *object) str(name string) (string, error) {
	raw, ok := o.take(name)
	if !ok {
		return "", nil
	}
	var s string
	return s, o.value(name, raw, &s, "a string")
}

// requiredStr reads a string field that must be present.
func (o *object) requiredStr(name string) (string, error) {
	if _, ok := o.take(name); !ok {
		return "", o.missing(name)
	}
	return o.str(name)
}

// nonEmptyStr reads a string field that must be present and non-empty.
func (o *object) nonEmptyStr(name string) (string, error) {
	s, err := o.requiredStr(name)
	if err == nil && s == "" {
		err = o.fail(name, ErrInvalidValue, "must not be empty")
	}
	return s, err
}

// optionalStr reads a string that may be absent, distinguishing absent
// (nil) from empty.
func (o *object) optionalStr(name string) (*string, error) {
	raw, ok := o.take(name)
	if !ok {
		return nil, nil
	}
	var s string
	if err := o.value(name, raw, &s, "a string"); err != nil {
		return nil, err
	}
	return &s, nil
}

// integer reads an optional integer field; present is false when absent.
func (o *object) integer(name string) (n int, present bool, err error) {
	raw, ok := o.take(name)
	if !ok {
		return 0, false, nil
	}
	var num json.Number
	// json.Number also accepts a quoted number such as "3"; only a JSON
	// number is an integer here.
	if describe(raw) != "a number" {
		return 0, false, o.fail(name, ErrWrongType, "want an integer, found "+describe(raw))
	}
	if err := o.value(name, raw, &num, "an integer"); err != nil {
		return 0, false, err
	}
	i, convErr := num.Int64()
	if convErr != nil || int64(int(i)) != i {
		return 0, false, o.fail(name, ErrWrongType, "want an integer, found "+num.String())
	}
	return int(i), true, nil
}

// requiredInt reads an integer that must be present and at least min.
func (o *object) requiredInt(name string, min int) (int, error) {
	n, present, err := o.integer(name)
	if err != nil {
		return 0, err
	}
	if !present {
		return 0, o.missing(name)
	}
	return n, o.atLeast(name, n, min)
}

// optionalInt reads an integer that may be absent (0) and, when present,
// must be at least min.
func (o *object) optionalInt(name string, min int) (int, error) {
	n, present, err := o.integer(name)
	if err != nil || !present {
		return 0, err
	}
	return n, o.atLeast(name, n, min)
}

func (o *object) atLeast(name string, n, min int) error {
	if n < min {
		return o.fail(name, ErrInvalidValue, fmt.Sprintf("%d is less than %d", n, min))
	}
	return nil
}

// requiredBool reads a boolean field that must be present.
func (o *object) requiredBool(name string) (bool, error) {
	raw, ok := o.take(name)
	if !ok {
		return false, o.missing(name)
	}
	var b bool
	return b, o.value(name, raw, &b, "a boolean")
}

// array reads the elements of an array field; present is false when the
// field is absent or null.
func (o *object) array(name string) (items []json.RawMessage, present bool, err error) {
	raw, ok := o.take(name)
	if !ok {
		return nil, false, nil
	}
	if err := o.value(name, raw, &items, "an array"); err != nil {
		return nil, false, err
	}
	return items, true, nil
}

// requiredArray reads an array field that must be present.
func (o *object) requiredArray(name string) ([]json.RawMessage, error) {
	items, present, err := o.array(name)
	if err == nil && !present {
		err = o.missing(name)
	}
	return items, err
}

// raw reads an optional field of any JSON type, kept in canonical form.
func (o *object) raw(name string) json.RawMessage {
	raw, ok := o.take(name)
	if !ok {
		return nil
	}
	return canonical(raw)
}

// canonical returns valid JSON the way encoding writes it back (compact,
// with <, > and & escaped), so that decoding an encoded value gives the
// value again, byte for byte.
func canonical(raw []byte) json.RawMessage {
	out, err := json.Marshal(json.RawMessage(raw))
	if err != nil {
		return slices.Clone(raw)
	}
	return out
}

// check fails on the first field (in sorted order, for stable messages)
// that no accessor read.
func (o *object) check() error {
	var extra []string
	for name := range o.fields {
		if !o.read[name] {
			extra = append(extra, name)
		}
	}
	if len(extra) == 0 {
		return nil
	}
	sort.Strings(extra)
	detail := ""
	if len(extra) > 1 {
		detail = "also " + strings.Join(extra[1:], ", ")
	}
	return o.fail(extra[0], ErrUnknownField, detail)
}

// decodeEach decodes every element of items with decode, prefixing errors
// with the element's path.
func decodeEach[T any](o *object, name string, items []json.RawMessage, decode func([]byte) (T, error)) ([]T, error) {
	if len(items) == 0 {
		return nil, nil // as a nil slice encodes
	}
	out := make([]T, 0, len(items))
	for i, item := range items {
		v, err := decode(item)
		if err != nil {
			return nil, within(err, o.card, fmt.Sprintf("%s[%d]", name, i))
		}
		out = append(out, v)
	}
	return out, nil
}
