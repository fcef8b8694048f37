package jsonscan

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// seeds are JSON strings with every kind of escape.
var seeds = []string{
	`""`, `"plain"`, `"é😀"`, `"a\nb\tc\"d\\e"`, `"\u00e9\u0000\u001f"`, `"\ud83d\ude00"`, `"\\"`, `"\\\\\""`,
	`"\ud83d"`, `"\/"`, `"\\/"`, `"\b\f\r"`, "\"\xff\\n\"", "\"\x7f\"", `"\u2028"`, `"x\"y\\"`,
}

// check compares SkipString and Unescape with encoding/json on the valid
// JSON string s, followed by more JSON.
func check(t *testing.T, s string) {
	data := []byte(s + `,"next"]`)
	assert.Equal(t, len(s), SkipString(data, 0), "end of %q", s)
	var want string
	require.NoError(t, json.Unmarshal([]byte(s), &want))
	if got, ok := Unescape([]byte(s[1 : len(s)-1])); ok {
		assert.Equal(t, want, got, "%q", s)
	}
}

func TestStrings(t *testing.T) {
	for _, s := range seeds {
		check(t, s)
	}
	_, ok := Unescape([]byte(`\u00e9`))
	assert.False(t, ok, "a \\u escape is left to the caller")
	got, ok := Unescape([]byte(`a\nb\/c`))
	assert.True(t, ok)
	assert.Equal(t, "a\nb/c", got)
}

func FuzzStrings(f *testing.F) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var v string
		if json.Unmarshal([]byte(s), &v) != nil || len(s) < 2 || s[0] != '"' || s[len(s)-1] != '"' {
			return
		}
		check(t, s)
	})
}
