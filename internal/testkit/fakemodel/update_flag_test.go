package fakemodel

// The golden files' -update flag, known here too so that
// `go test ./... -update` runs every package.
import _ "github.com/cardtui/cardtui/internal/testkit/golden"
