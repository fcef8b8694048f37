package sessions

import (
	"os"
	"path/filepath"
	"strings"
)

// Project is the project a directory belongs to, as `cardtui sessions`
// filters by it.
type Project struct {
	// Dir is the root of the git work tree that holds the directory, else
	// the directory itself.
	Dir string
	// Repo says Dir is a git work tree: sessions started anywhere inside
	// it belong to it. Outside a work tree only sessions started in Dir
	// itself do (like `claude --resume`), so that a home directory does
	// not claim every project under it.
	Repo bool
	// real is Dir with its symbolic links resolved: the agents record the
	// physical directory (getcwd), a shell's $PWD may go through a link.
	real string
}

// ProjectOf returns the project of dir.
func ProjectOf(dir string) Project {
	dir = filepath.Clean(dir)
	p := Project{Dir: dir}
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, ".git")); err == nil {
			p = Project{Dir: d, Repo: true}
			break
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	p.real, _ = filepath.EvalSymlinks(p.Dir)
	return p
}

// Holds reports whether a session run in cwd belongs to the project.
func (p Project) Holds(cwd string) bool {
	if cwd == "" {
		return false
	}
	cwd = filepath.Clean(cwd)
	return p.holds(p.Dir, cwd) || p.real != "" && p.holds(p.real, cwd)
}

func (p Project) holds(dir, cwd string) bool {
	if cwd == dir {
		return true
	}
	return p.Repo && strings.HasPrefix(cwd, strings.TrimSuffix(dir, string(filepath.Separator))+string(filepath.Separator))
}

// Filter keeps the sessions that belong to the project.
func (p Project) Filter(list []Session) []Session {
	var kept []Session
	for _, s := range list {
		if p.Holds(s.Project) {
			kept = append(kept, s)
		}
	}
	return kept
}
