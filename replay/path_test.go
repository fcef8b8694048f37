package replay_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/producers"
	"github.com/cardtui/cardtui/replay"
)

// pathDecoder notes the path it is given and the lines it sees.
type pathDecoder struct {
	path  *string
	lines *int
}

func (d pathDecoder) UsePath(path string)                            { *d.path = path }
func (d pathDecoder) DecodeLine(_ *replay.Transcript, _ replay.Line) { *d.lines++ }

func TestPathDecoderIsGivenTheSessionPath(t *testing.T) {
	var path string
	var lines int
	format := replay.Format{
		Name:   "pathy",
		Detect: func(_ map[string]json.RawMessage, typ string) bool { return typ == "pathy" },
		Expect: "pathy: a line of type pathy",
		NewDecoder: func(producers.Registry) replay.Decoder {
			return pathDecoder{path: &path, lines: &lines}
		},
	}
	input := `{"type":"pathy"}` + "\n"
	for _, name := range []string{replay.Auto, "pathy"} {
		path, lines = "", 0
		_, err := replay.Load(strings.NewReader(input), "s.jsonl", replay.Options{Formats: []replay.Format{format}, Format: name, Path: "/p/s.jsonl"})
		require.NoError(t, err)
		assert.Equal(t, "/p/s.jsonl", path, name)
		assert.Equal(t, 1, lines)
	}
	path = ""
	opts := replay.StreamOptions{Options: replay.Options{Formats: []replay.Format{format}, Path: "/p/live.jsonl"}}
	_, err := replay.Stream(context.Background(), strings.NewReader(input), "live", opts, func(replay.Batch) {})
	require.NoError(t, err)
	assert.Equal(t, "/p/live.jsonl", path, "Stream gives it too")

	path = "unset"
	_, err = replay.Load(strings.NewReader(input), "-", replay.Options{Formats: []replay.Format{format}})
	require.NoError(t, err)
	assert.Equal(t, "unset", path, "no path, no call: stdin has no neighbours")
}
