package cards_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
)

// decoder names the entry point a table case goes through.
type decoder string

const (
	viaCall     decoder = "call"
	viaResult   decoder = "result"
	viaBlock    decoder = "block"
	viaDiff     decoder = "diff"
	viaLocation decoder = "location"
)

// decode runs the named decoder; on error the value it returns is dropped.
func (d decoder) decode(data []byte) (any, error) {
	switch d {
	case viaCall:
		return cards.DecodeCall(data)
	case viaResult:
		return cards.DecodeResult(data)
	case viaBlock:
		return cards.DecodeContentBlock(data)
	case viaDiff:
		return cards.DecodeFileDiff(data)
	case viaLocation:
		return cards.DecodeFileLocation(data)
	}
	panic("unknown decoder " + string(d))
}

// sentinels are every reason an *Error may carry.
var sentinels = []error{
	cards.ErrMissingCard, cards.ErrUnknownCard, cards.ErrUnknownField,
	cards.ErrMissingField, cards.ErrDuplicate, cards.ErrWrongType,
	cards.ErrExclusive, cards.ErrInvalidValue, cards.ErrNotObject,
}

func isSentinel(err error) bool {
	for _, s := range sentinels {
		if err == s {
			return true
		}
	}
	return false
}

// decodeErrorCase is one invalid input and the exact failure it must give.
type decodeErrorCase struct {
	name    string
	via     decoder
	in      string
	reason  error
	card    string   // *Error.Card
	field   string   // *Error.Field, "" when the value as a whole is wrong
	mention []string // further text the message must contain
}

// A valid FileDiff, to put in front of a broken one.
const okDiff = `{"path":"a.go","oldText":"x\n","newText":"y\n"}`

