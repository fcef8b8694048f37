package replay_test

import (
	"bytes"
	"context"
	"flag"
	"os"
	"runtime"
	"runtime/metrics"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/agents/nodb"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit"
	"github.com/cardtui/cardtui/internal/testkit/benchinput"
	"github.com/cardtui/cardtui/internal/testkit/harnesslog"
	"github.com/cardtui/cardtui/render"
	"github.com/cardtui/cardtui/replay"
	"github.com/cardtui/cardtui/viewer"
)

// The benchmarks of issue 8 ("instant at any size") run on one generated
// session: the demo's events repeated with fresh call ids until the log
// holds at least bigSessionBytes bytes and bigSessionEvents events. It is
// built in memory once per test binary and never written to the repository.
const (
	bigSessionBytes  = 100 << 20
	bigSessionEvents = 200_000
)

var bigSessionData struct {
	once sync.Once
	data []byte
}

// bigSession returns the generated session.
func bigSession(tb testing.TB) []byte {
	bigSessionData.once.Do(func() {
		lines := harnesslog.DemoLines()
		data := benchinput.Repeat(lines, 1, "call_", bigSessionBytes)
		// Every line of the demo is an event; grow the session until there
		// are enough of them too.
		for size := bigSessionBytes; bytes.Count(data, []byte("\n")) < bigSessionEvents; {
			size += size / 4
			data = benchinput.Repeat(lines, 1, "call_", size)
		}
		bigSessionData.data = data
	})
	return bigSessionData.data
}

// bigSessionOut names a file to write the generated session to, for
// measuring the command on it (go test ./replay -run BigSession
// -bigsession.out /tmp/big.jsonl).
var bigSessionOut = flag.String("bigsession.out", "", "write the generated 100 MB session to this file")

// TestBigSessionIsLargeAndClean keeps the benchmarks honest: the generated
// session is as large as the issue asks and every line of it is understood.
func TestBigSessionIsLargeAndClean(t *testing.T) {
	testkit.SkipLong(t, "builds a 100 MB session")
	data := bigSession(t)
	if *bigSessionOut != "" {
		require.NoError(t, os.WriteFile(*bigSessionOut, data, 0o644))
	}
	tr, err := replay.Load(bytes.NewReader(data), "big.jsonl", replay.Options{Formats: nodb.Formats})
	if err != nil {
		t.Fatal(err)
	}
	if len(data) < bigSessionBytes || tr.Stats.Events < bigSessionEvents || tr.Stats.Problems != 0 {
		t.Fatalf("%d bytes, %d events, %d problems", len(data), tr.Stats.Events, tr.Stats.Problems)
	}
	t.Logf("%d bytes, %d lines, %d events, %d entries, %d tool cards",
		len(data), tr.Stats.Lines, tr.Stats.Events, len(tr.Entries), tr.Stats.ToolCards)
}

// peakHeap samples the heap in use while a benchmark runs, every 10 ms
// with runtime/metrics (which, unlike runtime.ReadMemStats, does not stop
// the world); stop returns the largest value seen, in MB.
func peakHeap() (stop func() float64) {
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	var peak uint64
	read := func() {
		metrics.Read(sample)
		peak = max(peak, sample[0].Value.Uint64())
	}
	done, finished := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(finished)
		tick := time.NewTicker(10 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-tick.C:
				read()
			case <-done:
				read()
				return
			}
		}
	}()
	return func() float64 {
		close(done)
		<-finished
		return float64(peak) / 1e6
	}
}

// reportCPU reports the CPU time per operation since start (a value of
// benchinput.ProcessCPU): on a machine shared with other work it says
// what the benchmark costs even when the wall time does not.
func reportCPU(b *testing.B, start float64) {
	b.ReportMetric((benchinput.ProcessCPU()-start)/float64(b.N), "cpu-s/op")
}

// reportHeap reports the peak heap in use during the benchmark and the heap
// still held by keep after it, in MB.
func reportHeap(b *testing.B, stop func() float64, keep any) {
	b.StopTimer()
	b.ReportMetric(stop(), "peak-heap-MB")
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	b.ReportMetric(float64(m.HeapAlloc-uint64(len(bigSession(b))))/1e6, "kept-heap-MB")
	runtime.KeepAlive(keep)
}

// BenchmarkFullLoad reads the whole generated session, with Load (what
// `cardtui replay --print` and `validate` do) and with Stream (what the
// viewer does, batches included).
func BenchmarkFullLoad(b *testing.B) {
	data := bigSession(b)
	b.Run("Load", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		stop, cpu := peakHeap(), benchinput.ProcessCPU()
		var tr *replay.Transcript
		for b.Loop() {
			tr = mustLoad(b, data)
		}
		reportCPU(b, cpu)
		reportHeap(b, stop, tr)
	})
	b.Run("Stream", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		stop, cpu := peakHeap(), benchinput.ProcessCPU()
		var tr *replay.Transcript
		for b.Loop() {
			batches := 0
			var err error
			tr, err = replay.Stream(context.Background(), bytes.NewReader(data), "big.jsonl",
				replay.StreamOptions{Options: nodb.Options(""), Total: int64(len(data))}, func(replay.Batch) { batches++ })
			if err != nil || tr.Stats.Problems != 0 || batches == 0 {
				b.Fatalf("err %v, %d problems, %d batches", err, tr.Stats.Problems, batches)
			}
		}
		reportCPU(b, cpu)
		reportHeap(b, stop, tr)
	})
}

