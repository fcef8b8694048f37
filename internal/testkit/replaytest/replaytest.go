// Package replaytest loads, describes and checks transcripts in the tests
// of replay and of the agents' decoders (agents/...), and holds the body
// their fuzz targets share.
//
// It imports neither agents nor any agent's package, so that their
// internal tests may use it too: the formats to detect come in through
// replay.Options.
package replaytest

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	exportmd "github.com/cardtui/cardtui/export/markdown"
	"github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/render"
	"github.com/cardtui/cardtui/replay"
)

// Load reads input exactly as given, as the file "test.jsonl", with opts
// (whose Formats say which formats to detect), and fails t on an error.
func Load(t testing.TB, opts replay.Options, input string) *replay.Transcript {
	t.Helper()
	tr, err := replay.Load(strings.NewReader(input), "test.jsonl", opts)
	require.NoError(t, err)
	return tr
}

// LoadLines reads lines, joined with "\n" and ended with one, as Load does.
func LoadLines(t testing.TB, opts replay.Options, lines ...string) *replay.Transcript {
	t.Helper()
	return Load(t, opts, strings.Join(lines, "\n")+"\n")
}

// LoadBytes reads data as the file "test.jsonl.zstd", detecting its
// compression and, among opts.Formats, its format; it fails t on an error.
func LoadBytes(t testing.TB, opts replay.Options, data []byte) *replay.Transcript {
	t.Helper()
	tr, err := replay.Load(bytes.NewReader(data), "test.jsonl.zstd", opts)
	require.NoError(t, err)
	return tr
}

// LoadFile reads the file at path as LoadBytes does, and checks that
// every line of it is accounted for (CheckAccounted).
func LoadFile(t testing.TB, opts replay.Options, path string) *replay.Transcript {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	tr := LoadBytes(t, opts, data)
	CheckAccounted(t, data, tr)
	return tr
}

// EntriesOf are the entries of type T among entries, in order.
func EntriesOf[T cards.Entry](entries []cards.Entry) []T {
	var out []T
	for _, e := range entries {
		if v, ok := e.(T); ok {
			out = append(out, v)
		}
	}
	return out
}

// Problems returns the transcript's Problem entries.
func Problems(tr *replay.Transcript) []cards.Problem { return EntriesOf[cards.Problem](tr.Entries) }

// ToolCards returns the transcript's ToolCard entries.
func ToolCards(tr *replay.Transcript) []cards.ToolCard { return EntriesOf[cards.ToolCard](tr.Entries) }

// Notices are the texts of the transcript's top-level notices, in order.
func Notices(tr *replay.Transcript) []string {
	var out []string
	for _, n := range EntriesOf[cards.Notice](tr.Entries) {
		out = append(out, n.Text)
	}
	return out
}

// Messages are the top-level messages of role in a transcript, in order.
func Messages(tr *replay.Transcript, role cards.Role) []cards.Message {
	var out []cards.Message
	for _, m := range EntriesOf[cards.Message](tr.Entries) {
		if m.Role == role {
			out = append(out, m)
		}
	}
	return out
}

// CheckReplies checks what a transcript's replies say of themselves:
// each names model, the first was written at first, and none counts as a
// turn in the session's totals, which count the prompts with turn facts.
func CheckReplies(t testing.TB, tr *replay.Transcript, model string, first time.Time) {
	t.Helper()
	replies := Messages(tr, cards.RoleAssistant)
	require.NotEmpty(t, replies)
	for _, m := range replies {
		assert.Equal(t, model, m.Reply.Model, "%q", m.Text)
	}
	assert.Equal(t, first, replies[0].Reply.At.UTC())
	turns := 0
	for _, m := range Messages(tr, cards.RoleUser) {
		if !m.Turn.IsZero() {
			turns++
		}
	}
	assert.Equal(t, turns, cards.SessionTotals(tr.Entries).Turns, "replies are no turns")
}

// Describe writes one line per entry that says what it is, and a last
// line of the transcript's stats, for snapshots.
func Describe(tr *replay.Transcript) string {
	var b bytes.Buffer
	for i, e := range tr.Entries {
		fmt.Fprintf(&b, "%d ", i)
		describeEntry(&b, e, "")
	}
	s := tr.Stats
	fmt.Fprintf(&b, "stats: lines=%d events=%d toolCards=%d problems=%d skipped=%v\n",
		s.Lines, s.Events, s.ToolCards, s.Problems, s.Skipped)
	return b.String()
}

