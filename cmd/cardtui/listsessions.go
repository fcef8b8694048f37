package main

import (
	"encoding/json"
	"errors"
	"io"
	"os"
	"strings"

	"github.com/cardtui/cardtui/agents"
	"github.com/cardtui/cardtui/cmd/cardtui/internal/listing"
	"github.com/cardtui/cardtui/sessions"
)

// history is where the sessions of this machine are looked for, and which
// project is the current one.
type history struct {
	roots   sessions.Roots
	cache   string
	project sessions.Project
	agents  []sessions.Agent
}

// historyFromEnv is the history the environment names: the homes of the
// agents of agents.Sessions, the user's cache directory and the current
// directory's project. only are the agents listed, nil is all.
func historyFromEnv(only []sessions.Agent) history {
	h := history{roots: sessions.RootsFromEnv(agents.Sessions), agents: only}
	h.cache, _ = sessions.DefaultCacheDir() // without one, every file is read
	if wd, err := os.Getwd(); err == nil {
		h.project = sessions.ProjectOf(wd)
	}
	return h
}

// list lists the sessions, of every project when all, else of the
// current one. A failure to save the index is reported on stderr and
// changes nothing else.
func (h history) list(all bool, stderr io.Writer) []sessions.Session {
	list, err := sessions.List(h.options())
	if err != nil {
		printLine(stderr, "cardtui: %v", err)
	}
	if all {
		return list
	}
	return h.project.Filter(list)
}

// options are the sessions.Options of the listing.
func (h history) options() sessions.Options {
	return sessions.Options{Sources: agents.Sessions, Roots: h.roots, Agents: h.agents, CacheDir: h.cache}
}

// where says where sessions were looked for, for a report that found
// none.
func (h history) where(all bool) string {
	places := h.roots.Where(h.options().Selected())
	what := "no sessions"
	if !all {
		what = "no sessions of " + h.project.Dir
	}
	return what + " in " + strings.Join(places, ", ")
}

// newest is the newest session of the current project that can be read.
func (h history) newest(stderr io.Writer) (sessions.Session, error) {
	for _, s := range h.list(false, stderr) {
		if s.Problem == "" {
			return s, nil
		}
	}
	return sessions.Session{}, errors.New(h.where(false) + " (cardtui sessions --all lists every project)")
}

// runSessions is `cardtui sessions`: it lists the sessions found, newest
// first, as a table or as JSON lines.
func runSessions(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("sessions")
	all := fs.Bool("all", false, "every project")
	asJSON := fs.Bool("json", false, "one JSON object per session")
	agent := choice(fs, "agent", append([]string{"all"}, agentNames()...)...)
	operands, code, ok := parseArgs(fs, args, stdout, stderr)
	if !ok {
		return code
	}
	if len(operands) > 0 {
		return usageError(stderr, "sessions takes no operand, got %s", strings.Join(operands, " "))
	}
	var only []sessions.Agent
	if agent.value != "all" {
		only = []sessions.Agent{sessions.Agent(agent.value)}
	}
	h := historyFromEnv(only)
	list := h.list(*all, stderr)
	if *asJSON {
		return writeJSONLines(stdout, stderr, list)
	}
	if len(list) == 0 {
		printLine(stderr, "cardtui: %s", h.where(*all))
		return exitOK
	}
	width := 0 // a pipe gets whole lines, for grep
	if isTerminal(stdout) {
		width = terminalWidth(stdout)
	}
	listing.WriteTable(stdout, list, width, homeDir())
	return exitOK
}

// agentNames are the values of --agent.
func agentNames() []string {
	var names []string
	for _, a := range agents.SessionAgents() {
		names = append(names, string(a))
	}
	return names
}

// writeJSONLines writes one JSON object per session.
func writeJSONLines(stdout, stderr io.Writer, list []sessions.Session) int {
	enc := json.NewEncoder(stdout)
	enc.SetEscapeHTML(false)
	for _, s := range list {
		if err := enc.Encode(s); err != nil {
			printLine(stderr, "cardtui: write: %v", err)
			return exitProblems
		}
	}
	return exitOK
}

// resolveLast turns --last into the newest session of the current
// project: replay then reads it as if it were named.
func resolveLast(cfg *replayConfig, stderr io.Writer) (int, bool) {
	if !cfg.last {
		return exitOK, true
	}
	if cfg.operand != "" {
		return usageError(stderr, "--last names the session itself: give --last or FILE, not both"), false
	}
	s, err := historyFromEnv(nil).newest(stderr)
	if err != nil {
		printLine(stderr, "cardtui: %v", err)
		return exitProblems, false
	}
	cfg.operand = s.Path
	return exitOK, true
}

// homeDir is the user's home, "" when unknown.
func homeDir() string {
	home, _ := os.UserHomeDir()
	return home
}
