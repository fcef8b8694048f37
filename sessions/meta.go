package sessions

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/cardtui/cardtui/agents"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/replay"
)

// maxPrompt bounds the first prompt kept: a pasted log can be megabytes.
const maxPrompt = 4 << 10

// metaLine is the union of the fields, of the three agents' lines, that
// describe a session rather than a step of it.
type metaLine struct {
	Type string `json:"type"`
	// Cwd is the project in a harness header and every Claude Code line.
	Cwd string `json:"cwd"`
	// CreatedAt is a harness header's start, in Unix milliseconds.
	CreatedAt int64 `json:"createdAt"`
	// Origin and DelegationDepth mark a harness sub-agent's session.
	Origin          string `json:"origin"`
	DelegationDepth int    `json:"delegationDepth"`
	// Timestamp is the time of a Claude Code or Codex line.
	Timestamp string `json:"timestamp"`
	// IsSidechain marks a Claude Code sub-agent's line.
	IsSidechain bool `json:"isSidechain"`
	// Summary is Claude Code's title.
	Summary string `json:"summary"`
	// Payload is a Codex line's body; session_meta's holds the project.
	Payload struct {
		Cwd       string `json:"cwd"`
		Timestamp string `json:"timestamp"`
	} `json:"payload"`
	// Data is a harness event's body; session/title's holds the title.
	Data struct {
		Title string `json:"title"`
	} `json:"data"`
}

// facts is what the lines of a file say about its session.
type facts struct {
	project, title string
	started, last  time.Time
	subagent       bool
	problem        string
}

// promptLines is how many lines are read first for the first prompt,
// which is rarely further: the whole head is read only when they hold
// none.
const promptLines = 6

// readHead learns the session's project, start and title from the first
// lines, and its first prompt from replay's reading of them, which tells
// what the user typed from the context an agent adds.
func readHead(a Agent, head []byte, s *Session) {
	head = completeLines(head)
	f := headFacts(a, head)
	tr := load(a, firstLines(head, promptLines), s.Path)
	if firstPrompt(tr.Entries) == "" {
		tr = load(a, head, s.Path)
	}
	s.Project, s.Started, s.Subagent = f.project, f.started, f.subagent
	s.Title = firstNonEmpty(tr.Title, f.title)
	s.FirstPrompt = firstPrompt(tr.Entries)
	s.Problem = firstNonEmpty(f.problem, firstProblem(tr.Entries))
	if len(head) == 0 {
		s.Problem = "no complete line"
	}
}

// load reads lines of an agent's session with replay.
func load(a Agent, lines []byte, name string) *replay.Transcript {
	tr, _ := replay.Load(bytes.NewReader(lines), name, agents.Options(string(a)))
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
func readTail(a Agent, tail []byte, start int64, s *Session) {
	f := tailFacts(a, completeLines(fromLineStart(tail, start)))
	s.Title = firstNonEmpty(f.title, s.Title)
	if !f.last.IsZero() {
		s.LastActivity = f.last
	}
	if s.Project == "" {
		s.Project = f.project
	}
	if s.Problem == "" && f.problem != "" {
		s.Problem = "near the end: " + f.problem
	}
}

// titleMarkers open the lines that title a session.
var titleMarkers = [][]byte{[]byte(`"type":"session/title"`), []byte(`"type":"summary"`)}

// hasTitle reports whether a line may title the session.
func hasTitle(l []byte) bool {
	return bytes.Contains(l, titleMarkers[0]) || bytes.Contains(l, titleMarkers[1])
}

// headFacts decodes the first lines up to the one that gives the project
// and the start, and every later line that titles the session. A line
// that is not JSON is the problem, with its number.
func headFacts(a Agent, data []byte) facts {
	var f facts
	for n := 1; len(data) > 0; n++ {
		var l []byte
		l, data, _ = bytes.Cut(data, []byte("\n"))
		if len(bytes.TrimSpace(l)) == 0 || f.project != "" && !f.started.IsZero() && !hasTitle(l) {
			continue
		}
		if err := f.decode(a, l); err != nil && f.problem == "" {
			f.problem = fmt.Sprintf("line %d: not JSON: %v", n, err)
		}
	}
	return f
}

// tailFacts decodes the last lines, from the end, up to the last one with
// a timestamp, and every line that titles the session; the latest title
// wins.
func tailFacts(a Agent, data []byte) facts {
	var f facts
	title, last := "", time.Time{}
	for len(data) > 0 {
		data = bytes.TrimSuffix(data, []byte("\n"))
		i := bytes.LastIndexByte(data, '\n')
		l := data[i+1:]
		data = data[:i+1]
		if len(bytes.TrimSpace(l)) == 0 || !last.IsZero() && !hasTitle(l) {
			continue
		}
		if err := f.decode(a, l); err != nil && f.problem == "" {
			f.problem = fmt.Sprintf("not JSON: %v", err)
		}
		title, last = firstNonEmpty(title, f.title), firstTime(last, f.last)
	}
	f.title, f.last = title, last
	return f
}

// decode takes what one line says.
func (f *facts) decode(a Agent, l []byte) error {
	var m metaLine
	if err := json.Unmarshal(l, &m); err != nil {
		return err
	}
	f.apply(a, &m)
	return nil
}

// apply takes what one line says.
func (f *facts) apply(a Agent, m *metaLine) {
	switch a {
	case Harness:
		if m.Type == "session" {
			f.project = m.Cwd
			f.started = time.UnixMilli(m.CreatedAt).UTC()
			f.subagent = m.Origin == "subagent" || m.DelegationDepth > 0
		}
		if m.Type == "session/title" && strings.TrimSpace(m.Data.Title) != "" {
			f.title = strings.TrimSpace(m.Data.Title)
		}
	case Claude:
		if f.project == "" && m.Cwd != "" {
			f.project, f.subagent = m.Cwd, m.IsSidechain
		}
		if m.Type == "summary" && strings.TrimSpace(m.Summary) != "" {
			f.title = strings.TrimSpace(m.Summary)
		}
	case Codex:
		if m.Type == "session_meta" {
			f.project = m.Payload.Cwd
			f.started = parseTime(m.Payload.Timestamp)
		}
	}
	if t := parseTime(m.Timestamp); !t.IsZero() {
		if f.started.IsZero() {
			f.started = t
		}
		f.last = t
	}
}

// parseTime reads an RFC 3339 timestamp; anything else is the zero time.
func parseTime(s string) time.Time {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}
	}
	return t.UTC()
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
