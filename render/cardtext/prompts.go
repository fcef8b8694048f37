package cardtext

import (
	"strings"
	"time"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/termsafe"
)

// Prompt is one of a session's prompts as the index at the top of an
// export lists it.
type Prompt struct {
	// Entry is the prompt's index in the session's entries.
	Entry int
	// Time is when it was sent, "15:04" in UTC, "" when the log does not
	// say.
	Time string
	// Line is its first non-blank line, sanitised and cut to
	// PromptLineCells.
	Line string
}

// PromptLineCells is the most cells of a prompt's line an index shows.
const PromptLineCells = 100

// Prompts lists the user's prompts among entries, in order, for an index.
func Prompts(entries []cards.Entry) []Prompt {
	var ps []Prompt
	for i, e := range entries {
		m, ok := e.(cards.Message)
		if !ok || m.Role != cards.RoleUser {
			continue
		}
		p := Prompt{Entry: i, Line: termsafe.Truncate(firstLine(termsafe.SanitizeText(m.Text)), PromptLineCells, "…")}
		if !m.Turn.Start.IsZero() {
			p.Time = m.Turn.Start.In(time.UTC).Format("15:04")
		}
		ps = append(ps, p)
	}
	return ps
}

// firstLine is the first line of s that is not blank, trimmed.
func firstLine(s string) string {
	for line := range strings.SplitSeq(s, "\n") {
		if t := strings.TrimSpace(line); t != "" {
			return t
		}
	}
	return ""
}
