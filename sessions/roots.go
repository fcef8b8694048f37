package sessions

import (
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/cardtui/cardtui/internal/lazyregexp"
)

// Roots are the home directories of the agents.
type Roots struct {
	// Claude is Claude Code's configuration directory: $CLAUDE_CONFIG_DIR,
	// else ~/.claude. Transcripts are projects/*/*.jsonl under it.
	Claude string
	// Codex is Codex's home: $CODEX_HOME, else ~/.codex. Rollouts are
	// sessions/YYYY/MM/DD/rollout-*.jsonl, and archived ones under
	// archived_sessions.
	Codex string
	// Harness is the deepseek harness's home: $DSH_HOME, else ~/.dsh.
	// Session logs are
	// sessions/<project key>/<session id>/session[.vN].jsonl[.zstd].
	Harness string
}

// RootsFromEnv returns the roots the agents themselves use, from the
// environment variables that move them (a blank one counts as unset, as
// the harness treats $DSH_HOME) and the user's home directory.
func RootsFromEnv() Roots {
	home, _ := os.UserHomeDir()
	dir := func(env, dflt string) string {
		if v := strings.TrimSpace(os.Getenv(env)); v != "" {
			return expandHome(v, home)
		}
		return filepath.Join(home, dflt)
	}
	return Roots{
		Claude:  dir("CLAUDE_CONFIG_DIR", ".claude"),
		Codex:   dir("CODEX_HOME", ".codex"),
		Harness: dir("DSH_HOME", ".dsh"),
	}
}

// expandHome expands a leading ~ as a shell would, which the harness does
// for $DSH_HOME.
func expandHome(path, home string) string {
	if path == "~" {
		return home
	}
	if rest, ok := strings.CutPrefix(path, "~/"); ok {
		return filepath.Join(home, rest)
	}
	return path
}

// Where names the places searched for an agent's sessions, as a person
// would look for them.
func (r Roots) Where(a Agent) []string {
	switch a {
	case Claude:
		return []string{filepath.Join(r.Claude, "projects", "*", "*.jsonl")}
	case Codex:
		return []string{
			filepath.Join(r.Codex, "sessions", "**", "rollout-*.jsonl"),
			filepath.Join(r.Codex, "archived_sessions", "**", "rollout-*.jsonl"),
		}
	case Harness:
		return []string{filepath.Join(r.Harness, "sessions", "*", "*", "session*.jsonl[.zstd]")}
	}
	return nil
}

// candidate is a session file found, not yet read.
type candidate struct {
	agent    Agent
	path     string
	info     fs.FileInfo
	archived bool
}

// discover lists the session files of the agents under the roots. A
// directory that does not exist has no sessions; one that cannot be read
// is a problem, listed as a session with no data.
func (r Roots) discover(agents []Agent) (found []candidate, problems []Session) {
	for _, a := range agents {
		var c []candidate
		var p []Session
		switch a {
		case Claude:
			c, p = discoverClaude(r.Claude)
		case Codex:
			c, p = discoverCodex(r.Codex)
		case Harness:
			c, p = discoverHarness(r.Harness)
		}
		found, problems = append(found, c...), append(problems, p...)
	}
	return found, problems
}

// discoverClaude lists projects/*/*.jsonl. Sub-agent transcripts, which
// newer versions keep in a folder beside the session, are part of their
// session and not listed.
func discoverClaude(root string) ([]candidate, []Session) {
	var found []candidate
	var problems []Session
	projects := filepath.Join(root, "projects")
	for _, dir := range readDirs(projects, Claude, &problems) {
		for _, e := range readEntries(filepath.Join(projects, dir), Claude, &problems) {
			if !e.IsDir() && strings.HasSuffix(e.Name(), ".jsonl") {
				found = appendFile(found, Claude, filepath.Join(projects, dir, e.Name()), false, &problems)
			}
		}
	}
	return found, problems
}