var decodeErrorCases = []decodeErrorCase{
	// The card tag.
	{
		name: "call missing card", via: viaCall, in: `{"title":"ls"}`,
		reason: cards.ErrMissingCard, card: "call view", field: "card",
	},
	{
		name: "call null card", via: viaCall, in: `{"card":null,"title":"ls"}`,
		reason: cards.ErrMissingCard, card: "call view", field: "card",
	},
	{
		name: "call unknown card", via: viaCall, in: `{"card":"popup","title":"ls"}`,
		reason: cards.ErrUnknownCard, card: "call view", field: "card", mention: []string{`"popup"`},
	},
	{
		name: "call empty card", via: viaCall, in: `{"card":"","title":"ls"}`,
		reason: cards.ErrUnknownCard, card: "call view", field: "card",
	},
	{
		name: "call card is case sensitive", via: viaCall, in: `{"card":"Terminal","title":"ls"}`,
		reason: cards.ErrUnknownCard, card: "call view", field: "card", mention: []string{`"Terminal"`},
	},
	{
		name: "call card not a string", via: viaCall, in: `{"card":3,"title":"ls"}`,
		reason: cards.ErrWrongType, card: "call view", field: "card", mention: []string{"a number"},
	},
	{
		name: "call card is an object", via: viaCall, in: `{"card":{"name":"generic"},"title":"ls"}`,
		reason: cards.ErrWrongType, card: "call view", field: "card", mention: []string{"an object"},
	},
	{
		name: "result missing card", via: viaResult, in: `{"output":"hi"}`,
		reason: cards.ErrMissingCard, card: "result view", field: "card",
	},
	{
		name: "result unknown card", via: viaResult, in: `{"card":"popup"}`,
		reason: cards.ErrUnknownCard, card: "result view", field: "card", mention: []string{`"popup"`},
	},
	{
		name: "result card not a string", via: viaResult, in: `{"card":true}`,
		reason: cards.ErrWrongType, card: "result view", field: "card", mention: []string{"a boolean"},
	},

	// Not one JSON object.
	{
		name: "call top-level array", via: viaCall, in: `[{"card":"generic","title":"x"}]`,
		reason: cards.ErrNotObject, card: "call view", mention: []string{"an array"},
	},
	{
		name: "call empty array", via: viaCall, in: `[]`,
		reason: cards.ErrNotObject, card: "call view",
	},
	{
		name: "call top-level string", via: viaCall, in: `"generic"`,
		reason: cards.ErrNotObject, card: "call view", mention: []string{"a string"},
	},
	{
		name: "call top-level null", via: viaCall, in: `null`,
		reason: cards.ErrNotObject, card: "call view", mention: []string{"null"},
	},
	{
		name: "call top-level number", via: viaCall, in: `42`,
		reason: cards.ErrNotObject, card: "call view", mention: []string{"a number"},
	},
	{
		name: "call empty input", via: viaCall, in: ``,
		reason: cards.ErrNotObject, card: "call view",
	},
	{
		name: "call whitespace only", via: viaCall, in: " \n\t",
		reason: cards.ErrNotObject, card: "call view",
	},
	{
		name: "call truncated after value", via: viaCall, in: `{"card":"generic","title":"x"`,
		reason: cards.ErrNotObject, card: "call view",
	},
	{
		name: "call truncated in string", via: viaCall, in: `{"card":"gen`,
		reason: cards.ErrNotObject, card: "call view", field: "card",
	},
	{
		name: "call truncated after key", via: viaCall, in: `{"card":"generic","title":`,
		reason: cards.ErrNotObject, card: "call view", field: "title",
	},
	{
		name: "call trailing comma", via: viaCall, in: `{"card":"generic","title":"x",}`,
		reason: cards.ErrNotObject, card: "call view",
	},
	{
		name: "call second object after the first", via: viaCall, in: `{"card":"generic","title":"x"} {"card":7}`,
		reason: cards.ErrNotObject, card: "call view",
	},
	{
		name: "call garbage after the object", via: viaCall, in: `{"card":"generic","title":"x"}x`,
		reason: cards.ErrNotObject, card: "call view",
	},
	{
		name: "call non-string key", via: viaCall, in: `{card:"generic"}`,
		reason: cards.ErrNotObject, card: "call view",
	},
	{
		name: "result top-level array", via: viaResult, in: `[]`,
		reason: cards.ErrNotObject, card: "result view", mention: []string{"an array"},
	},
	{
		name: "result top-level string", via: viaResult, in: `"terminal"`,
		reason: cards.ErrNotObject, card: "result view",
	},
	{
		name: "result top-level null", via: viaResult, in: `null`,
		reason: cards.ErrNotObject, card: "result view",
	},
	{
		name: "result empty input", via: viaResult, in: ``,
		reason: cards.ErrNotObject, card: "result view",
	},
	{
		name: "result truncated", via: viaResult, in: `{"card":"terminal","output":"ab`,
		reason: cards.ErrNotObject, card: "result view", field: "output",
	},
	{
		name: "result trailing data", via: viaResult, in: `{"card":"generic"}]`,
		reason: cards.ErrNotObject, card: "result view",
	},

	// Duplicate keys.
	{
		name: "duplicate title", via: viaCall, in: `{"card":"terminal","title":"a","title":"b"}`,
		reason: cards.ErrDuplicate, card: "call view", field: "title",
	},
	{
		name: "duplicate card", via: viaCall, in: `{"card":"generic","card":"terminal","title":"x"}`,
		reason: cards.ErrDuplicate, card: "call view", field: "card",
	},
	{
		name: "duplicate spelled with an escape", via: viaCall, in: `{"card":"terminal","title":"a","\u0074itle":"b"}`,
		reason: cards.ErrDuplicate, card: "call view", field: "title",
	},
	{
		name: "duplicate in a nested FileDiff", via: viaCall,
		in:     `{"card":"diff","title":"t","diffs":[{"path":"a","path":"b","oldText":null,"newText":""}]}`,
		reason: cards.ErrDuplicate, card: "diff call", field: "diffs[0].path",
	},
	{
		name: "duplicate exitCode", via: viaResult, in: `{"card":"terminal","exitCode":0,"exitCode":1}`,
		reason: cards.ErrDuplicate, card: "result view", field: "exitCode",
	},

	// Generic call.
	{
		name: "generic call missing title", via: viaCall, in: `{"card":"generic","kind":"read"}`,
		reason: cards.ErrMissingField, card: "generic call", field: "title",
	},
	{
		name: "generic call null title", via: viaCall, in: `{"card":"generic","title":null}`,
		reason: cards.ErrMissingField, card: "generic call", field: "title",
	},
	{
		name: "generic call title not a string", via: viaCall, in: `{"card":"generic","title":5}`,
		reason: cards.ErrWrongType, card: "generic call", field: "title", mention: []string{"a string", "a number"},
	},
	{
		name: "generic call unknown kind", via: viaCall, in: `{"card":"generic","title":"t","kind":"explode"}`,
		reason: cards.ErrInvalidValue, card: "generic call", field: "kind", mention: []string{`"explode"`},
	},
	{
		name: "generic call kind not a string", via: viaCall, in: `{"card":"generic","title":"t","kind":1}`,
		reason: cards.ErrWrongType, card: "generic call", field: "kind",
	},
	{
		name: "generic call with output", via: viaCall, in: `{"card":"generic","title":"t","output":"x"}`,
		reason: cards.ErrUnknownField, card: "generic call", field: "output",
	},
	{
		name: "generic call two unknown fields", via: viaCall, in: `{"card":"generic","title":"t","zeta":1,"alpha":2}`,
		reason: cards.ErrUnknownField, card: "generic call", field: "alpha", mention: []string{"zeta"},
	},
	{
		name: "generic call content not an array", via: viaCall, in: `{"card":"generic","title":"t","content":"hello"}`,
		reason: cards.ErrWrongType, card: "generic call", field: "content", mention: []string{"an array"},
	},
	{
		name: "generic call content is one block", via: viaCall, in: `{"card":"generic","title":"t","content":{"type":"text","text":"x"}}`,
		reason: cards.ErrWrongType, card: "generic call", field: "content", mention: []string{"an object"},
	},
	{
		name: "text block without text", via: viaCall, in: `{"card":"generic","title":"t","content":[{"type":"text"}]}`,
		reason: cards.ErrMissingField, card: "generic call", field: "content[0].text",
	},
	{
		name: "text block text not a string", via: viaCall, in: `{"card":"generic","title":"t","content":[{"type":"text","text":["a"]}]}`,
		reason: cards.ErrWrongType, card: "generic call", field: "content[0].text",
	},
	{
		name: "text block markdown not a boolean", via: viaCall, in: `{"card":"generic","title":"t","content":[{"type":"text","text":"a","markdown":"yes"}]}`,
		reason: cards.ErrWrongType, card: "generic call", field: "content[0].markdown",
	},
	{
		name: "text block lang not a string", via: viaCall, in: `{"card":"generic","title":"t","content":[{"type":"text","text":"a","lang":7}]}`,
		reason: cards.ErrWrongType, card: "generic call", field: "content[0].lang",
	},
	{
		name: "text block Markdown with a language", via: viaResult, in: `{"card":"generic","content":[{"type":"text","text":"a","markdown":true,"lang":"go"}]}`,
		reason: cards.ErrExclusive, card: "generic result", field: "content[0].lang",
	},
	{
		name: "content block without type", via: viaCall, in: `{"card":"generic","title":"t","content":[{"type":"text","text":"a"},{"text":"b"}]}`,
		reason: cards.ErrMissingField, card: "generic call", field: "content[1].type",
	},
	{
		name: "content block empty type", via: viaCall, in: `{"card":"generic","title":"t","content":[{"type":""}]}`,
		reason: cards.ErrInvalidValue, card: "generic call", field: "content[0].type",
	},
	{
		name: "content block type not a string", via: viaCall, in: `{"card":"generic","title":"t","content":[{"type":1}]}`,
		reason: cards.ErrWrongType, card: "generic call", field: "content[0].type",
	},
	{
		name: "content block not an object", via: viaCall, in: `{"card":"generic","title":"t","content":["hi"]}`,
		reason: cards.ErrNotObject, card: "generic call", field: "content[0]",
	},
	{
		name: "image block data not a string", via: viaCall, in: `{"card":"generic","title":"t","content":[{"type":"image","data":7}]}`,
		reason: cards.ErrWrongType, card: "generic call", field: "content[0].data",
	},
	{
		name: "location line 0", via: viaCall, in: `{"card":"generic","title":"t","locations":[{"path":"a.go","line":0}]}`,
		reason: cards.ErrInvalidValue, card: "generic call", field: "locations[0].line", mention: []string{"0 is less than 1"},
	},
	{
		name: "location negative line", via: viaCall, in: `{"card":"generic","title":"t","locations":[{"path":"a.go"},{"path":"b.go","line":-4}]}`,
		reason: cards.ErrInvalidValue, card: "generic call", field: "locations[1].line",
	},
	{
		name: "location line quoted", via: viaCall, in: `{"card":"generic","title":"t","locations":[{"path":"a.go","line":"3"}]}`,
		reason: cards.ErrWrongType, card: "generic call", field: "locations[0].line", mention: []string{"a string"},
	},
	{
		name: "location missing path", via: viaCall, in: `{"card":"generic","title":"t","locations":[{"line":3}]}`,
		reason: cards.ErrMissingField, card: "generic call", field: "locations[0].path",
	},
	{
		name: "location empty path", via: viaCall, in: `{"card":"generic","title":"t","locations":[{"path":""}]}`,
		reason: cards.ErrInvalidValue, card: "generic call", field: "locations[0].path",
	},
	{
		name: "location unknown field", via: viaCall, in: `{"card":"generic","title":"t","locations":[{"path":"a.go","column":2}]}`,
		reason: cards.ErrUnknownField, card: "generic call", field: "locations[0].column",
	},
	{
		name: "locations not an array", via: viaCall, in: `{"card":"generic","title":"t","locations":{"path":"a.go"}}`,
		reason: cards.ErrWrongType, card: "generic call", field: "locations",
	},

	// Terminal call.
	{
		name: "terminal call missing title", via: viaCall, in: `{"card":"terminal","cwd":"/"}`,
		reason: cards.ErrMissingField, card: "terminal call", field: "title",
	},
	{
		name: "terminal call with diffs", via: viaCall, in: `{"card":"terminal","title":"ls","diffs":[]}`,
		reason: cards.ErrUnknownField, card: "terminal call", field: "diffs",
	},
	{
		name: "terminal call with exitCode", via: viaCall, in: `{"card":"terminal","title":"ls","exitCode":0}`,
		reason: cards.ErrUnknownField, card: "terminal call", field: "exitCode",
	},
	{
		name: "terminal call cwd not a string", via: viaCall, in: `{"card":"terminal","title":"ls","cwd":1}`,
		reason: cards.ErrWrongType, card: "terminal call", field: "cwd",
	},
	{
		name: "terminal call description an array", via: viaCall, in: `{"card":"terminal","title":"ls","description":[]}`,
		reason: cards.ErrWrongType, card: "terminal call", field: "description",
	},

	// Diff call.
	{
		name: "diff call missing title", via: viaCall, in: `{"card":"diff","diffs":[]}`,
		reason: cards.ErrMissingField, card: "diff call", field: "title",
	},
	{
		name: "diff call missing diffs", via: viaCall, in: `{"card":"diff","title":"t"}`,
		reason: cards.ErrMissingField, card: "diff call", field: "diffs",
	},
	{
		name: "diff call null diffs", via: viaCall, in: `{"card":"diff","title":"t","diffs":null}`,
		reason: cards.ErrMissingField, card: "diff call", field: "diffs",
	},
	{
		name: "diff call diffs an object", via: viaCall, in: `{"card":"diff","title":"t","diffs":` + okDiff + `}`,
		reason: cards.ErrWrongType, card: "diff call", field: "diffs",
	},
	{
		name: "FileDiff missing path", via: viaCall, in: `{"card":"diff","title":"t","diffs":[{"oldText":"a","newText":"b"}]}`,
		reason: cards.ErrMissingField, card: "diff call", field: "diffs[0].path",
	},
	{
		name: "FileDiff empty path", via: viaCall, in: `{"card":"diff","title":"t","diffs":[{"path":"","oldText":"a","newText":"b"}]}`,
		reason: cards.ErrInvalidValue, card: "diff call", field: "diffs[0].path",
	},
	{
		name: "FileDiff missing newText", via: viaCall, in: `{"card":"diff","title":"t","diffs":[{"path":"a.go","oldText":"a"}]}`,
		reason: cards.ErrMissingField, card: "diff call", field: "diffs[0].newText",
	},
	{
		name: "FileDiff null newText", via: viaCall, in: `{"card":"diff","title":"t","diffs":[{"path":"a.go","oldText":null,"newText":null}]}`,
		reason: cards.ErrMissingField, card: "diff call", field: "diffs[0].newText",
	},
	{
		name: "FileDiff oldText absent", via: viaCall, in: `{"card":"diff","title":"t","diffs":[` + okDiff + `,{"path":"b.go","newText":"b"}]}`,
		reason: cards.ErrMissingField, card: "diff call", field: "diffs[1].oldText", mention: []string{"null"},
	},
	{
		name: "FileDiff oldText not a string", via: viaCall, in: `{"card":"diff","title":"t","diffs":[{"path":"a.go","oldText":false,"newText":"b"}]}`,
		reason: cards.ErrWrongType, card: "diff call", field: "diffs[0].oldText",
	},
	{
		name: "FileDiff oldStart 0", via: viaCall, in: `{"card":"diff","title":"t","diffs":[{"path":"a.go","oldText":"a","newText":"b","oldStart":0}]}`,
		reason: cards.ErrInvalidValue, card: "diff call", field: "diffs[0].oldStart",
	},
	{
		name: "FileDiff newStart fractional", via: viaCall, in: `{"card":"diff","title":"t","diffs":[{"path":"a.go","oldText":"a","newText":"b","newStart":1.5}]}`,
		reason: cards.ErrWrongType, card: "diff call", field: "diffs[0].newStart",
	},
	{
		name: "FileDiff newStart quoted", via: viaCall, in: `{"card":"diff","title":"t","diffs":[{"path":"a.go","oldText":"a","newText":"b","newStart":"2"}]}`,
		reason: cards.ErrWrongType, card: "diff call", field: "diffs[0].newStart",
	},
	{
		name: "FileDiff unknown field", via: viaCall, in: `{"card":"diff","title":"t","diffs":[{"path":"a.go","oldText":"a","newText":"b","hunk":1}]}`,
		reason: cards.ErrUnknownField, card: "diff call", field: "diffs[0].hunk",
	},
	{
		name: "FileDiff not an object", via: viaCall, in: `{"card":"diff","title":"t","diffs":["a.go"]}`,
		reason: cards.ErrNotObject, card: "diff call", field: "diffs[0]",
	},
	{
		name: "diff call with kind", via: viaCall, in: `{"card":"diff","title":"t","diffs":[],"kind":"edit"}`,
		reason: cards.ErrUnknownField, card: "diff call", field: "kind",
	},
	{
		name: "diff call with content", via: viaCall, in: `{"card":"diff","title":"t","diffs":[],"content":[]}`,
		reason: cards.ErrUnknownField, card: "diff call", field: "content",
	},

	// Generic result.
	{
		name: "generic result with output", via: viaResult, in: `{"card":"generic","output":"x"}`,
		reason: cards.ErrUnknownField, card: "generic result", field: "output",
	},
	{
		name: "generic result with kind", via: viaResult, in: `{"card":"generic","kind":"read"}`,
		reason: cards.ErrUnknownField, card: "generic result", field: "kind",
	},
	{
		name: "generic result title not a string", via: viaResult, in: `{"card":"generic","title":{}}`,
		reason: cards.ErrWrongType, card: "generic result", field: "title",
	},
	{
		name: "generic result content not an array", via: viaResult, in: `{"card":"generic","content":7}`,
		reason: cards.ErrWrongType, card: "generic result", field: "content",
	},
	{
		name: "generic result text block without text", via: viaResult, in: `{"card":"generic","content":[{"type":"text","text":"a"},{"type":"text","text":"b"},{"type":"text"}]}`,
		reason: cards.ErrMissingField, card: "generic result", field: "content[2].text",
	},

	// Terminal result.
	{
		name: "exitCode and signal both set", via: viaResult, in: `{"card":"terminal","exitCode":1,"signal":"SIGKILL"}`,
		reason: cards.ErrExclusive, card: "terminal result", field: "exitCode", mention: []string{"signal"},
	},
	{
		name: "running with an exit code", via: viaResult, in: `{"card":"terminal","exitCode":0,"running":true}`,
		reason: cards.ErrExclusive, card: "terminal result", field: "running", mention: []string{"exit status"},
	},
	{
		name: "running not a boolean", via: viaResult, in: `{"card":"terminal","running":"yes"}`,
		reason: cards.ErrWrongType, card: "terminal result", field: "running", mention: []string{"a string"},
	},
	{
		name: "exitCode fractional", via: viaResult, in: `{"card":"terminal","exitCode":1.5}`,
		reason: cards.ErrWrongType, card: "terminal result", field: "exitCode", mention: []string{"1.5"},
	},
	{
		name: "exitCode quoted", via: viaResult, in: `{"card":"terminal","exitCode":"3"}`,
		reason: cards.ErrWrongType, card: "terminal result", field: "exitCode", mention: []string{"a string"},
	},
	{
		name: "exitCode boolean", via: viaResult, in: `{"card":"terminal","exitCode":true}`,
		reason: cards.ErrWrongType, card: "terminal result", field: "exitCode",
	},
	{
		name: "exitCode exponent", via: viaResult, in: `{"card":"terminal","exitCode":1e2}`,
		reason: cards.ErrWrongType, card: "terminal result", field: "exitCode",
	},
	{
		name: "exitCode out of range", via: viaResult, in: `{"card":"terminal","exitCode":123456789012345678901234567890}`,
		reason: cards.ErrWrongType, card: "terminal result", field: "exitCode",
	},
	{
		name: "exitCode an array", via: viaResult, in: `{"card":"terminal","exitCode":[0]}`,
		reason: cards.ErrWrongType, card: "terminal result", field: "exitCode",
	},
	{
		name: "signal not a string", via: viaResult, in: `{"card":"terminal","signal":9}`,
		reason: cards.ErrWrongType, card: "terminal result", field: "signal",
	},
	{
		name: "output not a string", via: viaResult, in: `{"card":"terminal","output":["a","b"]}`,
		reason: cards.ErrWrongType, card: "terminal result", field: "output",
	},
	{
		name: "terminal result with cwd", via: viaResult, in: `{"card":"terminal","output":"","cwd":"/"}`,
		reason: cards.ErrUnknownField, card: "terminal result", field: "cwd",
	},

	// Diff result.
	{
		name: "diff result missing diffs", via: viaResult, in: `{"card":"diff","title":"t"}`,
		reason: cards.ErrMissingField, card: "diff result", field: "diffs",
	},
	{
		name: "diff result nested oldText absent", via: viaResult, in: `{"card":"diff","diffs":[` + okDiff + `,{"path":"b.go","newText":""}]}`,
		reason: cards.ErrMissingField, card: "diff result", field: "diffs[1].oldText",
	},
	{
		name: "diff result with locations", via: viaResult, in: `{"card":"diff","diffs":[],"locations":[]}`,
		reason: cards.ErrUnknownField, card: "diff result", field: "locations",
	},

	// Read result.
	{
		name: "read missing path", via: viaResult, in: `{"card":"read","offset":0,"lines":[],"totalLines":0}`,
		reason: cards.ErrMissingField, card: "read result", field: "path",
	},
	{
		name: "read empty path", via: viaResult, in: `{"card":"read","path":"","offset":0,"lines":[],"totalLines":0}`,
		reason: cards.ErrInvalidValue, card: "read result", field: "path",
	},
	{
		name: "read missing offset", via: viaResult, in: `{"card":"read","path":"a.go","lines":[],"totalLines":0}`,
		reason: cards.ErrMissingField, card: "read result", field: "offset",
	},
	{
		name: "read missing lines", via: viaResult, in: `{"card":"read","path":"a.go","offset":0,"totalLines":0}`,
		reason: cards.ErrMissingField, card: "read result", field: "lines",
	},
	{
		name: "read null lines", via: viaResult, in: `{"card":"read","path":"a.go","offset":0,"lines":null,"totalLines":0}`,
		reason: cards.ErrMissingField, card: "read result", field: "lines",
	},
	{
		name: "read missing totalLines", via: viaResult, in: `{"card":"read","path":"a.go","offset":0,"lines":[]}`,
		reason: cards.ErrMissingField, card: "read result", field: "totalLines",
	},
	{
		name: "read negative offset", via: viaResult, in: `{"card":"read","path":"a.go","offset":-1,"lines":[],"totalLines":0}`,
		reason: cards.ErrInvalidValue, card: "read result", field: "offset",
	},
	{
		name: "read quoted offset", via: viaResult, in: `{"card":"read","path":"a.go","offset":"0","lines":[],"totalLines":0}`,
		reason: cards.ErrWrongType, card: "read result", field: "offset",
	},
	{
		name: "read line missing number", via: viaResult, in: `{"card":"read","path":"a.go","offset":0,"lines":[{"number":1,"text":"a"},{"text":"b"}],"totalLines":2}`,
		reason: cards.ErrMissingField, card: "read result", field: "lines[1].number",
	},
	{
		name: "read line number 0", via: viaResult, in: `{"card":"read","path":"a.go","offset":0,"lines":[{"number":0,"text":"a"}],"totalLines":1}`,
		reason: cards.ErrInvalidValue, card: "read result", field: "lines[0].number",
	},
	{
		name: "read line missing text", via: viaResult, in: `{"card":"read","path":"a.go","offset":0,"lines":[{"number":1}],"totalLines":1}`,
		reason: cards.ErrMissingField, card: "read result", field: "lines[0].text",
	},
	{
		name: "read line unknown field", via: viaResult, in: `{"card":"read","path":"a.go","offset":0,"lines":[{"number":1,"text":"a","width":3}],"totalLines":1}`,
		reason: cards.ErrUnknownField, card: "read result", field: "lines[0].width",
	},
	{
		name: "read line not an object", via: viaResult, in: `{"card":"read","path":"a.go","offset":0,"lines":["a"],"totalLines":1}`,
		reason: cards.ErrNotObject, card: "read result", field: "lines[0]",
	},
	{
		name: "read lines not an array", via: viaResult, in: `{"card":"read","path":"a.go","offset":0,"lines":"a\nb","totalLines":2}`,
		reason: cards.ErrWrongType, card: "read result", field: "lines",
	},
	{
		name: "read lang not a string", via: viaResult, in: `{"card":"read","path":"a.go","offset":0,"lines":[],"totalLines":0,"lang":1}`,
		reason: cards.ErrWrongType, card: "read result", field: "lang",
	},
	{
		name: "read with shape", via: viaResult, in: `{"card":"read","path":"a.go","offset":0,"lines":[],"totalLines":0,"shape":"paths"}`,
		reason: cards.ErrUnknownField, card: "read result", field: "shape",
	},

	// Search result.
	{
		name: "search without shape", via: viaResult, in: `{"card":"search","files":[],"truncated":false,"total":0}`,
		reason: cards.ErrMissingField, card: "search result", field: "shape",
	},
	{
		name: "search unknown shape", via: viaResult, in: `{"card":"search","shape":"tree","truncated":false,"total":0}`,
		reason: cards.ErrInvalidValue, card: "search result", field: "shape", mention: []string{`"tree"`},
	},
	{
		name: "search shape not a string", via: viaResult, in: `{"card":"search","shape":1,"truncated":false,"total":0}`,
		reason: cards.ErrWrongType, card: "search result", field: "shape",
	},
	{
		name: "search matches with paths", via: viaResult, in: `{"card":"search","shape":"matches","files":[],"paths":[],"truncated":false,"total":0}`,
		reason: cards.ErrUnknownField, card: "search result (matches)", field: "paths",
	},
	{
		name: "search matches missing files", via: viaResult, in: `{"card":"search","shape":"matches","truncated":false,"total":0}`,
		reason: cards.ErrMissingField, card: "search result (matches)", field: "files",
	},
	{
		name: "search paths missing paths", via: viaResult, in: `{"card":"search","shape":"paths","truncated":false,"total":0}`,
		reason: cards.ErrMissingField, card: "search result (paths)", field: "paths",
	},
	{
		name: "search paths with files", via: viaResult, in: `{"card":"search","shape":"paths","paths":[],"files":[],"truncated":false,"total":0}`,
		reason: cards.ErrUnknownField, card: "search result (paths)", field: "files",
	},
	{
		name: "search paths containing a number", via: viaResult, in: `{"card":"search","shape":"paths","paths":["a.go",7],"truncated":false,"total":2}`,
		reason: cards.ErrWrongType, card: "search result (paths)", field: "paths[1]", mention: []string{"a number"},
	},
	{
		name: "search paths containing null", via: viaResult, in: `{"card":"search","shape":"paths","paths":[null],"truncated":false,"total":1}`,
		reason: cards.ErrWrongType, card: "search result (paths)", field: "paths[0]", mention: []string{"null"},
	},
	{
		name: "search truncated missing", via: viaResult, in: `{"card":"search","shape":"paths","paths":[],"total":0}`,
		reason: cards.ErrMissingField, card: "search result", field: "truncated",
	},
	{
		name: "search truncated quoted", via: viaResult, in: `{"card":"search","shape":"paths","paths":[],"truncated":"false","total":0}`,
		reason: cards.ErrWrongType, card: "search result", field: "truncated", mention: []string{"a boolean"},
	},
	{
		name: "search total missing", via: viaResult, in: `{"card":"search","shape":"matches","files":[],"truncated":true}`,
		reason: cards.ErrMissingField, card: "search result", field: "total",
	},
	{
		name: "search total negative", via: viaResult, in: `{"card":"search","shape":"matches","files":[],"truncated":true,"total":-1}`,
		reason: cards.ErrInvalidValue, card: "search result", field: "total",
	},
	{
		name: "search file missing path", via: viaResult, in: `{"card":"search","shape":"matches","files":[{"matches":[]}],"truncated":false,"total":0}`,
		reason: cards.ErrMissingField, card: "search result (matches)", field: "files[0].path",
	},
	{
		name: "search file missing matches", via: viaResult, in: `{"card":"search","shape":"matches","files":[{"path":"a.go"}],"truncated":false,"total":0}`,
		reason: cards.ErrMissingField, card: "search result (matches)", field: "files[0].matches",
	},
	{
		name: "search file unknown field", via: viaResult, in: `{"card":"search","shape":"matches","files":[{"path":"a.go","matches":[],"count":0}],"truncated":false,"total":0}`,
		reason: cards.ErrUnknownField, card: "search result (matches)", field: "files[0].count",
	},
	{
		name: "search match missing lineNumber", via: viaResult, in: `{"card":"search","shape":"matches","files":[{"path":"a.go","matches":[{"lineNumber":1,"line":"a"},{"line":"b"}]}],"truncated":false,"total":2}`,
		reason: cards.ErrMissingField, card: "search result (matches)", field: "files[0].matches[1].lineNumber",
	},
	{
		name: "search match lineNumber 0", via: viaResult, in: `{"card":"search","shape":"matches","files":[{"path":"a.go","matches":[{"lineNumber":0,"line":"a"}]}],"truncated":false,"total":1}`,
		reason: cards.ErrInvalidValue, card: "search result (matches)", field: "files[0].matches[0].lineNumber",
	},
	{
		name: "search match missing line", via: viaResult, in: `{"card":"search","shape":"matches","files":[{"path":"a.go","matches":[{"lineNumber":3}]}],"truncated":false,"total":1}`,
		reason: cards.ErrMissingField, card: "search result (matches)", field: "files[0].matches[0].line",
	},

	// Web result.
	{
		name: "web without kind", via: viaResult, in: `{"card":"web","url":"https://example.com","statusCode":200,"truncated":false}`,
		reason: cards.ErrMissingField, card: "web result", field: "kind",
	},
	{
		name: "web unknown kind", via: viaResult, in: `{"card":"web","kind":"crawl","truncated":false}`,
		reason: cards.ErrInvalidValue, card: "web result", field: "kind", mention: []string{`"crawl"`},
	},
	{
		name: "web kind not a string", via: viaResult, in: `{"card":"web","kind":["fetch"],"truncated":false}`,
		reason: cards.ErrWrongType, card: "web result", field: "kind",
	},
	{
		name: "web truncated missing", via: viaResult, in: `{"card":"web","kind":"fetch","url":"https://example.com","statusCode":200}`,
		reason: cards.ErrMissingField, card: "web result", field: "truncated",
	},
	{
		name: "web fetch missing url", via: viaResult, in: `{"card":"web","kind":"fetch","statusCode":200,"truncated":false}`,
		reason: cards.ErrMissingField, card: "web result (fetch)", field: "url",
	},
	{
		name: "web fetch empty url", via: viaResult, in: `{"card":"web","kind":"fetch","url":"","statusCode":200,"truncated":false}`,
		reason: cards.ErrInvalidValue, card: "web result (fetch)", field: "url",
	},
	{
		name: "web fetch missing statusCode", via: viaResult, in: `{"card":"web","kind":"fetch","url":"https://example.com","truncated":false}`,
		reason: cards.ErrMissingField, card: "web result (fetch)", field: "statusCode",
	},
	{
		name: "web fetch quoted statusCode", via: viaResult, in: `{"card":"web","kind":"fetch","url":"https://example.com","statusCode":"200","truncated":false}`,
		reason: cards.ErrWrongType, card: "web result (fetch)", field: "statusCode",
	},
	{
		name: "web fetch with sources", via: viaResult, in: `{"card":"web","kind":"fetch","url":"https://example.com","statusCode":200,"truncated":false,"sources":[]}`,
		reason: cards.ErrUnknownField, card: "web result (fetch)", field: "sources",
	},
	{
		name: "web search missing sources", via: viaResult, in: `{"card":"web","kind":"search","answer":"42","truncated":false}`,
		reason: cards.ErrMissingField, card: "web result (search)", field: "sources",
	},
	{
		name: "web search with url", via: viaResult, in: `{"card":"web","kind":"search","sources":[],"url":"https://example.com","truncated":false}`,
		reason: cards.ErrUnknownField, card: "web result (search)", field: "url",
	},
	{
		name: "web source missing url", via: viaResult, in: `{"card":"web","kind":"search","sources":[{"url":"https://a.example"},{"title":"B"}],"truncated":false}`,
		reason: cards.ErrMissingField, card: "web result (search)", field: "sources[1].url",
	},
	{
		name: "web source title not a string", via: viaResult, in: `{"card":"web","kind":"search","sources":[{"url":"https://a.example","title":1}],"truncated":false}`,
		reason: cards.ErrWrongType, card: "web result (search)", field: "sources[0].title",
	},
	{
		name: "web source unknown field", via: viaResult, in: `{"card":"web","kind":"search","sources":[{"url":"https://a.example","favicon":"x"}],"truncated":false}`,
		reason: cards.ErrUnknownField, card: "web result (search)", field: "sources[0].favicon",
	},
	{
		name: "web source not an object", via: viaResult, in: `{"card":"web","kind":"search","sources":["https://a.example"],"truncated":false}`,
		reason: cards.ErrNotObject, card: "web result (search)", field: "sources[0]",
	},

	// The part decoders on their own.
	{
		name: "block text without text", via: viaBlock, in: `{"type":"text"}`,
		reason: cards.ErrMissingField, card: "ContentBlock", field: "text",
	},
	{
		name: "block without type", via: viaBlock, in: `{"text":"hi"}`,
		reason: cards.ErrMissingField, card: "ContentBlock", field: "type",
	},
	{
		name: "block an array", via: viaBlock, in: `[{"type":"text","text":"hi"}]`,
		reason: cards.ErrNotObject, card: "ContentBlock",
	},
	{
		name: "block null", via: viaBlock, in: `null`,
		reason: cards.ErrNotObject, card: "ContentBlock",
	},
	{
		name: "block duplicate text", via: viaBlock, in: `{"type":"text","text":"a","text":"b"}`,
		reason: cards.ErrDuplicate, card: "ContentBlock", field: "text",
	},
	{
		name: "block image uri not a string", via: viaBlock, in: `{"type":"image","uri":{}}`,
		reason: cards.ErrWrongType, card: "ContentBlock", field: "uri",
	},
	{
		name: "opaque block with trailing data", via: viaBlock, in: `{"type":"reasoning"} zz`,
		reason: cards.ErrNotObject, card: "ContentBlock",
	},
	{
		name: "diff oldText absent", via: viaDiff, in: `{"path":"a.go","newText":""}`,
		reason: cards.ErrMissingField, card: "FileDiff", field: "oldText", mention: []string{"null"},
	},
	{
		name: "diff missing path", via: viaDiff, in: `{"oldText":null,"newText":""}`,
		reason: cards.ErrMissingField, card: "FileDiff", field: "path",
	},
	{
		name: "diff missing newText", via: viaDiff, in: `{"path":"a.go","oldText":null}`,
		reason: cards.ErrMissingField, card: "FileDiff", field: "newText",
	},
	{
		name: "diff newStart 0", via: viaDiff, in: `{"path":"a.go","oldText":null,"newText":"","newStart":0}`,
		reason: cards.ErrInvalidValue, card: "FileDiff", field: "newStart",
	},
	{
		name: "diff unknown field", via: viaDiff, in: `{"path":"a.go","oldText":null,"newText":"","card":"diff"}`,
		reason: cards.ErrUnknownField, card: "FileDiff", field: "card",
	},
	{
		name: "diff lines empty", via: viaDiff, in: `{"path":"a.go","oldText":"a\n","newText":"b\n","lines":[]}`,
		reason: cards.ErrInvalidValue, card: "FileDiff", field: "lines", mention: []string{"leave it out"},
	},
	{
		name: "diff lines not an array", via: viaDiff, in: `{"path":"a.go","oldText":"a\n","newText":"b\n","lines":"-a"}`,
		reason: cards.ErrWrongType, card: "FileDiff", field: "lines",
	},
	{
		name: "diff line not a string", via: viaDiff, in: `{"path":"a.go","oldText":"a\n","newText":"b\n","lines":["-a",2]}`,
		reason: cards.ErrWrongType, card: "FileDiff", field: "lines[1]",
	},
	{
		name: "diff line without prefix", via: viaDiff, in: `{"path":"a.go","oldText":"a\n","newText":"b\n","lines":["-a","b"]}`,
		reason: cards.ErrInvalidValue, card: "FileDiff", field: "lines", mention: []string{"lines[1]", `"b"`},
	},
	{
		name: "diff line empty", via: viaDiff, in: `{"path":"a.go","oldText":"a\n","newText":"b\n","lines":["-a","","+b"]}`,
		reason: cards.ErrInvalidValue, card: "FileDiff", field: "lines", mention: []string{"lines[1]", "empty line"},
	},
	{
		name: "diff no-newline marker first", via: viaDiff, in: `{"path":"a.go","oldText":"a","newText":"b","lines":["\\ No newline at end of file","-a","+b"]}`,
		reason: cards.ErrInvalidValue, card: "FileDiff", field: "lines", mention: []string{"lines[0]", "follows no line"},
	},
	{
		name: "diff line after the no-newline marker", via: viaDiff, in: `{"path":"a.go","oldText":"a\nb\n","newText":"b\n","lines":["-a","\\ No newline at end of file","-b","+b"]}`,
		reason: cards.ErrInvalidValue, card: "FileDiff", field: "lines", mention: []string{"lines[2]"},
	},
	{
		name: "diff lines other than oldText", via: viaDiff, in: `{"path":"a.go","oldText":"a\n","newText":"b\n","lines":["-x","+b"]}`,
		reason: cards.ErrInvalidValue, card: "FileDiff", field: "oldText", mention: []string{"removed lines"},
	},
	{
		name: "diff lines other than newText", via: viaDiff, in: `{"path":"a.go","oldText":"a\n","newText":"b\n","lines":["-a","+b"," c"]}`,
		reason: cards.ErrInvalidValue, card: "FileDiff", field: "oldText",
	},
	{
		name: "diff lines adding to a new file", via: viaDiff, in: `{"path":"a.go","oldText":null,"newText":"b\n","lines":[" a","+b"]}`,
		reason: cards.ErrInvalidValue, card: "FileDiff", field: "lines", mention: []string{"new file"},
	},
	{
		name: "diff lines newText differs", via: viaDiff, in: `{"path":"a.go","oldText":"a\n","newText":"c\n","lines":["-a","+b"]}`,
		reason: cards.ErrInvalidValue, card: "FileDiff", field: "newText", mention: []string{"added lines"},
	},
	{
		name: "diff lines in a diff result", via: viaResult, in: `{"card":"diff","diffs":[` + okDiff + `,{"path":"b.go","oldText":"a\n","newText":"b\n","lines":["+b"]}]}`,
		reason: cards.ErrInvalidValue, card: "diff result", field: "diffs[1].oldText",
	},
	{
		name: "diff empty input", via: viaDiff, in: ``,
		reason: cards.ErrNotObject, card: "FileDiff",
	},
	{
		name: "location line 0 alone", via: viaLocation, in: `{"path":"a.go","line":0}`,
		reason: cards.ErrInvalidValue, card: "FileLocation", field: "line",
	},
	{
		name: "location missing path alone", via: viaLocation, in: `{"line":2}`,
		reason: cards.ErrMissingField, card: "FileLocation", field: "path",
	},
	{
		name: "location a string", via: viaLocation, in: `"a.go:3"`,
		reason: cards.ErrNotObject, card: "FileLocation",
	},
}

