package sessions

import (
	"bytes"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestLineScanBoundsWhatItHolds: a stream read in large chunks (as
// replay's line reader reads a file) leaves in the scan its head and the
// last window bytes or more, and the scan allocates no more than one head
// and one tail buffer, whatever the chunks' size.
func TestLineScanBoundsWhatItHolds(t *testing.T) {
	stream := bytes.Repeat([]byte("0123456789abcdef{\"type\":\"x\"}\n"), 8<<20/30)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	scan := &lineScan{}
	for rest := stream; len(rest) > 0; {
		n := min(len(rest), 1<<20+len(rest)%7919)
		_, _ = scan.Write(rest[:n])
		rest = rest[n:]
	}
	runtime.ReadMemStats(&after)

	assert.Equal(t, int64(len(stream)), scan.read)
	assert.True(t, bytes.HasPrefix(stream, scan.head))
	assert.True(t, bytes.HasSuffix(stream, scan.tail))
	assert.GreaterOrEqual(t, len(scan.tail), window)
	assert.LessOrEqual(t, len(scan.tail), 2*window)
	assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(maxHead+4*window))
}
