package sessions

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// Roots are the home directories of the agents, by agent: where each
// Source's Discover looks. An agent without one is looked for under "".
type Roots map[Agent]string

// RootsFromEnv returns the roots the agents of sources themselves use,
// from the environment variables that move them (Source.HomeEnv; a blank
// one counts as unset, as the harness treats $DSH_HOME) and the user's
// home directory (Source.HomeDefault under it).
func RootsFromEnv(sources []Source) Roots {
	home, _ := os.UserHomeDir()
	roots := Roots{}
	for _, s := range sources {
		if v := strings.TrimSpace(os.Getenv(s.HomeEnv)); v != "" {
			roots[s.Agent] = expandHome(v, home)
			continue
		}
		roots[s.Agent] = filepath.Join(home, s.HomeDefault)
	}
	return roots
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

// Where names the places searched for the sessions of the sources, as a
// person would look for them, under the roots.
func (r Roots) Where(sources []Source) []string {
	var places []string
	for _, s := range sources {
		if s.Where != nil {
			places = append(places, s.Where(r[s.Agent])...)
		}
	}
	return places
}

// candidate is a session file found, not yet read.
type candidate struct {
	source   *Source
	path     string
	info     fs.FileInfo
	archived bool
	// project is the project the agent's folder names for the file, when
	// its lines do not.
	project string
}

// discover lists the session files of the sources under the roots, each
// source's on a goroutine of its own: what costs is a stat of each file,
// which the agents' homes share out between the cores. A directory that
// does not exist has no sessions; one that cannot be read is a problem,
// listed as a session with no data.
func (r Roots) discover(sources []Source) (found []candidate, problems []Session) {
	founds := make([]Found, len(sources))
	var wg sync.WaitGroup
	for i := range sources {
		s := &sources[i]
		founds[i] = Found{source: s}
		if s.Discover != nil {
			wg.Go(func() { s.Discover(r[s.Agent], &founds[i]) })
		}
	}
	wg.Wait()
	for _, f := range founds {
		found, problems = append(found, f.files...), append(problems, f.problems...)
	}
	return found, problems
}

// Found collects what a Source's Discover finds under the agent's home:
// the session files, and the directories and files that could not be
// read, which are listed as sessions with a Problem.
type Found struct {
	source   *Source
	files    []candidate
	problems []Session
}

// Dirs returns the names of the directories in dir; a dir that does not
// exist has none, one that cannot be read is a problem.
func (f *Found) Dirs(dir string) []string {
	var names []string
	for _, e := range f.Entries(dir) {
		if e.IsDir() {
			names = append(names, e.Name())
		}
	}
	return names
}

// Entries returns dir's entries; a dir that does not exist has none, one
// that cannot be read is a problem.
func (f *Found) Entries(dir string) []fs.DirEntry {
	entries, err := os.ReadDir(dir)
	if err != nil && !os.IsNotExist(err) {
		f.Problem(dir, err)
	}
	return entries
}

// File adds the session file at path when it can be stat'ed (and is a
// regular file), else a problem. archived marks a session the agent
// archived.
func (f *Found) File(path string, archived bool) {
	info, err := os.Stat(path)
	if err != nil {
		f.problems = append(f.problems, Session{Agent: f.source.Agent, Path: path, Archived: archived, Problem: err.Error()})
		return
	}
	if !info.Mode().IsRegular() {
		return
	}
	f.files = append(f.files, candidate{source: f.source, path: path, info: info, archived: archived})
}

// ProjectFile adds the session file at path as File does, with the
// project the agent's folder names for it (Gemini CLI's .project_root),
// which the session is listed under when its lines name none.
func (f *Found) ProjectFile(path, project string) {
	n := len(f.files)
	f.File(path, false)
	if len(f.files) > n {
		f.files[n].project = project
	}
}

// Problem adds path, which could not be read, as a session with err as
// its Problem.
func (f *Found) Problem(path string, err error) {
	f.problems = append(f.problems, Session{Agent: f.source.Agent, Path: path, Problem: err.Error()})
}

// Listed adds a session the Source described itself, listed as it is
// without reading a file: one of the sessions of a database, whose Path
// is the database's path, "#" and the session's id.
func (f *Found) Listed(s Session) {
	s.Agent = f.source.Agent
	f.problems = append(f.problems, s)
}
