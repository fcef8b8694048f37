package acpclient

import (
	"bufio"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	sdk "github.com/coder/acp-go-sdk"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/internal/testkit"
	"github.com/cardtui/cardtui/internal/testkit/acptest"
)

func TestRingKeepsTheLastBytes(t *testing.T) {
	for _, tc := range []struct {
		name   string
		writes []string
		limit  int
		want   string
		cut    bool
	}{
		{"within", []string{"ab", "cd"}, 5, "abcd", false},
		{"wraps", []string{"abc", "def", "gh"}, 5, "defgh", true},
		{"one big write", []string{"x", "0123456789"}, 4, "6789", true},
		{"exactly the limit", []string{"abcd"}, 4, "abcd", false},
		{"many small writes", strings.Split(strings.Repeat("z", 100)+"tail", ""), 4, "tail", true},
		{"a character cut", []string{"ab", "éé"}, 3, "é", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var r ring
			cut := false
			for _, w := range tc.writes {
				cut = r.write([]byte(w), tc.limit) || cut
			}
			assert.Equal(t, tc.cut, cut)
			assert.Equal(t, tc.want, r.text(cut))
			assert.LessOrEqual(t, cap(r.buf), tc.limit, "the ring does not grow past its limit")
		})
	}
}

// sparse makes a sparse file of size bytes in dir.
func sparse(t *testing.T, dir, name string, size int64) {
	t.Helper()
	f, err := os.Create(filepath.Join(dir, name))
	require.NoError(t, err)
	require.NoError(t, f.Truncate(size))
	require.NoError(t, f.Close())
}

// TestReadsAreStreamedAndCapped: a read of a sparse file of 1 GiB (no
// line break) is refused past maxReadBytes without reading it into
// memory; line and limit are honoured while reading.
func TestReadsAreStreamedAndCapped(t *testing.T) {
	dir := t.TempDir()
	sparse(t, dir, "huge", 1<<30)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "lines"), []byte("one\ntwo\nthree\nfour\n"), 0o644))
	c, err := openConfined(dir)
	require.NoError(t, err)
	defer c.close()

	allocated := testkit.Allocated(1, func() { _, err = c.readTextFile(sdk.ReadTextFileRequest{Path: "huge"}) })
	var re *sdk.RequestError
	require.True(t, errors.As(err, &re), "want an ACP error, got %v", err)
	assert.Contains(t, re.Message, "huge: the text asked for is over 4 MiB, the most cardtui reads at once")
	assert.Less(t, allocated, uint64(8*maxReadBytes), "the read allocated a few times the cap (a doubling builder), not the 1 GiB file")

	got, err := c.readTextFile(sdk.ReadTextFileRequest{Path: "lines", Line: sdk.Ptr(2), Limit: sdk.Ptr(2)})
	require.NoError(t, err)
	assert.Equal(t, "two\nthree\n", got.Content)
	got, err = c.readTextFile(sdk.ReadTextFileRequest{Path: "lines", Line: sdk.Ptr(9)})
	require.NoError(t, err)
	assert.Empty(t, got.Content)
}

func TestReadLinesSkipsLongLines(t *testing.T) {
	text := strings.Repeat("x", 200<<10) + "\nsecond\n"
	got, err := readLines(bufio.NewReaderSize(strings.NewReader(text), 16), sdk.Ptr(2), sdk.Ptr(1))
	require.NoError(t, err)
	assert.Equal(t, "second\n", got, "a line longer than the buffer is skipped whole")
	got, err = readLines(bufio.NewReaderSize(strings.NewReader(text), 16), nil, sdk.Ptr(1))
	require.NoError(t, err)
	assert.Equal(t, strings.Repeat("x", 200<<10)+"\n", got, "and read whole")
}

// TestHostileReadOfAHugeFile: a hostile agent asks, even under
// --read-only, for a sparse file of 8 GiB in the session directory, which
// old main read whole and died of; and for a FIFO, which would block.
// Both are refused with an ACP error; the session goes on.
func TestHostileReadOfAHugeFile(t *testing.T) {
	dir := t.TempDir()
	sparse(t, dir, "disk.img", 8<<30)
	require.NoError(t, mkfifo(filepath.Join(dir, "pipe")))
	errs := make(chan error, 2)
	s := startScripted(t, dir, true, func(ctx context.Context, a *acptest.Agent, sid sdk.SessionId) error {
		for _, path := range []string{"disk.img", "pipe"} {
			_, err := a.Conn.ReadTextFile(ctx, sdk.ReadTextFileRequest{SessionId: sid, Path: path})
			errs <- err
		}
		return a.Update(ctx, sid, sdk.UpdateAgentMessageText("still here"))
	})
	s.turn(t, "read it")
	assert.ErrorContains(t, <-errs, "over 4 MiB")
	assert.ErrorContains(t, <-errs, "not a regular file")
}
