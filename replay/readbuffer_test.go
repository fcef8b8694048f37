package replay_test

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/agents/nodb"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
	"github.com/cardtui/cardtui/replay"
)

// TestReadBufferSizedToTheFileReadsTheSame: a file or an in-memory input
// is read through a buffer sized to it, any other reader through the
// full-size one; the transcripts are the same, lines longer than the
// small buffer (4 KB) included, whatever they end with.
func TestReadBufferSizedToTheFileReadsTheSame(t *testing.T) {
	long := func(n int) string {
		return `{"type":"message","role":"assistant","text":"` + strings.Repeat("x", n) + `"}`
	}
	inputs := map[string]string{
		"one line":        replaytest.UserLine + "\n",
		"unterminated":    replaytest.UserLine,
		"crlf":            replaytest.UserLine + "\r\n" + replaytest.AssistantLine + "\r\n",
		"bom":             "\uFEFF" + replaytest.UserLine + "\n",
		"demo":            strings.Join(replaytest.ViewDemoLines(t), "\n") + "\n",
		"4095-byte line":  long(4095-len(long(0))) + "\n" + replaytest.AssistantLine + "\n",
		"4096-byte line":  long(4096-len(long(0))) + "\n" + replaytest.AssistantLine,
		"long lines":      long(5000) + "\n" + replaytest.UserLine + "\n" + long(70_000) + "\n" + long(9000),
		"long torn line":  replaytest.UserLine + "\n" + long(6000)[:5000],
		"bad long line":   strings.Repeat("y", 10_000) + "\n" + replaytest.UserLine + "\n",
		"blank long line": strings.Repeat(" ", 8000) + "\n" + replaytest.UserLine + "\n",
	}
	for name, input := range inputs {
		t.Run(name, func(t *testing.T) {
			want := loadFrom(t, struct{ io.Reader }{strings.NewReader(input)}) // neither a file nor sized
			path := filepath.Join(t.TempDir(), "s.jsonl")
			require.NoError(t, os.WriteFile(path, []byte(input), 0o600))
			f, err := os.Open(path)
			require.NoError(t, err)
			defer f.Close()
			for _, got := range []*replay.Transcript{loadFrom(t, f), loadFrom(t, strings.NewReader(input))} {
				assert.Equal(t, want.Format, got.Format)
				assert.Equal(t, want.Entries, got.Entries)
				assert.Equal(t, want.Stats, got.Stats)
			}
		})
	}
}

// loadFrom loads r, which must not fail.
func loadFrom(t *testing.T, r io.Reader) *replay.Transcript {
	t.Helper()
	tr, err := replay.Load(r, "s.jsonl", replay.Options{Formats: nodb.Formats})
	require.NoError(t, err)
	return tr
}
