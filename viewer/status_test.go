package viewer

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
)

func TestStatusLineShowsTheSession(t *testing.T) {
	running := cards.ToolCard{ID: "r", Call: cards.TerminalCall{Title: "sleep 10"}}
	ended := cards.ToolCard{ID: "e", Call: cards.TerminalCall{Title: "lost"}, Ended: true}
	problem := cards.Problem{Source: "x.jsonl", Line: 4, Reason: "not JSON"}
	m := newModel(100, 30, titled(0), running, ended, problem, running, problem)
	status := statusRow(m)
	assert.Contains(t, status, "test.jsonl")
	assert.Contains(t, status, "card 1/6")
	assert.Contains(t, status, "2 running", "a card without result that ended is not running")
	assert.Contains(t, status, "2 problems")
	assert.NotContains(t, status, "pinned")

	m, _ = press(t, m, "n", "n")
	assert.Contains(t, statusRow(m), "card 3/6")
	m, _ = send(t, m, EntriesMsg{Updates: []cards.Change{{Index: 3, Entry: titled(3)}}})
	assert.Contains(t, statusRow(m), "1 problem ")
}

func TestStatusLineSanitisesTheSource(t *testing.T) {
	opts := testOptions()
	opts.Source = "evil\x1b[2J\nname"
	m := New(opts)
	m.SetSize(80, 10)
	assert.True(t, strings.HasSuffix(statusRow(m), " evil␛[2J name"), statusRow(m))
	assert.NotContains(t, m.View(), "\x1b")
}

func TestLoadingIndicatorShowsProgress(t *testing.T) {
	m := newModel(100, 12, titledCards(3)...)
	m, _ = send(t, m, ProgressMsg{Read: 1 << 20, Total: 4 << 20})
	assert.Contains(t, statusRow(m), "loading 1.0 MiB / 4.0 MiB (25%)")
	m, _ = send(t, m, ProgressMsg{Read: 1500})
	assert.Contains(t, statusRow(m), "loading 1.5 KiB")
	m, _ = send(t, m, ProgressMsg{Read: 4 << 20, Total: 4 << 20, Done: true})
	assert.NotContains(t, statusRow(m), "loading")
}

func TestStreamingShowsLiveUntilTheEnd(t *testing.T) {
	ch := make(chan cards.Change, 1)
	ch <- cards.Change{Entry: titled(0)}
	m, cmd := send(t, newModel(100, 12), Listen(ch)())
	assert.NotNil(t, cmd, "the model reads on")
	assert.Contains(t, statusRow(m), "live")
	m, _ = send(t, m, ProgressMsg{Read: 10, Total: 100})
	assert.Contains(t, statusRow(m), "loading 10 B / 100 B (10%)")
	m, _ = send(t, m, EndMsg{})
	assert.NotContains(t, statusRow(m), "live")
	assert.NotContains(t, statusRow(m), "loading")
}

func TestByteSizes(t *testing.T) {
	for n, want := range map[int64]string{0: "0 B", 1023: "1023 B", 1024: "1.0 KiB", 5 << 30: "5.0 GiB", 1 << 62: "4.0 EiB"} {
		assert.Equal(t, want, byteSize(n))
	}
}

func TestInitAsksForTheBackgroundUnlessTheThemeIsFixed(t *testing.T) {
	opts := testOptions()
	assert.Equal(t, tea.RequestCapability(clipboardCapability)(), New(opts).Init()(), "only the clipboard capability is asked")
	opts.ThemeFixed = false
	batch := New(opts).Init()().(tea.BatchMsg)
	require.Len(t, batch, 2)
	assert.Equal(t, tea.RequestBackgroundColor(), batch[1]())
}

func TestNothingThatMattersIsCutAt40Columns(t *testing.T) {
	opts := testOptions()
	opts.Source = "/home/dev/projects/a-rather-long-session-name.jsonl"
	m := New(opts)
	m.SetSize(40, 12)
	running := cards.ToolCard{ID: "r", Call: cards.TerminalCall{Title: "sleep 10"}}
	problem := cards.Problem{Source: "x.jsonl", Line: 4, Reason: "not JSON"}
	entries := append(titledCards(120), running, running, problem, problem, problem)
	m.SetEntries(entries)
	m, _ = send(t, m, ProgressMsg{Read: 1 << 20, Total: 4 << 20})
	m, _ = press(t, m, "G", "f")
	m = typeText(t, m, "x")
	m, _ = press(t, m, "esc")
	status := statusRow(m)
	for _, want := range []string{"card 125/125", "2 running", "3 problems"} {
		assert.Contains(t, status, want)
	}
	help := screenRows(m)[11]
	assert.True(t, strings.HasPrefix(help, "q quit • ? keys"), help)
	for _, row := range screenRows(m) {
		assert.LessOrEqual(t, len([]rune(row)), 40)
	}

	wide := New(opts)
	wide.SetSize(200, 12)
	wide.SetEntries(entries)
	assert.Contains(t, statusRow(wide), "a-rather-long-session-name.jsonl", "the base name when there is room")
	assert.NotContains(t, statusRow(wide), "/home/dev")
}

// TestStatusLineSumsTheTurns: the status line says what the session's
// turns add up to, and follows an update of a turn; it is the first part
// to go when the row is narrow.
func TestStatusLineSumsTheTurns(t *testing.T) {
	turn := func(text string, tokens int, seconds time.Duration) cards.Message {
		return cards.Message{Role: cards.RoleUser, Text: text, Turn: cards.Turn{
			Model:    "gpt-5.4",
			Duration: seconds * time.Second, Usage: cards.Usage{Input: tokens, Cached: tokens / 2}, CostUSD: 0.5,
		}}
	}
	m := newModel(120, 30, turn("one", 40_000, 60), titled(1), turn("two", 8_000, 13))
	assert.Contains(t, statusRow(m), "2 turns · 1m13s · 48k tokens (24k cached) · $1.00")

	m, _ = send(t, m, EntriesMsg{Updates: []cards.Change{{Index: 2, Entry: turn("two", 60_000, 13)}}})
	assert.Contains(t, statusRow(m), "2 turns · 1m13s · 100k tokens (50k cached) · $1.00")

	m.SetSize(40, 30)
	assert.NotContains(t, statusRow(m), "turns", "the totals go first")
	assert.Contains(t, statusRow(m), "card 1/3")
}
