package producers

import (
	"bytes"
	"fmt"
	"reflect"
	"sync"
	"unicode/utf8"
)

// exactKeys decodes every object of the data into a map to compare its
// keys with the fields of its struct: on a session's results that is most
// of their decoding. keysPlainlyExact first scans the data's keys once,
// without decoding anything, against every field name the type can reach:
// when no key matches one of them only when case is ignored, no object
// can hold such a key, and the full check is not needed.

// fieldNames maps the folded JSON name of every field a type can reach,
// at any depth, to its name, or to "" when two reachable fields have
// names that differ only in case.
type fieldNames map[string]string

// reachableNames caches the fieldNames of each type decoded into.
var reachableNames sync.Map // reflect.Type -> fieldNames

// namesOf returns the fieldNames of type t.
func namesOf(t reflect.Type) fieldNames {
	if names, ok := reachableNames.Load(t); ok {
		return names.(fieldNames)
	}
	names := fieldNames{}
	names.add(t, map[reflect.Type]bool{})
	reachableNames.Store(t, names)
	return names
}

// add adds the names of the fields t reaches as exactKeys walks it;
// seen holds the types walked already.
func (names fieldNames) add(t reflect.Type, seen map[reflect.Type]bool) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if seen[t] || t == rawMessageType || reflect.PointerTo(t).Implements(unmarshalerType) {
		return
	}
	seen[t] = true
	switch t.Kind() {
	case reflect.Struct:
		for name, field := range jsonFields(t) {
			folded := foldKey(name)
			if known, ok := names[folded]; ok && known != name {
				names[folded] = ""
			} else {
				names[folded] = name
			}
			names.add(field.Type, seen)
		}
	case reflect.Slice, reflect.Array, reflect.Map:
		names.add(t.Elem(), seen)
	}
}

// keysPlainlyExact reports whether every key of data is either no
// reachable field's name under case folding or exactly the one field
// name it folds to; false also when it cannot tell (a key with an escape
// or a byte that is not ASCII, an unterminated string), where exactKeys
// must look.
func keysPlainlyExact(data []byte, names fieldNames) bool {
	for i := 0; ; {
		open := bytes.IndexByte(data[i:], '"')
		if open < 0 {
			return true
		}
		start := i + open + 1
		end, ok := stringEnd(data, start)
		if !ok {
			return false
		}
		i = end + 1
		if !followedByColon(data[i:]) {
			continue
		}
		key := data[start:end]
		var buf [64]byte
		folded, ok := foldASCII(key, buf[:0])
		if !ok {
			return false
		}
		if name, match := names[string(folded)]; match && name != string(key) {
			return false
		}
	}
}

// stringEnd returns the index of the quote that closes the JSON string
// whose content starts at start; ok is false when none does.
func stringEnd(data []byte, start int) (int, bool) {
	for from := start; ; {
		at := bytes.IndexByte(data[from:], '"')
		if at < 0 {
			return 0, false
		}
		end := from + at
		backslashes := 0
		for k := end - 1; k >= start && data[k] == '\\'; k-- {
			backslashes++
		}
		if backslashes%2 == 0 {
			return end, true
		}
		from = end + 1
	}
}

// followedByColon reports whether the first byte of rest that is not
// JSON white space is a colon: the string before rest was a key.
func followedByColon(rest []byte) bool {
	for _, c := range rest {
		switch c {
		case ' ', '\t', '\n', '\r':
		case ':':
			return true
		default:
			return false
		}
	}
	return false
}

// foldASCII appends the key folded as foldKey folds it (upper case, for
// ASCII) to buf; ok is false for a key with an escape or a byte that is
// not printable ASCII.
func foldASCII(key, buf []byte) ([]byte, bool) {
	for _, c := range key {
		switch {
		case c == '\\' || c < 0x20 || c >= utf8.RuneSelf:
			return nil, false
		case 'a' <= c && c <= 'z':
			c -= 'a' - 'A'
		}
		buf = append(buf, c)
	}
	return buf, true
}

// plainKeysUnique is checkKeys scanning data once, for JSON whose keys
// are plain ASCII without escapes and whose objects have at most
// plainKeysMax keys; known is false for any other data, which checkKeys
// then reads token by token.
func plainKeysUnique(data []byte) (known bool, err error) {
	var objects [][][]byte // per open container: its keys, nil for an array
	depth := 0             // the objects open
	for i := 0; i < len(data); {
		switch data[i] {
		case '{':
			objects = append(objects, [][]byte{})
			depth++
		case '[':
			objects = append(objects, nil)
		case '}', ']':
			if len(objects) == 0 {
				return false, nil
			}
			if objects[len(objects)-1] != nil {
				depth--
			}
			objects = objects[:len(objects)-1]
		case '"':
			end, ok := stringEnd(data, i+1)
			if !ok {
				return false, nil
			}
			key := data[i+1 : end]
			i = end + 1
			if !followedByColon(data[i:]) {
				continue
			}
			n := len(objects)
			if n == 0 || objects[n-1] == nil || len(objects[n-1]) == plainKeysMax {
				return false, nil
			}
			if known, err := uniqueKey(objects[n-1], key, depth == 1); !known || err != nil {
				return known, err
			}
			objects[n-1] = append(objects[n-1], key)
			continue
		}
		i++
	}
	return true, nil
}

// plainKeysMax bounds the keys of an object plainKeysUnique compares one
// by one.
const plainKeysMax = 64

// uniqueKey is addKey for a plain ASCII key and the keys of its object
// before it; known is false for a key that is not plain ASCII.
func uniqueKey(keys [][]byte, key []byte, anyCase bool) (known bool, err error) {
	var buf [64]byte
	folded, ok := foldASCII(key, buf[:0])
	if !ok {
		return false, nil
	}
	for _, seen := range keys {
		switch {
		case bytes.Equal(seen, key):
			return true, fmt.Errorf("%w: the key %q is there twice", ErrAmbiguousKeys, key)
		case anyCase && foldedEqual(seen, folded):
			return true, fmt.Errorf("%w: the keys %q and %q differ only in case", ErrAmbiguousKeys, seen, key)
		}
	}
	return true, nil
}

// foldedEqual reports whether the plain ASCII key folds to folded.
func foldedEqual(key, folded []byte) bool {
	if len(key) != len(folded) {
		return false
	}
	for i, c := range key {
		if 'a' <= c && c <= 'z' {
			c -= 'a' - 'A'
		}
		if c != folded[i] {
			return false
		}
	}
	return true
}
