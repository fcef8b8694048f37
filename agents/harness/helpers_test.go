package harness_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/agents"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/demo"
	"github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/replay"
)

// loadRaw reads input exactly as given, detecting its format among every
// agent's.
func loadRaw(t testing.TB, input string) *replay.Transcript {
	t.Helper()
	tr, err := replay.Load(strings.NewReader(input), "test.jsonl", replay.Options{Formats: agents.Formats})
	require.NoError(t, err)
	return tr
}

// loadBytes loads data, detecting its format and compression.
func loadBytes(t testing.TB, data []byte) *replay.Transcript {
	t.Helper()
	tr, err := replay.Load(bytes.NewReader(data), "test.jsonl.zstd", replay.Options{Formats: agents.Formats})
	require.NoError(t, err)
	return tr
}

// harnessDemoLines are the lines of the built-in demo, a session log.
func harnessDemoLines(t testing.TB) []string {
	t.Helper()
	return strings.Split(strings.TrimSuffix(string(demo.Session), "\n"), "\n")
}

// session reads a file of testdata/sessions.
func session(t testing.TB, name string) []byte {
	t.Helper()
	return golden.Session(t, name)
}

// compressFrames compresses data as zstd frames of linesPerFrame lines
// each, and returns the offset where each frame starts.
func compressFrames(t testing.TB, data []byte, linesPerFrame int) ([]byte, []int) {
	t.Helper()
	enc, err := zstd.NewWriter(nil)
	require.NoError(t, err)
	defer enc.Close()
	lines := bytes.SplitAfter(data, []byte("\n"))
	var out []byte
	var starts []int
	for i := 0; i < len(lines); i += linesPerFrame {
		chunk := bytes.Join(lines[i:min(i+linesPerFrame, len(lines))], nil)
		if len(chunk) == 0 {
			continue
		}
		starts = append(starts, len(out))
		out = enc.EncodeAll(chunk, out)
	}
	return out, starts
}

// problems returns the transcript's Problem entries.
func problems(tr *replay.Transcript) []cards.Problem {
	var out []cards.Problem
	for _, e := range tr.Entries {
		if p, ok := e.(cards.Problem); ok {
			out = append(out, p)
		}
	}
	return out
}

// toolCards returns the transcript's ToolCard entries.
func toolCards(tr *replay.Transcript) []cards.ToolCard {
	var out []cards.ToolCard
	for _, e := range tr.Entries {
		if c, ok := e.(cards.ToolCard); ok {
			out = append(out, c)
		}
	}
	return out
}

// describe writes one line per entry that says what it is, for snapshots.
func describe(tr *replay.Transcript) string {
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
		fmt.Fprintf(b, "card %s tool=%q call=%s result=%s ended=%v\n", e.ID, e.Tool, cardOf(e.Call), cardOf(e.Result), e.Ended)
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

// cardOf names a view's card, "-" for none.
func cardOf(v interface{ Card() string }) string {
	if v == nil {
		return "-"
	}
	return fmt.Sprintf("%T", v)
}