// requireCardError checks that err is an *Error with the given reason,
// card and field, and that its message names the card and the field.
func requireCardError(t *testing.T, err error, reason error, card, field string, mention ...string) {
	t.Helper()
	require.Error(t, err)
	require.ErrorIs(t, err, reason)
	var e *cards.Error
	require.ErrorAs(t, err, &e)
	assert.True(t, e.Reason == reason, "reason %v, want %v", e.Reason, reason)
	assert.Equal(t, card, e.Card, "card")
	assert.Equal(t, field, e.Field, "field")
	msg := err.Error()
	assert.Contains(t, msg, card)
	if field != "" {
		assert.Contains(t, msg, fmt.Sprintf("field %q", field))
	}
	assert.Contains(t, msg, reason.Error())
	for _, m := range mention {
		assert.Contains(t, msg, m)
	}
	for _, other := range sentinels {
		if other != reason {
			assert.NotErrorIs(t, err, other)
		}
	}
}

func TestDecodeErrors(t *testing.T) {
	require.GreaterOrEqual(t, len(decodeErrorCases), 40)
	names := map[string]bool{}
	for _, tc := range decodeErrorCases {
		require.False(t, names[tc.name], "duplicate case name %q", tc.name)
		names[tc.name] = true
		t.Run(tc.name, func(t *testing.T) {
			v, err := tc.via.decode([]byte(tc.in))
			requireCardError(t, err, tc.reason, tc.card, tc.field, tc.mention...)
			switch tc.via {
			case viaCall, viaResult, viaBlock:
				assert.Nil(t, v, "a failed decode returns no view")
			}
		})
	}
}

