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
