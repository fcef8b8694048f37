package replay_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
	"github.com/cardtui/cardtui/internal/testkit/zstdframes"
	"github.com/cardtui/cardtui/replay"
)

// elfHead is how an executable starts (the first bytes of /usr/bin/ls).
const elfHead = "\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x03\x00>\x00\x01\x00\x00\x00"

// passwd is a text file of many lines, none of them JSON.
var passwd = strings.Repeat("root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n", 20)

// binaryNoNewline is 3 KB of bytes without a newline.
func binaryNoNewline() string {
	b := make([]byte, 3<<10)
	for i := range b {
		b[i] = byte(i*7 + 1)
		if b[i] == '\n' {
			b[i] = 0
		}
	}
	return string(b)
}

// TestNotSession checks which inputs are no session at all: one error
// naming the input and the reason, whatever the input format asked, and
// which are sessions with bad lines, read as before.
func TestNotSession(t *testing.T) {
	textThenSession := strings.Repeat("a log line\n", 3) + replaytest.CallLine + "\n"
	tests := []struct {
		name, input, format string
		// reason is the NotSessionError's reason, "" for a session.
		reason string
	}{
		{name: "empty", input: "", reason: "empty"},
		{name: "blank lines", input: "\n  \n\r\n", reason: "empty"},
		{name: "empty, format forced", input: "", format: "views", reason: "empty"},
		{name: "executable", input: elfHead + "\n" + passwd, reason: "binary data"},
		{name: "binary without newline", input: binaryNoNewline(), reason: "binary data"},
		{name: "binary, format forced", input: binaryNoNewline(), format: "claude", reason: "binary data"},
		{name: "text", input: passwd, reason: "no line of a known format; line 1: the line is not a JSON object"},
		{name: "text without newline", input: "hello", reason: "no line of a known format; line 1: the line is not a JSON object"},
		{
			name: "JSON of no known format", input: `{"type":"bogus"}` + "\n" + `{"a":1}` + "\n",
			reason: `no line of a known format; line 1: type "bogus" belongs to no known format (views: call, result, message; `,
		},
		{
			name: "a session after more than 100 lines of text", input: strings.Repeat("x\n", 101) + replaytest.CallLine + "\n",
			reason: "none of its first 100 lines is of a known format; line 1: the line is not a JSON object",
		},
		{name: "a session after a few bad lines", input: textThenSession},
		{name: "a session after 100 bad lines", input: strings.Repeat("x\n", 100) + replaytest.CallLine + "\n"},
		{name: "text, format forced", input: passwd, format: "views"},
		{name: "first line torn by its writer", input: replaytest.CallLine[:12]},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts := lineOptions
			opts.Format = tt.format
			tr, err := replay.Load(strings.NewReader(tt.input), "FILE", opts)
			if tt.reason == "" {
				require.NoError(t, err)
				assert.NotEmpty(t, tr.Entries)
				return
			}
			require.ErrorContains(t, err, "FILE: not a session file ("+tt.reason)
			assert.True(t, replay.IsNotSession(err))
			assert.Empty(t, tr.Entries, "nothing of it is shown")
		})
	}
}

// TestNotSessionStreamSendsNothing checks that Stream sends no batch of
// problems for an input that turns out to be no session.
func TestNotSessionStreamSendsNothing(t *testing.T) {
	var changes int
	_, err := replay.Stream(context.Background(), strings.NewReader(passwd), "FILE",
		replay.StreamOptions{Options: lineOptions}, func(b replay.Batch) { changes += len(b.Changes) })

	require.True(t, replay.IsNotSession(err), "%v", err)
	assert.Equal(t, 0, changes)
}

// TestUndetectedLinesKeepTheirPlace checks that the problems of the lines
// before the format was detected come first, in line order.
func TestUndetectedLinesKeepTheirPlace(t *testing.T) {
	tr := replaytest.LoadLines(t, lineOptions, "one", "two", replaytest.CallLine, replaytest.ResultLine)

	require.Len(t, tr.Entries, 3, replaytest.Describe(tr))
	assert.Equal(t, 1, tr.Entries[0].(cards.Problem).Line)
	assert.Equal(t, 2, tr.Entries[1].(cards.Problem).Line)
	assert.IsType(t, cards.ToolCard{}, tr.Entries[2])
	assert.Equal(t, 2, tr.Stats.Problems)
}

// TestNotSessionCompressed checks that a compressed input is judged by
// what it decompresses to.
func TestNotSessionCompressed(t *testing.T) {
	data, _ := zstdframes.Compress(t, []byte(passwd), 10)

	_, err := replay.Load(bytes.NewReader(data), "FILE.jsonl.zstd", lineOptions)

	require.True(t, replay.IsNotSession(err), "%v", err)
}
