package fastjson_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/cardtui/cardtui/internal/fastjson"
)

// line is shaped as the decoders' lines are: pointers, raw values,
// nested objects and arrays, a map and an interface.
type line struct {
	Type    *string         `json:"type"`
	Payload json.RawMessage `json:"payload"`
	Message struct {
		Content *[]struct {
			Type  string `json:"type"`
			Text  string `json:"text"`
			Input any    `json:"input"`
		} `json:"content"`
	} `json:"message"`
	Count int               `json:"count"`
	Ok    bool              `json:"ok"`
	Meta  map[string]string `json:"meta"`
	Ratio float64           `json:"ratio"`
}

// samples are lines of every kind: good ones, and each way a line can
// be wrong (syntax, a field's type, truncation), which must give
// encoding/json's own error and partial value.
var samples = []string{
	`{"type":"user","payload":{"a":[1,2]},"message":{"content":[{"type":"text","text":"hi \u00e9\n","input":{"x":1}}]},"count":3,"ok":true,"meta":{"k":"v"},"ratio":1.5}`,
	`{"TYPE":"case","Count":2,"type":"dup"}`,
	`{"type":"bad utf8 ` + "\xff" + `"}`,
	`{"type":null,"payload":null,"message":null}`,
	`{"type":5}`,
	`{"count":"three","type":"kept"}`,
	`{"message":{"content":"a string"},"type":"t"}`,
	`{"ratio":1e400}`,
	`{"count":1.5}`,
	`{"type":"x"`,
	`{"type":"x"} trailing`,
	`not json`,
	`[1,2]`,
	`{"meta":{"k":1},"ok":"yes"}`,
	`{"unknown":{"deep":[true,false,null]},"type":"\ud800"}`,
	``,
}

// FuzzSameAsEncodingJSON: any text, the samples first (which go test
// runs as a test), decodes to what encoding/json gives, with the same
// error.
func FuzzSameAsEncodingJSON(f *testing.F) {
	for _, s := range samples {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var want, got line
		wantErr := json.Unmarshal(data, &want)
		gotErr := fastjson.Unmarshal(data, &got)
		assert.Equal(t, fmt.Sprint(wantErr), fmt.Sprint(gotErr), "%q", data)
		assert.Equal(t, want, got, "%q", data)
	})
}
