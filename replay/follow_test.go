package replay_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/regularfile"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
	"github.com/cardtui/cardtui/replay"
)

// growingFile is a session file that the test appends to while it is
// followed.
type growingFile struct {
	t    *testing.T
	path string
}

func newGrowingFile(t *testing.T, content string) *growingFile {
	path := filepath.Join(t.TempDir(), "live.jsonl")
	require.NoError(t, os.WriteFile(path, []byte(content), 0o644))
	return &growingFile{t: t, path: path}
}

// add appends text, as a writer does.
func (g *growingFile) add(text string) {
	f, err := os.OpenFile(g.path, os.O_APPEND|os.O_WRONLY, 0)
	require.NoError(g.t, err)
	_, err = f.WriteString(text)
	require.NoError(g.t, err)
	require.NoError(g.t, f.Close())
}

// size is the file's size.
func (g *growingFile) size() int64 {
	info, err := os.Stat(g.path)
	require.NoError(g.t, err)
	return info.Size()
}

// follow streams the file, following it, until ctx is done.
func (g *growingFile) follow(ctx context.Context) *liveStream {
	return startStream(ctx, replay.Follow(ctx, g.open()))
}

// open opens the file for a follower, to be closed when the test ends.
func (g *growingFile) open() *os.File {
	f, err := os.Open(g.path)
	require.NoError(g.t, err)
	g.t.Cleanup(func() { f.Close() })
	return f
}

// caughtUpWith is a condition: every byte of the file was read and the
// stream waits for more.
func caughtUpWith(g *growingFile) func(*screen) bool {
	want := g.size()
	return func(s *screen) bool { return len(s.batches) > 0 && s.last().CaughtUp && s.last().Read == want }
}

// TestFollowSeesAppendedLines appends complete lines and a line written in
// two parts to a followed file: each complete line's entry arrives, and
// the half line waits for its end instead of being reported torn.
func TestFollowSeesAppendedLines(t *testing.T) {
	g := newGrowingFile(t, replaytest.UserLine+"\n"+replaytest.CallLine+"\n")
	ls := g.follow(t.Context())
	ls.waitFor(t, "the lines already there", hasEntries(2))

	g.add(replaytest.ResultLine + "\n" + replaytest.Call2Line + "\n")
	ls.waitFor(t, "the appended call", hasEntries(3))
	assert.NotNil(t, ls.entries[1].(cards.ToolCard).Result, "the appended result filled in its card")

	half := len(replaytest.AssistantLine) / 2
	g.add(replaytest.AssistantLine[:half])
	ls.waitFor(t, "the half line to be read", caughtUpWith(g))
	g.add(replaytest.AssistantLine[half:] + "\n")
	ls.waitFor(t, "the completed line", hasEntries(4))

	assert.Equal(t, cards.Message{Role: cards.RoleAssistant, Text: "done"}, ls.entries[3])
	assert.False(t, ls.entries[2].(cards.ToolCard).Ended, "a followed file has not ended")
	for _, e := range ls.entries {
		switch e.(type) {
		case cards.Notice, cards.Problem:
			t.Errorf("nothing was torn, got %#v", e)
		}
	}
}

// TestFollowEndsWithItsContext: cancelling the context stops the
// following, and the half line it waits for is not reported.
func TestFollowEndsWithItsContext(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	g := newGrowingFile(t, replaytest.UserLine+"\n"+replaytest.CallLine[:20])
	ls := g.follow(ctx)
	ls.waitFor(t, "the file to be read", caughtUpWith(g))

	cancel()

	require.ErrorIs(t, <-ls.done, context.Canceled)
	assert.Equal(t, []cards.Entry{cards.Message{Role: cards.RoleUser, Text: "hi"}}, ls.entries)
}

// noticeText is the text of entry i, a Notice.
func noticeText(t *testing.T, ls *liveStream, i int) string {
	t.Helper()
	require.IsType(t, cards.Notice{}, ls.entries[i])
	return ls.entries[i].(cards.Notice).Text
}

// TestFollowTruncatedFile: a followed file that shrinks is read again from
// its start, after a notice; the calls it had left without a result are
// ended, and a call id of the new content is a new call.
func TestFollowTruncatedFile(t *testing.T) {
	g := newGrowingFile(t, replaytest.UserLine+"\n"+replaytest.CallLine+"\n")
	ls := g.follow(t.Context())
	ls.waitFor(t, "the file to be read", caughtUpWith(g))

	require.NoError(t, os.Truncate(g.path, 0))
	ls.waitFor(t, "the notice", hasEntries(3))
	assert.Contains(t, noticeText(t, ls, 2), fmt.Sprintf("live.jsonl was truncated to 0 bytes after %d had been read; reading it again from its start", len(replaytest.UserLine)+len(replaytest.CallLine)+2))
	assert.True(t, ls.entries[1].(cards.ToolCard).Ended, "the old call's result will not come")

	g.add(replaytest.CallLine + "\n" + replaytest.ResultLine + "\n")
	ls.waitFor(t, "the new content", hasEntries(4))
	assert.NotNil(t, ls.entries[3].(cards.ToolCard).Result, "c1 of the new content got its result")
	assert.Nil(t, ls.entries[1].(cards.ToolCard).Result, "not the old c1")
	for _, e := range ls.entries {
		assert.NotContains(t, fmt.Sprint(e), "duplicate call id", "a restart is not a duplicate call id")
	}
}

