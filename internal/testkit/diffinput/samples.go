package diffinput

import (
	"fmt"
	"strings"

	"github.com/cardtui/cardtui/cards"
)

// Sample is a diff card the golden tests pin, by name.
type Sample struct {
	Name string
	Card cards.ToolCard
}

// Samples are the diff cards the golden tests of render (every card kind
// in every mode) and of render/diffview (both themes, both layouts, 16
// and 256 colours) pin: new, edited, deleted and binary files, applied
// and recorded hunks, folds, long and wide lines, syntax colours, changed
// white space and line endings, and hostile text.
var Samples = []Sample{
	{Name: "diff-new-file", Card: cards.ToolCard{ID: "d1", Tool: "write", Call: cards.DiffCall{
		Title: "Write hello.go",
		Diffs: []cards.FileDiff{{Path: "hello.go", OldText: nil, NewText: GoOld, NewStart: 1}},
	}}},
	{Name: "diff-edit", Card: cards.ToolCard{ID: "d2", Tool: "edit", Call: cards.DiffCall{
		Title:     "Edit main.go",
		Diffs:     []cards.FileDiff{{Path: "main.go", OldText: ptr(GoOld), NewText: GoNew}},
		Locations: []cards.FileLocation{{Path: "main.go", Line: 1}},
	}}},
	{Name: "diff-multi-file", Card: cards.ToolCard{ID: "d3", Tool: "apply_patch", Call: cards.DiffCall{
		Title: "Patch 2 files",
		Diffs: []cards.FileDiff{
			{Path: "a.txt", OldText: ptr("one\ntwo\nthree\n"), NewText: "one\n2\nthree\n"},
			{Path: "docs/b.md", OldText: ptr("# Title\n"), NewText: "# Title\n\nMore text.\n"},
		},
	}}},
	{Name: "diff-applied-hunks", Card: cards.ToolCard{
		ID: "d4", Tool: "edit", Call: cards.DiffCall{
			Title: "Edit config.go",
			Diffs: []cards.FileDiff{{Path: "config.go", OldText: ptr("timeout = 5"), NewText: "timeout = 30"}},
		},
		Result: cards.DiffResult{Diffs: []cards.FileDiff{
			{Path: "config.go", OldText: ptr("a\nb\nc\ntimeout = 5\nd\ne\nf\n"), NewText: "a\nb\nc\ntimeout = 30\nd\ne\nf\n", OldStart: 10, NewStart: 10},
			{Path: "config.go", OldText: ptr("g\nh\ni\ntimeout = 5\nj\nk\nl\n"), NewText: "g\nh\ni\ntimeout = 30\nj\nk\nl\n", OldStart: 40, NewStart: 40},
		}},
	}},
	{Name: "diff-whole-file", Card: cards.ToolCard{ID: "d5", Tool: "write", Call: cards.DiffCall{
		Title: "Write notes.txt",
		Diffs: []cards.FileDiff{{
			Path: "notes.txt", OldText: ptr(Numbered("line", 40)), OldStart: 1, NewStart: 1,
			NewText: strings.NewReplacer("line 5\n", "line five\n", "line 33\n", "line 33\nline 33½\n").Replace(Numbered("line", 40)),
		}},
	}}},
	{Name: "diff-edge-cases", Card: cards.ToolCard{ID: "d6", Tool: "apply_patch", Call: cards.DiffCall{
		Title: "Patch 4 files",
		Diffs: []cards.FileDiff{
			{Path: "/home/dev/cardtui/assets/logo.png", OldText: ptr("\x89PNG\r\n\x1a\n\x00\x00"), NewText: "\x89PNG\r\n\x1a\n\x00\x00\x00\x0d"},
			{Path: "README.md", OldText: ptr("# cardtui\n"), NewText: "# cardtui\n"},
			{Path: "VERSION", OldText: ptr("0.1.0\n"), NewText: "0.2.0"},
			{Path: "evil\x1b]0;pwned\x07.txt", OldText: ptr("safe\n"), NewText: "safe\n\x1b[2J\x1b]8;;https://evil.example\x07click\x1b]8;;\x07 \u202eevil\x1b[31m red\n"},
		},
	}}},
	{Name: "diff-long", Card: cards.ToolCard{ID: "d7", Tool: "edit", Call: cards.DiffCall{
		Title: "Edit docs and data",
		Diffs: []cards.FileDiff{
			{
				Path: "docs/説明.md", OldText: ptr("# 説明\n\n漢字のテキストはセルの幅が二つです。\n" + strings.Repeat("The quick brown fox jumps over the lazy dog. ", 4) + "\n"),
				NewText: "# 説明\n\n漢字のテキストはセルの幅が二つです、絵文字 🎉 も。\n" + strings.Repeat("The quick brown fox jumps over the lazy cat. ", 4) + "\n",
			},
			{Path: "data/rows.csv", OldText: ptr(Numbered("row", 60)), NewText: ""},
		},
	}}},
	{Name: "diff-word-emphasis", Card: cards.ToolCard{ID: "d8", Tool: "edit", Call: cards.DiffCall{
		Title: "Edit server.go",
		Diffs: []cards.FileDiff{{Path: "server.go", OldText: ptr(serverOld), NewText: serverNew, OldStart: 1, NewStart: 1}},
	}}},
	{Name: "diff-syntax", Card: cards.ToolCard{ID: "d9", Tool: "apply_patch", Call: cards.DiffCall{
		Title: "Patch 3 files",
		Diffs: []cards.FileDiff{
			{Path: "cache.go", OldText: ptr(cacheOld), NewText: cacheNew, OldStart: 1, NewStart: 1},
			{
				Path: "tools/report.py", OldText: ptr("def report(rows):\n    total = sum(r.size for r in rows)\n    print(f\"{len(rows)} rows\")\n"),
				NewText: "def report(rows, unit=\"KiB\"):\n    total = sum(r.size for r in rows) / 1024\n    print(f\"{len(rows)} rows, {total:.1f} {unit}\")\n",
			},
			{Path: "notes.txt", OldText: ptr("plain text stays\nuncoloured\n"), NewText: "plain text stays\nuncoloured, as before\n"},
		},
	}}},
	{Name: "diff-whitespace", Card: cards.ToolCard{ID: "d10", Tool: "apply_patch", Call: cards.DiffCall{
		Title: "Patch 2 files",
		Diffs: []cards.FileDiff{
			{
				Path: "Makefile", OldText: ptr("build:\n\tgo build ./...\n\ntest:\n\tgo test ./...\n"),
				NewText: "build:\n    go build ./...\n\ntest: \n\tgo  test ./...\n", OldStart: 1, NewStart: 1,
			},
			{Path: "README.md", OldText: ptr("# cardtui\n\nRenders tool calls.\n"), NewText: "# cardtui\n\nRenders tool calls.   \n"},
		},
	}}},
	{Name: "diff-crlf", Card: cards.ToolCard{ID: "d11", Tool: "apply_patch", Call: cards.DiffCall{
		Title: "Patch 2 files",
		Diffs: []cards.FileDiff{
			{
				Path: "scripts/build.bat", OldText: ptr("@echo off\r\nset GOOS=windows\r\ngo build ./...\r\n"),
				NewText: "@echo off\nset GOOS=windows\ngo build ./...\n", OldStart: 1, NewStart: 1,
			},
			{Path: "data.csv", OldText: ptr("id,name\r\n1,alpha\r\n2,beta\r\n"), NewText: "id,name\r\n1,alpha\n2,beta\r\n"},
		},
	}}},
	{Name: "diff-split", Card: cards.ToolCard{ID: "d12", Tool: "edit", Call: cards.DiffCall{
		Title: "Edit parser.go",
		Diffs: []cards.FileDiff{{Path: "parser.go", OldText: ptr(parserOld), NewText: parserNew, OldStart: 1, NewStart: 1}},
	}}},
	{Name: "diff-recorded", Card: RecordedSample},
	{Name: "diff-deleted-written", Card: cards.ToolCard{ID: "d13", Tool: "apply_patch", Call: cards.DiffCall{Title: "Patch 2 files", Diffs: []cards.FileDiff{
		{Path: "internal/count/split.go", OldText: ptr("package count\n\nconst sep = \" \"\n"), OldStart: 1},
		{Path: "data.txt", NewText: "replaced\n"},
	}}}},
}

