package replay_test

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/agents/nodb"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/demo"
	"github.com/cardtui/cardtui/internal/testkit/harnesslog"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
	"github.com/cardtui/cardtui/internal/testkit/zstdframes"
	"github.com/cardtui/cardtui/replay"
)

// TestZstdReadsEveryFrame: a file of many frames gives the transcript of
// the raw file, whatever the frame size.
func TestZstdReadsEveryFrame(t *testing.T) {
	raw := replaytest.LoadBytes(t, lineOptions, demo.Session)
	for _, perFrame := range []int{1, 5, 1000} {
		compressed, starts := zstdframes.Compress(t, demo.Session, perFrame)
		if perFrame == 5 {
			require.Greater(t, len(starts), 30, "the demo makes many frames")
		}

		tr := replaytest.LoadBytes(t, lineOptions, compressed)

		assert.Equal(t, raw.Entries, tr.Entries, "%d lines per frame", perFrame)
		assert.Equal(t, raw.Stats, tr.Stats)
		assert.Equal(t, raw.Title, tr.Title)
	}
}

// tornFrameSession is a short log whose frames are one line each.
func tornFrameSession(t *testing.T) (lines []string, compressed []byte, starts []int) {
	lines = []string{
		header, harnesslog.UserEvent("user", "go"), harnesslog.CallEvent("c1", "bash", bashArgs),
		harnesslog.ResultEvent("c1", "ok", false, ""), harnesslog.AssistantEvent(harnesslog.TextPart(strings.Repeat("All done. ", 30))),
	}
	compressed, starts = zstdframes.Compress(t, []byte(strings.Join(lines, "\n")+"\n"), 1)
	require.Len(t, starts, len(lines))
	return lines, compressed, starts
}

// TestZstdTornLastFrame cuts the file in the middle of its last frame, as
// a crash while writing it does: everything before it is shown, with a
// notice and without a problem.
func TestZstdTornLastFrame(t *testing.T) {
	_, compressed, starts := tornFrameSession(t)
	last := starts[len(starts)-1]

	tr := replaytest.LoadBytes(t, lineOptions, compressed[:last+(len(compressed)-last)/2])

	require.Empty(t, replaytest.Problems(tr), replaytest.Describe(tr))
	require.Len(t, tr.Entries, 3, replaytest.Describe(tr))
	assert.Equal(t, cards.Message{Role: cards.RoleUser, Text: "go"}, tr.Entries[0])
	assert.NotNil(t, tr.Entries[1].(cards.ToolCard).Result)
	require.Len(t, tr.InputNotices, 1)
	notice := tr.InputNotices[0]
	assert.Contains(t, notice, "the compressed input ends in a torn or corrupt zstd frame")
	assert.Contains(t, notice, "everything before it is shown")
	assert.Equal(t, cards.Notice{Text: notice}, tr.Entries[2])
	assert.Equal(t, 4, tr.Stats.Lines)
}

// TestZstdTornFrameCutsALine: when the torn frame held the start of a
// line, that line is named by the frame's notice, not reported as a torn
// line or a problem.
func TestZstdTornFrameCutsALine(t *testing.T) {
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedFastest))
	require.NoError(t, err)
	defer enc.Close()
	first := []byte(header + "\n" + harnesslog.UserEvent("user", "go") + "\n")
	// The last frame holds the end of the user line... and a long line,
	// written as blocks of its own, that the cut tears.
	long := harnesslog.AssistantEvent(harnesslog.TextPart(strings.Repeat("x", 300<<10))) + "\n"
	compressed := enc.EncodeAll(first, nil)
	start := len(compressed)
	compressed = enc.EncodeAll([]byte(long), compressed)

	tr := replaytest.LoadBytes(t, lineOptions, compressed[:start+(len(compressed)-start)*3/4])

	require.Empty(t, replaytest.Problems(tr), replaytest.Describe(tr))
	require.Len(t, tr.InputNotices, 1, replaytest.Describe(tr))
	assert.Contains(t, tr.InputNotices[0], "line 3, which it cuts short, was not read")
	assert.Equal(t, 3, tr.Stats.Lines)
}

// TestZstdBadChecksum flips a byte of the last frame's checksum: the
// frame is reported as corrupt and what came before it is shown.
func TestZstdBadChecksum(t *testing.T) {
	_, compressed, _ := tornFrameSession(t)
	compressed[len(compressed)-1] ^= 0xff

	tr := replaytest.LoadBytes(t, lineOptions, compressed)

	require.Empty(t, replaytest.Problems(tr))
	require.Len(t, tr.InputNotices, 1, replaytest.Describe(tr))
	assert.Contains(t, tr.InputNotices[0], "torn or corrupt zstd frame")
	assert.Len(t, replaytest.ToolCards(tr), 1)
	assert.Equal(t, cards.Message{Role: cards.RoleUser, Text: "go"}, tr.Entries[0])
}

