// Package fastjson decodes JSON as encoding/json does, in one pass: the
// session decoders' hot path, where encoding/json's separate validity
// pass over every line costs as much as the decoding itself.
package fastjson

import (
	"encoding/json"
	"reflect"

	jsonv2 "github.com/go-json-experiment/json"
	jsonv1 "github.com/go-json-experiment/json/v1"
)

// onePass are the json v2 module's v1 semantics but for its legacy
// errors: those check the whole text before decoding it, a second pass
// over it, only so that a text that fails leaves its value untouched and
// its error is v1's. Unmarshal makes both encoding/json's itself.
// Without them every other difference from v1 is an error (a struct's
// conflicting field names, a name that matches several fields but for
// case, a type error): the text then goes to encoding/json, and a text
// that decodes decodes as v1 would.
var onePass = jsonv2.JoinOptions(jsonv1.DefaultOptionsV1(), jsonv1.ReportErrorsWithLegacySemantics(false))

// Unmarshal decodes data into v as json.Unmarshal does. It decodes with
// the json v2 module (onePass), which reads the text once; when that
// fails, v is zeroed and decoded again by encoding/json, so that the
// error, and what v holds beside it, are encoding/json's own. An empty
// text, a field that was absent, goes to encoding/json at once.
func Unmarshal(data []byte, v any) error {
	if len(data) > 0 && jsonv2.Unmarshal(data, v, onePass) == nil {
		return nil
	}
	if rv := reflect.ValueOf(v); rv.Kind() == reflect.Pointer && !rv.IsNil() {
		rv.Elem().SetZero()
	}
	return json.Unmarshal(data, v)
}
