package harness

import (
	"encoding/json"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/cardtui/cardtui/internal/lazyregexp"
	"github.com/cardtui/cardtui/sessions"
)

// Sessions is where the deepseek harness keeps its session logs and what
// in their lines describes a session: its row of agents.Sessions. The
// home is $DSH_HOME, else ~/.dsh; session logs are
// sessions/<project key>/<session id>/session[.vN].jsonl[.zstd] under it.
var Sessions = sessions.Source{
	Agent:        "harness",
	Format:       LogFormat,
	HomeEnv:      "DSH_HOME",
	HomeDefault:  ".dsh",
	Where:        where,
	Discover:     discover,
	TitleMarkers: [][]byte{[]byte(`"type":"session/title"`)},
	Meta:         meta,
}

// where names the session logs under home.
func where(home string) []string {
	return []string{filepath.Join(home, "sessions", "*", "*", "session*.jsonl[.zstd]")}
}

// logName matches the names the harness gives a session's log
// generations: session.jsonl for version 0, session.vN.jsonl after it
// (dsh-session-format's sessionFormatLogFilename; older builds wrote
// session.N.jsonl), with .zstd when compressed.
var logName = lazyregexp.New(`^session(?:\.v?([1-9][0-9]*))?\.jsonl(?:\.zstd)?$`)

// discover lists, in every session directory
// (sessions/<project key>/<session id>/, dsh-session-persistence-jsonl's
// layout), the log of the newest generation: older ones are immutable
// copies of the same session in an older format.
func discover(home string, f *sessions.Found) {
	root := filepath.Join(home, "sessions")
	for _, project := range f.Dirs(root) {
		for _, id := range f.Dirs(filepath.Join(root, project)) {
			dir := filepath.Join(root, project, id)
			if name := newestGeneration(f.Entries(dir)); name != "" {
				f.File(filepath.Join(dir, name), false)
			}
		}
	}
}

// newestGeneration is the name of the log of the highest generation among
// entries, "" when there is none; a compressed and a plain log of one
// generation are told apart by the plain one, which a profile with
// compression off writes.
func newestGeneration(entries []fs.DirEntry) string {
	best, bestVersion := "", -1
	for _, e := range entries {
		m := logName().FindStringSubmatch(e.Name())
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

// metaLine holds the fields of a log line that describe the session
// rather than a step of it.
type metaLine struct {
	Type string `json:"type"`
	// Cwd is the project, in the "session" header.
	Cwd string `json:"cwd"`
	// CreatedAt is the header's start, in Unix milliseconds.
	CreatedAt int64 `json:"createdAt"`
	// Origin and DelegationDepth mark a sub-agent's session.
	Origin          string `json:"origin"`
	DelegationDepth int    `json:"delegationDepth"`
	// Timestamp is a line's time, when it has one.
	Timestamp string `json:"timestamp"`
	// Data is an event's body; session/title's holds the title.
	Data struct {
		Title string `json:"title"`
	} `json:"data"`
}

// meta takes the project, the start and whether it is a sub-agent's
// session from the header, the title from session/title events, and the
// time of the lines that have one.
func meta(l []byte, f *sessions.Facts) error {
	var m metaLine
	if err := json.Unmarshal(l, &m); err != nil {
		return err
	}
	if m.Type == "session" {
		f.Project = m.Cwd
		f.Started = time.UnixMilli(m.CreatedAt).UTC()
		f.Subagent = m.Origin == "subagent" || m.DelegationDepth > 0
	}
	if m.Type == "session/title" && strings.TrimSpace(m.Data.Title) != "" {
		f.Title = strings.TrimSpace(m.Data.Title)
	}
	f.Stamp(m.Timestamp)
	return nil
}
