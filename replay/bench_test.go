package replay_test

import (
	"testing"

	"github.com/cardtui/cardtui/internal/testkit/benchinput"
	"github.com/cardtui/cardtui/internal/testkit/harnesslog"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
)

func BenchmarkLoadViewStream(b *testing.B) {
	replaytest.BenchmarkLoad(b, lineOptions, benchinput.Repeat(replaytest.ViewDemoLines(b), 0, "toolu_", 20<<20))
}

// BenchmarkReplayHarnessLog100MB replays a 100 MB session log: the demo's
// events repeated with fresh call ids. Besides the throughput it reports
// the heap the transcript holds once loaded (heap-MB).
func BenchmarkReplayHarnessLog100MB(b *testing.B) {
	replaytest.BenchmarkLoad(b, lineOptions, benchinput.Repeat(harnesslog.DemoLines(), 1, "call_", 100<<20))
}