func TestZstdGarbageAfterTheMagic(t *testing.T) {
	tr := replaytest.LoadBytes(t, lineOptions, []byte("\x28\xb5\x2f\xfdnot zstd at all\n"))

	assert.Empty(t, replaytest.Problems(tr))
	require.Len(t, tr.Entries, 1)
	assert.Contains(t, tr.Entries[0].(cards.Notice).Text, "torn or corrupt zstd frame")
}

// TestZstdReadErrorIsAnError: a failure to read the compressed file is a
// read error, not a torn frame.
func TestZstdReadErrorIsAnError(t *testing.T) {
	_, compressed, starts := tornFrameSession(t)
	r := io.MultiReader(bytes.NewReader(compressed[:starts[3]]), errReader{errors.New("disk on fire")})

	tr, err := replay.Load(r, "f.jsonl.zstd", replay.Options{Formats: nodb.Formats})

	require.ErrorContains(t, err, "read f.jsonl.zstd: disk on fire")
	assert.Empty(t, tr.InputNotices)
	assert.Len(t, replaytest.ToolCards(tr), 1, "what was read before the failure is kept")
}

// TestReadErrorBeforeTheFirstBytes: the sniffing of the first bytes
// reports a read failure too.
func TestReadErrorBeforeTheFirstBytes(t *testing.T) {
	_, err := replay.Load(errReader{errors.New("no medium")}, "f", replay.Options{Formats: nodb.Formats})

	assert.ErrorContains(t, err, "read f: no medium")
}

// errReader fails every read.
type errReader struct{ err error }

func (r errReader) Read([]byte) (int, error) { return 0, r.err }

// hugeWindowFrame is a zstd frame whose header asks for a window of
// 1<<windowLog bytes, holding text in one raw block.
func hugeWindowFrame(windowLog int, text string) []byte {
	frame := []byte{0x28, 0xb5, 0x2f, 0xfd, 0x00, byte((windowLog - 10) << 3)}
	size := len(text)<<3 | 1
	return append(append(frame, byte(size), byte(size>>8), byte(size>>16)), text...)
}

// TestZstdWindowOverTheLimit: a frame asking for a 1 GiB window is a
// problem (validate exits 1) saying so, in Load and Stream, not a torn
// frame; what came before it is shown. A 64 MiB window decodes.
func TestZstdWindowOverTheLimit(t *testing.T) {
	_, compressed, starts := tornFrameSession(t)
	prompt := harnesslog.UserEvent("user", "after the window") + "\n"
	input := append(compressed[:starts[3]:starts[3]], hugeWindowFrame(30, prompt)...)

	_, streamed := streamAll(t, input, replay.StreamOptions{Options: nodb.Options("")})
	for _, tr := range []*replay.Transcript{replaytest.LoadBytes(t, lineOptions, input), streamed} {
		require.Len(t, replaytest.Problems(tr), 1, replaytest.Describe(tr))
		assert.Contains(t, replaytest.Problems(tr)[0].Reason, "a zstd frame needs a window of over 128 MiB")
		assert.Empty(t, tr.InputNotices, "not a torn frame")
		assert.Len(t, replaytest.ToolCards(tr), 1)
	}

	tr := replaytest.LoadBytes(t, lineOptions, append(compressed[:starts[3]:starts[3]], hugeWindowFrame(26, prompt)...))
	assert.Empty(t, replaytest.Problems(tr), replaytest.Describe(tr))
	assert.Contains(t, replaytest.Describe(tr), "after the window")
}

// TestZstdDecompressionBomb: a frame of a few kilobytes that expands to
// 512 MiB stops at the decompression limit with a problem; the lines
// before it are shown, and far from all of the bomb's lines were read.
func TestZstdDecompressionBomb(t *testing.T) {
	_, compressed, starts := tornFrameSession(t)
	// The bomb's frame is written a MiB at a time: its 512 MiB are never
	// held in memory, here either.
	buf := bytes.NewBuffer(compressed[:starts[3]:starts[3]])
	enc, err := zstd.NewWriter(buf, zstd.WithEncoderLevel(zstd.SpeedFastest), zstd.WithEncoderConcurrency(1), zstd.WithEncoderCRC(false))
	require.NoError(t, err)
	blank := []byte(strings.Repeat(strings.Repeat(" ", 1023)+"\n", 1024))
	for range 512 {
		_, err := enc.Write(blank)
		require.NoError(t, err)
	}
	require.NoError(t, enc.Close())
	input := buf.Bytes()
	require.Less(t, len(input), 1<<20)

	tr := replaytest.LoadBytes(t, lineOptions, input)

	require.Len(t, replaytest.Problems(tr), 1, replaytest.Describe(tr))
	assert.Contains(t, replaytest.Problems(tr)[0].Reason, "past the decompression limit (256 MiB and 256 times the compressed size)")
	assert.Len(t, replaytest.ToolCards(tr), 1)
	assert.Less(t, tr.Stats.Lines, 300<<10, "the reading stopped near 256 MiB of the bomb's 512")
}