// describeEntry writes the line of one entry, and those of the entries
// nested under it, indented by two more spaces each.
func describeEntry(b *bytes.Buffer, e cards.Entry, indent string) {
	switch e := e.(type) {
	case cards.Message:
		fmt.Fprintf(b, "message %s: %q\n", e.Role, e.Text)
	case cards.ToolCard:
		fmt.Fprintf(b, "card %s tool=%q call=%s result=%s ended=%v\n", e.ID, e.Tool, CardOf(e.Call), CardOf(e.Result), e.Ended)
		for _, child := range e.Children {
			b.WriteString(indent + "  ↳ ")
			describeEntry(b, child, indent+"  ")
		}
	case cards.Problem:
		fmt.Fprintf(b, "problem %s:%d: %s\n    excerpt: %s\n", e.Source, e.Line, e.Reason, e.Excerpt)
	case cards.Notice:
		fmt.Fprintf(b, "notice: %s\n", e.Text)
	}
}

// CardOf names a view's card by its Go type, "-" for none.
func CardOf(v interface{ Card() string }) string {
	if v == nil {
		return "-"
	}
	return fmt.Sprintf("%T", v)
}

// CheckAccounted checks that the transcript counted every line of input
// and that each non-blank line became an event, a problem, or was not
// read because the input ends in the middle of it.
func CheckAccounted(t testing.TB, input []byte, tr *replay.Transcript) {
	t.Helper()
	lines := bytes.Split(input, []byte("\n"))
	if len(lines[len(lines)-1]) == 0 {
		lines = lines[:len(lines)-1]
	}
	if tr.Stats.Lines != len(lines) {
		t.Fatalf("Stats.Lines = %d, the input has %d lines", tr.Stats.Lines, len(lines))
	}
	nonBlank := 0
	for _, l := range lines {
		if len(bytes.TrimSpace(l)) > 0 {
			nonBlank++
		}
	}
	lineOutcomes := tr.Stats.Events
	for _, p := range Problems(tr) {
		if !ofAReadLine(p.Reason) {
			lineOutcomes++
		}
	}
	for _, n := range tr.InputNotices {
		if strings.HasPrefix(n, "line ") || strings.Contains(n, "cuts short") {
			lineOutcomes++
		}
	}
	if lineOutcomes != nonBlank {
		t.Fatalf("%d non-blank lines gave %d events, problems and torn lines", nonBlank, lineOutcomes)
	}
}

// ofAReadLine reports whether a problem is one of a line that was read
// and became an event too: a duplicate call id, a second result, a call
// after its result, a reused uuid, or arguments that the call's card
// shows as they are (Transcript.ArgumentsProblem).
func ofAReadLine(reason string) bool {
	for _, prefix := range []string{"duplicate call id", "second result", "call id ", "uuid "} {
		if strings.HasPrefix(reason, prefix) {
			return true
		}
	}
	return strings.HasSuffix(reason, "; the card shows them as they are")
}

// zstdMagic starts every zstd frame.
var zstdMagic = []byte("\x28\xb5\x2f\xfd")

// Fuzz runs the body the agents' fuzz targets share, after they have
// added their seeds: each input is loaded with opts and must load without
// error, or be no session at all (replay.NotSessionError); unless it is zstd-compressed, every line must be accounted for
// (CheckAccounted); every entry must render within 60 cells, and export
// to Markdown without panicking.
func Fuzz(f *testing.F, opts replay.Options) {
	ro := render.Options{Width: 60, Profile: colorprofile.TrueColor, Theme: render.Dark, Terminal: true, Hyperlinks: true}
	f.Fuzz(func(t *testing.T, input []byte) {
		tr, err := replay.Load(bytes.NewReader(input), "fuzz", opts)
		if replay.IsNotSession(err) {
			return
		}
		if err != nil {
			t.Fatalf("Load failed on in-memory input: %v", err)
		}
		if !bytes.HasPrefix(input, zstdMagic) {
			CheckAccounted(t, input, tr)
		}
		for i, e := range tr.Entries {
			for n, line := range strings.Split(render.Entry(e, ro), "\n") {
				if w := ansi.StringWidth(line); w > ro.Width {
					t.Fatalf("entry %d line %d is %d cells wide: %q", i, n, w, line)
				}
			}
			_ = exportmd.Entry(e, ro)
		}
	})
}

// RenderPlain draws every entry without colour at width, separated by
// blank lines, as `cardtui replay --print --format plain` does.
func RenderPlain(tr *replay.Transcript, width int) string {
	o := render.Options{Width: width, Profile: colorprofile.NoTTY, Theme: render.Dark, Terminal: true}
	parts := make([]string, len(tr.Entries))
	for i, e := range tr.Entries {
		parts[i] = render.Entry(e, o)
	}
	return strings.Join(parts, "\n\n") + "\n"
}