// Numbered is the lines "prefix 1\n" … "prefix n\n".
func Numbered(prefix string, n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "%s %d\n", prefix, i+1)
	}
	return b.String()
}

// ptr returns a pointer to s.
func ptr(s string) *string { return &s }

// RecordedHunks are hunks as tools record them that a recompute would
// draw otherwise: five lines of leading context (a diff run with -U5) and
// removals and additions interleaved line by line, where go-diff with
// three lines of context folds two lines and groups the removals before
// the additions; and a whitespace-only change with one line of context
// and a missing final newline.
var RecordedHunks = []cards.FileDiff{
	Recorded("server.go", 1, 1,
		" package server",
		" ",
		` import "net/http"`,
		" ",
		" // Serve starts the server.",
		"-func Serve(addr string) error {",
		"+func Serve(addr string, h http.Handler) error {",
		"-\treturn http.ListenAndServe(addr, nil)",
		"+\treturn http.ListenAndServe(addr, h)",
		" }"),
	Recorded("Makefile", 7, 7,
		" test:",
		"-\tgo test ./...",
		`\ No newline at end of file`,
		"+    go test ./...",
		`\ No newline at end of file`),
}

// RecordedSample is an edit result whose hunks are recorded.
var RecordedSample = cards.ToolCard{
	ID: "d13", Tool: "Edit",
	Call:   cards.DiffCall{Title: "Edit server.go", Diffs: []cards.FileDiff{{Path: "server.go", OldText: ptr("nil"), NewText: "h"}}},
	Result: cards.DiffResult{Title: "Edit server.go", Diffs: RecordedHunks},
}

