package views

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// envelopeSeeds are lines the quick envelope split takes, and lines it
// leaves to encoding/json.
var envelopeSeeds = []string{
	`{"type":"call","id":"c1","tool":"bash","view":{"card":"terminal","title":"ls"}}`,
	` { "type" : "result" , "id" : "c1" , "view" : { "card" : "terminal" , "output" : "a\nb" } } `,
	`{"type":"message","role":"user","text":"h\u00e9llo \"quoted\""}`,
	`{}`, `{"a":[1,{"b":null}],"c":true,"d":-1.5e3}`,
	`{"type":"call","type":"result"}`, `{"t\u0079pe":"call"}`, `{"tÿpe":"call"}`,
	`{"type":"call"} trailing`, `[1,2]`, `"text"`, `{"type":`, ``, `{"a":"\xff"}`,
}

// FuzzQuickEnvelopeIsJSON: on any line, the quick split gives the fields
// encoding/json gives, or leaves the line to it.
func FuzzQuickEnvelopeIsJSON(f *testing.F) {
	for _, s := range envelopeSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		requireQuickEnvelope(t, line)
	})
}

func TestQuickEnvelopeIsJSON(t *testing.T) {
	quick := 0
	for _, s := range envelopeSeeds {
		if requireQuickEnvelope(t, []byte(s)) {
			quick++
		}
	}
	assert.Equal(t, 5, quick, "the first five seeds are split by hand")
}

// requireQuickEnvelope checks the quick split of line against
// encoding/json's and reports whether it took the line.
func requireQuickEnvelope(t *testing.T, line []byte) bool {
	t.Helper()
	quick, ok := parseEnvelopeQuickly(line)
	if !ok {
		return false
	}
	slow, err := parseEnvelopeWithJSON(line)
	require.NoError(t, err, "split by hand, rejected by encoding/json: %q", line)
	require.Equal(t, slow.fields, quick.fields, "%q", line)
	return true
}
