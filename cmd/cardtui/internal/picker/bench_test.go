package picker_test

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/agents/nodb"
	"github.com/cardtui/cardtui/cmd/cardtui/internal/listing"
	"github.com/cardtui/cardtui/cmd/cardtui/internal/picker"
	"github.com/cardtui/cardtui/internal/testkit/benchinput"
	"github.com/cardtui/cardtui/sessions"
)

// BenchmarkFirstRowsInView is the picker's first screen on a cold cache,
// through the Bubble Tea model as the command runs it: from the start of
// the listing (with Heads) to the first View that shows the newest
// session's row, over a home of CARDTUI_BENCH_SESSIONS (else 2,000)
// sessions cloned from the recorded ones, kept under CARDTUI_BENCH_HOME
// (in home-N, as the sessions package's benchmarks keep it) when set.
func BenchmarkFirstRowsInView(b *testing.B) {
	o := benchHome(b)
	for b.Loop() {
		o.CacheDir = b.TempDir()
		var first sessions.Progress
		_, err := sessions.ListProgressively(o, func(p sessions.Progress) bool {
			first = p
			return false
		})
		require.NoError(b, err)
		m := picker.New(picker.Options{Sessions: first.Sessions, Home: "/home/dev", Dark: true, ThemeSet: true})
		model, _ := m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
		model, _ = model.Update(picker.ListedMsg(first))
		view := model.View().Content
		require.Contains(b, view, listing.Label(first.Sessions[0]))
	}
}

// benchHome is the home the benchmark lists (benchinput.KeptHome).
func benchHome(b *testing.B) sessions.Options {
	n := 2000
	if v, err := strconv.Atoi(os.Getenv("CARDTUI_BENCH_SESSIONS")); err == nil && v > 0 {
		n = v
	}
	home, err := benchinput.KeptHome(b.TempDir(), strings.Repeat("../", 4), n)
	require.NoError(b, err)
	roots := sessions.Roots{"claude": filepath.Join(home, ".claude"), "codex": filepath.Join(home, ".codex"), "harness": filepath.Join(home, ".dsh")}
	return sessions.Options{Sources: nodb.Sessions, Roots: roots, Heads: true}
}
