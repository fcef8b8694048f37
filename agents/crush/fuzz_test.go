package crush_test

import (
	"bytes"
	"io"
	"testing"

	"github.com/cardtui/cardtui/agents"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
	"github.com/cardtui/cardtui/replay"
)

// FuzzCrush feeds arbitrary lines, seeded with the lines of the fixture
// database, to the loader as Crush's format.
func FuzzCrush(f *testing.F) {
	rc, _, _, err := agents.OpenDocument(database)
	if err != nil {
		f.Fatal(err)
	}
	data, _ := io.ReadAll(rc)
	f.Add(data)
	for _, l := range bytes.Split(data, []byte("\n")) {
		f.Add(l)
	}
	replaytest.Fuzz(f, replay.Options{Formats: agents.Formats, Format: "crush"})
}
