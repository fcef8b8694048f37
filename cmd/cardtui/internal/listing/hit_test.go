package listing

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/sessions"
)

// hitOf is a hit of pattern in text, found as a search finds it.
func hitOf(t *testing.T, text, pattern string) sessions.Hit {
	t.Helper()
	m, err := Matcher(pattern, false)
	require.NoError(t, err)
	var at [][2]int
	for off := 0; ; {
		s, e, ok := m.Find([]byte(text[off:]))
		if !ok {
			break
		}
		at = append(at, [2]int{off + s, off + e})
		off += e
	}
	return sessions.Hit{
		Session: sessions.Session{Title: "Fix the counts"},
		Line:    sessions.DocLine{Entry: 3, Title: "Run the tests", Text: text},
		Matches: at,
	}
}

// TestHitLine: a hit is session · time · card title · line, the matches
// marked and the spaces around them kept, escapes from the file shown
// as symbols; with a width, a match far to the right is brought into view.
func TestHitLine(t *testing.T) {
	when := func(time.Time) string { return "1h ago" }
	mark := func(s string) string { return "[" + s + "]" }
	tests := []struct {
		name, text, pattern string
		width               int
		want                string
	}{
		{"spaces kept", "$ go test ./... now", "go test", 0, "Fix the counts · 1h ago · Run the tests · $ [go test] ./... now"},
		{"every match", "ab ab", "ab", 0, "Fix the counts · 1h ago · Run the tests · [ab] [ab]"},
		{"escapes shown, not sent", "ok \x1b]52;c;ZXZpbA==\x07zebra", "zebra", 0, "Fix the counts · 1h ago · Run the tests · ok ␛]52;c;ZXZpbA==␇[zebra]"},
		{"cut at the end", "zebra " + strings.Repeat("x", 80), "zebra", 60, "Fix the counts · 1h ago · Run the tests · [zebra] xxxxxxxxx…"},
		{"match brought into view", strings.Repeat("y", 80) + " zebra", "zebra", 60, "Fix the counts · 1h ago · Run the tests · …yyyyyyy [zebra]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := HitFormat{Label: 40, Title: 40, When: when, Mark: mark, Width: tt.width}
			got := f.Line(hitOf(t, tt.text, tt.pattern))
			assert.Equal(t, tt.want, got)
			if tt.width > 0 {
				assert.LessOrEqual(t, ansi.StringWidth(got), tt.width)
			}
		})
	}
}

// TestMatcherRegexp: a regular expression is compiled, a bad one said.
func TestMatcherRegexp(t *testing.T) {
	m, err := Matcher(`zeb+ra$`, true)
	require.NoError(t, err)
	_, _, ok := m.Find([]byte("a zebbra"))
	assert.True(t, ok)
	_, err = Matcher(`(`, true)
	assert.Error(t, err)
}
