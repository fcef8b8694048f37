package replay

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReadBufferSizeFor(t *testing.T) {
	file := func(size int) *os.File {
		path := filepath.Join(t.TempDir(), "s.jsonl")
		require.NoError(t, os.WriteFile(path, bytes.Repeat([]byte("x"), size), 0o600))
		f, err := os.Open(path)
		require.NoError(t, err)
		t.Cleanup(func() { f.Close() })
		return f
	}
	pipe, w, err := os.Pipe()
	require.NoError(t, err)
	defer pipe.Close()
	defer w.Close()
	for _, tc := range []struct {
		name string
		r    io.Reader
		want int
	}{
		{"small file", file(48), minReadBufferSize},
		{"file", file(10_000), 10_001},
		{"big file", file(1 << 20), readBufferSize},
		{"small string", strings.NewReader("{}\n"), minReadBufferSize},
		{"bytes", bytes.NewReader(make([]byte, 20_000)), 20_001},
		{"pipe", pipe, readBufferSize},
		{"reader", struct{ io.Reader }{strings.NewReader("{}\n")}, readBufferSize},
	} {
		assert.Equal(t, tc.want, readBufferSizeFor(tc.r), tc.name)
	}
}

// TestOneReadBufferPerInput: the lines of an uncompressed input are read
// from openInput's buffer, not copied into a second one.
func TestOneReadBufferPerInput(t *testing.T) {
	in, err := openInput(strings.NewReader("{}\n"))
	require.NoError(t, err)
	assert.Same(t, in.Reader, newLineReader(in).r)
}
