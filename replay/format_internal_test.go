package replay

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
)

// topFieldsSeeds are lines TestTopFieldsIsUnmarshal checks and
// FuzzTopFieldsIsUnmarshal starts from.
var topFieldsSeeds = []string{
	`{"type":"call","id":"c1","view":{"card":"diff","diffs":[{"path":"a","oldText":null,"newText":"x\n"}]}}`,
	` { "type" : "message" , "text" : "a \"quoted\" }" } `,
	`{}`,
	`{"type":"a","type":"b"}`,
	`{"ty\u0070e":"call"}`,
	`{"tÿpe":"call"}`,
	`{"Type":"call","type":"message"}`,
	`null`,
	`[1,2]`,
	`"type"`,
	`{"type":"call"`,
	`{"type":"call"} {}`,
	``,
	`{"a":1,"b":-2.5e+3,"c":[true,false,null],"d":{"e":[]},"f":"\u00e9\n"}`,
	"{\"type\" :\t\"call\"\r\n,\"x\":{ } }",
	`{"type":"call",}`,
	`{"type":"call" "x":1}`,
	`{"type":01}`,
	`{"type":"a\x"}`,
	`{"type":"call"}]`,
	`{"type":[1,2}`,
	`{"a":{"b":[{"c":"d"}]},"a":2}`,
	`{"type":tru}`,
	`{"type":"` + "\x01" + `"}`,
	"{\"type\":\"\xff\"}",
	`{,}`,
	`{"":1}`,
	`  {}  `,
}

// TestTopFieldsIsUnmarshal checks the hand-split first line of Detect
// against encoding/json: the same fields, and nil where it fails.
func TestTopFieldsIsUnmarshal(t *testing.T) {
	for _, line := range topFieldsSeeds {
		assertTopFieldsIsUnmarshal(t, []byte(line))
	}
}

// FuzzTopFieldsIsUnmarshal: topFields splits any line as encoding/json
// decodes it into a map of raw values.
func FuzzTopFieldsIsUnmarshal(f *testing.F) {
	for _, line := range topFieldsSeeds {
		f.Add([]byte(line))
	}
	f.Fuzz(assertTopFieldsIsUnmarshal)
}

// assertTopFieldsIsUnmarshal checks topFields(line) against json.Unmarshal.
func assertTopFieldsIsUnmarshal(t *testing.T, line []byte) {
	var want map[string]json.RawMessage
	if json.Unmarshal(line, &want) != nil {
		want = nil
	}
	assert.Equal(t, want, topFields(line), "%q", line)
}
