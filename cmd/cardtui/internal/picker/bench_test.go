package picker_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/agents"
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

// benchHome is the home the benchmark lists, written once.
func benchHome(b *testing.B) sessions.Options {
	n := 2000
	if v, err := strconv.Atoi(os.Getenv("CARDTUI_BENCH_SESSIONS")); err == nil && v > 0 {
		n = v
	}
	home := filepath.Join(b.TempDir(), "home")
	if dir := os.Getenv("CARDTUI_BENCH_HOME"); dir != "" {
		home = filepath.Join(dir, fmt.Sprintf("home-%d", n))
	}
	if _, err := os.Stat(filepath.Join(home, "written")); err != nil {
		require.NoError(b, os.RemoveAll(home))
		samples, err := benchinput.HomeSamples(strings.Repeat("../", 4))
		require.NoError(b, err)
		_, err = benchinput.Home(home, n, 650<<10, samples, time.Date(2026, 12, 4, 20, 0, 0, 0, time.UTC))
		require.NoError(b, err)
		require.NoError(b, os.WriteFile(filepath.Join(home, "written"), nil, 0o644))
	}
	roots := sessions.Roots{"claude": filepath.Join(home, ".claude"), "codex": filepath.Join(home, ".codex"), "harness": filepath.Join(home, ".dsh")}
	return sessions.Options{Sources: agents.Sessions, Roots: roots, Heads: true}
}
