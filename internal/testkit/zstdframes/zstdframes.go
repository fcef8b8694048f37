// Package zstdframes compresses session logs for tests as a .jsonl.zstd
// file is written: one independent, checksummed zstd frame per few
// lines, so that a reader may start at any frame and a torn tail spoils
// only the last.
package zstdframes

import (
	"bytes"
	"testing"

	"github.com/klauspost/compress/zstd"
	"github.com/stretchr/testify/require"
)

// Compress compresses data in frames of linesPerFrame lines each. It
// returns the compressed bytes and the offset where each frame starts.
//
// The encoder runs on one goroutine at its fastest level with little
// memory: what is tested is the frames, not the ratio, and the default
// encoder allocated 3 MB each time the fixtures' tests made one.
func Compress(t testing.TB, data []byte, linesPerFrame int) (compressed []byte, starts []int) {
	t.Helper()
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderConcurrency(1), zstd.WithLowerEncoderMem(true),
		zstd.WithEncoderLevel(zstd.SpeedFastest))
	require.NoError(t, err)
	defer enc.Close()
	lines := bytes.SplitAfter(data, []byte("\n"))
	for i := 0; i < len(lines); i += linesPerFrame {
		if chunk := bytes.Join(lines[i:min(i+linesPerFrame, len(lines))], nil); len(chunk) > 0 {
			starts = append(starts, len(compressed))
			compressed = enc.EncodeAll(chunk, compressed)
		}
	}
	return compressed, starts
}
