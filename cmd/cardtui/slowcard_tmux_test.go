package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/colorprofile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/agents"
	"github.com/cardtui/cardtui/internal/testkit/gobuild"
	"github.com/cardtui/cardtui/internal/testkit/tmuxtest"
	"github.com/cardtui/cardtui/render"
	"github.com/cardtui/cardtui/replay"
)

// slowSession writes a session whose one card is the slowest of the
// hostile corpus (diff-swap: a diff of n lines "a" and n "b" into n "b"
// then n "a", which takes the line diff its whole time budget) and
// returns its path and how long drawing that card takes here.
func slowSession(t *testing.T) (string, time.Duration) {
	const n = 120_000
	a, b := strings.Repeat("a\n", n), strings.Repeat("b\n", n)
	view, err := json.Marshal(map[string]any{
		"card": "diff", "title": "Edit swap.txt",
		"diffs": []map[string]any{{"path": "swap.txt", "oldText": a + b, "newText": b + a}},
	})
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "slow.jsonl")
	line := `{"type":"call","id":"w1","tool":"write","view":` + string(view) + "}\n"
	require.NoError(t, os.WriteFile(path, []byte(line), 0o600))

	tr, err := replay.Load(strings.NewReader(line), path, replay.Options{Formats: agents.Formats})
	require.NoError(t, err)
	require.Len(t, tr.Entries, 1)
	start := time.Now()
	render.Draw(tr.Entries[0], render.Options{Width: 79, Profile: colorprofile.TrueColor, Terminal: true}).Finish()
	return path, time.Since(start)
}

// TestQuitWhileTheSlowestCardIsDrawn: the viewer draws cards off its
// loop, so while the slowest card of the corpus is being drawn the screen
// shows a placeholder and q quits at once, long before the card would be
// drawn.
func TestQuitWhileTheSlowestCardIsDrawn(t *testing.T) {
	bin := gobuild.Program(t, ".")
	path, drawTime := slowSession(t)
	s := tmuxtest.Start(t, 80, 24, nil, bin, "replay", "--theme", "dark", path)
	s.WaitForText("drawing this card")
	typed := time.Now()
	s.Type("q")
	s.WaitForText("[exited 0]")
	quit := time.Since(typed)
	t.Logf("drawing the card takes %v; q quit in %v (the screen polled at most 50 ms apart)", drawTime, quit)
	assert.Less(t, quit, drawTime, "q quits before the card would be drawn")
}