// Recorded is the FileDiff of a recorded hunk: its sides and its lines.
func Recorded(path string, oldStart, newStart int, lines ...string) cards.FileDiff {
	old, new, err := cards.HunkSides(lines)
	if err != nil {
		panic(err)
	}
	return cards.FileDiff{Path: path, OldText: &old, NewText: new, OldStart: oldStart, NewStart: newStart, Lines: lines}
}

// GoOld is a small Go program before an edit.
const GoOld = `package main

import "fmt"

func main() {
	fmt.Println("hello")
}

func add(a, b int) int {
	return a + b
}
`

// GoNew is GoOld after the edit.
const GoNew = `package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Println("hello, world")
	os.Exit(run())
}

func add(a, b int) int {
	return a + b
}
`

const serverOld = `package server

import "net/http"

// Serve listens on addr and serves the API.
func Serve(addr string) error {
	mux := http.NewServeMux()
	mux.HandleFunc("/health", health)
	timeout := 5 * time.Second
	return http.ListenAndServe(addr, mux)
}

func health(w http.ResponseWriter, r *http.Request) {
	w.WriteHeader(http.StatusOK)
}
`

const serverNew = `package server

import "net/http"

// Serve listens on addr and serves the API until ctx is done.
func Serve(ctx context.Context, addr string) error {
	mux := http.NewServeMux()
	mux.HandleFunc("/healthz", health)
	timeout := 30 * time.Second
	srv := &http.Server{Addr: addr, Handler: mux, ReadTimeout: timeout}
	return srv.ListenAndServe()
}

func health(w http.ResponseWriter, _ *http.Request) {
	w.WriteHeader(http.StatusNoContent)
}
`

const cacheOld = `package cache

/*
Cache keeps the last n values.
It is not safe for concurrent use.
*/
type Cache struct {
	values []string // oldest first
	limit  int
}

// Add stores v, evicting the oldest value.
func (c *Cache) Add(v string) {
	c.values = append(c.values, v)
}
`

const cacheNew = `package cache

/*
Cache keeps the last n values.
It is safe for concurrent use.
*/
type Cache struct {
	mu     sync.Mutex
	values []string // oldest first
	limit  int
}

// Add stores v, evicting the oldest value.
func (c *Cache) Add(v string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.values = append(c.values, v)
	if len(c.values) > c.limit {
		c.values = c.values[1:]
	}
}
`

const parserOld = `package parser

// Parse reads a list of key=value pairs separated by commas, such as the value of an environment variable.
func Parse(s string) map[string]string {
	out := map[string]string{}
	for _, part := range strings.Split(s, ",") {
		k, v, _ := strings.Cut(part, "=")
		out[k] = v
	}
	return out
}

func unused() {}

// Keys returns the keys of m.
func Keys(m map[string]string) []string {
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	return keys
}`

const parserNew = `package parser

// Parse reads a list of key=value pairs separated by commas or semicolons, such as the value of an environment variable.
func Parse(s string) (map[string]string, error) {
	out := map[string]string{}
	for _, part := range strings.FieldsFunc(s, isSeparator) {
		k, v, ok := strings.Cut(part, "=")
		if !ok {
			return nil, fmt.Errorf("pair %q has no '='", part)
		}
		out[strings.TrimSpace(k)] = v
	}
	return out, nil
}

// Keys returns the keys of m, sorted.
func Keys(m map[string]string) []string {
	keys := slices.Collect(maps.Keys(m))
	slices.Sort(keys)
	return keys
}
`
