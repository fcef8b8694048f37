package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/agents"
	"github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
	"github.com/cardtui/cardtui/replay"
)

// liveAgentsEnv names the folder `scripts/record-agents --check` wrote
// its live runs into; TestLiveAgents is skipped without it.
const liveAgentsEnv = "CARDTUI_LIVE_AGENTS"

// TestLiveAgents checks the runs `scripts/record-agents --check AGENT…`
// just made with the real agents in tmux (one folder per agent: the
// recordings, the screens kept while a permission waited, after the
// rejection and at the end, the rejected file's checksums and the
// project's files): the live screen showed the waiting and the rejected
// card as such, the rejected file is unchanged, the agent wrote its new
// file, every recording's cards are those of the committed recording
// (TestRecordedAgents' golden lists), and `cardtui replay --print` of the
// recording draws the cards the live screen showed at the end, line for
// line.
func TestLiveAgents(t *testing.T) {
	dir := os.Getenv(liveAgentsEnv)
	if dir == "" {
		t.Skip(liveAgentsEnv + " is not set: scripts/record-agents --check AGENT… records live runs and checks them")
	}
	runs, err := filepath.Glob(filepath.Join(dir, "*", "session.jsonl"))
	require.NoError(t, err)
	require.NotEmpty(t, runs, "no live run in %s", dir)
	for _, path := range runs {
		run := filepath.Dir(path)
		t.Run(filepath.Base(run), func(t *testing.T) {
			recordings, err := filepath.Glob(filepath.Join(run, "*.jsonl"))
			require.NoError(t, err)
			for _, rec := range recordings {
				data, err := os.ReadFile(rec)
				require.NoError(t, err)
				tr := replaytest.Load(t, agents.Options(replay.Auto), string(data))
				golden.AssertFile(t, recordedGolden(t, rec), replaytest.DescribeToolCards(tr))
				end := readLive(t, run, endScreen(rec))
				live := liveCards(end)
				assert.NotEmpty(t, live, "the end screen of %s shows a whole card", rec)
				assert.Equal(t, live, printedCards(t, rec, live, cardWidth(end)), "replay --print of %s draws the cards the live screen showed", rec)
			}
			checkWaitingAndRejected(t, run)
			files := readLive(t, run, "files.txt")
			assert.Contains(t, files, "./notes.md\n", "the agent wrote its new file")
		})
	}
}

// recordedGolden is the golden file of agents/acp's TestRecordedAgents
// that lists the tool cards of the recording rec.
func recordedGolden(t *testing.T, rec string) string {
	return filepath.Join(golden.Root(t), "agents", "acp", "testdata", "TestRecordedAgents", replaytest.RecordedGolden(rec))
}

// checkWaitingAndRejected: the screen kept while the first permission
// waited shows a waiting card, the one kept after the rejection a
// rejected card not applied, and the rejected file's checksum is the
// same before the rejection and at the end.
func checkWaitingAndRejected(t *testing.T, run string) {
	t.Helper()
	waiting := readLive(t, run, "screen-waiting.txt")
	assert.Contains(t, waiting, " waiting ─╮", "a call awaiting permission shows waiting")
	assert.Contains(t, waiting, "│ Permission requested", "with the options on the card")
	rejected := readLive(t, run, "screen-rejected.txt")
	assert.Contains(t, rejected, " rejected ─╮", "the rejected edit shows rejected")
	assert.Contains(t, rejected, "Not applied: the change was rejected")
	sums := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(readLive(t, run, "reject.txt")), "\n") {
		k, v, _ := strings.Cut(line, " ")
		sums[k] = v
	}
	require.NotEmpty(t, sums["file"], "reject.txt names the rejected file")
	assert.NotEqual(t, "absent", sums["before"])
	assert.Equal(t, sums["before"], sums["end"], "%s is unchanged by the rejected edit", sums["file"])
}

// endScreen is the screen kept at the end of the run that recorded
// rec: screen-end.txt for session.jsonl, screen-STEM-end.txt for
// STEM.jsonl.
func endScreen(rec string) string {
	if stem := strings.TrimSuffix(filepath.Base(rec), ".jsonl"); stem != "session" {
		return "screen-" + stem + "-end.txt"
	}
	return "screen-end.txt"
}

func readLive(t *testing.T, run, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(run, name))
	require.NoError(t, err)
	return string(data)
}

// cardWidth is the width of the cards on a live screen: that of the
// first bottom border, without the viewer's margin.
func cardWidth(screen string) int {
	for _, line := range strings.Split(screen, "\n") {
		if strings.HasPrefix(line, " ╰─") {
			return ansi.StringWidth(strings.TrimRight(line, " ")) - 1
		}
	}
	return 0
}

// padding is a run of the spaces or rules that pad a card's lines to its
// width: the scratch folder's path, replaced by a shorter one in the
// screens kept, changes how many there are.
var padding = regexp.MustCompile(`  +|──+|┄┄+`)

// liveCards are the top-level cards wholly on a live screen, each as its
// lines without the viewer's margin, every padding run made one.
func liveCards(screen string) []string {
	var out []string
	var card []string
	for _, line := range strings.Split(screen, "\n") {
		line = padding.ReplaceAllStringFunc(strings.TrimRight(line, " "), func(run string) string { return run[:len(run)/utf8.RuneCountInString(run)] })
		switch {
		case strings.HasPrefix(line, " ╭─"):
			card = []string{line[1:]}
		case card != nil && strings.HasPrefix(line, " ╰─"):
			out = append(out, strings.Join(append(card, line[1:]), "\n"))
			card = nil
		case card != nil:
			card = append(card, strings.TrimPrefix(line, " "))
		}
	}
	return out
}

// printedCards are the cards `cardtui replay --print` draws of the
// recording at width (the live cards'), as many as the live cards and
// in the same form: the last run of them whose first lines are the live
// cards' (the live screen shows the end of the session).
func printedCards(t *testing.T, recording string, live []string, width int) []string {
	t.Helper()
	if len(live) == 0 {
		return nil
	}
	var stdout, stderr bytes.Buffer
	code := run([]string{"replay", "--print", "--color", "never", "--width", strconv.Itoa(width), recording}, strings.NewReader(""), &stdout, &stderr)
	require.Equal(t, exitOK, code, stderr.String())
	printed := liveCards(indent(stdout.String()))
	for at := len(printed) - len(live); at >= 0; at-- {
		if sameHeads(printed[at:at+len(live)], live) {
			return printed[at : at+len(live)]
		}
	}
	return nil
}

// sameHeads reports whether the cards a and b have the same first lines.
func sameHeads(a, b []string) bool {
	for i := range a {
		ha, _, _ := strings.Cut(a[i], "\n")
		hb, _, _ := strings.Cut(b[i], "\n")
		if ha != hb {
			return false
		}
	}
	return true
}

// indent gives every line of text the live viewer's one-cell margin.
func indent(text string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lines[i] = " " + l
	}
	return strings.Join(lines, "\n")
}
