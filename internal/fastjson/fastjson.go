// Package fastjson decodes JSON as encoding/json does, in one pass: the
// session decoders' hot path, where encoding/json's separate validity
// pass over every line costs as much as the decoding itself.
package fastjson

import (
	"encoding/json"
	"reflect"

	jsonv1 "github.com/go-json-experiment/json/v1"
)

// Unmarshal decodes data into v as json.Unmarshal does. It decodes with
// the json v2 module's v1 semantics, which reads the text once; when that
// fails, v is zeroed and decoded again by encoding/json, so that the
// error, and what v holds beside it, are encoding/json's own. An empty
// text, a field that was absent, goes to encoding/json at once.
func Unmarshal(data []byte, v any) error {
	if len(data) > 0 && jsonv1.Unmarshal(data, v) == nil {
		return nil
	}
	if rv := reflect.ValueOf(v); rv.Kind() == reflect.Pointer && !rv.IsNil() {
		rv.Elem().SetZero()
	}
	return json.Unmarshal(data, v)
}
