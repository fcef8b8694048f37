package replay_test

import (
	"errors"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/agents/nodb"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
	"github.com/cardtui/cardtui/replay"
)

// TestLoadFiftyMegabyteLine reads a single line far longer than any read
// buffer.
func TestLoadFiftyMegabyteLine(t *testing.T) {
	testkit.SkipLong(t, "a 50 MB line")
	output := strings.Repeat("0123456789abcdef", 50<<20/16)
	big := `{"type":"result","id":"c1","view":{"card":"terminal","output":"` + output + `","exitCode":0}}`

	tr := replaytest.Load(t, lineOptions, replaytest.CallLine+"\n"+big+"\n"+replaytest.AssistantLine+"\n")

	require.Empty(t, replaytest.Problems(tr))
	cs := replaytest.ToolCards(tr)
	require.Len(t, cs, 1)
	assert.Len(t, cs[0].Result.(cards.TerminalResult).Output, len(output))
	assert.Equal(t, 3, tr.Stats.Lines)
	assert.IsType(t, cards.Message{}, tr.Entries[1])
}

func TestLoadFinalLineWithoutNewline(t *testing.T) {
	t.Run("valid JSON is used", func(t *testing.T) {
		tr := replaytest.Load(t, lineOptions, replaytest.CallLine+"\n"+replaytest.ResultLine)

		require.Len(t, tr.Entries, 1, replaytest.Describe(tr))
		assert.NotNil(t, tr.Entries[0].(cards.ToolCard).Result)
		assert.Equal(t, 2, tr.Stats.Lines)
		assert.Equal(t, 2, tr.Stats.Events)
	})
	t.Run("torn JSON is a notice", func(t *testing.T) {
		tr := replaytest.Load(t, lineOptions, replaytest.CallLine+"\n"+replaytest.ResultLine[:30])

		require.Empty(t, replaytest.Problems(tr))
		require.Len(t, tr.Entries, 2)
		n := tr.Entries[1].(cards.Notice)
		assert.Contains(t, n.Text, "line 2 is torn")
		assert.Contains(t, n.Text, "30 bytes")
		assert.True(t, tr.Entries[0].(cards.ToolCard).Ended, "the call's result was in the torn line")
		assert.Equal(t, 2, tr.Stats.Lines)
		assert.Equal(t, 1, tr.Stats.Events)
	})
	t.Run("torn first and only line is a notice", func(t *testing.T) {
		tr := replaytest.Load(t, lineOptions, replaytest.CallLine[:12])

		require.Len(t, tr.Entries, 1)
		assert.IsType(t, cards.Notice{}, tr.Entries[0])
	})
	t.Run("bad JSON with a newline is a problem", func(t *testing.T) {
		tr := replaytest.Load(t, lineOptions, replaytest.CallLine+"\n"+replaytest.ResultLine[:30]+"\n")

		require.Len(t, replaytest.Problems(tr), 1)
		assert.Equal(t, 2, replaytest.Problems(tr)[0].Line)
	})
	t.Run("valid JSON that is a bad line is a problem", func(t *testing.T) {
		tr := replaytest.Load(t, lineOptions, replaytest.CallLine+"\n"+`{"type":"result"}`)

		require.Len(t, replaytest.Problems(tr), 1)
		assert.Contains(t, replaytest.Problems(tr)[0].Reason, `missing field "id"`)
	})
}

func TestLoadEmptyInput(t *testing.T) {
	tr, err := replay.Load(strings.NewReader(""), "test.jsonl", lineOptions)

	require.EqualError(t, err, "test.jsonl: not a session file (empty)")
	assert.True(t, replay.IsNotSession(err))
	assert.Empty(t, tr.Entries)
}

