package crush

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/cardtui/cardtui/agents/internal/sqlitedb"
	"github.com/cardtui/cardtui/internal/regularfile"
	"github.com/cardtui/cardtui/sessions"
)

// Sessions is where Crush keeps its sessions: its row of agents.Sessions.
// The home is $XDG_DATA_HOME, else ~/.local/share; crush/projects.json
// under it lists the projects, each with its data directory holding
// crush.db, whose sessions are listed as <database>#<session id>.
var Sessions = sessions.Source{
	Agent:       "crush",
	Format:      Format,
	HomeEnv:     "XDG_DATA_HOME",
	HomeDefault: filepath.Join(".local", "share"),
	Where: func(home string) []string {
		return []string{filepath.Join(home, "crush", "projects.json") + " → <project>/.crush/crush.db"}
	},
	Discover:   discover,
	Meta:       func([]byte, *sessions.Facts) error { return nil },
	OpenListed: func(db, session string) (io.ReadCloser, error) { return open(db, nil, session) },
}

// maxProjects bounds projects.json.
const maxProjects = 16 << 20

// projectList is projects.json.
type projectList struct {
	Projects []struct {
		Path    string `json:"path"`
		DataDir string `json:"data_dir"`
	} `json:"projects"`
}

// discover lists the sessions of every project's database.
func discover(home string, f *sessions.Found) {
	path := filepath.Join(home, "crush", "projects.json")
	data, err := regularfile.ReadFile(path, maxProjects)
	if os.IsNotExist(err) {
		return
	}
	var list projectList
	if err == nil {
		err = json.Unmarshal(data, &list)
	}
	if err != nil {
		f.Problem(path, err)
		return
	}
	for _, p := range list.Projects {
		listDatabase(p.Path, filepath.Join(p.DataDir, "crush.db"), f)
	}
}

// listDatabase lists the sessions of a project's database.
func listDatabase(project, path string, f *sessions.Found) {
	sqlitedb.List(path, f, func(db *sqlitedb.DB) ([]sessions.Session, error) {
		rows, err := listSessions(db)
		listed := make([]sessions.Session, 0, len(rows))
		for _, r := range rows {
			if r.Problem != nil {
				listed = append(listed, sessions.Session{Path: path + "#" + r.ID, Problem: r.Problem.Error()})
				continue
			}
			listed = append(listed, sessions.Session{
				Path: path + "#" + r.ID, Project: project, Title: r.Title, FirstPrompt: r.FirstPrompt, Model: r.Model,
				Started: seconds(r.Created), LastActivity: seconds(r.Updated), ToolCalls: r.Calls, Subagent: r.ParentID != "",
			})
		}
		return listed, err
	})
}

// seconds is a time in Unix seconds.
func seconds(s int64) time.Time {
	if s == 0 {
		return time.Time{}
	}
	return time.Unix(s, 0).UTC()
}
