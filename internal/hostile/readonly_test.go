package hostile_test

import (
	"bytes"
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// moduleRoot is the directory of go.mod.
func moduleRoot(t testing.TB) string {
	return filepath.Join(corpusDir(t), "..", "..")
}

// commandPackages lists the directories and non-test files of the
// module's packages that the cardtui command is built from.
func commandPackages(t *testing.T) map[string][]string {
	t.Helper()
	cmd := exec.Command("go", "list", "-deps", "-json=Dir,GoFiles,Module", "./cmd/cardtui")
	cmd.Dir = moduleRoot(t)
	out, err := cmd.Output()
	require.NoError(t, err)
	pkgs := map[string][]string{}
	dec := json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		var p struct {
			Dir     string
			GoFiles []string
			Module  *struct{ Path string }
		}
		require.NoError(t, dec.Decode(&p))
		if p.Module != nil && p.Module.Path == "github.com/cardtui/cardtui" {
			pkgs[p.Dir] = p.GoFiles
		}
	}
	require.NotEmpty(t, pkgs)
	return pkgs
}

// forbiddenImports are the packages that run programs or load code.
var forbiddenImports = []string{"os/exec", "plugin"}

// forbiddenCalls are the calls that write, create, rename, remove or
// change files or run programs, and Bubble Tea's process runner.
var forbiddenCalls = map[string][]string{
	"os": {"Create", "CreateTemp", "OpenFile", "WriteFile", "Mkdir", "MkdirAll", "MkdirTemp", "Remove",
		"RemoveAll", "Rename", "Chmod", "Chown", "Chtimes", "Truncate", "Link", "Symlink", "StartProcess"},
	"syscall": {"Exec", "ForkExec", "StartProcess"},
	"tea":     {"ExecProcess", "Exec"},
}

// allowedWriters are the files, relative to the module root, that write
// the two files the command may write, never named by its input: the
// sessions index under the user's cache directory, and the file that
// `cardtui export -o` is told to write.
var allowedWriters = []string{filepath.Join("sessions", "index.go"), filepath.Join("cmd", "cardtui", "export.go")}

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
			if rel, err := filepath.Rel(root, path); err == nil && slices.Contains(allowedWriters, rel) {
				continue
			}
			assert.Empty(t, forbiddenUses(t, path))
		}
	}
	golden := filepath.Join(moduleRoot(t), "internal", "golden", "golden.go")
	assert.NotEmpty(t, forbiddenUses(t, golden), "the golden helper writes files")
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
