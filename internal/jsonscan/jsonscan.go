// Package jsonscan checks and reads JSON by hand, for the hand-written
// decoders of cards, replay and the agents: Valid (and its Validator)
// checks JSON as json.Valid does; Cursor reads JSON known to be valid,
// skipping what is not asked for; SkipString and Unescape read its strings
// a run of bytes at a time. Most of a session's bytes are in long strings
// (file texts, command output), where a byte-at-a-time loop is the cost.
package jsonscan

import (
	"bytes"
	"strings"
	"unicode/utf8"
)

// SkipString returns the index just past the string of valid JSON whose
// opening quote is at i: the first quote after it that no backslash
// escapes.
func SkipString(data []byte, i int) int {
	for start := i + 1; ; {
		end := start + bytes.IndexByte(data[start:], '"')
		backslashes := 0
		for k := end - 1; k >= start && data[k] == '\\'; k-- {
			backslashes++
		}
		if backslashes%2 == 0 {
			return end + 1
		}
		start = end + 1
	}
}

// shortEscapes are the bytes of JSON's one-letter escapes, by letter.
var shortEscapes = [256]byte{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}

// Unescape decodes the content of a string of valid JSON (without its
// quotes) as encoding/json does, when the content is valid UTF-8 and its
// only escapes are the one-letter ones (\n, \t, \", \\, \/, \b, \f, \r):
// the text between escapes is copied a run at a time. ok is false for
// any other content (a \u escape, bytes that are not UTF-8), which the
// caller decodes another way.
func Unescape(inner []byte) (string, bool) {
	if !utf8.Valid(inner) {
		return "", false
	}
	var b strings.Builder
	b.Grow(len(inner))
	for {
		i := bytes.IndexByte(inner, '\\')
		if i < 0 {
			b.Write(inner)
			return b.String(), true
		}
		if i+1 == len(inner) || shortEscapes[inner[i+1]] == 0 {
			return "", false
		}
		b.Write(inner[:i])
		b.WriteByte(shortEscapes[inner[i+1]])
		inner = inner[i+2:]
	}
}
