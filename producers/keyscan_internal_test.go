package producers

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// keyScanArgs is a type decoded into whose fields reach nested structs,
// a slice of them, a map of them and a raw message, with one name that a
// nested field spells in another case.
type keyScanArgs struct {
	Command string `json:"command"`
	Nested  struct {
		Status string `json:"status"`
		Name   string `json:"Command"`
	} `json:"nested"`
	Items []struct {
		Path string `json:"path"`
	} `json:"items"`
	ByName map[string]struct {
		Line int `json:"line"`
	} `json:"byName"`
	Raw json.RawMessage `json:"raw"`
}

// TestKeysPlainlyExact: the scan passes data whose keys name fields
// exactly or no field at all, and leaves to exactKeys every key that
// folds to a field name it does not spell, or that it cannot read.
func TestKeysPlainlyExact(t *testing.T) {
	names := namesOf(reflect.TypeFor[keyScanArgs]())
	tests := []struct {
		data  string
		plain bool
	}{
		{`{"status":"x","items":[{"path":"/a"}],"byName":{"k":{"line":1}},"other":{"X":1}}`, true},
		{`{"text":"a \"Status\": \"b\"","raw":{"anything":1}}`, true},
		{`{"items":[{"Path":"/a"}]}`, false},
		{`{"nested":{"STATUS":"x"}}`, false},
		{`{"command":"a"}`, false},     // "command" and "Command" are both field names
		{`{"st\u0061tus":"x"}`, false}, // an escape
		{`{"ſtatus":"x"}`, false},      // not ASCII
		{`{"status":"x`, false},        // unterminated
		{`{"status" : "x", "line"` + "\n:" + `1}`, true},
		{`{"raw":{"PATH":1}}`, false}, // conservative: a raw message's keys are scanned too
	}
	for _, tt := range tests {
		assert.Equal(t, tt.plain, keysPlainlyExact([]byte(tt.data), names), tt.data)
	}
}

// TestFoldASCIIIsFoldKey: for ASCII keys the scan folds as foldKey does.
func TestFoldASCIIIsFoldKey(t *testing.T) {
	for c := byte(0x20); c < 0x7f; c++ {
		if c == '\\' {
			continue
		}
		folded, ok := foldASCII([]byte{c}, nil)
		assert.True(t, ok)
		assert.Equal(t, foldKey(string(c)), string(folded), "%q", c)
	}
}

// FuzzKeysPlainlyExact: whatever the data, the scan never passes what
// exactKeys rejects.
func FuzzKeysPlainlyExact(f *testing.F) {
	for _, seed := range []string{
		`{"status":"x"}`, `{"nested":{"STATUS":"x"}}`, `{"items":[{"Path":"/a"}]}`,
		`{"a":"\\\"","Items":1}`, `[{"path":1}]`, `{"byName":{"x":{"LINE":2}}}`,
	} {
		f.Add([]byte(seed))
	}
	types := []reflect.Type{reflect.TypeFor[keyScanArgs](), reflect.TypeFor[[]keyScanArgs](), reflect.TypeFor[map[string]keyScanArgs]()}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, typ := range types {
			if exactKeys(data, typ) != nil && keysPlainlyExact(data, namesOf(typ)) {
				t.Fatalf("%s: the scan passes %s, which exactKeys rejects", typ, strings.TrimSpace(string(data)))
			}
		}
	})
}

// plainKeysSeeds are JSON arguments with unique, duplicate and
// case-variant keys, at the top level and deeper.
var plainKeysSeeds = []string{
	`{"a":1,"b":{"a":2,"A":3}}`, `{"a":1,"A":2}`, `{"a":[{"x":1,"x":2}]}`, `{"k":"\"a\":","a":1,"a":2}`,
	`{"\u0061":1,"a":2}`, `{"ſ":1,"S":2}`, `{"a" : {"b":[1,{"c":{}}]}, "B":"x", "b":"y"}`, `{}`, `[]`, `[{"x":1,"X":2}]`,
}

// TestPlainKeysUnique: the one-pass scan finds the duplicate and
// case-variant keys the token reader finds, with the same words, and
// leaves to it the keys it cannot compare plainly.
func TestPlainKeysUnique(t *testing.T) {
	tests := []struct {
		data  string
		known bool
		err   string
	}{
		{`{"a":1,"b":{"a":2,"A":3}}`, true, ""},
		{`{"a":1,"A":2}`, true, `ambiguous keys: the keys "a" and "A" differ only in case`},
		{`{"a":[{"x":1,"x":2}]}`, true, `ambiguous keys: the key "x" is there twice`},
		{`{"k":"\"a\":","a":1,"a":2}`, true, `ambiguous keys: the key "a" is there twice`},
		{`{"\u0061":1,"a":2}`, false, ""},
		{`{"ſ":1,"S":2}`, false, ""},
		{`[{"x":1,"X":2}]`, true, `ambiguous keys: the keys "x" and "X" differ only in case`}, // the first object is the top level
	}
	for _, tt := range tests {
		known, err := plainKeysUnique([]byte(tt.data))
		assert.Equal(t, tt.known, known, tt.data)
		if tt.err == "" {
			assert.NoError(t, err, tt.data)
		} else {
			assert.EqualError(t, err, tt.err, tt.data)
		}
	}
}

// FuzzPlainKeysUnique: on valid JSON, whatever the scan knows is what
// the token reader says.
func FuzzPlainKeysUnique(f *testing.F) {
	for _, seed := range plainKeysSeeds {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if !json.Valid(data) {
			return
		}
		known, err := plainKeysUnique(data)
		if !known {
			return
		}
		want := tokenCheckKeys(data)
		if (err == nil) != (want == nil) || err != nil && err.Error() != want.Error() {
			t.Fatalf("%s: the scan says %v, the token reader %v", data, err, want)
		}
	})
}
