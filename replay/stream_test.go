package replay_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/agents/nodb"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/demo"
	"github.com/cardtui/cardtui/internal/testkit"
	"github.com/cardtui/cardtui/internal/testkit/benchinput"
	"github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/internal/testkit/harnesslog"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
	"github.com/cardtui/cardtui/internal/testkit/zstdframes"
	"github.com/cardtui/cardtui/replay"
)

// waitLimit bounds every wait for a batch; it is far longer than any
// batch takes, so that a slow machine does not fail the tests.
const waitLimit = 10 * time.Second

// screen is what a viewer holds after applying batches as Updates.
type screen struct {
	entries []cards.Entry
	batches []replay.Batch
}

// apply sets the entries of a batch, checking that its indexes increase,
// and that each one replaces an entry or appends the next.
func (s *screen) apply(t testing.TB, b replay.Batch) {
	t.Helper()
	s.batches = append(s.batches, b)
	for k, c := range b.Changes {
		if k > 0 {
			require.Greater(t, c.Index, b.Changes[k-1].Index, "indexes increase, each once")
		}
		require.LessOrEqual(t, c.Index, len(s.entries), "no gap before index %d", c.Index)
		if c.Index == len(s.entries) {
			s.entries = append(s.entries, c.Entry)
		} else {
			s.entries[c.Index] = c.Entry
		}
	}
}

// last is the last batch applied.
func (s *screen) last() replay.Batch { return s.batches[len(s.batches)-1] }

// streamAll streams input to its end and returns what the batches built.
func streamAll(t testing.TB, input []byte, opts replay.StreamOptions) (*screen, *replay.Transcript) {
	t.Helper()
	var s screen
	tr, err := replay.Stream(context.Background(), bytes.NewReader(input), "test.jsonl.zstd", opts,
		func(b replay.Batch) { s.apply(t, b) })
	require.NoError(t, err)
	return &s, tr
}

// TestStreamBuildsWhatLoadBuilds: the batches rebuild, entry by entry, the
// transcript Load makes, for every kind of session.
func TestStreamBuildsWhatLoadBuilds(t *testing.T) {
	inputs := map[string][]byte{
		"harness demo":       demo.Session,
		"view demo":          golden.Session(t, "demo-views.jsonl"),
		"malformed":          golden.Session(t, "malformed-middle.jsonl"),
		"torn tail":          golden.Session(t, "torn-tail.jsonl"),
		"pending at the end": []byte(replaytest.CallLine + "\n" + replaytest.Call2Line + "\n" + replaytest.Result2Line + "\n"),
	}
	for _, name := range []string{"headless--pty-tools--stream-json.expected.jsonl", "advanced-toolchain--session.jsonl"} {
		if data, err := os.ReadFile(filepath.Join(golden.Root(t), "..", "shared", "fixtures", "dsh", name)); err == nil {
			inputs[name] = data
		}
	}
	for name, input := range inputs {
		t.Run(name, func(t *testing.T) {
			want := replaytest.LoadBytes(t, lineOptions, input)

			s, tr := streamAll(t, input, replay.StreamOptions{Options: nodb.Options("")})

			assert.Equal(t, want.Entries, s.entries)
			assert.Equal(t, want.Entries, tr.Entries)
			assert.Equal(t, want.Stats, tr.Stats)
			assert.Equal(t, want.InputNotices, tr.InputNotices)
		})
	}
}

// TestStreamMarksPendingCallsEnded: the last batch re-sends the cards that
// the end of the input leaves without a result, marked ended.
func TestStreamMarksPendingCallsEnded(t *testing.T) {
	s, _ := streamAll(t, []byte(replaytest.CallLine+"\n"+replaytest.Call2Line+"\n"+replaytest.Result2Line+"\n"), replay.StreamOptions{Options: nodb.Options("")})

	last := s.last()
	require.NotEmpty(t, last.Changes)
	assert.Equal(t, 0, last.Changes[0].Index)
	assert.True(t, last.Changes[0].Entry.(cards.ToolCard).Ended)
	assert.True(t, last.CaughtUp)
}

// manyMessages is a view stream of n user messages.
func manyMessages(n int) []byte {
	var b bytes.Buffer
	for i := range n {
		fmt.Fprintf(&b, `{"type":"message","role":"user","text":"message %d"}`+"\n", i)
	}
	return b.Bytes()
}

