package archtest

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestNoRegexpCompiledAtInit: a package-level regexp.MustCompile runs when
// the program starts, whether or not the expression is ever used;
// internal/lazyregexp compiles it on first use instead.
func TestNoRegexpCompiledAtInit(t *testing.T) {
	t.Parallel()
	ls := exec.Command("git", "ls-files", "*.go")
	ls.Dir = "../.."
	out, err := ls.Output()
	require.NoError(t, err, "git ls-files")
	fset := token.NewFileSet()
	for _, name := range strings.Fields(string(out)) {
		if strings.HasSuffix(name, "_test.go") {
			continue // a test binary pays only for its own
		}
		src, err := os.ReadFile("../../" + name)
		require.NoError(t, err)
		if !bytes.Contains(src, []byte("regexp")) {
			continue // no identifier regexp, so no call of its functions
		}
		file, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
		require.NoError(t, err)
		for _, pos := range regexpCompiledAtInit(file) {
			assert.Fail(t, "package-level regexp.MustCompile: use lazyregexp.New", "%s:%d", name, fset.Position(pos).Line)
		}
	}
}

// regexpCompiledAtInit returns where a package-level var of file calls
// regexp.MustCompile or regexp.Compile.
func regexpCompiledAtInit(file *ast.File) []token.Pos {
	var found []token.Pos
	for _, decl := range file.Decls {
		gen, ok := decl.(*ast.GenDecl)
		if !ok || gen.Tok != token.VAR {
			continue
		}
		ast.Inspect(gen, func(n ast.Node) bool {
			if _, ok := n.(*ast.FuncLit); ok {
				return false // compiled when the function runs
			}
			if call, ok := n.(*ast.CallExpr); ok && isRegexpCompile(call.Fun) {
				found = append(found, call.Pos())
			}
			return true
		})
	}
	return found
}

// isRegexpCompile reports whether fun is regexp.MustCompile or
// regexp.Compile.
func isRegexpCompile(fun ast.Expr) bool {
	sel, ok := fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	pkg, ok := sel.X.(*ast.Ident)
	return ok && pkg.Name == "regexp" && (sel.Sel.Name == "MustCompile" || sel.Sel.Name == "Compile")
}