// BenchmarkLoad loads data with opts in b's loop, fails b on an error or
// a problem, and reports the heap the transcript holds as heap-MB.
func BenchmarkLoad(b *testing.B, opts replay.Options, data []byte) {
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	var tr *replay.Transcript
	for b.Loop() {
		var err error
		tr, err = replay.Load(bytes.NewReader(data), "bench", opts)
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

// Lines of a view stream that the tests of replay and of agents/views
// build their inputs from: a user message, a terminal call c1 and its
// result, a generic call c2 and its result, and an assistant message.
const (
	UserLine      = `{"type":"message","role":"user","text":"hi"}`
	CallLine      = `{"type":"call","id":"c1","tool":"bash","view":{"card":"terminal","title":"ls"}}`
	ResultLine    = `{"type":"result","id":"c1","view":{"card":"terminal","output":"a.go","exitCode":0}}`
	Call2Line     = `{"type":"call","id":"c2","view":{"card":"generic","title":"Think"}}`
	Result2Line   = `{"type":"result","id":"c2","view":{"card":"generic"}}`
	AssistantLine = `{"type":"message","role":"assistant","text":"done"}`
)

// ViewDemoLines are the lines of the view-stream demo session,
// testdata/sessions/demo-views.jsonl.
func ViewDemoLines(t testing.TB) []string {
	t.Helper()
	return strings.Split(strings.TrimSuffix(string(golden.Session(t, "demo-views.jsonl")), "\n"), "\n")
}

// Reversed returns lines in the opposite order, for fuzz seeds whose
// events come before the lines they refer to.
func Reversed(lines [][]byte) [][]byte {
	out := make([][]byte, len(lines))
	for i, l := range lines {
		out[len(lines)-1-i] = l
	}
	return out
}

// DescribeToolCards writes one line per tool card — its state, widget
// (with a generic card's kind) and title — its children indented under
// it: what a recording of a real agent is checked by, since ids and
// times differ from one recording to the next.
func DescribeToolCards(tr *replay.Transcript) string {
	var b strings.Builder
	for _, c := range ToolCards(tr) {
		describeToolCard(&b, c, "")
	}
	return b.String()
}

func describeToolCard(b *strings.Builder, c cards.ToolCard, indent string) {
	widget := ""
	if c.Call != nil {
		widget = c.Call.Card()
	}
	if g, ok := c.Call.(cards.GenericCall); ok && g.Kind != "" {
		widget += "/" + string(g.Kind)
	}
	b.WriteString(indent + c.State().String() + " · " + widget + " · " + CallTitle(c.Call) + "\n")
	for _, child := range c.Children {
		if cc, ok := child.(cards.ToolCard); ok {
			describeToolCard(b, cc, indent+"    ")
		}
	}
}

// CallTitle is the title of a generic, diff or terminal call, "" for
// the other views.
func CallTitle(v cards.CallView) string {
	switch v := v.(type) {
	case cards.GenericCall:
		return v.Title
	case cards.DiffCall:
		return v.Title
	case cards.TerminalCall:
		return v.Title
	}
	return ""
}

// RecordedGolden is the name of the golden file of the tool cards of a
// recording scripts/record-agents made: DIR/session.jsonl is
// recorded-DIR.txt, DIR/NAME.jsonl recorded-DIR-NAME.txt.
func RecordedGolden(path string) string {
	name := filepath.Base(filepath.Dir(path))
	if stem := strings.TrimSuffix(filepath.Base(path), ".jsonl"); stem != "session" {
		name += "-" + stem
	}
	return "recorded-" + name + ".txt"
}

// EachRecording replays every recording scripts/record-agents kept in
// the package's testdata/<agent>-<version>/*.jsonl, checks that it reads
// as format without a problem and that its tool cards are those of its
// golden file (RecordedGolden), and hands it to check (if not nil), each
// in a subtest. opts detect the format among every agent's.
func EachRecording(t *testing.T, opts replay.Options, format string, check func(t *testing.T, tr *replay.Transcript)) {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("testdata", "*", "*.jsonl"))
	require.NoError(t, err)
	require.NotEmpty(t, paths, "no recording in testdata")
	for _, path := range paths {
		file := RecordedGolden(path)
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txt"), func(t *testing.T) {
			data, err := os.ReadFile(path)
			require.NoError(t, err)
			tr := LoadBytes(t, opts, data)
			assert.Equal(t, format, tr.Format)
			assert.Empty(t, Problems(tr))
			golden.Assert(t, file, DescribeToolCards(tr))
			if check != nil {
				check(t, tr)
			}
		})
	}
}
