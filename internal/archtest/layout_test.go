// Package archtest holds the tests of the module's layout: which packages
// may depend on which, as ARCHITECTURE.md draws them.
package archtest

import (
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// module is the import path of this module.
const module = "github.com/cardtui/cardtui"

// pkg is what `go list -json` says of a package that the checks read.
type pkg struct {
	ImportPath string
	Name       string
	Imports    []string
	Deps       []string
}

// goList is the output of `go list -json` on the module's packages, run
// once for the tests that read it. It asks for the fields of pkg alone,
// which spares go list half its work.
var goList = sync.OnceValues(func() ([]byte, error) {
	return exec.Command("go", "list", "-json=ImportPath,Name,Imports,Deps", module+"/...").Output()
})

// listPackages is what `go list -json` says of the module's packages.
func listPackages(t *testing.T) map[string]pkg {
	t.Helper()
	out, err := goList()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		t.Fatalf("go list: %v\n%s", err, exit.Stderr)
	}
	require.NoError(t, err)
	pkgs := map[string]pkg{}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for {
		var p pkg
		err := dec.Decode(&p)
		if errors.Is(err, io.EOF) {
			break
		}
		require.NoError(t, err)
		pkgs[p.ImportPath] = p
	}
	require.Contains(t, pkgs, module+"/viewer")
	return pkgs
}

// requireNoDeps fails when the package from depends on a package under
// one of the import paths forbidden (the path itself or below it).
func requireNoDeps(t *testing.T, pkgs map[string]pkg, from string, forbidden ...string) {
	t.Helper()
	p, ok := pkgs[from]
	require.True(t, ok, "no package %s", from)
	for _, dep := range p.Deps {
		for _, f := range forbidden {
			assert.False(t, dep == f || strings.HasPrefix(dep, f+"/"), "%s depends on %s", from, dep)
		}
	}
}

// TestViewerDependsOnCardsAndRenderOnly: a harness that embeds the viewer
// pulls in no session format, no reader of logs, no ACP client and no
// zstd decoder.
func TestViewerDependsOnCardsAndRenderOnly(t *testing.T) {
	t.Parallel()
	requireNoDeps(t, listPackages(t), module+"/viewer",
		module+"/agents", module+"/replay", module+"/acpclient", module+"/sessions", module+"/producers",
		"github.com/klauspost/compress", "github.com/coder/acp-go-sdk")
}

// TestProducersKnowNoAgent: the registry and the families several agents
// share sit below every agent's tools, the harness's native family
// included; the helpers they share sit below the registry.
func TestProducersKnowNoAgent(t *testing.T) {
	t.Parallel()
	pkgs := listPackages(t)
	requireNoDeps(t, pkgs, module+"/producers", module+"/agents", module+"/replay")
	requireNoDeps(t, pkgs, module+"/internal/toolkit", module+"/producers", module+"/agents")
}

// TestStyleIsBelowTheLineHelpers: render/style (options, palettes, inks)
// does not reach up to render/textcut, which fits lines with it.
func TestStyleIsBelowTheLineHelpers(t *testing.T) {
	t.Parallel()
	requireNoDeps(t, listPackages(t), module+"/render/style", module+"/render/textcut")
}

// TestNoPackageImportsACommand: commands sit at the top; nothing imports
// a main package.
func TestNoPackageImportsACommand(t *testing.T) {
	t.Parallel()
	pkgs := listPackages(t)
	for _, p := range pkgs {
		for _, imp := range p.Imports {
			if q, ok := pkgs[imp]; ok {
				assert.NotEqual(t, "main", q.Name, "%s imports the command %s", p.ImportPath, imp)
			}
		}
	}
}

// TestOneTranscriptAndOneChangeType: the module declares one type named
// Transcript and one named Change.
func TestOneTranscriptAndOneChangeType(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"Transcript", "Change"} {
		grep := exec.Command("git", "grep", "-l", "-E", "^type "+name+" (struct|=|[a-z])", "--", "*.go", ":!*_test.go")
		grep.Dir = "../.."
		out, err := grep.Output()
		require.NoError(t, err, "git grep for type %s", name)
		files := strings.Fields(string(out))
		assert.Len(t, files, 1, "the files that declare a type %s: %v", name, files)
	}
}

