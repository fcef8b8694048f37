package main

import (
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

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
	m, err := matcherOf(operands[0], *useRegexp)
	if err != nil {
		return usageError(stderr, "search: %v", err)
	}
	h := historyFromEnv(agentsOf(agent.value))
	list := h.list(*all, stderr)
	w := hitWriter{out: stdout, home: homeDir(), color: colorOn(color.value, stdout), width: 0}
	if isTerminal(stdout) {
		w.width = terminalWidth(stdout)
	}
	found := 0
	sessions.Search(h.options(), withoutProblems(list), m, false, func(hit sessions.Hit) bool {
		found++
		w.write(hit)
		return true
	})
	if found == 0 {
		printLine(stderr, "cardtui: no line of %d sessions holds %q", len(list), operands[0])
		return exitProblems
	}
	return exitOK
}

// matcherOf finds pattern literally, or as a regular expression.
func matcherOf(pattern string, isRegexp bool) (sessions.Matcher, error) {
	if !isRegexp {
		return sessions.LiteralMatcher([]byte(pattern)), nil
	}
	re, err := regexp.Compile(pattern)
	if err != nil {
		return sessions.Matcher{}, err
	}
	return sessions.RegexpMatcher(re), nil
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

// hitWriter writes the hits of a search, one line each.
type hitWriter struct {
	out   io.Writer
	home  string
	color bool
	width int
}

// matchStyle highlights a match.
var matchStyle = lipgloss.NewStyle().Reverse(true)

// write writes hit as session · time · card title · line, the matches
// highlighted (with colours) or left as they are.
func (w hitWriter) write(hit sessions.Hit) {
	head := strings.Join([]string{
		listing.CutMiddle(listing.Label(hit.Session), 40), listing.When(hit.Session.LastActivity),
		listing.CutMiddle(listing.OneLine(hit.Line.Title), 40),
	}, " · ") + " · "
	line := highlight(hit.Line.Text, hit.Matches, w.color)
	out := head + line
	if w.width > 0 {
		out = ansi.Truncate(out, w.width, "…")
	}
	fmt.Fprintln(w.out, out)
}

// highlight is text made safe for a terminal, its matches highlighted
// when color. The document's text is safe already; it is made so again
// piece by piece, so that no cut between matches can join an escape.
func highlight(text string, at [][2]int, color bool) string {
	var b strings.Builder
	prev := 0
	for _, m := range at {
		if m[0] < prev || m[1] > len(text) {
			continue
		}
		b.WriteString(listing.OneLine(text[prev:m[0]]))
		match := listing.OneLine(text[m[0]:m[1]])
		if color {
			match = matchStyle.Render(match)
		}
		b.WriteString(match)
		prev = m[1]
	}
	b.WriteString(listing.OneLine(text[prev:]))
	return b.String()
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
