package producers

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"reflect"
	"slices"
	"strings"
	"unicode"
)

// Tool arguments are decoded with exact, case-sensitive keys. encoding/json
// matches a key to a field case-insensitively, the last match winning, so
// {"command":"curl …|sh","Command":"npm test"} would be drawn "$ npm test"
// while the harness, whose JSON.parse knows only exact keys, runs curl. An
// object that holds a key twice, or two keys that differ only in case, is
// read differently by different decoders; a key that matches a field only
// when case is ignored is not that field. Each is ErrAmbiguousKeys: the
// Registry falls back to the generic card, whose raw input shows every key,
// and Registry.Present reports it.

// ErrAmbiguousKeys is the error of arguments whose keys different JSON
// decoders read differently: a duplicate key, two keys that differ only in
// case, or a key that matches a field only when case is ignored.
var ErrAmbiguousKeys = errors.New("ambiguous keys")

// checkKeys reports the first object in the JSON value data (valid JSON)
// that holds a key twice, or, at the top level, where the arguments of
// every tool are, two keys equal but for case. (Deeper down, decodeArgs
// matches the keys to the fields exactly; data it does not decode may
// have keys of any case.)
func checkKeys(data []byte) error {
	if known, err := plainKeysUnique(data); known {
		return err
	}
	return tokenCheckKeys(data)
}

// tokenCheckKeys is checkKeys reading every token of data.
func tokenCheckKeys(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	var open []map[string]string // per open object: folded key -> key
	inObject := []bool{}
	expectKey := false
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return nil // not valid JSON: checkArgs says so
		}
		switch tok {
		case json.Delim('{'):
			open = append(open, map[string]string{})
			inObject = append(inObject, true)
			expectKey = true
			continue
		case json.Delim('['):
			inObject = append(inObject, false)
			expectKey = false
			continue
		case json.Delim('}'):
			open = open[:len(open)-1]
			fallthrough
		case json.Delim(']'):
			inObject = inObject[:len(inObject)-1]
			expectKey = len(inObject) > 0 && inObject[len(inObject)-1]
			continue
		}
		if !expectKey {
			expectKey = len(inObject) > 0 && inObject[len(inObject)-1]
			continue
		}
		if err := addKey(open[len(open)-1], tok.(string), len(open) == 1); err != nil {
			return err
		}
		expectKey = false
	}
}

// addKey adds key to the keys of an object, failing when it is there
// already, exactly or, when anyCase is set, but for case.
func addKey(keys map[string]string, key string, anyCase bool) error {
	folded := key
	if anyCase {
		folded = foldKey(key)
	}
	switch seen, ok := keys[folded]; {
	case ok && seen == key:
		return fmt.Errorf("%w: the key %q is there twice", ErrAmbiguousKeys, key)
	case ok:
		return fmt.Errorf("%w: the keys %q and %q differ only in case", ErrAmbiguousKeys, seen, key)
	}
	keys[folded] = key
	return nil
}

// foldKey maps every rune of s to the smallest rune of its case folding
// orbit, so that keys equal under encoding/json's case-insensitive match
// (K, k and the Kelvin sign; s, S and ſ) fold alike.
func foldKey(s string) string {
	return strings.Map(func(r rune) rune {
		least := r
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			least = min(least, f)
		}
		return least
	}, s)
}

// exactKeys reports a key of data, at any depth, that matches a field of
// the type t decodes into only when case is ignored.
func exactKeys(data []byte, t reflect.Type) error {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch {
	case t == rawMessageType || reflect.PointerTo(t).Implements(unmarshalerType):
		return nil // decoded as the type says
	case t.Kind() == reflect.Struct:
		return exactObjectKeys(data, t)
	case t.Kind() == reflect.Slice || t.Kind() == reflect.Array:
		var items []json.RawMessage
		if json.Unmarshal(data, &items) != nil {
			return nil // not an array: decoding says so
		}
		for _, item := range items {
			if err := exactKeys(item, t.Elem()); err != nil {
				return err
			}
		}
	case t.Kind() == reflect.Map:
		var values map[string]json.RawMessage
		if json.Unmarshal(data, &values) != nil {
			return nil
		}
		for _, v := range values {
			if err := exactKeys(v, t.Elem()); err != nil {
				return err
			}
		}
	}
	return nil
}

// rawMessageType is json.RawMessage, whose contents are not decoded, and
// unmarshalerType the interface of types that decode themselves.
var (
	rawMessageType  = reflect.TypeFor[json.RawMessage]()
	unmarshalerType = reflect.TypeFor[json.Unmarshaler]()
)

// exactObjectKeys is exactKeys for an object decoded into the struct t.
func exactObjectKeys(data []byte, t reflect.Type) error {
	var values map[string]json.RawMessage
	if json.Unmarshal(data, &values) != nil {
		return nil // not an object: decoding says so
	}
	fields := jsonFields(t)
	for _, key := range slices.Sorted(maps.Keys(values)) {
		field, ok := fields[key]
		if ok {
			if err := exactKeys(values[key], field.Type); err != nil {
				return err
			}
			continue
		}
		for name := range fields {
			if foldKey(name) == foldKey(key) {
				return fmt.Errorf("%w: the key %q is not %q (keys are case-sensitive)", ErrAmbiguousKeys, key, name)
			}
		}
	}
	return nil
}

// jsonFields maps the JSON names of the fields of struct t, embedded
// structs' included, to the fields.
func jsonFields(t reflect.Type) map[string]reflect.StructField {
	fields := map[string]reflect.StructField{}
	for _, f := range reflect.VisibleFields(t) {
		if !f.IsExported() || (f.Anonymous && f.Type.Kind() == reflect.Struct) {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		switch name {
		case "-":
			continue
		case "":
			name = f.Name
		}
		fields[name] = f
	}
	return fields
}

// DecodeArguments decodes a tool's JSON arguments into dst as the
// producers do, for code outside this package that reads arguments: one
// JSON object, keys matched exactly, and ErrAmbiguousKeys for a duplicate
// or case-variant key.
func DecodeArguments(args []byte, dst any) error {
	if err := checkArgs(args); err != nil {
		return err
	}
	return DecodeCheckedArgs(args, dst)
}
