package codex

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/cardtui/cardtui/internal/fastjson"
	"github.com/cardtui/cardtui/sessions"
)

// Sessions is where Codex keeps its rollouts and what in their lines
// describes a session: its row of agents.Sessions. The home is
// $CODEX_HOME, else ~/.codex; rollouts are
// sessions/YYYY/MM/DD/rollout-*.jsonl, and archived ones under
// archived_sessions.
var Sessions = sessions.Source{
	Agent:       "codex",
	Format:      Format,
	HomeEnv:     "CODEX_HOME",
	HomeDefault: ".codex",
	Where:       where,
	Discover:    discover,
	Meta:        meta,
}

// where names the live and the archived rollouts under home.
func where(home string) []string {
	return []string{
		filepath.Join(home, "sessions", "**", "rollout-*.jsonl"),
		filepath.Join(home, "archived_sessions", "**", "rollout-*.jsonl"),
	}
}

// discover walks sessions/ and archived_sessions/ for rollout files, as
// Codex's own listing does (codex-rs core/src/rollout: SESSIONS_SUBDIR
// and ARCHIVED_SESSIONS_SUBDIR).
func discover(home string, f *sessions.Found) {
	for _, sub := range []string{"sessions", "archived_sessions"} {
		archived := sub == "archived_sessions"
		_ = filepath.WalkDir(filepath.Join(home, sub), func(path string, d fs.DirEntry, err error) error {
			switch {
			case err != nil && os.IsNotExist(err):
				return nil
			case err != nil:
				f.Problem(path, err)
				return nil
			case !d.IsDir() && strings.HasPrefix(d.Name(), "rollout-") && strings.HasSuffix(d.Name(), ".jsonl"):
				f.File(path, archived)
			}
			return nil
		})
	}
}

// metaLine holds the fields of a rollout line that describe the session
// rather than a step of it.
type metaLine struct {
	Type string `json:"type"`
	// Timestamp is the line's time.
	Timestamp string `json:"timestamp"`
	// Payload is the line's body; session_meta's holds the project and
	// the start.
	Payload struct {
		Cwd       string `json:"cwd"`
		Timestamp string `json:"timestamp"`
	} `json:"payload"`
}

// meta takes the project and the start from session_meta, and every
// line's time.
func meta(l []byte, f *sessions.Facts) error {
	var m metaLine
	if err := fastjson.Unmarshal(l, &m); err != nil {
		return err
	}
	if m.Type == "session_meta" {
		f.Project = m.Payload.Cwd
		f.Started = sessions.ParseTime(m.Payload.Timestamp)
	}
	f.Stamp(m.Timestamp)
	return nil
}
