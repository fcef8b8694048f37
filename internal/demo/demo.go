// Package demo holds the built-in demo session: a short coding session as
// the harness logs it (a session log with a header line) that calls every
// tool of the harness's native family. `cardtui` shows it when it is given
// no input and finds no session; tests of several packages read it too.
package demo

import _ "embed"

// Session is the demo session log, one JSON event per line.
//
//go:embed demo.jsonl
var Session []byte
