package jsonscan

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"unicode/utf8"
)

// Cursor reads valid JSON (checked with Valid first) by hand: it skips
// what is not asked for and decodes a few simple types. Each reading
// method reports false when the value is not of its type, so that the
// caller leaves the whole input to encoding/json. On JSON that is not
// valid its results mean nothing.
type Cursor struct {
	data []byte
	i    int
}

// NewCursor returns a Cursor at the start of data, which must be valid
// JSON.
func NewCursor(data []byte) *Cursor { return &Cursor{data: data} }

// Peek skips white space and returns the next byte, 0 at the end.
func (c *Cursor) Peek() byte {
	for c.i < len(c.data) {
		switch b := c.data[c.i]; b {
		case ' ', '\t', '\n', '\r':
			c.i++
		default:
			return b
		}
	}
	return 0
}

// Find decodes the value at path, a field of the object at the cursor
// (path[0]) or of a field of it, with decode; it must be there, once.
func (c *Cursor) Find(path []string, decode func(*Cursor) bool) bool {
	found := false
	ok := c.Fields(path[:1], func(int) bool {
		found = true
		if len(path) == 1 {
			return decode(c)
		}
		return c.Find(path[1:], decode)
	})
	return ok && found
}

// Fields reads the object at the cursor: decode(i) reads the value of the
// key names[i] (at most 64 names), which may come only once; any other
// key is skipped. It reports false, as encoding/json might decode the
// object otherwise, for a key equal to a name but for case or one that is
// not plain (see PlainKey).
func (c *Cursor) Fields(names []string, decode func(i int) bool) bool {
	var seen uint64
	return c.Object(func(key []byte) bool {
		i, ok := match(key, names)
		switch {
		case !ok:
			return false
		case i < 0:
			c.Skip()
			return true
		case seen&(1<<i) != 0:
			return false
		}
		seen |= 1 << i
		return decode(i)
	})
}

// match returns the index of key in names, -1 when it is none of them.
// ok is false for a key encoding/json might match to a name otherwise: one
// equal to a name but for case, or one with an escape or a byte beyond
// ASCII (which encoding/json folds too).
func match(key []byte, names []string) (int, bool) {
	if !PlainKey(key) {
		return -1, false
	}
	for i, name := range names {
		switch {
		case string(key) == name:
			return i, true
		case bytes.EqualFold(key, []byte(name)):
			return -1, false
		}
	}
	return -1, true
}

// Object calls field with each key of the object at the cursor, as it is
// written (without its quotes), the cursor then on its value, which field
// reads or skips; field returns false to stop. It reports false when the
// value is not an object or field stopped.
func (c *Cursor) Object(field func(key []byte) bool) bool {
	if c.Peek() != '{' {
		return false
	}
	c.i++
	if c.Peek() == '}' {
		c.i++
		return true
	}
	for {
		start := c.i
		c.skipString()
		key := c.data[start+1 : c.i-1]
		c.Peek()
		c.i++ // the colon
		if !field(key) {
			return false
		}
		if c.Peek() != ',' {
			c.i++ // the closing brace
			return true
		}
		c.i++
		c.Peek()
	}
}

// Array calls elem for each element of the array at the cursor, the
// cursor then on it; elem returns false to stop. It reports false when
// the value is not an array or elem stopped.
func (c *Cursor) Array(elem func() bool) bool {
	if c.Peek() != '[' {
		return false
	}
	c.i++
	if c.Peek() == ']' {
		c.i++
		return true
	}
	for {
		if !elem() {
			return false
		}
		if c.Peek() != ',' {
			c.i++ // the closing bracket
			return true
		}
		c.i++
	}
}

// Str reads a string into dst, as encoding/json decodes it.
func (c *Cursor) Str(dst *string) bool {
	if c.Peek() != '"' {
		return false
	}
	start := c.i
	c.skipString()
	s, ok := quickString(c.data[start:c.i])
	*dst = s
	return ok
}

// Bool reads true or false into dst.
func (c *Cursor) Bool(dst *bool) bool {
	switch c.Peek() {
	case 't':
		*dst, c.i = true, c.i+len("true")
	case 'f':
		*dst, c.i = false, c.i+len("false")
	default:
		return false
	}
	return true
}

// Raw reads any value into dst as a copy of its JSON, as json.RawMessage
// decodes.
func (c *Cursor) Raw(dst *json.RawMessage) bool {
	c.Peek()
	start := c.i
	c.Skip()
	*dst = slices.Clone(c.data[start:c.i])
	return true
}

// Skip moves past the value at the cursor.
func (c *Cursor) Skip() {
	switch c.Peek() {
	case '"':
		c.skipString()
		return
	case '{', '[':
		for depth := 0; ; c.i++ {
			switch c.data[c.i] {
			case '"':
				c.skipString()
				c.i--
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					c.i++
					return
				}
			}
		}
	}
	for c.i < len(c.data) {
		switch c.data[c.i] {
		case ',', '}', ']', ' ', '\t', '\n', '\r':
			return
		}
		c.i++
	}
}

// skipString moves past the string at the cursor.
func (c *Cursor) skipString() { c.i = SkipString(c.data, c.i) }

// quickString decodes a JSON string of valid JSON as encoding/json does: a
// string without escapes or bytes beyond ASCII as it is, one with only
// one-letter escapes a run at a time (Unescape), any other with
// strconv.Unquote, whose escapes are JSON's but for \/ and the UTF-16
// surrogates of \uD800-\uDFFF, which it rejects (ok is false: encoding/json
// decodes them), and which makes bytes that are not UTF-8 U+FFFD as
// encoding/json does.
func quickString(raw []byte) (string, bool) {
	inner := raw[1 : len(raw)-1]
	plain := true
	for _, b := range inner {
		if b == '\\' || b >= utf8.RuneSelf {
			plain = false
			break
		}
	}
	if plain {
		return string(inner), true
	}
	if s, ok := Unescape(inner); ok {
		return s, true
	}
	s, err := strconv.Unquote(string(raw))
	return s, err == nil
}
