package gemini_test

import (
	"bytes"
	"os"
	"testing"

	"github.com/cardtui/cardtui/agents/nodb"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
)

// FuzzGemini feeds arbitrary input, seeded with the recorded chat and
// each of its lines after the metadata, to the loader as a Gemini CLI
// chat: it must not panic, must account for every line, and every entry
// must render within width.
func FuzzGemini(f *testing.F) {
	data, err := os.ReadFile(chat)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	lines := bytes.Split(data, []byte("\n"))
	for _, l := range lines[1:] {
		f.Add(append(append(append([]byte{}, lines[0]...), '\n'), l...))
	}
	replaytest.Fuzz(f, nodb.Options("gemini"))
}
