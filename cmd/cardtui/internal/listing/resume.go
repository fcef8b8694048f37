package listing

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/cardtui/cardtui/sessions"
)

// Resume is how a listed session is resumed in its own agent: the command
// line, run in the session's directory.
type Resume struct {
	// Args is the command and its arguments.
	Args []string
	// Dir is the directory the agent ran in.
	Dir string
}

// String is the command as a person would type it, in its directory.
func (r Resume) String() string {
	return "cd " + shellQuote(r.Dir) + " && " + strings.Join(quoteAll(r.Args), " ")
}

// resumers build the resume command of a session id, by agent: each
// agent's own (claude --resume, codex resume, the harness's dsh
// --resume). An agent that loads sessions only over the Agent Client
// Protocol is resumed by ACPResume.
var resumers = map[sessions.Agent]func(id string) []string{
	"claude":  func(id string) []string { return []string{"claude", "--resume", id} },
	"codex":   func(id string) []string { return []string{"codex", "resume", id} },
	"harness": func(id string) []string { return []string{"dsh", "--resume", id} },
}

// ResumeOf is the command that resumes s in its own agent, in its
// directory; an error says why it cannot be resumed.
func ResumeOf(s sessions.Session) (Resume, error) {
	build, ok := resumers[s.Agent]
	if !ok {
		return Resume{}, fmt.Errorf("cardtui cannot resume a %s session", s.Agent)
	}
	dir, err := resumeDir(s.Project)
	if err != nil {
		return Resume{}, err
	}
	id := SessionID(s)
	if id == "" {
		return Resume{}, fmt.Errorf("no session id in %s", filepath.Base(s.Path))
	}
	return Resume{Args: build(id), Dir: dir}, nil
}

// maxResumeDir is the longest directory resumed in, in bytes: Linux's
// PATH_MAX; the question before resuming shows all of it.
const maxResumeDir = 4096

// resumeDir is the directory a session that ran in project resumes in,
// cleaned, so that the question shows where the command runs; a relative
// directory would run under the picker's own and is refused.
func resumeDir(project string) (string, error) {
	switch {
	case project == "":
		return "", fmt.Errorf("the session does not say which directory it ran in")
	case len(project) > maxResumeDir:
		return "", fmt.Errorf("the session's directory is longer than %d bytes", maxResumeDir)
	case !filepath.IsAbs(project):
		return "", fmt.Errorf("the session's directory %s is not absolute", OneLine(project))
	}
	return filepath.Clean(project), nil
}

// ACPResume is the command that resumes session id of an ACP agent
// (agent is its command line) live in cardtui (self is cardtui's own
// program), in dir.
func ACPResume(self, id, dir string, agent ...string) Resume {
	return Resume{Args: append([]string{self, "acp", "--resume", id, "--"}, agent...), Dir: dir}
}

// acpAdapters are the ACP agents that load a listed session by the id
// its agent resumes it by, by agent: Claude Code's sessions through
// claude-agent-acp, Codex's through codex-acp (both advertise loadSession
// and take the agent's own session id).
var acpAdapters = map[sessions.Agent][]string{
	"claude": {"claude-agent-acp"},
	"codex":  {"codex-acp"},
}

// LiveResumeOf is the command that continues s live in cardtui (self is
// cardtui's own program) through its agent's ACP adapter, in its
// directory; an error says why it cannot.
func LiveResumeOf(s sessions.Session, self string) (Resume, error) {
	adapter, ok := acpAdapters[s.Agent]
	if !ok {
		return Resume{}, fmt.Errorf("no ACP agent loads a %s session", s.Agent)
	}
	r, err := ResumeOf(s)
	if err != nil {
		return Resume{}, err
	}
	return ACPResume(self, SessionID(s), r.Dir, adapter...), nil
}

// SessionID is the id the agent resumes s by, "" when its file's name
// does not give one: Claude Code's <id>.jsonl, Codex's
// rollout-<time>-<id>.jsonl, the harness's <id>/session….jsonl.
func SessionID(s sessions.Session) string {
	base := filepath.Base(s.Path)
	var id string
	switch s.Agent {
	case "claude":
		id = strings.TrimSuffix(base, ".jsonl")
	case "codex":
		if name := strings.TrimSuffix(base, ".jsonl"); len(name) > 36 && strings.HasPrefix(name, "rollout-") {
			id = name[len(name)-36:]
		}
	case "harness":
		id = filepath.Base(filepath.Dir(s.Path))
	}
	if !plainID(id) {
		return ""
	}
	return id
}

// plainID reports whether id is made only of letters, digits, '-', '_'
// and '.', and does not start with '-': an id from a file name goes on a
// command line.
func plainID(id string) bool {
	if id == "" || id[0] == '-' {
		return false
	}
	for _, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.') {
			return false
		}
	}
	return true
}

// quoteAll quotes each argument for a shell.
func quoteAll(args []string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = shellQuote(a)
	}
	return out
}

// shellQuote quotes s for a POSIX shell when it needs it, made safe for a
// terminal.
func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./~=:@%+,", r))
	}) < 0 {
		return s
	}
	return OneLine("'" + strings.ReplaceAll(s, "'", `'\''`) + "'")
}
