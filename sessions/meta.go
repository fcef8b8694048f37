package sessions

import (
	"bytes"
	"fmt"
	"strings"
	"time"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/replay"
)

// maxPrompt bounds the first prompt kept: a pasted log can be megabytes.
const maxPrompt = 4 << 10

// facts is what the lines of a file say about its session, and the first
// line that is not JSON.
type facts struct {
	Facts
	problem string
}

// promptLines is how many lines are read first for the first prompt,
// which is rarely further: the whole head is read only when they hold
// none.
const promptLines = 6

// readHead learns the session's project, start and title from the first
// lines, and its first prompt from replay's reading of them, which tells
// what the user typed from the context an agent adds.
func readHead(src *Source, head []byte, s *Session) {
	head = completeLines(head)
	f := headFacts(src, head)
	tr := load(src, firstLines(head, promptLines), s.Path)
	if firstPrompt(tr.Entries) == "" {
		tr = load(src, head, s.Path)
	}
	s.Project, s.Started, s.Subagent, s.Model = f.Project, f.Started, f.Subagent, f.Model
	s.Title = firstNonEmpty(tr.Title, f.Title)
	s.FirstPrompt = firstPrompt(tr.Entries)
	s.Problem = firstNonEmpty(f.problem, firstProblem(tr.Entries))
	if len(head) == 0 {
		s.Problem = "no complete line"
	}
}

// load reads lines of an agent's session with replay.
func load(src *Source, lines []byte, name string) *replay.Transcript {
	tr, _ := replay.Load(bytes.NewReader(lines), name, src.loadOptions())
	return tr
}

// firstLines is the first n lines of data.
func firstLines(data []byte, n int) []byte {
	end := 0
	for ; n > 0 && end < len(data); n-- {
		i := bytes.IndexByte(data[end:], '\n')
		if i < 0 {
			return data
		}
		end += i + 1
	}
	return data[:end]
}

// readTail learns the latest title and the last activity from the last
// lines; tail begins at offset start of the file.
func readTail(src *Source, tail []byte, start int64, s *Session) {
	f := tailFacts(src, completeLines(fromLineStart(tail, start)))
	s.Title = firstNonEmpty(f.Title, s.Title)
	if !f.Last.IsZero() {
		s.LastActivity = f.Last
	}
	if s.Project == "" {
		s.Project = f.Project
	}
	if f.Model != "" {
		s.Model = f.Model
	}
	if s.Problem == "" && f.problem != "" {
		s.Problem = "near the end: " + f.problem
	}
}

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
// that is not JSON is the problem, with its number.
func headFacts(src *Source, data []byte) facts {
	var f facts
	for n := 1; len(data) > 0; n++ {
		var l []byte
		l, data, _ = bytes.Cut(data, []byte("\n"))
		if len(bytes.TrimSpace(l)) == 0 || f.Project != "" && !f.Started.IsZero() && !hasTitle(src, l) {
			continue
		}
		if err := src.Meta(l, &f.Facts); err != nil && f.problem == "" {
			f.problem = fmt.Sprintf("line %d: not JSON: %v", n, err)
		}
	}
	return f
}

// tailFacts decodes the last lines, from the end, up to the last one with
// a timestamp, and every line that titles the session; the latest title
// wins.
func tailFacts(src *Source, data []byte) facts {
	var f facts
	title, model, last := "", "", time.Time{}
	for len(data) > 0 {
		data = bytes.TrimSuffix(data, []byte("\n"))
		i := bytes.LastIndexByte(data, '\n')
		l := data[i+1:]
		data = data[:i+1]
		if len(bytes.TrimSpace(l)) == 0 || !last.IsZero() && !hasTitle(src, l) {
			continue
		}
		if err := src.Meta(l, &f.Facts); err != nil && f.problem == "" {
			f.problem = fmt.Sprintf("not JSON: %v", err)
		}
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
