package replay_test

import (
	"bytes"
	"runtime"
	"testing"

	"github.com/cardtui/cardtui/agents"
	"github.com/cardtui/cardtui/internal/testkit/benchinput"
	"github.com/cardtui/cardtui/replay"
)

func BenchmarkLoadViewStream(b *testing.B) {
	benchmarkLoad(b, benchinput.Repeat(viewDemoLines(b), 0, "toolu_", 20<<20))
}

// BenchmarkReplayHarnessLog100MB replays a 100 MB session log: the demo's
// events repeated with fresh call ids. Besides the throughput it reports
// the heap the transcript holds once loaded (heap-MB).
func BenchmarkReplayHarnessLog100MB(b *testing.B) {
	benchmarkLoad(b, benchinput.Repeat(harnessDemoLines(b), 1, "call_", 100<<20))
}

func benchmarkLoad(b *testing.B, data []byte) {
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	var tr *replay.Transcript
	for b.Loop() {
		var err error
		tr, err = replay.Load(bytes.NewReader(data), "bench", replay.Options{Formats: agents.Formats})
		if err != nil || tr.Stats.Problems != 0 {
			b.Fatalf("err %v, %d problems", err, tr.Stats.Problems)
		}
	}
	b.StopTimer()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	b.ReportMetric(float64(m.HeapAlloc-uint64(len(data)))/1e6, "heap-MB")
	runtime.KeepAlive(tr)
}
