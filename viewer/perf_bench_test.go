package viewer

import (
	"bytes"
	"fmt"
	"runtime"
	"runtime/metrics"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/demo"
	"github.com/cardtui/cardtui/replay"
)

// The latency benchmarks of issue 8 ("instant at any size"): each times
// every operation on its own and reports the median (p50-ms), the 99th
// percentile (p99-ms) and the worst (max-ms), besides the mean that
// ns/op is, and the heap in use after the run (heap-MB). Run them with
// -benchtime 1000x for a thousand timings.

// sessionEntries are the entries of a generated session: the demo's events
// repeated with fresh call ids until the log holds 100 MB (about 330,000
// events), as replay's benchmarks generate it.
var sessionEntries = sync.OnceValue(func() []cards.Entry {
	lines := strings.Split(strings.TrimSuffix(string(demo.Session), "\n"), "\n")
	body := strings.Join(lines[1:], "\n") + "\n"
	var b bytes.Buffer
	b.WriteString(lines[0] + "\n")
	for round := 0; b.Len() < 100<<20; round++ {
		b.WriteString(strings.ReplaceAll(body, `"call_`, fmt.Sprintf(`"r%d_call_`, round)))
	}
	tr, err := replay.Load(&b, "big.jsonl", replay.Options{})
	if err != nil || tr.Stats.Problems != 0 {
		panic(fmt.Sprintf("generated session: %v, %d problems", err, tr.Stats.Problems))
	}
	return tr.Entries
})

// latencies times each operation of a benchmark and reports its
// percentiles.
type latencies []time.Duration

// time runs op once, timed.
func (l *latencies) time(op func()) {
	start := time.Now()
	op()
	*l = append(*l, time.Since(start))
}

func (l latencies) report(b *testing.B) {
	b.StopTimer()
	if len(l) == 0 {
		return
	}
	sorted := slices.Sorted(slices.Values(l))
	at := func(p float64) float64 {
		return float64(sorted[min(int(p*float64(len(sorted))), len(sorted)-1)]) / 1e6
	}
	b.ReportMetric(at(0.50), "p50-ms")
	b.ReportMetric(at(0.99), "p99-ms")
	b.ReportMetric(float64(sorted[len(sorted)-1])/1e6, "max-ms")
	runtime.GC()
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(sample)
	b.ReportMetric(float64(sample[0].Value.Uint64())/1e6, "heap-MB")
}

// latencyModel is a 120x40 true-colour viewer of entries, scrolled to the
// middle with the cards there rendered, as benchModel.
func latencyModel(b *testing.B, entries []cards.Entry) Model {
	opts := DefaultOptions()
	opts.ThemeFixed, opts.NoFollow = true, true
	m := New(opts)
	m.SetSize(120, 40)
	m.SetEntries(entries)
	m.top = position{card: len(entries) / 2}
	m.focus = len(entries) / 2
	m.settle()
	for _, k := range []string{"pgdown", "pgup", "pgup", "pgdown"} {
		m = benchStep(b, m, keyMsg(k))
	}
	return m
}

// latencySets are the transcripts the latency benchmarks run on: 50,000
// synthetic cards (benchEntries) and the generated session.
func latencySets(b *testing.B, run func(b *testing.B, entries []cards.Entry)) {
	b.Run("cards=50000", func(b *testing.B) { run(b, benchEntries(50_000)) })
	b.Run("session", func(b *testing.B) { run(b, sessionEntries()) })
}

// BenchmarkKeystrokeLatency is one line of scrolling and its frame: j and
// k alternately, in a region already drawn.
func BenchmarkKeystrokeLatency(b *testing.B) {
	latencySets(b, func(b *testing.B, entries []cards.Entry) {
		m := latencyModel(b, entries)
		keys := [2]tea.Msg{keyMsg("j"), keyMsg("k")}
		var l latencies
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			l.time(func() { m = benchStep(b, m, keys[i%2]) })
		}
		l.report(b)
	})
}

// BenchmarkPageDownLatency is one page down and its frame, always further
// down, so that most pages show cards not drawn before.
func BenchmarkPageDownLatency(b *testing.B) {
	latencySets(b, func(b *testing.B, entries []cards.Entry) {
		m := latencyModel(b, entries)
		down := keyMsg("pgdown")
		var l latencies
		b.ReportAllocs()
		for b.Loop() {
			if m.atBottom() {
				b.StopTimer()
				m = benchStep(b, m, keyMsg("g"))
				b.StartTimer()
			}
			l.time(func() { m = benchStep(b, m, down) })
		}
		l.report(b)
	})
}

// BenchmarkResizeLatency is a resize between two widths and its frame,
// with the renderings dropped first (untimed), so that the cards on screen
// are laid out anew each time, as after a resize to a width never seen.
func BenchmarkResizeLatency(b *testing.B) {
	latencySets(b, func(b *testing.B, entries []cards.Entry) {
		m := latencyModel(b, entries)
		widths := [2]int{100, 120}
		var l latencies
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			b.StopTimer()
			dropRenderings(m.cache)
			b.StartTimer()
			msg := tea.WindowSizeMsg{Width: widths[i%2], Height: 40}
			l.time(func() { m = benchStep(b, m, msg) })
		}
		l.report(b)
	})
}

// BenchmarkBottomLatency is G from the top and g back (each drawing a
// screen whose cards may be drawn already), timed apart.
func BenchmarkBottomLatency(b *testing.B) {
	latencySets(b, func(b *testing.B, entries []cards.Entry) {
		m := latencyModel(b, entries)
		keys := [2]tea.Msg{keyMsg("G"), keyMsg("g")}
		var l latencies
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			l.time(func() { m = benchStep(b, m, keys[i%2]) })
		}
		l.report(b)
	})
}

// TestRenderingFollowsTheScreen counts the cards drawn: opening 50,000
// cards, scrolling through a few screens, jumping to the end and resizing
// draw the cards shown and hardly any other.
func TestRenderingFollowsTheScreen(t *testing.T) {
	t.Parallel()
	opts := DefaultOptions()
	opts.ThemeFixed, opts.NoFollow = true, true
	m := New(opts)
	m.SetSize(120, 40)
	m.SetEntries(benchEntries(50_000))
	drawn := func() int { return len(m.cache.items) }
	m.View()
	require.LessOrEqual(t, drawn(), 40, "first frame")
	for range 5 {
		m, _ = press(t, m, "pgdown")
	}
	require.LessOrEqual(t, drawn(), 6*40, "five pages down")
	m, _ = press(t, m, "G")
	m.View()
	require.LessOrEqual(t, drawn(), 7*40, "the end")
	before := drawn()
	m, _ = send(t, m, tea.WindowSizeMsg{Width: 100, Height: 40})
	m.View()
	require.LessOrEqual(t, drawn()-before, 40, "a resize")
}
