// Package cardtui holds what the cardtui command and the library share at
// the root of the module: the built-in demo session.
package cardtui

import _ "embed"

// Demo is a short coding session as the harness logs it (a session log
// with a header line, see DESIGN.md 3.1) that calls every tool of the
// native family; `cardtui` prints it when it is given no input.
//
//go:embed testdata/sessions/demo.jsonl
var Demo []byte
