package acp_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/cardtui/cardtui/agents/nodb"
	"github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
	"github.com/cardtui/cardtui/replay"
)

// FuzzACP feeds arbitrary input, seeded with a recording of `cardtui acp
// --record` and its lines in reverse, and the recordings of the real
// agents (their adapters' raw shapes), to the loader as a recording: it must
// not panic, must account for every line, and every entry must render
// within width.
func FuzzACP(f *testing.F) {
	data := golden.Session(f, "acp-example.jsonl")
	f.Add(data)
	lines := bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n"))
	for i := range lines {
		f.Add(bytes.Join(replaytest.Reversed(lines[:i+1]), []byte("\n")))
	}
	recorded, _ := filepath.Glob(filepath.Join("testdata", "*", "session.jsonl"))
	for _, path := range recorded {
		if b, err := os.ReadFile(path); err == nil {
			f.Add(b)
		}
	}
	replaytest.Fuzz(f, replay.Options{Formats: nodb.Formats, Format: "acp"})
}
