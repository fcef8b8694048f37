package producers

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/toolkit"
)

// The fallback card of a call no producer presents shows its code-like
// string arguments — a program, a script, a plan, a prompt, any text of
// several lines — as fenced blocks in their language, read as the text
// they are (never as an escaped JSON string), and keeps the other
// arguments as its raw input.

// codeLanguages are the languages of the arguments that hold code or
// Text by their name; "" marks text shown as it is.
var codeLanguages = map[string]string{
	"code": "", "program": "", "script": "", "source": "", "snippet": "",
	"command": "sh", "cmd": "sh", "shell": "sh", "bash": "sh",
	"python": "python", "js": "javascript", "javascript": "javascript", "typescript": "typescript",
	"sql": "sql", "query_sql": "sql",
	"patch": "diff", "diff": "diff",
	"plan": "markdown", "markdown": "markdown",
	"prompt": "text", "message": "text", "instructions": "text", "content": "text", "text": "text",
}

// codeLikeArguments splits the arguments of a call: the code-like string
// fields, each as a fenced block, and the others as raw input (nil when
// there are none). Arguments that are not a JSON object are all raw
// input.
func codeLikeArguments(args []byte) ([]cards.ContentBlock, json.RawMessage) {
	fields, ok := orderedFields(args)
	if !ok {
		return nil, RawInput(args)
	}
	var blocks []cards.ContentBlock
	var rest bytes.Buffer
	for _, f := range fields {
		var s string
		lang, named := codeLanguages[strings.ToLower(f.key)]
		if json.Unmarshal(f.value, &s) == nil && s != "" && (named || strings.Contains(s, "\n")) {
			blocks = append(blocks, toolkit.Text(toolkit.ValidUTF8(f.key)+":")...)
			blocks = append(blocks, toolkit.Code(lang, toolkit.ValidUTF8(s))...)
			continue
		}
		if rest.Len() > 0 {
			rest.WriteByte(',')
		}
		rest.Write(toolkit.JSONString(f.key))
		rest.WriteByte(':')
		rest.Write(f.value)
	}
	if len(blocks) == 0 {
		return nil, RawInput(args)
	}
	if rest.Len() == 0 {
		return blocks, nil
	}
	return blocks, RawInput([]byte("{" + rest.String() + "}"))
}

// argField is one field of a JSON object, its value as it is.
type argField struct {
	key   string
	value json.RawMessage
}

// orderedFields splits a JSON object into its fields, in order; ok is
// false for anything else.
func orderedFields(args []byte) ([]argField, bool) {
	if checkArgs(args) != nil {
		return nil, false
	}
	dec := json.NewDecoder(bytes.NewReader(args))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, false
	}
	var fields []argField
	for dec.More() {
		key, err := dec.Token()
		var value json.RawMessage
		if err != nil || dec.Decode(&value) != nil {
			return nil, false
		}
		fields = append(fields, argField{key: key.(string), value: value})
	}
	return fields, true
}
