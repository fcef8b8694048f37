package gemini

import (
	"encoding/json"
	"io"
	"path/filepath"
	"strings"

	"github.com/cardtui/cardtui/internal/regularfile"
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
	Document:     &Document,
}

// where names the chats under home.
func where(home string) []string {
	return []string{
		filepath.Join(home, "tmp", "*", "chats", "session-*.jsonl"),
		filepath.Join(home, "tmp", "*", "chats", "session-*.json"),
	}
}

// discover lists the chats of every project's temporary directory, and
// the sub-agents' chats under them, each under the project that
// directory's .project_root names.
func discover(home string, f *sessions.Found) {
	root := filepath.Join(home, "tmp")
	for _, project := range f.Dirs(root) {
		dir := projectRoot(filepath.Join(root, project))
		chats := filepath.Join(root, project, "chats")
		for _, e := range f.Entries(chats) {
			name := e.Name()
			switch {
			case e.IsDir():
				for _, sub := range f.Entries(filepath.Join(chats, name)) {
					if strings.HasSuffix(sub.Name(), ".jsonl") && !sub.IsDir() {
						f.ProjectFile(filepath.Join(chats, name, sub.Name()), dir)
					}
				}
			case strings.HasPrefix(name, "session-") && (strings.HasSuffix(name, ".jsonl") || strings.HasSuffix(name, ".json")):
				f.ProjectFile(filepath.Join(chats, name), dir)
			}
		}
	}
}

// maxProjectRoot bounds what is read of a .project_root file: a path.
const maxProjectRoot = 4096

// projectRoot is the project path that Gemini CLI writes in the
// .project_root file of a project's temporary directory (the chats name
// the project by a hash only); "" when there is none, or it is not a
// regular file or not one absolute path.
func projectRoot(tmp string) string {
	f, _, err := regularfile.Open(filepath.Join(tmp, ".project_root"))
	if err != nil {
		return ""
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxProjectRoot+1))
	path := strings.TrimSpace(string(data))
	if err != nil || len(data) > maxProjectRoot || !filepath.IsAbs(path) || strings.ContainsAny(path, "\n\x00") {
		return ""
	}
	return path
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
// metadata names the project by a hash only: discover takes it from the
// project's temporary directory.
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
