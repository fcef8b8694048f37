package sessions_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/agents/nodb"
	"github.com/cardtui/cardtui/internal/testkit/fakehome"
	"github.com/cardtui/cardtui/sessions"
)

// A cold listing reports every session from the heads and tails of its
// files before any is read whole (titles and first prompts there, no
// counts of tool calls yet), then as the files are read, ending with the
// list List gives; a warm one has nothing to read.
func TestListProgressivelyReportsHeadsFirst(t *testing.T) {
	h := fakehome.New(t)
	o := sessions.Options{Sources: nodb.Sessions, Roots: h.Roots, CacheDir: t.TempDir(), Heads: true}
	var reports []sessions.Progress
	got, err := sessions.ListProgressively(o, func(p sessions.Progress) bool { reports = append(reports, p); return true })
	require.NoError(t, err)

	require.GreaterOrEqual(t, len(reports), 2)
	first := reports[0]
	assert.Equal(t, 0, first.Indexed)
	assert.Equal(t, len(got), first.Total, "every file is read")
	require.Len(t, first.Sessions, len(got))
	quick := byPath(first.Sessions)
	claude := quick[h.Paths["claude"]]
	assert.Equal(t, "/init", claude.FirstPrompt)
	assert.Equal(t, h.Project, claude.Project)
	assert.Zero(t, claude.ToolCalls, "counted when read whole")
	assert.Equal(t, "The tests fail since the last commit. Find out why and fix it.", quick[h.Paths["codex"]].FirstPrompt)
	assert.Equal(t, byPath(got)[h.Paths["claude"]].LastActivity, claude.LastActivity, "the tail's last line")

	last := reports[len(reports)-1]
	assert.Equal(t, last.Total, last.Indexed)
	assert.Equal(t, got, last.Sessions)
	assert.Equal(t, 21, byPath(got)[h.Paths["claude"]].ToolCalls)

	reports = nil
	warm, err := sessions.ListProgressively(o, func(p sessions.Progress) bool { reports = append(reports, p); return true })
	require.NoError(t, err)
	assert.Equal(t, got, warm)
	require.NotEmpty(t, reports)
	assert.Zero(t, reports[0].Total)
	assert.Equal(t, got, reports[0].Sessions)
}

// A listing asked to stop reads no more file whole, and its index keeps
// those it read: the next listing reads the others.
func TestListProgressivelyStops(t *testing.T) {
	h := fakehome.New(t)
	o := sessions.Options{Sources: nodb.Sessions, Roots: h.Roots, CacheDir: t.TempDir()}
	calls := 0
	_, err := sessions.ListProgressively(o, func(p sessions.Progress) bool {
		calls++
		return false
	})
	require.NoError(t, err)
	assert.Equal(t, 1, calls, "the first report stops it")

	var last sessions.Progress
	got, err := sessions.ListProgressively(o, func(p sessions.Progress) bool { last = p; return true })
	require.NoError(t, err)
	assert.Equal(t, len(got), last.Total, "none was read whole")
	assert.Equal(t, 21, byPath(got)[h.Paths["claude"]].ToolCalls)
}
