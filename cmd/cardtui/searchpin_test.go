package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/internal/lazyregexp"
	"github.com/cardtui/cardtui/internal/testkit/golden"
)

// pinnedTime is the time of a hit's session, which the local time zone
// writes: the golden file holds it masked.
var pinnedTime = lazyregexp.New(` · \d{4}-\d\d-\d\d \d\d:\d\d · `)

// masked is a search's output with what changes from run to run masked:
// the time of each hit's session and the test's temporary directory
// (whole or cut) in the paths of its project.
func masked(out string) string {
	tmp := regexp.MustCompile(regexp.QuoteMeta(os.TempDir()) + `/T\S*`)
	return tmp.ReplaceAllString(pinnedTime().ReplaceAllString(out, " · TIME · "), "TMP")
}

// TestSearchHitsArePinned: the hits of searches of every kind (a rare
// string, common ones, none, a path, regular expressions, a card's
// title, text the export writes around a call) over every agent's
// fixtures are those the golden file holds, in order, on a cold cache
// and again on a warm one.
func TestSearchHitsArePinned(t *testing.T) {
	wd, err := os.Getwd()
	require.NoError(t, err)
	file := filepath.Join(wd, "testdata", t.Name(), "hits.txt") // the test runs in the fake project
	h, _, _ := inRealShapedHome(t)
	h.AddMoreAgents(t)
	queries := [][]string{
		{"donations1"},
		{"the"},
		{"go test"},
		{"no such text anywhere"},
		{"README.md"},
		{"main.go"},
		{"--regexp", `donations[0-2]$`},
		{"--regexp", `(?i)word counts?`},
		{"--regexp", `\d+ passed`},
		{"List routes"},
		{"exit code"},
		{"```"},
		{"Read"},
		{`"`},
		{"é"},
		{"<"},
	}
	var b strings.Builder
	for pass := range 2 {
		b.Reset()
		for _, q := range queries {
			r := runWith("", append([]string{"search", "--all"}, q...)...)
			fmt.Fprintf(&b, "## search %s: exit %d\n%s\n", strings.Join(q, " "), r.code, masked(r.stdout))
		}
		if pass == 0 {
			golden.AssertFile(t, file, b.String())
		}
	}
	golden.AssertFile(t, file, b.String())
	assert.Contains(t, b.String(), "donations GET /donations1")
}