// TestFollowReplacedFile: a writer that renames a new file over the
// followed one is followed into the new file.
func TestFollowReplacedFile(t *testing.T) {
	g := newGrowingFile(t, replaytest.UserLine+"\n")
	ls := g.follow(t.Context())
	ls.waitFor(t, "the file to be read", caughtUpWith(g))

	next := g.path + ".new"
	require.NoError(t, os.WriteFile(next, []byte(replaytest.AssistantLine+"\n"), 0o644))
	require.NoError(t, os.Rename(next, g.path))
	ls.waitFor(t, "the new file's line", hasEntries(3))
	assert.Contains(t, noticeText(t, ls, 1), "live.jsonl was replaced by another file; reading the new one from its start")
	assert.Equal(t, cards.Message{Role: cards.RoleAssistant, Text: "done"}, ls.entries[2])

	g.add(replaytest.Call2Line + "\n")
	ls.waitFor(t, "a line appended to the new file", hasEntries(4))
}

// TestFollowDeletedFile: a deleted file is waited for, with a notice, and
// read from its start when it comes back.
func TestFollowDeletedFile(t *testing.T) {
	g := newGrowingFile(t, replaytest.UserLine+"\n")
	ls := g.follow(t.Context())
	ls.waitFor(t, "the file to be read", caughtUpWith(g))

	require.NoError(t, os.Remove(g.path))
	ls.waitFor(t, "the deletion notice", hasEntries(2))
	assert.Contains(t, noticeText(t, ls, 1), "live.jsonl was deleted; waiting for it to come back")

	require.NoError(t, os.WriteFile(g.path, []byte(replaytest.AssistantLine+"\n"), 0o644))
	ls.waitFor(t, "the file back", hasEntries(4))
	assert.Contains(t, noticeText(t, ls, 2), "live.jsonl is back; reading it from its start")
	assert.Equal(t, cards.Message{Role: cards.RoleAssistant, Text: "done"}, ls.entries[3])
}

// TestFollowIsWokenByTheFileSystem: with every poll an hour apart, only
// the file system's word can wake the follower, and it sees an appended
// line, then the file replaced.
func TestFollowIsWokenByTheFileSystem(t *testing.T) {
	g := newGrowingFile(t, replaytest.UserLine+"\n")
	ls := startStream(t.Context(), replay.FollowPolled(t.Context(), g.open(), time.Hour, time.Hour))
	ls.waitFor(t, "the line already there", hasEntries(1))
	ls.waitFor(t, "the follower to wait at the end", caughtUpWith(g))

	g.add(replaytest.CallLine + "\n")
	ls.waitFor(t, "the appended call, woken by the watch", hasEntries(2))

	next := g.path + ".new"
	require.NoError(t, os.WriteFile(next, []byte(replaytest.UserLine+"\n"), 0o644))
	require.NoError(t, os.Rename(next, g.path))
	ls.waitFor(t, "the notice of the replaced file", func(s *screen) bool {
		for _, e := range s.entries {
			if n, ok := e.(cards.Notice); ok && strings.Contains(n.Text, "replaced") {
				return true
			}
		}
		return false
	})
}

// TestFollowRefusesADeviceOrFIFO: a followed file replaced by a symbolic
// link to /dev/zero, or deleted and brought back as a FIFO, ends the
// reading with a clear error instead of reading zeros forever or
// blocking on the open.
func TestFollowRefusesADeviceOrFIFO(t *testing.T) {
	for name, replace := range map[string]func(path string) error{
		"a link to /dev/zero": func(path string) error {
			next := path + ".new"
			if err := os.Symlink("/dev/zero", next); err != nil {
				return err
			}
			return os.Rename(next, path)
		},
		"a FIFO": func(path string) error {
			if err := os.Remove(path); err != nil {
				return err
			}
			return syscall.Mkfifo(path, 0o600)
		},
	} {
		t.Run(name, func(t *testing.T) {
			g := newGrowingFile(t, replaytest.UserLine+"\n")
			ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
			defer cancel()
			ls := g.follow(ctx)
			ls.waitFor(t, "the file to be read", caughtUpWith(g))

			require.NoError(t, replace(g.path))
			for range ls.batches {
			}
			err := <-ls.done
			require.ErrorIs(t, err, regularfile.ErrNotRegular)
			assert.Contains(t, err.Error(), "live.jsonl")
			assert.NoError(t, ctx.Err(), "the reading ended by itself")
		})
	}
}
