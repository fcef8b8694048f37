package main

import (
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"sync"

	"github.com/cardtui/cardtui/cmd/cardtui/internal/listing"
	"github.com/cardtui/cardtui/sessions"
)

// `cardtui search PATTERN` finds the sessions by what happened in them:
// their prompts, replies, commands, paths, diffs and outputs, as the
// sessions' documents in the index hold them (sessions.Document).

// runSearch is `cardtui search`: every line that holds PATTERN, newest
// session first, as session · time · card title · the line.
func runSearch(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("search")
	all := fs.Bool("all", false, "every project")
	useRegexp := fs.Bool("regexp", false, "PATTERN is a regular expression")
	agent := choice(fs, "agent", append([]string{"all"}, agentNames()...)...)
	color := choice(fs, "color", "auto", "always", "never")
	operands, code, ok := parseArgs(fs, args, stdout, stderr)
	if !ok {
		return code
	}
	if len(operands) != 1 || operands[0] == "" {
		return usageError(stderr, "search takes one PATTERN")
	}
	m, err := listing.Matcher(operands[0], *useRegexp)
	if err != nil {
		return usageError(stderr, "search: %v", err)
	}
	defer collectLess(indexPace)()
	h := historyFromEnv(agentsOf(agent.value))
	list := h.list(*all, stderr)
	width := 0
	if isTerminal(stdout) {
		width = terminalWidth(stdout)
	}
	f := hitFormat(colorOn(color.value, stdout), width)
	// Each session's hits are formatted where they are found, on every
	// processor, and written in one block as soon as the sessions before
	// it are: a write for every line cost more than the search.
	found := false
	sessions.SearchEach(h.options(), withoutProblems(list), m, false, func(hits *sessions.Hits) *[]byte {
		return appendHits(blocks.Get().(*[]byte), f, hits)
	}, func(block *[]byte) bool {
		found = true
		_, err := stdout.Write(*block)
		blocks.Put(block)
		return err == nil
	})
	if !found {
		printLine(stderr, "cardtui: no line of %d sessions holds %q", len(list), operands[0])
		return exitProblems
	}
	return exitOK
}

// blocks are the buffers the hits of a session are written in.
var blocks = sync.Pool{New: func() any { return new([]byte) }}

// appendHits sets b to the lines of the hits of one session, as f
// writes them, the session's head made once and each card's once.
func appendHits(b *[]byte, f listing.HitFormat, hits *sessions.Hits) *[]byte {
	*b = slices.Grow((*b)[:0], hits.TextLen()+128*hits.Len())
	session := f.SessionHead(hits.Session)
	heads := map[string]string{}
	for hit := range hits.All() {
		head, ok := heads[hit.Line.Title]
		if !ok {
			head = session + f.CardHead(hit.Line.Title)
			heads[hit.Line.Title] = head
		}
		*b = append(f.AppendLine(*b, head, hit), '\n')
	}
	return b
}

// agentsOf is the agents --agent names, nil for all.
func agentsOf(value string) []sessions.Agent {
	if value == "all" {
		return nil
	}
	return []sessions.Agent{sessions.Agent(value)}
}

// withoutProblems are the sessions of list that could be read.
func withoutProblems(list []sessions.Session) []sessions.Session {
	var ok []sessions.Session
	for _, s := range list {
		if s.Size > 0 {
			ok = append(ok, s)
		}
	}
	return ok
}

// colorOn says whether --color asks for colours on w.
func colorOn(value string, w io.Writer) bool {
	return value == "always" || value == "auto" && isTerminal(w)
}

// hitFormat writes the hits as `cardtui search` prints them: the whole
// label and title up to 40 cells each, the matches highlighted with
// colours, each line cut at width cells when it is not 0.
func hitFormat(color bool, width int) listing.HitFormat {
	f := listing.HitFormat{Label: 40, Title: 40, When: listing.When, Width: width}
	if color {
		f.Mark = listing.Highlight
	}
	return f
}

// touchedBy lists the sessions whose tool calls read or changed path,
// with the calls: `cardtui sessions --touched PATH`.
func touchedBy(h history, list []sessions.Session, path string, stdout io.Writer) int {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	m := sessions.LiteralMatcher([]byte(filepath.Base(abs)))
	home := homeDir()
	last := ""
	sessions.Search(h.options(), withoutProblems(list), m, true, func(hit sessions.Hit) bool {
		if !samePath(hit.Line.Text, abs, hit.Session.Project) {
			return true
		}
		if hit.Session.Path != last {
			last = hit.Session.Path
			fmt.Fprintf(stdout, "%s · %s · %s · %s\n", hit.Session.Agent, listing.When(hit.Session.LastActivity),
				listing.ShortPath(hit.Session.Project, home), listing.Label(hit.Session))
		}
		fmt.Fprintf(stdout, "  %s · %s\n", listing.OneLine(hit.Line.Title), listing.ShortPath(hit.Line.Text, home))
		return true
	})
	return exitOK
}

// samePath reports whether a path a call recorded, absolute or relative
// to the session's project, is abs.
func samePath(recorded, abs, project string) bool {
	if !filepath.IsAbs(recorded) {
		if project == "" {
			return false
		}
		recorded = filepath.Join(project, recorded)
	}
	return filepath.Clean(recorded) == abs
}
