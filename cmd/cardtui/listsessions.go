package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/cardtui/cardtui/sessions"
	"github.com/cardtui/cardtui/termsafe"
)

// history is where the sessions of this machine are looked for, and which
// project is the current one.
type history struct {
	roots   sessions.Roots
	cache   string
	project sessions.Project
	agents  []sessions.Agent
}

// historyFromEnv is the history the environment names: the agents' homes,
// the user's cache directory and the current directory's project.
func historyFromEnv(agents []sessions.Agent) history {
	h := history{roots: sessions.RootsFromEnv(), agents: agents}
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
	list, err := sessions.List(sessions.Options{Roots: h.roots, Agents: h.agents, CacheDir: h.cache})
	if err != nil {
		printLine(stderr, "cardtui: %v", err)
	}
	if all {
		return list
	}
	return h.project.Filter(list)
}

// where says where sessions were looked for, for a report that found
// none.
func (h history) where(all bool) string {
	agents := h.agents
	if agents == nil {
		agents = sessions.Agents
	}
	var places []string
	for _, a := range agents {
		places = append(places, h.roots.Where(a)...)
	}
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
	var agents []sessions.Agent
	if agent.value != "all" {
		agents = []sessions.Agent{sessions.Agent(agent.value)}
	}
	h := historyFromEnv(agents)
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
	writeTable(stdout, list, width, homeDir())
	return exitOK
}

// agentNames are the values of --agent.
func agentNames() []string {
	var names []string
	for _, a := range sessions.Agents {
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

// The table's fixed columns and their widths.
var tableColumns = []struct {
	name  string
	width int
}{{"AGENT", 7}, {"STARTED", 10}, {"LAST ACTIVITY", 16}, {"TOOLS", 6}, {"SIZE", 8}}

// projectWidth is the widest a project is shown; a longer path keeps its
// end.
const projectWidth = 24

// writeTable writes the sessions as a table: the fixed columns, the
// project, then the title or first prompt on the rest of the line (a
// file's problem instead, after "!"). Text from the files is made safe
// for a terminal and kept to one line; the lines are cut at width when it
// is not 0.
func writeTable(w io.Writer, list []sessions.Session, width int, home string) {
	fit := func(line string) string {
		if width == 0 {
			return line
		}
		return ansi.Truncate(line, width, "…")
	}
	var header []string
	for _, c := range tableColumns {
		header = append(header, pad(c.name, c.width))
	}
	header = append(header, pad("PROJECT", projectWidth), "TITLE OR FIRST PROMPT")
	fmt.Fprintln(w, fit(strings.Join(header, " ")))
	for _, s := range list {
		cells := []string{
			pad(string(s.Agent), 7), pad(day(s.Started), 10), pad(when(s.LastActivity), 16),
			padLeft(toolCalls(s), 6), padLeft(size(s.Size), 8),
			pad(cutLeft(shortPath(s.Project, home), projectWidth), projectWidth),
			label(s),
		}
		fmt.Fprintln(w, fit(strings.Join(cells, " ")))
	}
}

// label is a session's title or first prompt on one line, or its problem.
func label(s sessions.Session) string {
	text := s.Label()
	if s.Problem != "" {
		text = "! " + s.Problem + " · " + s.Path
	}
	return oneLine(text)
}

// oneLine is text made safe for a terminal, its lines joined by spaces.
func oneLine(text string) string {
	return strings.Join(strings.Fields(termsafe.SanitizeText(text)), " ")
}

// day is the date of a time in the local zone, "-" when unknown.
func day(t time.Time) string {
	if t.IsZero() {
		return "-"
	}
	return t.Local().Format(time.DateOnly)
}

// when is a time in the local zone to the minute, "-" when unknown.
func when(t time.Time) string {
	if t.IsZero() {
		return "-"
	}
	return t.Local().Format("2006-01-02 15:04")
}

// toolCalls is the number of tool calls, "~N" when estimated.
func toolCalls(s sessions.Session) string {
	if s.ToolCallsEstimated {
		return fmt.Sprintf("~%d", s.ToolCalls)
	}
	return fmt.Sprint(s.ToolCalls)
}

// size is a size in bytes, in the largest unit that keeps it above 1.
func size(n int64) string {
	units := []string{"B", "KiB", "MiB", "GiB"}
	f, i := float64(n), 0
	for ; f >= 1024 && i < len(units)-1; i++ {
		f /= 1024
	}
	if i == 0 {
		return fmt.Sprintf("%d B", n)
	}
	return fmt.Sprintf("%.1f %s", f, units[i])
}

// homeDir is the user's home, "" when unknown.
func homeDir() string {
	home, _ := os.UserHomeDir()
	return home
}

// shortPath writes a path under home with ~, and "-" for none.
func shortPath(path, home string) string {
	switch {
	case path == "":
		return "-"
	case home != "" && path == home:
		return "~"
	case home != "" && strings.HasPrefix(path, home+string(filepath.Separator)):
		return "~" + path[len(home):]
	}
	return oneLine(path)
}

// cutLeft keeps the end of s within width cells, marking the cut.
func cutLeft(s string, width int) string {
	if ansi.StringWidth(s) <= width {
		return s
	}
	return "…" + ansi.TruncateLeft(s, ansi.StringWidth(s)-width+1, "")
}

// pad pads s with spaces to width cells.
func pad(s string, width int) string {
	return s + strings.Repeat(" ", max(width-ansi.StringWidth(s), 0))
}

// padLeft right-aligns s in width cells.
func padLeft(s string, width int) string {
	return strings.Repeat(" ", max(width-ansi.StringWidth(s), 0)) + s
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
