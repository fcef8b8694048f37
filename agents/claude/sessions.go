package claude

import (
	"path/filepath"
	"strings"

	"github.com/cardtui/cardtui/internal/fastjson"
	"github.com/cardtui/cardtui/sessions"
)

// Sessions is where Claude Code keeps its transcripts and what in their
// lines describes a session: its row of agents.Sessions. The home is
// $CLAUDE_CONFIG_DIR, else ~/.claude; transcripts are projects/*/*.jsonl
// under it.
var Sessions = sessions.Source{
	Agent:        "claude",
	Format:       Format,
	HomeEnv:      "CLAUDE_CONFIG_DIR",
	HomeDefault:  ".claude",
	Where:        where,
	Discover:     discover,
	TitleMarkers: [][]byte{[]byte(`"type":"summary"`)},
	Meta:         meta,
}

// where names the transcripts under home.
func where(home string) []string {
	return []string{filepath.Join(home, "projects", "*", "*.jsonl")}
}

// discover lists projects/*/*.jsonl. Sub-agent transcripts, which newer
// versions keep in a folder beside the session, are part of their session
// and not listed.
func discover(home string, f *sessions.Found) {
	projects := filepath.Join(home, "projects")
	for _, dir := range f.Dirs(projects) {
		for _, e := range f.Entries(filepath.Join(projects, dir)) {
			if !e.IsDir() && strings.HasSuffix(e.Name(), ".jsonl") {
				f.File(filepath.Join(projects, dir, e.Name()), false)
			}
		}
	}
}

// metaLine holds the fields of a transcript line that describe the
// session rather than a step of it.
type metaLine struct {
	Type string `json:"type"`
	// Cwd, the project, is in every line.
	Cwd string `json:"cwd"`
	// Timestamp is the line's time.
	Timestamp string `json:"timestamp"`
	// IsSidechain marks a sub-agent's line.
	IsSidechain bool `json:"isSidechain"`
	// Summary is the session's title.
	Summary string `json:"summary"`
}

// meta takes the project (and whether it is a sub-agent's) from the first
// line that has a cwd, the title from a summary line, and every line's
// time.
func meta(l []byte, f *sessions.Facts) error {
	var m metaLine
	if err := fastjson.Unmarshal(l, &m); err != nil {
		return err
	}
	if f.Project == "" && m.Cwd != "" {
		f.Project, f.Subagent = m.Cwd, m.IsSidechain
	}
	if m.Type == "summary" && strings.TrimSpace(m.Summary) != "" {
		f.Title = strings.TrimSpace(m.Summary)
	}
	f.Stamp(m.Timestamp)
	return nil
}
