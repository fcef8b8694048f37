package replay

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// loadClaudeOneByOne reads a Claude Code transcript as the decoder did
// before its pipeline: every line parsed and put in order before the next
// is read.
func loadClaudeOneByOne(data []byte) *Transcript {
	tr := NewTranscript("s")
	tr.Format = ClaudeCodeFormat.Name
	d := newClaudeCode()
	eachLine(tr, data, func(l Line) { d.applyLine(tr, l, d.parse(l.Data)) })
	d.Flush(tr)
	tr.Finish()
	return tr
}

// claudeSessions are the project's Claude Code sessions and the real
// transcripts in ../shared/fixtures/claude, when it is there, by name,
// and all of them end to end, repeated until they hold more lines than
// two batches, with a torn last line.
func claudeSessions(t *testing.T) map[string][]byte {
	var files []string
	for _, pattern := range []string{
		filepath.Join("..", "testdata", "sessions", "claude-*.jsonl"),
		filepath.Join("..", "..", "shared", "fixtures", "claude", "*.jsonl"),
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
			want := loadClaudeOneByOne(data)
			got, err := Load(bytes.NewReader(data), "s", Options{Formats: []Format{ClaudeCodeFormat}, Format: ClaudeCodeFormat.Name})
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
