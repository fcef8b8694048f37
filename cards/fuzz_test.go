package cards_test

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
)

// Valid blocks, diffs and locations, beyond those inside the views.
var (
	blockSeeds = []string{
		`{"type":"text","text":"hi"}`,
		`{"type":"text","text":"","annotations":{"priority":1}}`,
		`{"type":"image","mimeType":"image/png","data":"iVBORw0KGgo="}`,
		`{"type":"image","uri":"file:///a.png"}`,
		opaqueJSON,
		` { "type" : "tool_use", "input" : {"q":"<a&b>"} } `,
	}
	diffSeeds = []string{
		okDiff,
		`{"path":"new.go","oldText":null,"newText":"package x\n"}`,
		`{"path":"a.go","oldText":"a","newText":"b","oldStart":3,"newStart":4}`,
		`{"path":"a.go","oldText":"a\nb","newText":"a\nB\n","oldStart":3,"newStart":4,"lines":[" a","-b","\\ No newline at end of file","+B"]}`,
		`{"path":"n.go","oldText":null,"newText":"x\n","newStart":1,"lines":["+x"]}`,
	}
)

// addSeeds seeds f with every input of the tables, valid and invalid.
func addSeeds(f *testing.F, extra ...string) {
	for _, tc := range callCases {
		f.Add([]byte(tc.in))
	}
	for _, tc := range resultCases {
		f.Add([]byte(tc.in))
	}
	for _, tc := range decodeErrorCases {
		f.Add([]byte(tc.in))
	}
	for _, s := range extra {
		f.Add([]byte(s))
	}
}

// checkFailure is the oracle for a rejected input.
func checkFailure(t *testing.T, err error) {
	t.Helper()
	var e *cards.Error
	require.True(t, errors.As(err, &e), "not a *cards.Error: %T %v", err, err)
	require.NotEmpty(t, e.Card, "error without a card: %v", err)
	require.True(t, isSentinel(e.Reason), "reason is not a sentinel: %v", e.Reason)
	require.ErrorIs(t, err, e.Reason)
	require.NotEmpty(t, err.Error())
}

func FuzzDecodeCall(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := cards.DecodeCall(data)
		if err != nil {
			require.Nil(t, v)
			checkFailure(t, err)
			return
		}
		require.NotNil(t, v)
		out, err := cards.EncodeCall(v)
		require.NoError(t, err)
		require.Contains(t, string(out), `"card"`)
		again, err := cards.DecodeCall(out)
		require.NoError(t, err, "decoding %s", out)
		require.Equal(t, v, again)
		require.Equal(t, v.Card(), again.Card())
		out2, err := cards.EncodeCall(again)
		require.NoError(t, err)
		require.Equal(t, string(out), string(out2), "encoding is stable")
	})
}

func FuzzDecodeResult(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := cards.DecodeResult(data)
		if err != nil {
			require.Nil(t, v)
			checkFailure(t, err)
			return
		}
		require.NotNil(t, v)
		out, err := cards.EncodeResult(v)
		require.NoError(t, err)
		require.Contains(t, string(out), `"card"`)
		again, err := cards.DecodeResult(out)
		require.NoError(t, err, "decoding %s", out)
		require.Equal(t, v, again)
		require.Equal(t, v.Card(), again.Card())
		out2, err := cards.EncodeResult(again)
		require.NoError(t, err)
		require.Equal(t, string(out), string(out2), "encoding is stable")
	})
}

func FuzzDecodeContentBlock(f *testing.F) {
	addSeeds(f, blockSeeds...)
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := cards.DecodeContentBlock(data)
		if err != nil {
			require.Nil(t, b)
			checkFailure(t, err)
			return
		}
		require.NotNil(t, b)
		require.NotEmpty(t, b.BlockType())
		out, err := json.Marshal(b)
		require.NoError(t, err)
		require.Contains(t, string(out), `"type"`)
		again, err := cards.DecodeContentBlock(out)
		require.NoError(t, err, "decoding %s", out)
		require.Equal(t, b, again)
		out2, err := json.Marshal(again)
		require.NoError(t, err)
		require.Equal(t, string(out), string(out2), "encoding is stable")
	})
}

func FuzzDecodeFileDiff(f *testing.F) {
	addSeeds(f, diffSeeds...)
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := cards.DecodeFileDiff(data)
		if err != nil {
			checkFailure(t, err)
			return
		}
		require.NotEmpty(t, d.Path)
		out, err := json.Marshal(d)
		require.NoError(t, err)
		require.Contains(t, string(out), `"oldText"`)
		again, err := cards.DecodeFileDiff(out)
		require.NoError(t, err, "decoding %s", out)
		require.Equal(t, d, again)
		out2, err := json.Marshal(again)
		require.NoError(t, err)
		require.Equal(t, string(out), string(out2), "encoding is stable")
	})
}
