package regularfile_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/internal/regularfile"
)

// AppendFile appends a file to what buf holds, refuses one over its limit
// leaving buf as it was, and refuses what is no regular file.
func TestAppendFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "doc")
	require.NoError(t, os.WriteFile(path, []byte("0123456789"), 0o644))

	buf, err := regularfile.AppendFile([]byte("head:"), path, 10)
	require.NoError(t, err)
	assert.Equal(t, "head:0123456789", string(buf))

	buf, err = regularfile.AppendFile(buf[:5], path, 9)
	require.ErrorIs(t, err, regularfile.ErrTooLarge)
	assert.Equal(t, "head:", string(buf))

	_, err = regularfile.AppendFile(nil, dir, 10)
	require.ErrorIs(t, err, regularfile.ErrNotRegular)

	data, err := regularfile.ReadFile(path, 10)
	require.NoError(t, err)
	assert.Equal(t, "0123456789", string(data))
}
