package producers

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/cardtui/cardtui/cards"
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
	return Within("arguments", DecodeJSON(args, dst))
}

// DecodeJSON unmarshals data into dst, matching keys to fields exactly
// (see args.go), and rewrites decoding errors without Go type names.
func DecodeJSON(data []byte, dst any) error {
	if t := reflect.TypeOf(dst); !keysPlainlyExact(data, namesOf(t)) {
		if err := exactKeys(data, t); err != nil {
			return err
		}
	}
	err := json.Unmarshal(data, dst)
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

// Within prefixes a non-nil error with the part of the input it is about.
func Within(part string, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("%s: %w", part, err)
}

// Required returns the value of a field that must be present (not absent
// and not null).
func Required[T any](name string, p *T) (T, error) {
	if p == nil {
		var zero T
		return zero, fmt.Errorf("missing field %q", name)
	}
	return *p, nil
}

// NonEmpty returns the value of a string field that must be present and not
// empty.
func NonEmpty(name string, p *string) (string, error) {
	s, err := Required(name, p)
	if err == nil && s == "" {
		err = fmt.Errorf("field %q is empty", name)
	}
	return s, err
}

// AtLeast checks an optional integer field against its minimum.
func AtLeast(name string, p *int, minimum int) error {
	if p != nil && *p < minimum {
		return fmt.Errorf("field %q is %d, less than %d", name, *p, minimum)
	}
	return nil
}

// ValueOr returns *p, or fallback when the field is absent.
func ValueOr[T any](p *T, fallback T) T {
	if p == nil {
		return fallback
	}
	return *p
}

// OrNil returns nil for an empty slice: the cards codec decodes an empty
// array as nil, so a view says "none" with nil.
func OrNil[T any](s []T) []T {
	if len(s) == 0 {
		return nil
	}
	return s
}

// HasMeta reports whether a result carries presentation metadata at all.
func HasMeta(r Result) bool {
	trimmed := bytes.TrimSpace(r.Meta)
	return len(trimmed) > 0 && string(trimmed) != "null"
}

// CanonicalJSON returns valid JSON in the exact form the cards codec writes
// it (compact, with <, > and & escaped), so that a view holding it re-encodes
// and decodes to an equal value.
func CanonicalJSON(raw []byte) (json.RawMessage, error) {
	var compact bytes.Buffer
	if err := json.Compact(&compact, raw); err != nil {
		return nil, err
	}
	var escaped bytes.Buffer
	json.HTMLEscape(&escaped, compact.Bytes())
	return escaped.Bytes(), nil
}

// JSONString encodes s as a JSON string.
func JSONString(s string) json.RawMessage {
	raw, _ := json.Marshal(s) // a string always encodes
	return raw
}

// validUTF8 replaces every byte that is not UTF-8 with U+FFFD, one
// replacement per byte as encoding/json does, so the text survives a round
// trip through JSON unchanged.
func validUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	return string([]rune(s))
}

// Text wraps preformatted text as content, or returns no content for "".
func Text(s string) []cards.ContentBlock {
	if s == "" {
		return nil
	}
	return []cards.ContentBlock{cards.TextBlock{Text: s}}
}

// Markdown wraps text the producer knows to be Markdown (a checklist it
// wrote, a plan, a report) as content, or returns no content for "".
func Markdown(s string) []cards.ContentBlock {
	if s == "" {
		return nil
	}
	return []cards.ContentBlock{cards.TextBlock{Text: s, Markdown: true}}
}

// Code wraps preformatted text in a language ("text" and "" for none) as
// content, one final line ending dropped; no content for "".
func Code(lang, body string) []cards.ContentBlock {
	body = strings.TrimSuffix(strings.TrimSuffix(body, "\n"), "\r")
	if body == "" {
		return nil
	}
	if lang == "text" {
		lang = ""
	}
	return []cards.ContentBlock{cards.TextBlock{Text: body, Lang: lang}}
}

// AsMarkdown marks the text blocks of content as Markdown: what a
// producer knows to be an agent's reply rather than a tool's output.
func AsMarkdown(content []cards.ContentBlock) []cards.ContentBlock {
	if len(content) == 0 {
		return nil // as no content decodes
	}
	out := make([]cards.ContentBlock, len(content))
	for i, b := range content {
		if t, ok := b.(cards.TextBlock); ok {
			t.Markdown, t.Lang = true, ""
			b = t
		}
		out[i] = b
	}
	return out
}

// TextOf joins the text blocks of a result's content and returns the other
// blocks apart.
func TextOf(content []cards.ContentBlock) (string, []cards.ContentBlock) {
	var parts []string
	var others []cards.ContentBlock
	for _, b := range content {
		if t, ok := b.(cards.TextBlock); ok {
			parts = append(parts, t.Text)
			continue
		}
		others = append(others, b)
	}
	return strings.Join(parts, "\n"), others
}

// GenericResult shows a result's content as it is, followed by the tool's
// error when the result carries one.
func GenericResult(r Result) cards.GenericResult {
	return cards.GenericResult{Content: WithError(r.Content, r)}
}

// FencedResult shows a result's text as one preformatted block in the
// language lang (other blocks follow it), then the tool's error if any.
func FencedResult(r Result, lang string) cards.GenericResult {
	body, content := TextOf(r.Content)
	if body != "" {
		content = append(Code(lang, body), content...)
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
	body, others := TextOf(r.Content)
	trimmed := strings.TrimSpace(body)
	return len(others) == 0 && trimmed != "" && (trimmed[0] == '{' || trimmed[0] == '[') && json.Valid([]byte(trimmed))
}

// markdownEscaper escapes the characters that would make text a Markdown
// construct.
var markdownEscaper = strings.NewReplacer(`\`, `\\`, "`", "\\`", "*", `\*`, "_", `\_`, "[", `\[`, "]", `\]`,
	"<", `\<`, ">", `\>`, "#", `\#`, "~", `\~`, "|", `\|`)

// EscapeMarkdown makes text read as itself inside Markdown.
func EscapeMarkdown(s string) string { return markdownEscaper.Replace(s) }

// StringArg reads one required, non-empty string argument.
func StringArg(args json.RawMessage, name string) (string, error) {
	var raw map[string]json.RawMessage
	if err := DecodeCheckedArgs(args, &raw); err != nil {
		return "", err
	}
	var value *string
	if field, ok := raw[name]; ok {
		if err := DecodeJSON(field, &value); err != nil {
			return "", Within("arguments", fmt.Errorf("field %q: %w", name, err))
		}
	}
	s, err := NonEmpty(name, value)
	return s, Within("arguments", err)
}
