package sessions

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/cardtui/cardtui/cards"
)

// FuzzDocument reads arbitrary bytes as a session's document from the
// cache: finding a literal, an empty match or a regular expression in it
// never panics, and every match it reports lies in the line's text and
// holds what was looked for.
func FuzzDocument(f *testing.F) {
	f.Add(NewDocument([]cards.Entry{
		cards.Message{Role: cards.RoleUser, Text: "fix\tthe\nbuild"},
		cards.ToolCard{ID: "c", Tool: "Read", Call: cards.GenericCall{Title: "Read a.go", Locations: []cards.FileLocation{{Path: "/src/a.go"}}}},
	}, nil).data, "a")
	f.Add([]byte("T\t1\tt\tabc\nP\t-1\tx\t/a\nT\tx\n\t\t\t\n"), "")
	f.Fuzz(func(t *testing.T, data []byte, pattern string) {
		d := &Document{data: data}
		needle := []byte(pattern)
		literal := Matcher{Literal: needle, Find: func(text []byte) (int, int, bool) {
			i := bytes.Index(text, needle)
			return i, i + len(needle), i >= 0
		}}
		re, err := regexp.Compile(regexp.QuoteMeta(pattern) + "|x*")
		if err != nil { // invalid UTF-8: search says so before it reads
			re = regexp.MustCompile("x*")
		}
		anyRe := Matcher{Find: func(text []byte) (int, int, bool) {
			at := re.FindIndex(text)
			if at == nil {
				return 0, 0, false
			}
			return at[0], at[1], true
		}}
		for _, paths := range []bool{false, true} {
			d.scan(literal, paths, func(l rawLine, at [][2]int) bool {
				assert.GreaterOrEqual(t, l.entry, 0)
				for _, m := range at {
					assert.Equal(t, pattern, string(l.text[m[0]:m[1]]))
				}
				return true
			})
			n := 0
			d.scan(anyRe, paths, func(l rawLine, at [][2]int) bool {
				for _, m := range at {
					assert.LessOrEqual(t, m[1], len(l.text))
				}
				n++
				return n < 1000
			})
		}
		assert.False(t, strings.Contains(string(NewDocument([]cards.Entry{cards.Message{Role: cards.RoleUser, Text: pattern}}, nil).data), "\r"))
	})
}
