package replay

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/cardtui/cardtui/internal/fastjson"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/jsonscan"
)

// DecodeObject decodes a whole line, which must be one JSON object,
// into v; the error words what is wrong with it for a Problem.
func DecodeObject(data []byte, v any) error {
	trimmed := bytes.TrimSpace(data)
	if trimmed[0] != '{' {
		return errors.New("not a JSON object: the line is " + JSONType(trimmed))
	}
	if err := fastjson.Unmarshal(trimmed, v); err != nil {
		return ObjectError(err)
	}
	return nil
}

// ObjectError words an error of decoding a line that should be one JSON
// object (from encoding/json), for a Problem: a syntax error means the
// line is not JSON; a type error names the field (see FieldError).
func ObjectError(err error) error {
	var syntax *json.SyntaxError
	if errors.As(err, &syntax) {
		return fmt.Errorf("not a JSON object: %v", err)
	}
	return FieldError(err)
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

// JSONType names the JSON type of a value, or says that it is not JSON
// ("// a comment" is no number, "nothing" no null), for the errors about
// a value of the wrong type: cards.ValidJSONType after checking the
// value.
func JSONType(data []byte) string {
	if !json.Valid(data) {
		return "not JSON"
	}
	return cards.ValidJSONType(data)
}

// ToolArguments are a call's raw JSON arguments: logs (the harness's,
// Codex's) write them as a string of JSON; any other JSON value is taken
// as it is. raw is
// valid JSON (or nothing), as decoding leaves a json.RawMessage: on a JSON
// string strconv.Unquote either gives what encoding/json gives or fails
// (for \/ and UTF-16 surrogates), and it does not check the JSON again.
func ToolArguments(raw json.RawMessage) []byte {
	if len(raw) > 0 && raw[0] == '"' {
		if s, err := strconv.Unquote(string(raw)); err == nil {
			return []byte(s)
		}
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return []byte(s)
	}
	return raw
}
