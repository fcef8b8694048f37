package claude

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/producers"
	"github.com/cardtui/cardtui/replay"
)

// loadClaudeOneByOne reads a Claude Code transcript as the decoder did
// before its pipeline: every line parsed and put in order before the next
// is read.
func loadClaudeOneByOne(t *testing.T, data []byte) *replay.Transcript {
	oneByOne := Format
	oneByOne.NewDecoder = func(producers.Registry) replay.Decoder { return oneByOneDecoder{newClaudeCode()} }
	tr, err := replay.Load(bytes.NewReader(data), "s", replay.Options{Formats: []replay.Format{oneByOne}, Format: Format.Name})
	require.NoError(t, err)
	return tr
}

// oneByOneDecoder parses each line and puts it in order as it comes.
type oneByOneDecoder struct{ d *claudeCode }

func (o oneByOneDecoder) DecodeLine(t *replay.Transcript, l replay.Line) {
	o.d.ApplyLine(t, l, o.d.parse(l.Data))
}

func (o oneByOneDecoder) Flush(t *replay.Transcript) { o.d.Flush(t) }

// batchMaxLines is the most lines a batch of replay's Pipeline holds.
const batchMaxLines = 256

// claudeSessions are the project's Claude Code sessions and the real
// transcripts in ../shared/fixtures/claude, when it is there, by name,
// and all of them end to end, repeated until they hold more lines than
// two batches, with a torn last line.
func claudeSessions(t *testing.T) map[string][]byte {
	var files []string
	for _, pattern := range []string{
		filepath.Join("..", "..", "testdata", "sessions", "claude-*.jsonl"),
		filepath.Join("..", "..", "..", "shared", "fixtures", "claude", "*.jsonl"),
	} {
		found, err := filepath.Glob(pattern)
		require.NoError(t, err)
		files = append(files, found...)
	}
	sessions := map[string][]byte{}
	var all []byte
	for _, file := range files {
		data, err := os.ReadFile(file)
		require.NoError(t, err)
		sessions[filepath.Base(file)] = data
		all = append(all, data...)
	}
	for once := all; len(once) > 0 && bytes.Count(all, []byte("\n")) <= 2*batchMaxLines; {
		all = append(all, once...)
	}
	sessions["all, torn"] = append(all, `{"type":"user","uuid":"torn","message":{"content":"half`...)
	return sessions
}

// TestClaudePipelineIsLineByLine: parsing Claude Code lines ahead, in
// batches on other goroutines, gives the transcript of parsing one line
// after the other.
func TestClaudePipelineIsLineByLine(t *testing.T) {
	for name, data := range claudeSessions(t) {
		t.Run(name, func(t *testing.T) {
			want := loadClaudeOneByOne(t, data)
			got, err := replay.Load(bytes.NewReader(data), "s", replay.Options{Formats: []replay.Format{Format}, Format: Format.Name})
			require.NoError(t, err)
			require.NotEmpty(t, got.Entries)
			require.Equal(t, want.Entries, got.Entries)
			require.Equal(t, want.Stats, got.Stats)
			require.Equal(t, want.Title, got.Title)
			require.Equal(t, want.InputNotices, got.InputNotices)
		})
	}
	require.Greater(t, bytes.Count(claudeSessions(t)["all, torn"], []byte("\n")), 2*batchMaxLines)
}