// TestStreamBatchesAreBoundedAndReportProgress: a large input comes in a
// few batches, not one per line, with the bytes read growing to the whole
// input. Under -short 5,000 lines (270 KB) come in 6 batches, the first
// after 64 KiB: a batch per line, or one for the whole input, still fails.
func TestStreamBatchesAreBoundedAndReportProgress(t *testing.T) {
	lines := testkit.Rounds(20000, 5000)
	input := manyMessages(lines)

	s, _ := streamAll(t, input, replay.StreamOptions{Options: nodb.Options(""), Total: int64(len(input))})

	require.Len(t, s.entries, lines)
	assert.Greater(t, len(s.batches), 1, "the entries do not wait for the end of the input")
	assert.Less(t, len(s.batches), lines/100, "the batches hold many lines each")
	assert.Less(t, s.batches[0].Read, int64(len(input)), "the first batch comes before the input is read")
	for k, b := range s.batches {
		assert.Equal(t, int64(len(input)), b.Total)
		if k > 0 {
			assert.GreaterOrEqual(t, b.Read, s.batches[k-1].Read, "batch %d", k)
		}
	}
	assert.Equal(t, int64(len(input)), s.last().Read)
}

// TestStreamZstd: a compressed input streams what it holds, and the
// progress counts its compressed bytes.
func TestStreamZstd(t *testing.T) {
	compressed, _ := zstdframes.Compress(t, demo.Session, 5)

	s, _ := streamAll(t, compressed, replay.StreamOptions{Options: nodb.Options(""), Total: int64(len(compressed))})

	assert.Equal(t, replaytest.LoadBytes(t, lineOptions, demo.Session).Entries, s.entries)
	assert.Equal(t, int64(len(compressed)), s.last().Read)
}

// liveStream runs Stream on r in the background and hands its batches
// over a channel; done gets its result.
type liveStream struct {
	screen
	batches chan replay.Batch
	done    chan error
}

func startStream(ctx context.Context, r io.Reader) *liveStream {
	ls := &liveStream{batches: make(chan replay.Batch), done: make(chan error, 1)}
	go func() {
		_, err := replay.Stream(ctx, r, "live.jsonl", replay.StreamOptions{Options: nodb.Options("")}, func(b replay.Batch) {
			select {
			case ls.batches <- b:
			case <-ctx.Done():
			}
		})
		close(ls.batches)
		ls.done <- err
	}()
	return ls
}

// waitFor applies batches until ok holds of the screen.
func (ls *liveStream) waitFor(t *testing.T, what string, ok func(*screen) bool) {
	t.Helper()
	deadline := time.After(waitLimit)
	for !ok(&ls.screen) {
		select {
		case b, open := <-ls.batches:
			require.True(t, open, "the stream ended before %s", what)
			ls.apply(t, b)
		case <-deadline:
			require.FailNow(t, "no batch for "+what, "entries: %v", ls.entries)
		}
	}
}

// hasEntries is a condition: the screen holds n entries.
func hasEntries(n int) func(*screen) bool {
	return func(s *screen) bool { return len(s.entries) == n }
}

// TestStreamSlowWriter writes a line at a time through a pipe: each line's
// entry arrives before the next line is written, and a result re-sends
// its call's card.
func TestStreamSlowWriter(t *testing.T) {
	r, w := io.Pipe()
	ls := startStream(t.Context(), r)
	write := func(line string) {
		_, err := io.WriteString(w, line+"\n")
		require.NoError(t, err)
	}

	write(replaytest.UserLine)
	ls.waitFor(t, "the user line", hasEntries(1))
	write(replaytest.CallLine)
	ls.waitFor(t, "the call, with the pipe empty", func(s *screen) bool { return len(s.entries) == 2 && s.last().CaughtUp })
	assert.Nil(t, ls.entries[1].(cards.ToolCard).Result, "the call is running")

	write(replaytest.ResultLine)
	ls.waitFor(t, "the result", func(s *screen) bool { return s.entries[1].(cards.ToolCard).Result != nil })
	assert.Equal(t, []cards.Change{{Index: 1, Entry: ls.entries[1]}}, ls.last().Changes,
		"the result re-sends only its card")

	write(replaytest.Call2Line)
	ls.waitFor(t, "the second call", hasEntries(3))
	require.NoError(t, w.Close())
	ls.waitFor(t, "the end", func(s *screen) bool { return s.entries[2].(cards.ToolCard).Ended })
	require.NoError(t, <-ls.done)
	assert.Equal(t, replaytest.LoadBytes(t, lineOptions, []byte(strings.Join([]string{replaytest.UserLine, replaytest.CallLine, replaytest.ResultLine, replaytest.Call2Line}, "\n")+"\n")).Entries,
		ls.entries)
}

