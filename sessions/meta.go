package sessions

import (
	"bytes"
	"fmt"
	"strings"
	"time"

	"github.com/cardtui/cardtui/cards"
)

// maxPrompt bounds the first prompt kept: a pasted log can be megabytes.
const maxPrompt = 4 << 10

// hasTitle reports whether a line may title the session: it holds one of
// the source's TitleMarkers.
func hasTitle(src *Source, l []byte) bool {
	for _, m := range src.TitleMarkers {
		if bytes.Contains(l, m) {
			return true
		}
	}
	return false
}

// headFacts decodes the first lines up to the one that gives the project
// and the start, and every later line that titles the session. A line
// that Meta cannot read says nothing: whether a line is good is the
// decoder's word, and its problems are the session's.
func headFacts(src *Source, data []byte) Facts {
	var f Facts
	for len(data) > 0 {
		var l []byte
		l, data, _ = bytes.Cut(data, []byte("\n"))
		if len(bytes.TrimSpace(l)) == 0 || f.Project != "" && !f.Started.IsZero() && !hasTitle(src, l) {
			continue
		}
		_ = src.Meta(l, &f)
	}
	return f
}

// tailFacts decodes the last lines, from the end, up to the last one with
// a timestamp, and every line that titles the session; the latest title
// wins.
func tailFacts(src *Source, data []byte) Facts {
	var f Facts
	title, model, last := "", "", time.Time{}
	for len(data) > 0 {
		data = bytes.TrimSuffix(data, []byte("\n"))
		i := bytes.LastIndexByte(data, '\n')
		l := data[i+1:]
		data = data[:i+1]
		if len(bytes.TrimSpace(l)) == 0 || !last.IsZero() && !hasTitle(src, l) {
			continue
		}
		_ = src.Meta(l, &f)
		title, model, last = firstNonEmpty(title, f.Title), firstNonEmpty(model, f.Model), firstTime(last, f.Last)
	}
	f.Title, f.Model, f.Last = title, model, last
	return f
}

// firstPrompt is the text of the first user message, verbatim but for
// surrounding blank lines, cut at maxPrompt bytes.
func firstPrompt(entries []cards.Entry) string {
	for _, e := range entries {
		if m, ok := e.(cards.Message); ok && m.Role == cards.RoleUser {
			return cutString(strings.TrimSpace(m.Text), maxPrompt)
		}
	}
	return ""
}

// firstProblem describes the first bad line among entries, "" when none.
func firstProblem(entries []cards.Entry) string {
	for _, e := range entries {
		if p, ok := e.(cards.Problem); ok {
			return fmt.Sprintf("line %d: %s", p.Line, p.Reason)
		}
	}
	return ""
}

// cutString cuts s at n bytes, on a rune boundary, marking the cut.
func cutString(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !isRuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

func isRuneStart(b byte) bool { return b&0xC0 != 0x80 }

func firstNonEmpty(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

func firstTime(a, b time.Time) time.Time {
	if !a.IsZero() {
		return a
	}
	return b
}
