package jsonscan

import (
	"bytes"
	"unicode/utf8"
)

// Valid reports whether data is one JSON value, as json.Valid does,
// several times faster: most of a session's bytes are in strings, which
// it scans a byte at a time with a table instead of a state machine.
func Valid(data []byte) bool {
	v := NewValidator(data)
	return v.Value(0) && v.Space() == len(data)
}

// MaxDepth is the deepest nesting encoding/json accepts.
const MaxDepth = 10000

// Validator checks JSON a value at a time, from its position on; Valid is
// it run over a whole input, and a caller that splits a line as it checks
// it (replay's first-line splitting) steps it member by member.
type Validator struct {
	data []byte
	i    int
}

// NewValidator returns a Validator at the start of data.
func NewValidator(data []byte) *Validator { return &Validator{data: data} }

// Pos returns the index in data of the validator's position.
func (v *Validator) Pos() int { return v.i }

// plainInString marks the bytes a string holds as they are: all but the
// quote, the backslash and the control characters.
var plainInString = func() (t [256]bool) {
	for c := 0x20; c < 256; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// Space skips white space and returns the index of the next byte, which
// is len(data) at the end.
func (v *Validator) Space() int {
	for v.i < len(v.data) {
		switch v.data[v.i] {
		case ' ', '\t', '\n', '\r':
			v.i++
		default:
			return v.i
		}
	}
	return v.i
}

// Value checks one value, after white space, inside depth arrays and
// objects (nesting beyond MaxDepth is invalid), and moves past it.
func (v *Validator) Value(depth int) bool {
	if v.Space() == len(v.data) {
		return false
	}
	switch c := v.data[v.i]; {
	case c == '{':
		return depth < MaxDepth && v.object(depth+1)
	case c == '[':
		return depth < MaxDepth && v.array(depth+1)
	case c == '"':
		return v.string()
	case c == '-' || c >= '0' && c <= '9':
		return v.number()
	}
	return v.literal("true") || v.literal("false") || v.literal("null")
}

// Open moves past the opening byte open ('{' or '['), after white space;
// it reports false when the next byte is another.
func (v *Validator) Open(open byte) bool {
	if v.Space() == len(v.data) || v.data[v.i] != open {
		return false
	}
	v.i++
	return true
}

// Close moves past the closing byte closing ('}' or ']') when it comes
// next, after white space: the container is empty.
func (v *Validator) Close(closing byte) bool {
	if v.Space() < len(v.data) && v.data[v.i] == closing {
		v.i++
		return true
	}
	return false
}

func (v *Validator) object(depth int) bool {
	v.i++
	if v.Close('}') {
		return true
	}
	for {
		if v.Space() == len(v.data) || v.data[v.i] != '"' || !v.string() {
			return false
		}
		if v.Space() == len(v.data) || v.data[v.i] != ':' {
			return false
		}
		v.i++
		if !v.Value(depth) {
			return false
		}
		if !v.Next('}') {
			return false
		}
		if v.data[v.i-1] == '}' {
			return true
		}
	}
}

func (v *Validator) array(depth int) bool {
	v.i++
	if v.Close(']') {
		return true
	}
	for {
		if !v.Value(depth) {
			return false
		}
		if !v.Next(']') {
			return false
		}
		if v.data[v.i-1] == ']' {
			return true
		}
	}
}

// Next moves past the comma or the closing byte after a member, after
// white space (Closed tells which); it reports false when it is neither.
func (v *Validator) Next(closing byte) bool {
	if v.Space() == len(v.data) {
		return false
	}
	if c := v.data[v.i]; c == ',' || c == closing {
		v.i++
		return true
	}
	return false
}

// Closed reports whether the last byte moved past was closing, as after
// Next at the end of an object or array.
func (v *Validator) Closed(closing byte) bool { return v.i > 0 && v.data[v.i-1] == closing }

// Key reads an object's key that is plain (see PlainKey), after white
// space, and the colon after it; it returns the key as it is written,
// without its quotes. ok is false for anything else.
func (v *Validator) Key() (key []byte, ok bool) {
	if v.Space() == len(v.data) || v.data[v.i] != '"' {
		return nil, false
	}
	start := v.i
	if !v.string() {
		return nil, false
	}
	key = v.data[start+1 : v.i-1]
	if !PlainKey(key) || v.Space() == len(v.data) || v.data[v.i] != ':' {
		return nil, false
	}
	v.i++
	return key, true
}

// string checks the string at the position.
func (v *Validator) string() bool {
	for v.i++; v.i < len(v.data); v.i++ {
		c := v.data[v.i]
		if plainInString[c] {
			continue
		}
		switch {
		case c == '"':
			v.i++
			return true
		case c != '\\' || v.i+1 == len(v.data):
			return false
		}
		v.i++
		switch v.data[v.i] {
		case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		case 'u':
			if v.i+4 >= len(v.data) || !isHex(v.data[v.i+1]) || !isHex(v.data[v.i+2]) || !isHex(v.data[v.i+3]) || !isHex(v.data[v.i+4]) {
				return false
			}
			v.i += 4
		default:
			return false
		}
	}
	return false
}

func isHex(c byte) bool { return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

// number checks the number at the position: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
func (v *Validator) number() bool {
	if v.data[v.i] == '-' {
		v.i++
	}
	switch {
	case v.i == len(v.data):
		return false
	case v.data[v.i] == '0':
		v.i++
	case !v.digits():
		return false
	}
	if v.i < len(v.data) && v.data[v.i] == '.' {
		v.i++
		if !v.digits() {
			return false
		}
	}
	if v.i < len(v.data) && (v.data[v.i] == 'e' || v.data[v.i] == 'E') {
		v.i++
		if v.i < len(v.data) && (v.data[v.i] == '+' || v.data[v.i] == '-') {
			v.i++
		}
		return v.digits()
	}
	return true
}

// digits moves past one digit or more.
func (v *Validator) digits() bool {
	start := v.i
	for v.i < len(v.data) && v.data[v.i] >= '0' && v.data[v.i] <= '9' {
		v.i++
	}
	return v.i > start
}

// literal moves past word when the position is on it.
func (v *Validator) literal(word string) bool {
	if !bytes.HasPrefix(v.data[v.i:], []byte(word)) {
		return false
	}
	v.i += len(word)
	return true
}

// PlainKey reports whether a key, as it is written in JSON, is all ASCII
// without an escape: the key it decodes to, byte for byte.
func PlainKey(key []byte) bool {
	for _, b := range key {
		if b == '\\' || b >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
