package live

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cardtui/cardtui/agents/acp"
	"github.com/cardtui/cardtui/cards"

	tea "charm.land/bubbletea/v2"
	sdk "github.com/coder/acp-go-sdk"

	"github.com/cardtui/cardtui/internal/testkit/acptest"
	"github.com/cardtui/cardtui/viewer"
)

// reportQuantiles reports the median and the 99th percentile of the
// durations, in milliseconds.
func reportQuantiles(b *testing.B, d []time.Duration) {
	slices.Sort(d)
	ms := func(q float64) float64 { return float64(d[int(q*float64(len(d)-1))]) / float64(time.Millisecond) }
	b.ReportMetric(ms(0.5), "ms/median")
	b.ReportMetric(ms(0.99), "ms/p99")
}

// record is a recording line for a transcript.
func record(from acp.Peer, msg string) acp.Record {
	return acp.Record{Time: time.Unix(0, 0), From: from, Msg: json.RawMessage(msg)}
}

// BenchmarkTerminalCardAppend measures what one update costs a terminal
// card holding 10,000 lines of output: the transcript takes the new
// output, the viewer takes the changed entry and draws the screen.
func BenchmarkTerminalCardAppend(b *testing.B) {
	tr := acp.NewTraffic("bench")
	n := 0
	apply := func(r acp.Record) { n++; tr.Apply(r, nil, n) }
	apply(record(acp.FromAgent, `{"jsonrpc":"2.0","id":1,"method":"terminal/create","params":{"sessionId":"s","command":"make"}}`))
	apply(record(acp.FromClient, `{"jsonrpc":"2.0","id":1,"result":{"terminalId":"t1"}}`))
	apply(record(acp.FromAgent, `{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s","update":{"sessionUpdate":"tool_call","toolCallId":"c","title":"Build","kind":"execute","status":"in_progress","content":[{"type":"terminal","terminalId":"t1"}]}}}`))
	var out strings.Builder
	for i := range 10000 {
		fmt.Fprintf(&out, "\x1b[32mok\x1b[0m  step %d of the build: compiling package number %d\n", i, i)
	}
	apply(acp.Record{Time: time.Unix(0, 0), From: acp.Local, Terminal: &acp.TerminalState{ID: "t1", Output: out.String()}})
	v := viewer.New(viewer.DefaultOptions())
	v.SetSize(120, 40)
	feed := func() {
		changes := tr.Changes()
		updates := make([]cards.Change, len(changes))
		for i, c := range changes {
			updates[i] = cards.Change{Index: c.Index, Entry: c.Entry}
		}
		v, _ = v.Update(viewer.EntriesMsg{Updates: updates})
		_ = v.Render()
	}
	feed()
	times := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := range b.N {
		fmt.Fprintf(&out, "line %d appended\n", i)
		state := &acp.TerminalState{ID: "t1", Output: out.String()}
		start := time.Now()
		apply(acp.Record{Time: time.Unix(0, 0), From: acp.Local, Terminal: state})
		feed()
		times = append(times, time.Since(start))
	}
	reportQuantiles(b, times)
}

// words is the i-th chunk of a streamed reply: a few words, and the end
// of a paragraph every 40 chunks of text, about 5 lines at 100 columns;
// a reply of one endless paragraph is the worst case.
func words(i int) string {
	if i%80 == 78 && paragraphs { // an even i: the odd ones are tool call updates
		return "the end of a paragraph.\n\n"
	}
	return fmt.Sprintf("and word %d ", i)
}

// paragraphs is whether the streamed reply has paragraphs; set it false
// to measure the worst case.
var paragraphs = os.Getenv("CARDTUI_BENCH_ONE_PARAGRAPH") == ""

// BenchmarkKeystrokeUnderLoad measures how long a keystroke takes to
// reach the screen while the agent sends 1,000 updates a second (message
// chunks of a reply and tool call updates, half each), typed 10 ms apart: the
// front-end first takes the changes that came in (as its event loop
// would before the key), then handles the key and draws the screen.
func BenchmarkKeystrokeUnderLoad(b *testing.B) {
	var sent atomic.Int64
	m := liveWith(b, func(ctx context.Context, a *acptest.Agent, sid sdk.SessionId) error {
		if err := a.Update(ctx, sid, sdk.StartToolCall("t", "busy tool", sdk.WithStartKind(sdk.ToolKindExecute))); err != nil {
			return err
		}
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		start := time.Now()
		for i := 0; ; i++ {
			if i >= int(time.Since(start)/time.Millisecond) { // ahead of 1,000 a second: wait
				select {
				case <-ctx.Done():
					return nil
				case <-tick.C:
				}
			}
			u := sdk.UpdateAgentMessageText(words(i))
			if i%2 == 1 {
				u = sdk.UpdateToolCall("t", sdk.WithUpdateTitle(fmt.Sprintf("busy tool, step %d", i)))
			}
			if err := a.Update(ctx, sid, u); err != nil {
				return nil
			}
			sent.Add(1)
		}
	})
	m.Update(tea.KeyPressMsg{Code: 'g', Text: "g"})
	m.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	time.Sleep(200 * time.Millisecond)
	began, sentBefore := time.Now(), sent.Load()
	key := tea.KeyPressMsg{Code: 'a', Text: "a"}
	times := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := range b.N {
		b.StopTimer()
		time.Sleep(10 * time.Millisecond)
		if i%40 == 0 {
			m.input.Reset()
		}
		b.StartTimer()
		start := time.Now()
		select {
		case <-m.sess.Changed():
			m.applyChanges()
		default:
		}
		m.Update(key)
		_ = m.View()
		times = append(times, time.Since(start))
	}
	b.StopTimer()
	reportQuantiles(b, times)
	b.ReportMetric(float64(sent.Load()-sentBefore)/time.Since(began).Seconds(), "updates/s")
	_ = m.sess.Cancel(context.Background())
}
