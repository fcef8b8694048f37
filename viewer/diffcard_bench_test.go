package viewer

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/benchinput"
	"github.com/cardtui/cardtui/render"
)

// The benchmarks of a large diff card in the viewer: a diff of a
// 10,000-line Go file with one line in 20 changed (internal/testkit/benchinput's
// diff10k), focused, between a prompt and a reply, collapsed as the
// viewer starts and expanded as after --expand. They report the
// percentiles of their timings (p50-ms, p99-ms, max-ms: see latencies);
// goals, not asserted: a first frame under 50 ms, a keystroke's p99 under
// 16 ms.

// diffCardWanted is in every line of code of the diff card: the screen
// shows it once the card is drawn, collapsed or expanded, wherever the
// screen is in the card.
const diffCardWanted = "// accumulate the "

// diffCardEntries are the prompt, the diff card (id "diff") and the
// reply, with ids.
var diffCardEntries = func() []cards.Change {
	old := benchinput.GoSource(10_000)
	diff := cards.ToolCard{ID: "diff", Tool: "edit", Call: cards.DiffCall{
		Title: "Edit main.go",
		Diffs: []cards.FileDiff{{Path: "main.go", OldText: &old, NewText: benchinput.ChangeEvery(old, 20)}},
	}}
	return []cards.Change{
		{ID: "prompt", Entry: cards.Message{Role: cards.RoleUser, Text: "Rename compute to recompute in main.go."}},
		{ID: "diff", Entry: diff},
		{ID: "reply", Entry: cards.Message{Role: cards.RoleAssistant, Text: "Done: **every fifth step** recomputes."}},
	}
}()

// diffCardModel is a new 120×40 true-colour dark viewer of
// diffCardEntries with the diff card focused, expanded or not; nothing is
// drawn before it is shown.
func diffCardModel(expanded bool) Model {
	opts := DefaultOptions()
	opts.ThemeFixed, opts.NoFollow = true, true
	opts.Render.Profile, opts.Render.Theme, opts.Render.Expanded = colorprofile.TrueColor, render.Dark, expanded
	m := New(opts)
	m.SetSize(120, 40)
	m.Apply(diffCardEntries...)
	m.FocusEntry("diff")
	return m
}

// firstCardFrame draws frames of m, each after the last card drawn in the
// background (a cardsDrawnMsg), until one shows the diff card, and
// returns the model and that frame.
func firstCardFrame(b *testing.B, m Model) (Model, string) {
	for {
		view := App{Model: m}.View().Content
		if strings.Contains(ansi.Strip(view), diffCardWanted) {
			return m, view
		}
		if !drawingInBackground(m) {
			b.Fatalf("the diff card is drawn but not shown:\n%s", ansi.Strip(view))
		}
		m = benchStep(b, m, m.drawings.waitDrawn())
	}
}

// drawingInBackground reports whether a card of m is being drawn (or
// coloured) in the background.
func drawingInBackground(m Model) bool {
	if m.drawings == nil {
		return false
	}
	m.drawings.mu.Lock()
	defer m.drawings.mu.Unlock()
	return len(m.drawings.running) > 0
}

// waitBackground waits until m draws nothing in the background, so that
// one round's drawing does not slow the next. Its callers stop the timer.
func waitBackground(m Model) {
	for drawingInBackground(m) {
		time.Sleep(time.Millisecond)
	}
}

// diffCardCases runs a benchmark for the diff card collapsed and expanded.
func diffCardCases(b *testing.B, run func(b *testing.B, expanded bool)) {
	b.Run("collapsed", func(b *testing.B) { run(b, false) })
	b.Run("expanded", func(b *testing.B) { run(b, true) })
}

// BenchmarkViewerFirstFrameDiff10k is the viewer from New (with its
// size, the entries and the focus on the diff card) to the first frame
// that shows the card, waiting for cards drawn in the background as the
// program does. Goal: under 50 ms.
func BenchmarkViewerFirstFrameDiff10k(b *testing.B) {
	diffCardCases(b, func(b *testing.B, expanded bool) {
		var l latencies
		b.ReportAllocs()
		for b.Loop() {
			var m Model
			l.time(func() { m, _ = firstCardFrame(b, diffCardModel(expanded)) })
			b.StopTimer()
			waitBackground(m)
			b.StartTimer()
		}
		l.report(b)
	})
}

// diffCardKeys are the keys sent while the card is coloured: a line down
// twice, the next card and back.
var diffCardKeys = []tea.Msg{keyMsg("j"), keyMsg("j"), keyMsg("tab"), keyMsg("shift+tab")}

// BenchmarkViewerKeystrokeDiff10k is a keystroke (diffCardKeys in turn)
// and its frame, sent while the diff card is being drawn or coloured in
// the background: after the first frame that shows the card (untimed), a
// round of keystrokes lasts as long as the background drawing; the next
// round starts from a new model. busy-% is the share of keystrokes sent
// while the background drawing was running: 0 when the first frame waits
// for the card's colours. Goal: a p99 under 16 ms.
func BenchmarkViewerKeystrokeDiff10k(b *testing.B) {
	diffCardCases(b, func(b *testing.B, expanded bool) {
		var (
			l       latencies
			m       Model
			k, busy int
			round   = true // a new round is due
		)
		b.ReportAllocs()
		for b.Loop() {
			if round {
				b.StopTimer()
				waitBackground(m) // the last round's drawing
				m, _ = firstCardFrame(b, diffCardModel(expanded))
				b.StartTimer()
			}
			if drawingInBackground(m) {
				busy++
			}
			msg := diffCardKeys[k%len(diffCardKeys)]
			k++
			l.time(func() { m = benchStep(b, m, msg) })
			round = !drawingInBackground(m)
		}
		waitBackground(m)
		b.ReportMetric(100*float64(busy)/float64(max(k, 1)), "busy-%")
		l.report(b)
	})
}
