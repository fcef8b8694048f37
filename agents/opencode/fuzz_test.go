package opencode_test

import (
	"bytes"
	"io"
	"os"
	"testing"

	"github.com/cardtui/cardtui/agents"
	"github.com/cardtui/cardtui/agents/opencode"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
	"github.com/cardtui/cardtui/replay"
)

// FuzzOpencode feeds arbitrary lines, seeded with the recorded events and
// the lines of the recorded export, to the loader as opencode's format.
func FuzzOpencode(f *testing.F) {
	for _, seed := range [][]byte{readSeed(f, events), exportSeed(f)} {
		f.Add(seed)
		for _, l := range bytes.Split(seed, []byte("\n")) {
			f.Add(l)
		}
	}
	replaytest.Fuzz(f, replay.Options{Formats: agents.Formats, Format: "opencode"})
}

// FuzzExport feeds arbitrary documents, seeded with the recorded export,
// to the export reader: it must not panic, and what it gives must load.
func FuzzExport(f *testing.F) {
	f.Add(readSeed(f, exported))
	f.Add([]byte("{\n \"info\": {}, \"messages\": [{\"parts\": [null]}]}"))
	f.Fuzz(func(t *testing.T, data []byte) {
		rc, err := opencode.Document.Open("", bytes.NewReader(data), "")
		if err != nil {
			return
		}
		lines, _ := io.ReadAll(rc)
		tr, _ := replay.Load(bytes.NewReader(lines), "fuzz", replay.Options{Formats: agents.Formats, Format: "opencode"})
		replaytest.CheckAccounted(t, lines, tr)
	})
}

func readSeed(f *testing.F, path string) []byte {
	data, err := os.ReadFile(path)
	if err != nil {
		f.Fatal(err)
	}
	return data
}

// exportSeed is the recorded export as the lines of the format.
func exportSeed(f *testing.F) []byte {
	rc, err := opencode.Document.Open("", bytes.NewReader(readSeed(f, exported)), "")
	if err != nil {
		f.Fatal(err)
	}
	data, _ := io.ReadAll(rc)
	return data
}