// discoverCodex walks sessions/ and archived_sessions/ for rollout files,
// as Codex's own listing does (codex-rs core/src/rollout: SESSIONS_SUBDIR
// and ARCHIVED_SESSIONS_SUBDIR).
func discoverCodex(root string) ([]candidate, []Session) {
	var found []candidate
	var problems []Session
	for _, sub := range []string{"sessions", "archived_sessions"} {
		archived := sub == "archived_sessions"
		_ = filepath.WalkDir(filepath.Join(root, sub), func(path string, d fs.DirEntry, err error) error {
			switch {
			case err != nil && os.IsNotExist(err):
				return nil
			case err != nil:
				problems = append(problems, Session{Agent: Codex, Path: path, Problem: err.Error()})
				return nil
			case !d.IsDir() && strings.HasPrefix(d.Name(), "rollout-") && strings.HasSuffix(d.Name(), ".jsonl"):
				found = appendFile(found, Codex, path, archived, &problems)
			}
			return nil
		})
	}
	return found, problems
}

// harnessLogName matches the names the harness gives a session's log
// generations: session.jsonl for version 0, session.vN.jsonl after it
// (dsh-session-format's sessionFormatLogFilename; older builds wrote
// session.N.jsonl), with .zstd when compressed.
var harnessLogName = lazyregexp.New(`^session(?:\.v?([1-9][0-9]*))?\.jsonl(?:\.zstd)?$`)

// discoverHarness lists, in every session directory
// (sessions/<project key>/<session id>/, dsh-session-persistence-jsonl's
// layout), the log of the newest generation: older ones are immutable
// copies of the same session in an older format.
func discoverHarness(root string) ([]candidate, []Session) {
	var found []candidate
	var problems []Session
	sessions := filepath.Join(root, "sessions")
	for _, project := range readDirs(sessions, Harness, &problems) {
		for _, id := range readDirs(filepath.Join(sessions, project), Harness, &problems) {
			dir := filepath.Join(sessions, project, id)
			if name := newestGeneration(readEntries(dir, Harness, &problems)); name != "" {
				found = appendFile(found, Harness, filepath.Join(dir, name), false, &problems)
			}
		}
	}
	return found, problems
}

// newestGeneration is the name of the log of the highest generation among
// entries, "" when there is none; a compressed and a plain log of one
// generation are told apart by the plain one, which a profile with
// compression off writes.
func newestGeneration(entries []fs.DirEntry) string {
	best, bestVersion := "", -1
	for _, e := range entries {
		m := harnessLogName().FindStringSubmatch(e.Name())
		if m == nil || e.IsDir() {
			continue
		}
		version, _ := strconv.Atoi(m[1]) // "" is version 0
		if version > bestVersion || version == bestVersion && !strings.HasSuffix(e.Name(), ".zstd") {
			best, bestVersion = e.Name(), version
		}
	}
	return best
}

// readDirs returns the names of the directories in dir; a dir that does
// not exist has none, one that cannot be read is a problem.
func readDirs(dir string, a Agent, problems *[]Session) []string {
	var names []string
	for _, e := range readEntries(dir, a, problems) {
		if e.IsDir() {
			names = append(names, e.Name())
		}
	}
	return names
}

// readEntries returns dir's entries; a dir that does not exist has none,
// one that cannot be read is a problem.
func readEntries(dir string, a Agent, problems *[]Session) []fs.DirEntry {
	entries, err := os.ReadDir(dir)
	if err != nil && !os.IsNotExist(err) {
		*problems = append(*problems, Session{Agent: a, Path: dir, Problem: err.Error()})
	}
	return entries
}

// appendFile appends the file at path when it can be stat'ed, else a
// problem.
func appendFile(found []candidate, a Agent, path string, archived bool, problems *[]Session) []candidate {
	info, err := os.Stat(path)
	if err != nil {
		*problems = append(*problems, Session{Agent: a, Path: path, Archived: archived, Problem: err.Error()})
		return found
	}
	if !info.Mode().IsRegular() {
		return found
	}
	return append(found, candidate{agent: a, path: path, info: info, archived: archived})
}
