package cards

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/cardtui/cardtui/internal/jsonscan"
)

// object is one JSON object being decoded strictly: every field must be
// read by exactly one accessor, and check reports the ones nobody read.
// Objects are small (a view has a dozen fields at most), so the fields are
// a slice searched in order rather than a map.
type object struct {
	card   string
	fields []field
}

// field is one top-level field of an object: its name, its raw value and
// whether an accessor read it.
type field struct {
	name []byte
	raw  json.RawMessage
	read bool
}

// mapThreshold is the number of fields from which duplicate names are
// found with a map rather than by comparing every pair.
const mapThreshold = 16

// parser splits the data of an object into its fields: parseObject, or
// parseValid for data known to be valid JSON.
type parser func(data []byte, card string) (*object, error)

// parseObject splits data into its top-level fields, rejecting anything
// that is not an object and any key that appears twice (two parsers could
// otherwise disagree about which value counts). Valid JSON is split by
// scanning its bytes; anything else goes through encoding/json's decoder,
// whose errors say what is wrong. Either way every field's value is then
// valid JSON, which the fields' own decoders need not check again.
func parseObject(data []byte, card string) (*object, error) {
	if !json.Valid(data) {
		fields, err := decodeObject(data, card)
		if err != nil {
			return nil, err
		}
		return &object{card: card, fields: fields}, nil
	}
	return parseValid(data, card)
}

// parseValid is parseObject for data known to be valid JSON, such as the
// value of a field or an element of an array field of an object parsed
// before: the JSON is not checked again, only split. A 10,000-line diff
// is then checked once, not once at every level of its nesting.
func parseValid(data []byte, card string) (*object, error) {
	fields, err := splitObject(data, card)
	if err == nil {
		err = duplicate(fields, card)
	}
	if err != nil {
		return nil, err
	}
	return &object{card: card, fields: fields}, nil
}

// splitObject splits valid JSON into the fields of its object.
func splitObject(data []byte, card string) ([]field, error) {
	i := skipSpace(data, 0)
	if data[i] != '{' {
		return nil, &Error{Card: card, Reason: ErrNotObject, Detail: "found " + ValidJSONType(data)}
	}
	var fields []field
	i = skipSpace(data, i+1)
	for data[i] != '}' {
		end := skipValue(data, i)
		name, err := fieldName(data[i:end])
		if err != nil {
			return nil, &Error{Card: card, Reason: ErrNotObject, Detail: err.Error()}
		}
		start := skipSpace(data, skipSpace(data, end)+1) // past the colon
		end = skipValue(data, start)
		fields = append(fields, field{name: name, raw: data[start:end:end]})
		i = skipSpace(data, end)
		if data[i] == ',' {
			i = skipSpace(data, i+1)
		}
	}
	return fields, nil
}

// fieldName is the name of a field from its quoted key.
func fieldName(key []byte) ([]byte, error) {
	if name, ok := plainBytes(key); ok {
		return name, nil
	}
	var name string
	if err := json.Unmarshal(key, &name); err != nil {
		return nil, err
	}
	return []byte(name), nil
}