func TestErrorFormat(t *testing.T) {
	e := &cards.Error{Card: "diff call", Field: "diffs[1].oldText", Reason: cards.ErrMissingField, Detail: "use null for a new file"}
	assert.Equal(t, `diff call: field "diffs[1].oldText": missing required field: use null for a new file`, e.Error())
	e = &cards.Error{Card: "call view", Reason: cards.ErrNotObject}
	assert.Equal(t, "call view: not a JSON object", e.Error())
	assert.True(t, errors.Is(e, cards.ErrNotObject))
	assert.False(t, errors.Is(e, cards.ErrMissingCard))
}

func TestDecodeUnknownBlockIsOpaque(t *testing.T) {
	const block = `{"type":"reasoning","text":"thinking…","signature":"c2ln"}`
	b, err := cards.DecodeContentBlock([]byte(block))
	require.NoError(t, err)
	opaque, ok := b.(cards.OpaqueBlock)
	require.True(t, ok, "got %T", b)
	assert.Equal(t, "reasoning", opaque.Type)
	assert.Equal(t, "reasoning", b.BlockType())
	assert.Equal(t, block, string(opaque.Raw))

	out, err := json.Marshal(b)
	require.NoError(t, err)
	assert.Equal(t, block, string(out), "re-encodes byte-identically")

	// Inside a view too, the block survives byte for byte.
	const view = `{"card":"generic","content":[{"type":"text","text":"hi"},` + block + `]}`
	v, err := cards.DecodeResult([]byte(view))
	require.NoError(t, err)
	require.Equal(t, cards.GenericResult{Content: []cards.ContentBlock{
		cards.TextBlock{Text: "hi"},
		cards.OpaqueBlock{Type: "reasoning", Raw: json.RawMessage(block)},
	}}, v)
	out, err = cards.EncodeResult(v)
	require.NoError(t, err)
	assert.Equal(t, view, string(out))
}

