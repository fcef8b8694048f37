package sessions

import (
	"io"
	"time"

	"github.com/cardtui/cardtui/replay"
)

// Source is what sessions knows of one agent: where it keeps its
// sessions, how its files are read, and what in their lines describes a
// session. Each agent's package under agents/ defines its Source; the
// agents package lists them in one table (agents.Sessions) that the
// command hands to List. Adding an agent's sessions is adding its Source
// to that table.
type Source struct {
	// Agent names the agent: the --agent flag's word, Session.Agent, and
	// the name of Format.
	Agent Agent
	// Format reads the agent's session files, for their first prompt,
	// title and first bad line.
	Format replay.Format
	// HomeEnv is the environment variable that moves the agent's home
	// (a blank value counts as unset; a leading ~ is the user's home),
	// HomeDefault the home's path under the user's home otherwise.
	HomeEnv, HomeDefault string
	// Where names the places under home searched for the sessions, as a
	// person would look for them ("…/projects/*/*.jsonl").
	Where func(home string) []string
	// Discover finds the session files under home and adds them, and what
	// could not be read, to f. A directory that does not exist has no
	// sessions.
	Discover func(home string, f *Found)
	// TitleMarkers are the byte strings of the lines that may title the
	// session: such lines are read wherever they are in the head and tail
	// for a title the decoder does not give.
	TitleMarkers [][]byte
	// Meta decodes one line of a session file and takes what it says of
	// the session into f (Facts.Stamp takes a line's time). An error
	// says that the line is not JSON.
	Meta func(line []byte, f *Facts) error
	// OpenListed gives the lines, in Format, of one session of a
	// database the Source listed itself (Found.Listed: "DB#SESSION"),
	// for a search to read what happened in it; nil for a Source whose
	// sessions are files.
	OpenListed func(db, session string) (io.ReadCloser, error)
	// Document reads the session files that are one document rather than
	// a log of lines (a file whose head it matches) as the lines of
	// Format; nil when every file is a log.
	Document *replay.Document
}

// Facts are what the lines of a session file say about the session, as a
// Source's Meta learns it, line after line.
type Facts struct {
	// Project is the directory the agent ran in.
	Project string
	// Title is the session's title, the latest one the lines give.
	Title string
	// Started is when the session began; Last the time of the line
	// read last that has one.
	Started, Last time.Time
	// Subagent marks a session an agent started for a sub-task.
	Subagent bool
	// Model is the model the lines name, the latest one.
	Model string
}

// Stamp takes the time of a line, an RFC 3339 timestamp ("" or anything
// else is no time): the start when none is known yet, and the last
// activity.
func (f *Facts) Stamp(timestamp string) {
	if t := ParseTime(timestamp); !t.IsZero() {
		if f.Started.IsZero() {
			f.Started = t
		}
		f.Last = t
	}
}

// ParseTime reads an RFC 3339 timestamp, in UTC; anything else is the
// zero time.
func ParseTime(s string) time.Time {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}
	}
	return t.UTC()
}

// Find returns the source of agent a among sources.
func Find(sources []Source, a Agent) (Source, bool) {
	for _, s := range sources {
		if s.Agent == a {
			return s, true
		}
	}
	return Source{}, false
}

// loadOptions are replay.Options to read the session of s at path (a
// decoder may read the files beside it: Claude Code's sub-agents).
func (s *Source) loadOptions(path string) replay.Options {
	return replay.Options{Formats: []replay.Format{s.Format}, Format: s.Format.Name, Path: path}
}