// skipSpace returns the index of the first byte from i on that is not JSON
// white space.
func skipSpace(data []byte, i int) int {
	for i < len(data) {
		switch data[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

// skipValue returns the index just past the value of valid JSON that
// starts at i.
func skipValue(data []byte, i int) int {
	switch data[i] {
	case '"':
		return jsonscan.SkipString(data, i)
	case '{', '[':
		depth := 0
		for ; ; i++ {
			switch data[i] {
			case '"':
				i = jsonscan.SkipString(data, i) - 1
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return i + 1
				}
			}
		}
	}
	for i < len(data) {
		switch data[i] {
		case ',', '}', ']', ' ', '\t', '\n', '\r':
			return i
		}
		i++
	}
	return i
}

// plainString returns the content of a JSON string that holds no escape
// and only valid UTF-8, which is then the string itself; ok is false for
// any other value.
func plainString(raw []byte) (string, bool) {
	inner, ok := plainBytes(raw)
	return string(inner), ok
}

// quickString decodes a JSON string of valid JSON as encoding/json does,
// without checking the JSON again: a string without escapes as it is, one
// with only one-letter escapes a run at a time (jsonscan.Unescape), any
// other with strconv.Unquote, whose escapes are JSON's but for \/ and the
// UTF-16 surrogates of \uD800-\uDFFF, which it rejects. ok is false for
// those and for any other value, which encoding/json then decodes.
func quickString(raw []byte) (string, bool) {
	if s, ok := plainString(raw); ok {
		return s, true
	}
	if len(raw) < 2 || raw[0] != '"' || raw[len(raw)-1] != '"' {
		return "", false
	}
	if s, ok := jsonscan.Unescape(raw[1 : len(raw)-1]); ok {
		return s, true
	}
	s, err := strconv.Unquote(string(raw))
	return s, err == nil
}

// plainBytes is plainString without the copy: the content is part of raw.
func plainBytes(raw []byte) ([]byte, bool) {
	if len(raw) < 2 || raw[0] != '"' || raw[len(raw)-1] != '"' {
		return nil, false
	}
	inner := raw[1 : len(raw)-1 : len(raw)-1]
	ascii := true
	for _, c := range inner {
		switch {
		case c == '\\' || c == '"' || c < 0x20:
			return nil, false
		case c >= utf8.RuneSelf:
			ascii = false
		}
	}
	if !ascii && !utf8.Valid(inner) {
		return nil, false
	}
	return inner, true
}

// decodeObject splits data with encoding/json's decoder, for data that is
// not valid JSON: the decoder's error names what is wrong.
func decodeObject(data []byte, card string) ([]field, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	tok, err := dec.Token()
	if err != nil {
		return nil, &Error{Card: card, Reason: ErrNotObject, Detail: err.Error()}
	}
	if delim, ok := tok.(json.Delim); !ok || delim != '{' {
		return nil, &Error{Card: card, Reason: ErrNotObject, Detail: "found " + ValidJSONType(data)}
	}
	var fields []field
	seen := map[string]bool{}
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
		if seen[key] {
			return nil, &Error{Card: card, Field: key, Reason: ErrDuplicate}
		}
		seen[key] = true
		fields = append(fields, field{name: []byte(key), raw: raw})
	}
	if _, err := dec.Token(); err != nil {
		return nil, &Error{Card: card, Reason: ErrNotObject, Detail: err.Error()}
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, &Error{Card: card, Reason: ErrNotObject, Detail: "data after the object"}
	}
	return fields, nil
}

// duplicate fails on the first field whose name an earlier field has.
func duplicate(fields []field, card string) error {
	if len(fields) >= mapThreshold {
		seen := make(map[string]bool, len(fields))
		for _, f := range fields {
			if seen[string(f.name)] {
				return &Error{Card: card, Field: string(f.name), Reason: ErrDuplicate}
			}
			seen[string(f.name)] = true
		}
		return nil
	}
	for i, f := range fields {
		for _, earlier := range fields[:i] {
			if bytes.Equal(f.name, earlier.name) {
				return &Error{Card: card, Field: string(f.name), Reason: ErrDuplicate}
			}
		}
	}
	return nil
}

// ValidJSONType names the JSON type of a value known to be valid JSON (as
// decoding leaves a json.RawMessage), for error messages: "an object",
// "a string", … or "nothing" for blank input. It looks at the first byte
// only; replay.JSONType checks the value first.
func ValidJSONType(raw []byte) string {
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

// lookup returns the field called name, nil when there is none.
func (o *object) lookup(name string) *field {
	for i := range o.fields {
		if string(o.fields[i].name) == name {
			return &o.fields[i]
		}
	}
	return nil
}

// take marks name as read and returns its raw value; present is false when
// the field is absent or null.
func (o *object) take(name string) (json.RawMessage, bool) {
	f := o.lookup(name)
	if f == nil {
		return nil, false
	}
	f.read = true
	if string(bytes.TrimSpace(f.raw)) == "null" {
		return nil, false
	}
	return f.raw, true
}

// has reports whether the field is present at all, null included.
func (o *object) has(name string) bool { return o.lookup(name) != nil }

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
		return o.fail(name, ErrWrongType, fmt.Sprintf("want %s, found %s", want, ValidJSONType(raw)))
	}
	return nil
}

// str reads an optional string field ("" when absent).
func (o *object) str(name string) (string, error) {
	raw, ok := o.take(name)
	if !ok {
		return "", nil
	}
	if s, ok := quickString(raw); ok {
		return s, nil
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
	if s, ok := quickString(raw); ok {
		return &s, nil
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
	if ValidJSONType(raw) != "a number" {
		return 0, false, o.fail(name, ErrWrongType, "want an integer, found "+ValidJSONType(raw))
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

// optionalBool reads a boolean field that may be absent (false).
func (o *object) optionalBool(name string) (bool, error) {
	raw, ok := o.take(name)
	if !ok {
		return false, nil
	}
	var b bool
	return b, o.value(name, raw, &b, "a boolean")
}

// array reads the elements of an array field; present is false when the
// field is absent or null. The field's value is valid JSON (see
// parseObject), so its elements are found by scanning it.
func (o *object) array(name string) (items []json.RawMessage, present bool, err error) {
	raw, ok := o.take(name)
	if !ok {
		return nil, false, nil
	}
	if ValidJSONType(raw) != "an array" {
		return nil, false, o.fail(name, ErrWrongType, "want an array, found "+ValidJSONType(raw))
	}
	return splitArray(raw), true, nil
}

// splitArray returns the elements of a valid JSON array.
func splitArray(data []byte) []json.RawMessage {
	var items []json.RawMessage
	i := skipSpace(data, skipSpace(data, 0)+1) // past the bracket
	for data[i] != ']' {
		end := skipValue(data, i)
		items = append(items, data[i:end:end])
		if i = skipSpace(data, end); data[i] == ',' {
			i = skipSpace(data, i+1)
		}
	}
	return items
}

// variantHead reads what a view of several variants opens with: the
// variant's name under key, the view's title and whether it was
// truncated.
func (o *object) variantHead(key string) (variant, title string, truncated bool, err error) {
	if variant, err = o.requiredStr(key); err != nil {
		return "", "", false, err
	}
	if title, err = o.str("title"); err != nil {
		return "", "", false, err
	}
	truncated, err = o.requiredBool("truncated")
	return variant, title, truncated, err
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
	for _, f := range o.fields {
		if !f.read {
			extra = append(extra, string(f.name))
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

// decodeFields parses data with parse, as an object named card, and reads
// it with fields; a field that fields did not read is an error.
func decodeFields[T any](data []byte, card string, parse parser, fields func(*object) (T, error)) (T, error) {
	o, err := parse(data, card)
	if err != nil {
		var zero T
		return zero, err
	}
	v, err := fields(o)
	if err != nil {
		return v, err
	}
	return v, o.check()
}

// element is the decoder of the elements of an array field that are
// objects named card, read with fields: the elements of a parsed object
// are valid JSON, not checked again (parseValid).
func element[T any](card string, fields func(*object) (T, error)) func([]byte) (T, error) {
	return func(data []byte) (T, error) { return decodeFields(data, card, parseValid, fields) }
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
