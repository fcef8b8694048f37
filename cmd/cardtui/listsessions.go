package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync/atomic"
	"time"

	"github.com/cardtui/cardtui/agents"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/cmd/cardtui/internal/listing"
	exportmd "github.com/cardtui/cardtui/export/markdown"
	"github.com/cardtui/cardtui/render"
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
	said := false
	list, err := sessions.ListProgressively(h.options(), func(p sessions.Progress) bool {
		if !said && p.Total >= indexNotice {
			printLine(stderr, "cardtui: indexing %d sessions; a listing after this one reads only what changed", p.Total)
			said = true
		}
		return true
	})
	if err != nil {
		printLine(stderr, "cardtui: %v", err)
	}
	if all {
		return list
	}
	return h.project.Filter(list)
}

// indexNotice is how many files to read whole make a listing say on
// stderr that it is indexing.
const indexNotice = 50

// listInBackground lists the sessions of every project on a goroutine,
// and sends each of its reports (sessions.ListProgressively) on the
// channel returned, closed once the index is written. After the first
// report it waits until drawn is closed (the first screen is on the
// terminal), at most firstScreenWait: reading the rest on every processor
// meanwhile held the first frame back by a tenth of a second or more.
// Once quit is set, it reads no more file whole and writes the index of
// those it read. A failure to save the index is not reported: the next
// listing reads the files again.
func (h history) listInBackground(quit *atomic.Bool, drawn <-chan struct{}) <-chan sessions.Progress {
	reports := make(chan sessions.Progress, 1)
	go func() {
		defer close(reports)
		o := h.options()
		o.Heads = true
		first := true
		_, _ = sessions.ListProgressively(o, func(p sessions.Progress) bool {
			if quit.Load() {
				return false
			}
			reports <- p
			if first {
				first = false
				waitForFirstScreen(drawn)
			}
			return true
		})
	}()
	return reports
}

// firstScreenWait bounds how long the listing waits for the first screen.
const firstScreenWait = time.Second

// waitForFirstScreen returns once drawn is closed, or after
// firstScreenWait.
func waitForFirstScreen(drawn <-chan struct{}) {
	timer := time.NewTimer(firstScreenWait)
	defer timer.Stop()
	select {
	case <-drawn:
	case <-timer.C:
	}
}

// options are the sessions.Options of the listing.
func (h history) options() sessions.Options {
	return sessions.Options{Sources: agents.Sessions, Roots: h.roots, Agents: h.agents, CacheDir: h.cache, CardText: cardSearchText}
}

// cardSearchText is what a search looks in of a tool card: its Markdown
// export at a width of 100.
func cardSearchText(c cards.ToolCard) string {
	return exportmd.Entry(c, render.Options{Width: 100})
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
	touched := fs.String("touched", "", "the sessions whose tool calls read or changed this file")
	showCache := fs.Bool("cache", false, "where the cache is ($XDG_CACHE_HOME/cardtui) and its size")
	clearCache := fs.Bool("clear-cache", false, "remove the cache; the next listing builds it again")
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
	defer collectLess(indexPace)()
	h := historyFromEnv(only)
	if *showCache || *clearCache {
		return runCache(h.cache, *clearCache, stdout, stderr)
	}
	list := h.list(*all, stderr)
	if *touched != "" {
		return touchedBy(h, list, *touched, stdout)
	}
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

// writeJSONLines writes one JSON object per session, with the C1
// controls and the bidi controls that Go's encoder leaves raw written as
// \u escapes: a terminal that shows the JSON acts on neither.
func writeJSONLines(stdout, stderr io.Writer, list []sessions.Session) int {
	for _, s := range list {
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(s); err != nil {
			printLine(stderr, "cardtui: write: %v", err)
			return exitProblems
		}
		if _, err := io.WriteString(stdout, escapeControls(b.String())); err != nil {
			printLine(stderr, "cardtui: write: %v", err)
			return exitProblems
		}
	}
	return exitOK
}

// escapeControls writes the C1 controls (U+0080–U+009F) and the bidi
// controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) of
// encoded JSON as \u escapes; they can only be inside its strings, where
// an escape means the same.
func escapeControls(js string) string {
	var b strings.Builder
	for _, r := range js {
		if r >= 0x80 && r <= 0x9f || r == 0x61c || r == 0x200e || r == 0x200f || r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069 {
			fmt.Fprintf(&b, `\u%04x`, r)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
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