func TestDecodeOpaqueBlockIsCanonical(t *testing.T) {
	// Spacing and escaping of an unknown block are normalised as encoding
	// would write them, so decoding the encoding gives the same value.
	b, err := cards.DecodeContentBlock([]byte(" {\n \"type\" : \"tool_use\", \"input\": {\"q\": \"<a&b>\"} }\n"))
	require.NoError(t, err)
	want := cards.OpaqueBlock{Type: "tool_use", Raw: json.RawMessage(`{"type":"tool_use","input":{"q":"\u003ca\u0026b\u003e"}}`)}
	require.Equal(t, want, b)
	out, err := json.Marshal(b)
	require.NoError(t, err)
	again, err := cards.DecodeContentBlock(out)
	require.NoError(t, err)
	assert.Equal(t, b, again)
}

func TestDecodeImageBlock(t *testing.T) {
	b, err := cards.DecodeContentBlock([]byte(`{"type":"image","mimeType":"image/png","data":"iVBORw0KGgo="}`))
	require.NoError(t, err)
	assert.Equal(t, cards.ImageBlock{MimeType: "image/png", Data: "iVBORw0KGgo="}, b)
	assert.Equal(t, "image", b.BlockType())

	b, err = cards.DecodeContentBlock([]byte(`{"type":"image","uri":"file:///tmp/shot.png","annotations":{"audience":["user"]}}`))
	require.NoError(t, err, "blocks may carry annotations")
	assert.Equal(t, cards.ImageBlock{URI: "file:///tmp/shot.png"}, b)
	out, err := json.Marshal(b)
	require.NoError(t, err)
	assert.JSONEq(t, `{"type":"image","uri":"file:///tmp/shot.png"}`, string(out))
}