// TestLoadUndetectedLines checks that lines the format cannot be told from
// are problems, and that detection goes on with the next line.
func TestLoadUndetectedLines(t *testing.T) {
	tr := replaytest.LoadLines(t, lineOptions, `not json`, `{"type":"summary","summary":"a Claude Code line"}`, replaytest.CallLine, `{"type":"bogus"}`)

	ps := replaytest.Problems(tr)
	require.Len(t, ps, 3, replaytest.Describe(tr))
	assert.Equal(t, 1, ps[0].Line)
	assert.Contains(t, ps[0].Reason, "not a JSON object")
	assert.Equal(t, 2, ps[1].Line)
	assert.Contains(t, ps[1].Reason, `type "summary" belongs to no known format`)
	assert.Equal(t, 4, ps[2].Line)
	assert.Contains(t, ps[2].Reason, `unknown type "bogus"`, "once detected, lines are decoded as view stream")
	assert.Len(t, replaytest.ToolCards(tr), 1)
}

func TestLoadForcedFormat(t *testing.T) {
	tr, err := replay.Load(strings.NewReader("{\"type\":\"session\"}\n"+replaytest.CallLine+"\n"), "f", replay.Options{Formats: nodb.Formats, Format: "views"})
	require.NoError(t, err)

	ps := replaytest.Problems(tr)
	require.Len(t, ps, 1)
	assert.Contains(t, ps[0].Reason, `unknown type "session"`)
	assert.Len(t, replaytest.ToolCards(tr), 1)
}

func TestLoadUnknownFormat(t *testing.T) {
	_, err := replay.Load(strings.NewReader(replaytest.CallLine), "f", replay.Options{Formats: nodb.Formats, Format: "cursor"})
	assert.ErrorContains(t, err, `unknown input format "cursor"`)
}

// failingReader returns some lines and then a read error.
type failingReader struct{ data io.Reader }

func (r failingReader) Read(p []byte) (int, error) {
	n, err := r.data.Read(p)
	if err == io.EOF {
		return n, errors.New("disk on fire")
	}
	return n, err
}

func TestLoadReadErrorKeepsWhatWasRead(t *testing.T) {
	tr, err := replay.Load(failingReader{strings.NewReader(replaytest.CallLine + "\n" + replaytest.ResultLine[:20])}, "f.jsonl", replay.Options{Formats: nodb.Formats})

	require.ErrorContains(t, err, "read f.jsonl: disk on fire")
	require.NotNil(t, tr)
	assert.Len(t, replaytest.ToolCards(tr), 1)
	assert.Empty(t, replaytest.Problems(tr), "a read failure is not a content problem")
}

// TestLoadByteOrderMark: a UTF-8 byte order mark before the first line,
// as some editors write it, is not part of the session, in every format.
func TestLoadByteOrderMark(t *testing.T) {
	for _, f := range []string{replay.Auto, "views"} {
		tr, err := replay.Load(strings.NewReader("\uFEFF"+`{"type":"message","role":"user","text":"hi"}`+"\n"), "bom.jsonl", replay.Options{Formats: nodb.Formats, Format: f})
		require.NoError(t, err)
		assert.Empty(t, replaytest.Problems(tr), replaytest.Describe(tr))
		assert.Equal(t, []cards.Entry{cards.Message{Role: cards.RoleUser, Text: "hi"}}, tr.Entries)
	}
	tr := replaytest.Load(t, lineOptions, `{"type":"message","role":"user","text":"a"}`+"\n\uFEFF"+`{"type":"message","role":"user","text":"b"}`+"\n")
	assert.Len(t, replaytest.Problems(tr), 1, "a mark on a later line is not a byte order mark")
}

// TestLoadDirectory: reading a directory fails with one "read NAME:".
func TestLoadDirectory(t *testing.T) {
	dir, err := os.Open(t.TempDir())
	require.NoError(t, err)
	defer dir.Close()

	_, err = replay.Load(dir, "sessions/", replay.Options{Formats: nodb.Formats})

	require.Error(t, err)
	assert.Equal(t, "read sessions/: is a directory", err.Error())
}