// TestStreamCancel: cancelling the context ends a stream that waits for
// its writer.
func TestStreamCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	r, w := io.Pipe()
	defer w.Close()
	ls := startStream(ctx, r)
	_, err := io.WriteString(w, replaytest.UserLine+"\n")
	require.NoError(t, err)
	ls.waitFor(t, "the user line", hasEntries(1))

	cancel()

	select {
	case err := <-ls.done:
		assert.ErrorIs(t, err, context.Canceled)
	case <-time.After(waitLimit):
		require.FailNow(t, "Stream did not end when its context was cancelled")
	}
}

// TestStreamReadFailure: a read error ends the stream with a notice that
// the viewer shows, after everything read before it.
func TestStreamReadFailure(t *testing.T) {
	r := io.MultiReader(strings.NewReader(replaytest.CallLine+"\n"), errReader{errors.New("disk on fire")})
	var s screen

	tr, err := replay.Stream(context.Background(), r, "f.jsonl", replay.StreamOptions{Options: nodb.Options("")}, func(b replay.Batch) { s.apply(t, b) })

	require.ErrorContains(t, err, "read f.jsonl: disk on fire")
	require.Len(t, s.entries, 2)
	assert.True(t, s.entries[0].(cards.ToolCard).Ended)
	assert.Contains(t, s.entries[1].(cards.Notice).Text, "reading stopped: read f.jsonl: disk on fire")
	assert.Equal(t, tr.Entries, s.entries)
}

func TestStreamUnknownFormat(t *testing.T) {
	_, err := replay.Stream(context.Background(), strings.NewReader(""), "f", replay.StreamOptions{Options: replay.Options{Formats: nodb.Formats, Format: "cursor"}},
		func(replay.Batch) { t.Error("no batch") })

	assert.ErrorContains(t, err, `unknown input format "cursor"`)
}

// BenchmarkStreamHarnessLog100MB streams the session of
// BenchmarkReplayHarnessLog100MB, to compare with Load; it reports the
// number of batches sent.
func BenchmarkStreamHarnessLog100MB(b *testing.B) {
	data := benchinput.Repeat(harnesslog.DemoLines(), 1, "call_", 100<<20)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	batches := 0
	for b.Loop() {
		batches = 0
		_, err := replay.Stream(context.Background(), bytes.NewReader(data), "bench", replay.StreamOptions{Options: nodb.Options("")},
			func(replay.Batch) { batches++ })
		if err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(batches), "batches")
}

// TestStreamSendsNestedChanges re-sends the parent card when a card
// nested under it changes, and never changes an entry it sent.
func TestStreamSendsNestedChanges(t *testing.T) {
	r, w := io.Pipe()
	ls := startStream(t.Context(), r)
	write := func(line string) {
		_, err := io.WriteString(w, line+"\n")
		require.NoError(t, err)
	}

	write(header)
	write(harnesslog.CallEvent("c1", "run_code", `{"code":"1"}`))
	write(harnesslog.Dispatch("c1", "c1:code:1", "job_list", `{}`, ""))
	ls.waitFor(t, "the sub-call", func(s *screen) bool { return len(s.entries) == 1 && len(s.entries[0].(cards.ToolCard).Children) == 1 })
	running := ls.entries[0].(cards.ToolCard)
	write(harnesslog.Dispatch("c1", "c1:code:1", "job_list", `{}`, "none"))
	ls.waitFor(t, "its result", func(s *screen) bool { return s.entries[0].(cards.ToolCard).Children[0].(cards.ToolCard).Result != nil })
	require.NoError(t, w.Close())
	ls.waitFor(t, "the end", func(s *screen) bool { return s.entries[0].(cards.ToolCard).Ended })
	require.NoError(t, <-ls.done)

	assert.Nil(t, running.Children[0].(cards.ToolCard).Result, "the entry sent before is as it was")
}
