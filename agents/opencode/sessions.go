package opencode

import (
	"path/filepath"
	"time"

	"github.com/cardtui/cardtui/agents/internal/sqlitedb"
	"github.com/cardtui/cardtui/sessions"
)

// Sessions is where opencode keeps its sessions: its row of
// agents.Sessions. The home is $XDG_DATA_HOME, else ~/.local/share; the
// database is opencode/opencode.db under it, and each of its sessions is
// listed as <database>#<session id>.
var Sessions = sessions.Source{
	Agent:       "opencode",
	Format:      Format,
	HomeEnv:     "XDG_DATA_HOME",
	HomeDefault: filepath.Join(".local", "share"),
	Where:       func(home string) []string { return []string{DatabasePath(home)} },
	Discover:    discover,
	Meta:        func([]byte, *sessions.Facts) error { return nil },
	OpenListed:  databaseLines,
}

// DatabasePath is opencode's database under the data home.
func DatabasePath(home string) string { return filepath.Join(home, "opencode", "opencode.db") }

// discover lists the sessions of the database, read-only.
func discover(home string, f *sessions.Found) {
	path := DatabasePath(home)
	sqlitedb.List(path, f, func(db *sqlitedb.DB) ([]sessions.Session, error) {
		rows, err := listSessions(db)
		withSubagentCalls(rows)
		listed := make([]sessions.Session, 0, len(rows))
		for _, r := range rows {
			if r.Problem != nil {
				listed = append(listed, sessions.Session{Path: path + "#" + r.ID, Problem: r.Problem.Error()})
				continue
			}
			listed = append(listed, sessions.Session{
				Path: path + "#" + r.ID, Project: r.Directory, Title: r.Title, FirstPrompt: r.FirstPrompt, Model: r.Model,
				Started: millis(r.Created), LastActivity: millis(r.Updated), ToolCalls: r.Calls, Subagent: r.ParentID != "",
			})
		}
		return listed, err
	})
}

// millis is a time in Unix milliseconds.
func millis(ms int64) time.Time {
	if ms == 0 {
		return time.Time{}
	}
	return time.UnixMilli(ms).UTC()
}