func TestDecodeTextBlockAllowsAnnotations(t *testing.T) {
	b, err := cards.DecodeContentBlock([]byte(`{"type":"text","text":"**hi**","annotations":{"priority":1}}`))
	require.NoError(t, err)
	assert.Equal(t, cards.TextBlock{Text: "**hi**"}, b)
	assert.Equal(t, "text", b.BlockType())
	b, err = cards.DecodeContentBlock([]byte(`{"type":"text","text":""}`))
	require.NoError(t, err, "empty text is still text")
	assert.Equal(t, cards.TextBlock{}, b)
}

func TestDecodeFileDiffStarts(t *testing.T) {
	d, err := cards.DecodeFileDiff([]byte(`{"path":"a.go","oldText":"a\nb\nc\n","newText":"a\nB\nc\n","oldStart":10,"newStart":12}`))
	require.NoError(t, err)
	assert.Equal(t, cards.FileDiff{Path: "a.go", OldText: ptr("a\nb\nc\n"), NewText: "a\nB\nc\n", OldStart: 10, NewStart: 12}, d)
	assert.False(t, d.IsNewFile())
	out, err := json.Marshal(d)
	require.NoError(t, err)
	assert.JSONEq(t, `{"path":"a.go","oldText":"a\nb\nc\n","newText":"a\nB\nc\n","oldStart":10,"newStart":12}`, string(out))
}

