package producers

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/cardtui/cardtui/internal/fastjson"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/toolkit"
)

// DecodeCheckedArgs decodes a tool's arguments into dst, for a producer:
// the Registry has already checked that they are one JSON object without
// ambiguous keys (DecodeArguments checks that too, for code outside a
// Registry). It names the offending field and the JSON type found when a
// value has the wrong type. Fields dst does
// not declare are ignored: tools grow arguments the views do not show. Keys
// are matched exactly: a key that matches a field only when case is
// ignored is ErrAmbiguousKeys (see args.go).
func DecodeCheckedArgs(args json.RawMessage, dst any) error {
	return toolkit.Within("arguments", DecodeJSON(args, dst))
}

// DecodeJSON unmarshals data into dst, matching keys to fields exactly
// (see args.go), and rewrites decoding errors without Go type names.
func DecodeJSON(data []byte, dst any) error {
	if t := reflect.TypeOf(dst); !keysPlainlyExact(data, namesOf(t)) {
		if err := exactKeys(data, t); err != nil {
			return err
		}
	}
	err := fastjson.Unmarshal(data, dst)
	var typeErr *json.UnmarshalTypeError
	var syntaxErr *json.SyntaxError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &typeErr) && typeErr.Field == "":
		return fmt.Errorf("want %s, found %s", jsonTypeName(typeErr.Type), typeErr.Value)
	case errors.As(err, &typeErr):
		return fmt.Errorf("field %q: want %s, found %s", typeErr.Field, jsonTypeName(typeErr.Type), typeErr.Value)
	case errors.As(err, &syntaxErr):
		return fmt.Errorf("not valid JSON: %s", syntaxErr.Error())
	default:
		return err
	}
}

// jsonTypeName names the JSON type that decodes into t.
func jsonTypeName(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Pointer:
		return jsonTypeName(t.Elem())
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "a boolean"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "an integer"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Slice, reflect.Array:
		return "an array"
	default:
		return "an object"
	}
}

// HasMeta reports whether a result carries presentation metadata at all.
func HasMeta(r Result) bool {
	trimmed := bytes.TrimSpace(r.Meta)
	return len(trimmed) > 0 && string(trimmed) != "null"
}

// GenericResult shows a result's content as it is, followed by the tool's
// error when the result carries one.
func GenericResult(r Result) cards.GenericResult {
	return cards.GenericResult{Content: WithError(r.Content, r)}
}

// FencedResult shows a result's text as one preformatted block in the
// language lang (other blocks follow it), then the tool's error if any.
func FencedResult(r Result, lang string) cards.GenericResult {
	body, content := toolkit.TextOf(r.Content)
	if body != "" {
		content = append(toolkit.Code(lang, body), content...)
	}
	return cards.GenericResult{Content: WithError(content, r)}
}

// WithError returns content followed by the result's error: its top-level
// error text, or a note when the result failed without saying why. The
// returned slice never shares spare capacity with content.
func WithError(content []cards.ContentBlock, r Result) []cards.ContentBlock {
	switch {
	case r.Error != "":
		return append(slices.Clip(content), cards.TextBlock{Text: "Tool error: " + r.Error})
	case r.IsError && len(content) == 0:
		return []cards.ContentBlock{cards.TextBlock{Text: "The tool reported an error."}}
	default:
		return slices.Clip(content)
	}
}

// TextOrJSONResult shows a result whose text is one JSON object or array
// as a JSON block, any other result as it is.
func TextOrJSONResult(r Result) cards.GenericResult {
	if IsJSONText(r) {
		return FencedResult(r, "json")
	}
	return GenericResult(r)
}

// IsJSONText reports whether a result is text alone that is one JSON
// object or array.
func IsJSONText(r Result) bool {
	body, others := toolkit.TextOf(r.Content)
	trimmed := strings.TrimSpace(body)
	return len(others) == 0 && trimmed != "" && (trimmed[0] == '{' || trimmed[0] == '[') && json.Valid([]byte(trimmed))
}

// StringArg reads one required, non-empty string argument.
func StringArg(args json.RawMessage, name string) (string, error) {
	var raw map[string]json.RawMessage
	if err := DecodeCheckedArgs(args, &raw); err != nil {
		return "", err
	}
	var value *string
	if field, ok := raw[name]; ok {
		if err := DecodeJSON(field, &value); err != nil {
			return "", toolkit.Within("arguments", fmt.Errorf("field %q: %w", name, err))
		}
	}
	s, err := toolkit.NonEmpty(name, value)
	return s, toolkit.Within("arguments", err)
}
