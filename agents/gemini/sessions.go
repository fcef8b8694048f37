package gemini

import (
	"encoding/json"
	"path/filepath"
	"strings"

	"github.com/cardtui/cardtui/sessions"
)

// Sessions is where Gemini CLI keeps its chats and what in their lines
// describes a session: its row of agents.Sessions. The home is
// ~/.gemini; chats are tmp/<project>/chats/session-*.jsonl (and the
// .json of older releases), a sub-agent's tmp/<project>/chats/<parent
// session id>/*.jsonl.
var Sessions = sessions.Source{
	Agent:        "gemini",
	Format:       Format,
	HomeDefault:  ".gemini",
	Where:        where,
	Discover:     discover,
	TitleMarkers: [][]byte{[]byte(`"summary":`)},
	Meta:         meta,
}

// where names the chats under home.
func where(home string) []string {
	return []string{filepath.Join(home, "tmp", "*", "chats", "session-*.jsonl")}
}

// discover lists the chats of every project's temporary directory, and
// the sub-agents' chats under them.
func discover(home string, f *sessions.Found) {
	root := filepath.Join(home, "tmp")
	for _, project := range f.Dirs(root) {
		chats := filepath.Join(root, project, "chats")
		for _, e := range f.Entries(chats) {
			name := e.Name()
			switch {
			case e.IsDir():
				for _, sub := range f.Entries(filepath.Join(chats, name)) {
					if strings.HasSuffix(sub.Name(), ".jsonl") && !sub.IsDir() {
						f.File(filepath.Join(chats, name, sub.Name()), false)
					}
				}
			case strings.HasPrefix(name, "session-") && strings.HasSuffix(name, ".jsonl"):
				f.File(filepath.Join(chats, name), false)
			}
		}
	}
}

// metaLine holds the fields of a line that describe the session.
type metaLine struct {
	SessionID   *string  `json:"sessionId"`
	StartTime   string   `json:"startTime"`
	LastUpdated string   `json:"lastUpdated"`
	Kind        string   `json:"kind"`
	Summary     string   `json:"summary"`
	Directories []string `json:"directories"`
	Timestamp   string   `json:"timestamp"`
	Model       string   `json:"model"`
	Set         *struct {
		Summary     string `json:"summary"`
		LastUpdated string `json:"lastUpdated"`
	} `json:"$set"`
}

// meta takes the start, the kind and the first directory from the
// metadata line, the title from a summary, and every line's time. The
// metadata names the project by a hash only; a project's temporary
// directory says its root, which is not read.
func meta(l []byte, f *sessions.Facts) error {
	var m metaLine
	if err := json.Unmarshal(l, &m); err != nil {
		return err
	}
	if m.SessionID != nil {
		f.Started = sessions.ParseTime(m.StartTime)
		f.Subagent = m.Kind == "subagent"
		if len(m.Directories) > 0 {
			f.Project = m.Directories[0]
		}
		f.Stamp(m.LastUpdated)
	}
	if m.Summary != "" {
		f.Title = m.Summary
	}
	if m.Set != nil {
		if m.Set.Summary != "" {
			f.Title = m.Set.Summary
		}
		f.Stamp(m.Set.LastUpdated)
	}
	if m.Model != "" {
		f.Model = m.Model
	}
	f.Stamp(m.Timestamp)
	return nil
}