func mustLoad(b *testing.B, data []byte) *replay.Transcript {
	tr, err := replay.Load(bytes.NewReader(data), "big.jsonl", replay.Options{Formats: nodb.Formats})
	if err != nil || tr.Stats.Problems != 0 {
		b.Fatalf("err %v, %d problems", err, tr.Stats.Problems)
	}
	return tr
}

// viewerOptions are the options cmd/cardtui gives the viewer for a file:
// true colour, a fixed theme, showing the top.
func viewerOptions() viewer.Options {
	opts := viewer.DefaultOptions()
	opts.ThemeFixed, opts.NoFollow, opts.Source = true, true, "big.jsonl"
	return opts
}

// step is what Bubble Tea does with a message: Update, then View.
func step(b *testing.B, m viewer.Model, msg tea.Msg) viewer.Model {
	next, _ := viewer.App{Model: m}.Update(msg)
	m = next.(viewer.App).Model
	if m.View() == "" {
		b.Fatal("empty view")
	}
	return m
}

// BenchmarkOpenToFirstFrame is the time from opening the generated session
// to the viewer's first frame: Stream starts reading, its first batch goes
// to a new 120x40 viewer, which draws its screen. The reading then goes on
// in the background; it is stopped after the frame.
func BenchmarkOpenToFirstFrame(b *testing.B) {
	data := bigSession(b)
	b.ReportAllocs()
	stop := peakHeap()
	for b.Loop() {
		ctx, cancel := context.WithCancel(context.Background())
		first := make(chan []cards.Change, 1)
		done := make(chan struct{})
		go func() {
			defer close(done)
			_, _ = replay.Stream(ctx, bytes.NewReader(data), "big.jsonl",
				replay.StreamOptions{Options: nodb.Options(""), Total: int64(len(data))}, func(batch replay.Batch) {
					if len(batch.Changes) == 0 {
						return
					}
					select {
					case first <- batch.Changes:
					default:
					}
				})
		}()
		m := viewer.New(viewerOptions())
		m = step(b, m, tea.WindowSizeMsg{Width: 120, Height: 40})
		m = step(b, m, viewer.EntriesMsg{Updates: <-first})
		if m.Len() == 0 {
			b.Fatal("no entries in the first frame")
		}
		b.StopTimer()
		cancel()
		<-done
		b.StartTimer()
	}
	b.ReportMetric(stop(), "peak-heap-MB")
}

// BenchmarkOpenToLastFrame is the time from opening the generated session
// to the frame of its last screen: every batch goes to the viewer as
// cmd/cardtui sends it (batches of at most 4,096 updates, each followed by
// a frame), then G is pressed once the file is read.
func BenchmarkOpenToLastFrame(b *testing.B) {
	data := bigSession(b)
	b.ReportAllocs()
	stop := peakHeap()
	var m viewer.Model
	for b.Loop() {
		batches := make(chan []cards.Change, 64)
		go func() {
			defer close(batches)
			_, _ = replay.Stream(context.Background(), bytes.NewReader(data), "big.jsonl",
				replay.StreamOptions{Options: nodb.Options(""), Total: int64(len(data))}, func(batch replay.Batch) { batches <- batch.Changes })
		}()
		m = viewer.New(viewerOptions())
		m = step(b, m, tea.WindowSizeMsg{Width: 120, Height: 40})
		for changes := range batches {
			for len(changes) > 0 {
				n := min(len(changes), 4096)
				m = step(b, m, viewer.EntriesMsg{Updates: changes[:n]})
				changes = changes[n:]
			}
		}
		m = step(b, m, viewer.EndMsg{})
		m = step(b, m, tea.KeyPressMsg{Code: 'G', Text: "G"})
	}
	b.StopTimer()
	b.ReportMetric(stop(), "peak-heap-MB")
	runtime.KeepAlive(m)
}

// plainOptions are the options of `cardtui replay --print --format plain`
// with stdout not a terminal.
func plainOptions() render.Options {
	return render.Options{Width: 100, Theme: render.Dark, Terminal: true, Profile: colorprofile.NoTTY}
}

// BenchmarkPrintThroughput draws every entry of the generated session as
// `cardtui replay --print --format plain` does, at width 100, and reports
// the cards drawn per second. The session is loaded before the timing.
func BenchmarkPrintThroughput(b *testing.B) {
	tr := mustLoad(b, bigSession(b))
	o := plainOptions()
	b.ReportAllocs()
	stop := peakHeap()
	start := time.Now()
	n := 0
	for b.Loop() {
		n += printEntries(b, tr, o)
	}
	b.ReportMetric(float64(n)/time.Since(start).Seconds(), "cards/s")
	b.ReportMetric(float64(len(tr.Entries)), "cards")
	b.ReportMetric(stop(), "peak-heap-MB")
}

// printEntries draws every entry of tr as `cardtui replay --print` does
// (render.DrawAll, every line read) and returns how many there were.
func printEntries(b *testing.B, tr *replay.Transcript, o render.Options) int {
	n := 0
	for i, d := range render.DrawAll(tr.Entries, o) {
		if d.Len() == 0 {
			b.Fatalf("entry %T drew nothing", tr.Entries[i])
		}
		for j := range d.Len() {
			_ = d.Line(j)
		}
		n++
	}
	return n
}

// BenchmarkPrintPath is the whole print path on the generated session:
// Load, then every entry drawn plain at width 100.
func BenchmarkPrintPath(b *testing.B) {
	data := bigSession(b)
	o := plainOptions()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	stop := peakHeap()
	for b.Loop() {
		printEntries(b, mustLoad(b, data), o)
	}
	b.ReportMetric(stop(), "peak-heap-MB")
}
