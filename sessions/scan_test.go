package sessions

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/cardtui/cardtui/internal/testkit"
)

// TestLineScanBoundsWhatItHolds: a stream read in large chunks (as
// replay's line reader reads a file) leaves in the scan its head and the
// last window bytes or more, and the scan allocates no more than one head
// and one tail buffer, whatever the chunks' size.
func TestLineScanBoundsWhatItHolds(t *testing.T) {
	stream := bytes.Repeat([]byte("0123456789abcdef{\"type\":\"x\"}\n"), 8<<20/30)
	var scan *lineScan
	allocated := testkit.Allocated(1, func() {
		scan = &lineScan{}
		for rest := stream; len(rest) > 0; {
			n := min(len(rest), 1<<20+len(rest)%7919)
			_, _ = scan.Write(rest[:n])
			rest = rest[n:]
		}
	})

	assert.Equal(t, int64(len(stream)), scan.read)
	assert.True(t, bytes.HasPrefix(stream, scan.head))
	assert.True(t, bytes.HasSuffix(stream, scan.tail))
	assert.GreaterOrEqual(t, len(scan.tail), window)
	assert.LessOrEqual(t, len(scan.tail), 2*window)
	assert.Less(t, allocated, uint64(maxHead+4*window))
}

// The cuts of a head that headPrompt decodes end on line ends: after the
// line that crosses an offset, after the n-th line, and at the end of a
// head shorter than either.
func TestHeadCutsEndOnLines(t *testing.T) {
	head := []byte("aaaa\nbb\ncccccc\nd\n")
	assert.Equal(t, 5, lineAfter(head, 2))
	assert.Equal(t, 5, lineAfter(head, 4))
	assert.Equal(t, 15, lineAfter(head, 9))
	assert.Equal(t, len(head), lineAfter(head, 100))
	assert.Equal(t, 6, lineAfter([]byte("no end"), 2))
	assert.Equal(t, 8, nthLineEnd(head, 2))
	assert.Equal(t, len(head), nthLineEnd(head, 4))
	assert.Equal(t, len(head), nthLineEnd(head, 16))
	assert.Equal(t, 0, nthLineEnd(head, 0))
}
