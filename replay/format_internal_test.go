package replay

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestTopFieldsIsUnmarshal checks the hand-split first line of Detect
// against encoding/json: the same fields, and nil where it fails.
func TestTopFieldsIsUnmarshal(t *testing.T) {
	for _, line := range []string{
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
	} {
		var want map[string]json.RawMessage
		if json.Unmarshal([]byte(line), &want) != nil {
			want = nil
		}
		assert.Equal(t, want, topFields([]byte(line)), "%s", line)
	}
}
