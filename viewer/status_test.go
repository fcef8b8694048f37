package viewer

import (
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/assert"

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
	assert.Contains(t, status, "2 pending", "a card without result that ended is not pending")
	assert.Contains(t, status, "2 problems")
	assert.Contains(t, status, "follow off")

	m, _ = press(t, m, "n", "n")
	assert.Contains(t, statusRow(m), "card 3/6")
	m, _ = send(t, m, EntriesMsg{Updates: []Update{{Index: 3, Entry: titled(3)}}})
	assert.Contains(t, statusRow(m), "1 problem ")
}

func TestStatusLineSanitisesTheSource(t *testing.T) {
	opts := testOptions()
	opts.Source = "evil\x1b[2J\nname"
	m := New(opts)
	m.SetSize(80, 10)
	assert.Contains(t, statusRow(m), "evil␛[2J name · no cards")
	assert.NotContains(t, m.View().Content, "\x1b")
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
	ch := make(chan Update, 1)
	ch <- Update{Entry: titled(0)}
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

func TestFitStatusCutsTheLeftSideFirst(t *testing.T) {
	assert.Equal(t, "left      right", fitStatus("left", "right", 15))
	assert.Equal(t, "a long l… right", fitStatus("a long left side", "right", 15))
	assert.Equal(t, "righ…", fitStatus("left", "right side", 5))
	assert.Equal(t, "a long…", fitStatus("a long left side", "", 7))
}

func TestInitAsksForTheBackgroundUnlessTheThemeIsFixed(t *testing.T) {
	opts := testOptions()
	assert.Nil(t, New(opts).Init())
	opts.ThemeFixed = false
	cmd := New(opts).Init()
	if assert.NotNil(t, cmd) {
		assert.Equal(t, tea.RequestBackgroundColor(), cmd())
	}
}