// TestSessionsKnowsNoAgent: what is an agent's in a listing is its
// sessions.Source, in its folder under agents/; sessions depends on no
// agent package, and the agents package lists the sources. Nor does it
// depend on an export: a tool card's searchable text is the caller's.
func TestSessionsKnowsNoAgent(t *testing.T) {
	t.Parallel()
	requireNoDeps(t, listPackages(t), module+"/sessions", module+"/agents", module+"/export")
}

// TestListingLinksNoMarkdownRenderer: listing sessions and writing the
// words of a card draw nothing, so sessions, render/cardtext and the
// agents' readers link no Markdown renderer and no syntax colourer.
func TestListingLinksNoMarkdownRenderer(t *testing.T) {
	t.Parallel()
	pkgs := listPackages(t)
	for _, from := range []string{"/sessions", "/render/cardtext", "/render/mdwrite", "/agents/nodb"} {
		requireNoDeps(t, pkgs, module+from, "charm.land/glamour", "github.com/yuin/goldmark", "github.com/alecthomas/chroma")
	}
}

// TestNoDBLinksNoDatabase: agents/nodb, the tables without the agents
// whose sessions are SQLite databases, does not pull in the SQLite
// driver, which is what it is for.
func TestNoDBLinksNoDatabase(t *testing.T) {
	t.Parallel()
	requireNoDeps(t, listPackages(t), module+"/agents/nodb", "modernc.org/sqlite", module+"/agents/internal/sqlitedb")
}

// tableRows reads the package table of ARCHITECTURE.md: each package
// name of a row's first cell (`agents/<name>` stands for every folder
// under agents/, `internal/testkit/…` for every package under that) and
// the row's place in the table.
func tableRows(t *testing.T) map[string]int {
	t.Helper()
	doc, err := os.ReadFile("../../ARCHITECTURE.md")
	require.NoError(t, err)
	_, table, ok := strings.Cut(string(doc), "\n## Packages\n")
	require.True(t, ok, "ARCHITECTURE.md has no Packages section")
	table, _, _ = strings.Cut(table, "\n## ")
	rows := map[string]int{}
	for line := range strings.SplitSeq(table, "\n") {
		cells := strings.Split(line, "|")
		if len(cells) < 3 || !strings.Contains(cells[1], "`") {
			continue
		}
		names := strings.Split(cells[1], "`")
		for i := 1; i < len(names); i += 2 {
			name := strings.TrimSuffix(strings.TrimSuffix(names[i], "…"), "<name>")
			rows[name] = len(rows) + 1
		}
	}
	require.NotEmpty(t, rows, "no rows in the package table")
	return rows
}

// rowOf is the table row of the package at path (relative to the module):
// its own, else that of its nearest listed parent folder; ok is false for
// a package under no row (examples, scripts).
func rowOf(rows map[string]int, path string) (int, bool) {
	for p := path; p != "."; p = filepath.Dir(p) {
		if row, ok := rows[p]; ok {
			return row, true
		}
		if row, ok := rows[filepath.Dir(p)+"/"]; ok {
			return row, true
		}
	}
	return 0, false
}

// TestImportsFollowTheTable: ARCHITECTURE.md lists the packages so that
// each imports only packages of its row or the rows above it.
func TestImportsFollowTheTable(t *testing.T) {
	t.Parallel()
	rows := tableRows(t)
	for _, p := range listPackages(t) {
		from, ok := rowOf(rows, strings.TrimPrefix(p.ImportPath, module+"/"))
		if !ok {
			continue
		}
		for _, imp := range p.Imports {
			rel, inModule := strings.CutPrefix(imp, module+"/")
			if to, listed := rowOf(rows, rel); inModule && listed {
				assert.LessOrEqual(t, to, from, "%s imports %s, listed below it in ARCHITECTURE.md", p.ImportPath, imp)
			}
		}
	}
}
