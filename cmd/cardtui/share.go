package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/cardtui/cardtui/agents"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/cmd/cardtui/internal/listing"
	"github.com/cardtui/cardtui/replay"
	"github.com/cardtui/cardtui/sessions"
)

// `cardtui export` writes a session to share: nothing on it names the
// machine it came from but what the session itself says, and Markdown
// fits a GitHub comment unless --full.

// markdownBudget is the most characters `cardtui export --format
// markdown` writes without --full: what a GitHub comment holds.
const markdownBudget = 65536

// shareOptions are what export asks of a shared session.
type shareOptions struct {
	// context keeps the context blocks (the instructions and
	// environment an agent is given); full writes Markdown whole.
	context, full bool
}

// sharing is what a shared session is written with: its entries (the
// context blocks left out, unless asked for), its title, and the
// rewriting of local paths.
type sharing struct {
	entries []cards.Entry
	title   string
	project string
	started time.Time
	// local rewrites the text written: the input's path as its name,
	// paths in the project relative to it, the home directory as ~.
	local *strings.Replacer
}

// shareOf prepares tr to be shared.
func shareOf(tr *replay.Transcript, o shareOptions) sharing {
	s := sessionOf(tr)
	sh := sharing{title: firstNonEmpty(tr.Title, s.Title), project: s.Project, started: s.Started}
	if sh.title == "" {
		sh.title = listing.CutMiddle(listing.OneLine(firstPromptOf(tr.Entries)), 80)
	}
	sh.entries = problemsByName(tr.Entries)
	if !o.context {
		sh.entries = withoutContext(sh.entries)
	}
	var pairs []string
	if tr.Source != "" && tr.Source != "-" {
		pairs = append(pairs, tr.Source, filepath.Base(tr.Source))
	}
	if s.Project != "" && s.Project != "/" {
		pairs = append(pairs, s.Project+"/", "", s.Project, ".")
	}
	if home := homeDir(); home != "" && home != "/" {
		pairs = append(pairs, home+"/", "~/", home, "~")
	}
	sh.local = strings.NewReplacer(pairs...)
	return sh
}

// problemsByName is entries with every problem, nested ones included (a
// sub-agent's file under its card), naming its file by its name only, as
// the main file is named: a shared session names no local directory.
func problemsByName(entries []cards.Entry) []cards.Entry {
	out := make([]cards.Entry, len(entries))
	for i, e := range entries {
		switch e := e.(type) {
		case cards.Problem:
			if e.Source != "" && e.Source != "-" {
				e.Source = filepath.Base(e.Source)
			}
			out[i] = e
		case cards.ToolCard:
			e.Children = problemsByName(e.Children)
			out[i] = e
		case cards.Message, cards.Notice:
			out[i] = e
		}
	}
	return out
}

// sessionOf is what the session file says of itself when it is a file
// of an agent the listing knows: its project and title, from tr and the
// file's head and tail (tr is not decoded again).
func sessionOf(tr *replay.Transcript) sessions.Session {
	src, ok := sessions.Find(agents.Sessions, sessions.Agent(tr.Format))
	if !ok {
		return sessions.Session{}
	}
	if info, err := os.Stat(tr.Source); err != nil || !info.Mode().IsRegular() {
		return sessions.Session{}
	}
	return sessions.Describe(tr.Source, src, tr)
}

// firstPromptOf is the first thing the user typed.
func firstPromptOf(entries []cards.Entry) string {
	for _, e := range entries {
		if m, ok := e.(cards.Message); ok && m.Role == cards.RoleUser {
			return m.Text
		}
	}
	return ""
}

// withoutContext leaves the context blocks out of entries, with a notice
// at the top that says how many and how to have them.
func withoutContext(entries []cards.Entry) []cards.Entry {
	var kept []cards.Entry
	dropped := 0
	for _, e := range entries {
		if m, ok := e.(cards.Message); ok && m.Role == cards.RoleContext {
			dropped++
			continue
		}
		kept = append(kept, e)
	}
	if dropped == 0 {
		return entries
	}
	note := cards.Notice{Text: fmt.Sprintf("%s left out (the instructions and environment the agent was given; --context includes them)",
		count(dropped, "context block", "context blocks"))}
	return append([]cards.Entry{note}, kept...)
}

// fitMarkdown joins the Markdown of the entries within budget
// characters: past it, the longest entries are folded to fewer and fewer
// lines (with a note of what was cut), then the last entries are left
// out (with a note). Prompts are never folded.
func fitMarkdown(parts []string, prompts []bool, budget int) string {
	if total(parts) <= budget {
		return strings.Join(parts, "\n")
	}
	for _, keep := range []int{40, 20, 10, 5, 2} {
		folded := make([]string, len(parts))
		for i, p := range parts {
			folded[i] = p
			if !prompts[i] {
				folded[i] = foldLines(p, keep)
			}
		}
		if total(folded) <= budget {
			return strings.Join(folded, "\n")
		}
		parts = folded
	}
	return cutEntries(parts, budget)
}

// total is the characters of parts joined by newlines.
func total(parts []string) int {
	n := max(len(parts)-1, 0)
	for _, p := range parts {
		n += len([]rune(p))
	}
	return n
}

// foldLines keeps the first keep lines of an entry's Markdown, closes a
// code fence left open and notes how many lines were cut.
func foldLines(md string, keep int) string {
	lines := strings.Split(strings.TrimRight(md, "\n"), "\n")
	if len(lines) <= keep+1 {
		return md
	}
	kept := lines[:keep]
	fence := ""
	for _, l := range kept {
		t := strings.TrimSpace(l)
		switch {
		case fence == "" && (strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~")):
			fence = t[:len(t)-len(strings.TrimLeft(t, t[:1]))]
		case fence != "" && strings.HasPrefix(t, fence) && strings.Trim(t, t[:1]) == "":
			fence = ""
		}
	}
	out := strings.Join(kept, "\n") + "\n"
	if fence != "" {
		out += fence + "\n"
	}
	return out + fmt.Sprintf("\n*… %s folded to fit a comment; --full writes everything*\n", count(len(lines)-keep, "line", "lines"))
}

// cutEntries keeps the first entries that fit in budget, and a note of
// how many were left out.
func cutEntries(parts []string, budget int) string {
	var b strings.Builder
	for i, p := range parts {
		note := fmt.Sprintf("\n*… %s left out to fit a comment; --full writes everything*\n", count(len(parts)-i, "more entry", "more entries"))
		if len([]rune(b.String()))+len([]rune(p))+1+len(note) > budget {
			b.WriteString(note)
			return b.String()
		}
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString(p)
	}
	return b.String()
}
