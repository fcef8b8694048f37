package hostile_test

import (
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// moduleRoot is the directory of go.mod.
func moduleRoot(t testing.TB) string {
	return filepath.Join(corpusDir(t), "..", "..")
}

// commandPackages lists the directories and non-test files of the
// module's packages that the cardtui command is built from: its package
// and those it imports from the module, directly or through others, with
// the files the build of this system takes (what `go list -deps` says,
// read without starting the go command).
func commandPackages(t *testing.T) map[string][]string {
	t.Helper()
	const module = "github.com/cardtui/cardtui"
	root := moduleRoot(t)
	pkgs := map[string][]string{}
	var visit func(dir string)
	visit = func(dir string) {
		if _, seen := pkgs[dir]; seen {
			return
		}
		p, err := build.ImportDir(dir, 0)
		require.NoError(t, err)
		pkgs[dir] = p.GoFiles
		for _, path := range p.Imports {
			if path == module || strings.HasPrefix(path, module+"/") {
				visit(filepath.Join(root, strings.TrimPrefix(path, module)))
			}
		}
	}
	visit(filepath.Join(root, "cmd", "cardtui"))
	require.Greater(t, len(pkgs), 10)
	return pkgs
}

// userActions are the only exceptions, each the exact uses of one file,
// none named or started by the input: in the viewer's actions that a key
// press of the user starts, o runs $EDITOR on the focused card's file and
// y without an OSC 52 clipboard writes the card to a new temporary file
// whose name it shows, and under tmux asks tmux for its set-clipboard
// option and, when it is off, loads the card into tmux's buffer (tmux
// show-options, tmux load-buffer: the tmux the user runs cardtui in);
// `cardtui export -o` writes the file it is told to, and removes it when
// the export fails;
// the sessions index and the sessions' documents are written (atomically,
// through a temporary file) under the user's cache directory, the text
// documents older versions kept there are removed with the next index,
// and `cardtui sessions --clear-cache` removes cardtui's files there; in the
// picker, r runs the agent's own resume command on the selected session
// after the user read it and answered y; session files are opened
// read-only with O_NONBLOCK (os.OpenFile) so that a FIFO cannot block.
var userActions = map[string][]string{
	"viewer/actions.go":                     {"import os/exec", "os.CreateTemp", "tea.ExecProcess"},
	"viewer/tmuxcopy.go":                    {"import os/exec"},
	"sessions/index.go":                     {"os.MkdirAll", "os.RemoveAll", "os.CreateTemp", "os.Remove", "os.Rename", "os.Remove"},
	"sessions/docfile.go":                   {"os.MkdirAll"},
	"sessions/cache.go":                     {"os.RemoveAll"},
	"cmd/cardtui/export.go":                 {"os.CreateTemp", "os.Rename", "os.Remove"},
	"cmd/cardtui/internal/picker/resume.go": {"import os/exec", "tea.ExecProcess"},
	"internal/regularfile/regularfile.go":   {"os.OpenFile"},
	"agents/internal/sqlitedb/copy.go":      {"os.MkdirTemp", "os.Remove", "os.RemoveAll", "os.OpenFile"},
}

// forbiddenImports are the packages that run programs or load code.
var forbiddenImports = []string{"os/exec", "plugin"}

// forbiddenCalls are the calls that write, create, rename, remove or
// change files or run programs, and Bubble Tea's process runner.
var forbiddenCalls = map[string][]string{
	"os": {
		"Create", "CreateTemp", "OpenFile", "WriteFile", "Mkdir", "MkdirAll", "MkdirTemp", "Remove",
		"RemoveAll", "Rename", "Chmod", "Chown", "Chtimes", "Truncate", "Link", "Symlink", "StartProcess",
		"OpenRoot",
	}, // an os.Root writes through its methods
	"syscall": {"Exec", "ForkExec", "StartProcess"},
	"tea":     {"ExecProcess", "Exec"},
}

// TestCommandNeitherWritesNorRuns reads the source of every package of
// the module that the command is built from: none imports a package that
// runs programs, and none calls a function that writes to a file (the
// command opens its inputs with os.Open, read-only) or starts a process.
// The test helper that writes golden files shows that the check finds
// such calls.
func TestCommandNeitherWritesNorRuns(t *testing.T) {
	root := moduleRoot(t)
	for dir, files := range commandPackages(t) {
		for _, name := range files {
			path := filepath.Join(dir, name)
			if runsAgents(t, path) {
				assert.NotEmpty(t, forbiddenUses(t, path), "%s is exempt but neither writes nor runs: drop the exemption", path)
				continue
			}
			rel, _ := filepath.Rel(root, path)
			uses := forbiddenUses(t, path)
			for i := range uses {
				uses[i] = uses[i][strings.Index(uses[i], ": ")+2:]
			}
			assert.Equal(t, userActions[filepath.ToSlash(rel)], uses, path)
		}
	}
	golden := filepath.Join(moduleRoot(t), "internal", "testkit", "golden", "golden.go")
	assert.NotEmpty(t, forbiddenUses(t, golden), "the golden helper writes files")
}

// agentFiles are the files of `cardtui acp`, which runs the agent the
// user names and, for it, terminals in the session directory, writes the
// agent's files there and the --record file: the only ones exempt, by
// module-relative path.
var agentFiles = []string{"acpclient/session.go", "acpclient/terminal.go", "acpclient/fs.go", "acpclient/process_unix.go", "acpclient/contain_linux.go", "cmd/cardtui/acp.go"}

// runsAgents reports whether path is one of agentFiles.
func runsAgents(t *testing.T, path string) bool {
	rel, err := filepath.Rel(moduleRoot(t), path)
	require.NoError(t, err)
	return slices.Contains(agentFiles, filepath.ToSlash(rel))
}

// forbiddenUses lists the forbidden imports and calls of a Go file.
func forbiddenUses(t *testing.T, path string) []string {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
	require.NoError(t, err)
	var uses []string
	for _, imp := range f.Imports {
		if p, _ := strconv.Unquote(imp.Path.Value); slices.Contains(forbiddenImports, p) {
			uses = append(uses, fset.Position(imp.Pos()).String()+": import "+p)
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if x, ok := sel.X.(*ast.Ident); ok && slices.Contains(forbiddenCalls[x.Name], sel.Sel.Name) {
			uses = append(uses, fset.Position(sel.Pos()).String()+": "+x.Name+"."+sel.Sel.Name)
		}
		return true
	})
	return uses
}