func TestDecodeFileDiffRecordedHunk(t *testing.T) {
	in := `{"path":"a.go","oldText":"a\nb\nc","newText":"a\nB\nc\n","oldStart":10,"newStart":12,
		"lines":[" a","-b","+B","-c","\\ No newline at end of file","+c"]}`
	d, err := cards.DecodeFileDiff([]byte(in))
	require.NoError(t, err)
	assert.Equal(t, []string{" a", "-b", "+B", "-c", `\ No newline at end of file`, "+c"}, d.Lines)
	out, err := json.Marshal(d)
	require.NoError(t, err)
	assert.JSONEq(t, in, string(out))
}

func TestHunkSides(t *testing.T) {
	old, new, err := cards.HunkSides([]string{" a", "-b", `\ No newline at end of file`, "+B", "+C"})
	require.NoError(t, err)
	assert.Equal(t, "a\nb", old)
	assert.Equal(t, "a\nB\nC\n", new)
	old, new, err = cards.HunkSides([]string{" x", `\`})
	require.NoError(t, err)
	assert.Equal(t, [2]string{"x", "x"}, [2]string{old, new})
	_, _, err = cards.HunkSides([]string{" x", `\`, "+y"})
	require.ErrorContains(t, err, "lines[2]")
}

func TestDecodeFileDiffNullOldTextIsNewFile(t *testing.T) {
	d, err := cards.DecodeFileDiff([]byte(`{"path":"new.go","oldText":null,"newText":"package x\n"}`))
	require.NoError(t, err)
	assert.Nil(t, d.OldText)
	assert.True(t, d.IsNewFile())
	assert.Equal(t, cards.FileDiff{Path: "new.go", NewText: "package x\n"}, d)

	// An empty before-image is not a new file.
	d, err = cards.DecodeFileDiff([]byte(`{"path":"empty.go","oldText":"","newText":"x"}`))
	require.NoError(t, err)
	require.NotNil(t, d.OldText)
	assert.Equal(t, "", *d.OldText)
	assert.False(t, d.IsNewFile())

	// Absent is an error (the table above checks the details).
	_, err = cards.DecodeFileDiff([]byte(`{"path":"new.go","newText":"package x\n"}`))
	assert.ErrorIs(t, err, cards.ErrMissingField)
}

func TestDecodeExitCodeZeroIsKept(t *testing.T) {
	v, err := cards.DecodeResult([]byte(`{"card":"terminal","output":"ok\n","exitCode":0}`))
	require.NoError(t, err)
	r, ok := v.(cards.TerminalResult)
	require.True(t, ok, "got %T", v)
	require.NotNil(t, r.ExitCode, "exitCode 0 is a status, not its absence")
	assert.Equal(t, 0, *r.ExitCode)
	assert.Empty(t, r.Signal)
	out, err := cards.EncodeResult(r)
	require.NoError(t, err)
	assert.JSONEq(t, `{"card":"terminal","output":"ok\n","exitCode":0}`, string(out))

	v, err = cards.DecodeResult([]byte(`{"card":"terminal","exitCode":-1}`))
	require.NoError(t, err)
	assert.Equal(t, cards.TerminalResult{ExitCode: ptr(-1)}, v)

	v, err = cards.DecodeResult([]byte(`{"card":"terminal","exitCode":null}`))
	require.NoError(t, err)
	assert.Equal(t, cards.TerminalResult{}, v, "null is absent")
}

func TestDecodeSignalAlone(t *testing.T) {
	v, err := cards.DecodeResult([]byte(`{"card":"terminal","output":"Killed","signal":"SIGKILL"}`))
	require.NoError(t, err)
	r, ok := v.(cards.TerminalResult)
	require.True(t, ok, "got %T", v)
	assert.Nil(t, r.ExitCode)
	assert.Equal(t, "SIGKILL", r.Signal)
	assert.Equal(t, cards.TerminalResult{Output: "Killed", Signal: "SIGKILL"}, v)
}

func TestDecodeAllowsSurroundingWhitespace(t *testing.T) {
	v, err := cards.DecodeCall([]byte(" \n{\"card\":\"terminal\",\"title\":\"ls\"}\n\t"))
	require.NoError(t, err)
	assert.Equal(t, cards.TerminalCall{Title: "ls"}, v)
}

func TestDecodeCanonicalisesRawInput(t *testing.T) {
	v, err := cards.DecodeCall([]byte(`{"card":"generic","title":"t","rawInput":{ "q" : "a<b", "n": [1, 2] }}`))
	require.NoError(t, err)
	want := cards.GenericCall{Title: "t", RawInput: json.RawMessage(`{"q":"a\u003cb","n":[1,2]}`)}
	require.Equal(t, want, v)
	out, err := cards.EncodeCall(v)
	require.NoError(t, err)
	again, err := cards.DecodeCall(out)
	require.NoError(t, err)
	assert.Equal(t, v, again)
}

func TestDecodeEmptyArraysAreNil(t *testing.T) {
	// An empty optional array means the same as an absent one, and a
	// required empty array decodes like the nil slice it encodes from.
	v, err := cards.DecodeCall([]byte(`{"card":"generic","title":"t","content":[],"locations":[]}`))
	require.NoError(t, err)
	assert.Equal(t, cards.GenericCall{Title: "t"}, v)
	v, err = cards.DecodeCall([]byte(`{"card":"diff","title":"t","diffs":[]}`))
	require.NoError(t, err)
	assert.Equal(t, cards.DiffCall{Title: "t"}, v)
}

func ptr[T any](v T) *T { return &v }

func TestDecodeTextBlockFormat(t *testing.T) {
	cases := map[string]cards.TextBlock{
		`{"type":"text","text":"a"}`:                           {Text: "a"},
		`{"type":"text","text":"a","markdown":true}`:           {Text: "a", Markdown: true},
		`{"type":"text","text":"a","markdown":false}`:          {Text: "a"},
		`{"type":"text","text":"a","lang":"go"}`:               {Text: "a", Lang: "go"},
		`{"type":"text","text":"a","markdown":null,"lang":""}`: {Text: "a"},
	}
	for in, want := range cases {
		b, err := cards.DecodeContentBlock([]byte(in))
		require.NoError(t, err, in)
		assert.Equal(t, want, b, in)
		data, err := json.Marshal(b)
		require.NoError(t, err)
		again, err := cards.DecodeContentBlock(data)
		require.NoError(t, err)
		assert.Equal(t, want, again, "%s round-trips as %s", in, data)
	}
	require.Error(t, cards.CheckResult(cards.GenericResult{Content: []cards.ContentBlock{cards.TextBlock{Text: "a", Markdown: true, Lang: "go"}}}),
		"CheckResult rejects what the decoder rejects")
}
