package codex_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cardtui/cardtui/agents/nodb"
	"github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
	"github.com/cardtui/cardtui/replay"
)

// FuzzCodex feeds arbitrary input, seeded with the Codex rollouts, to the
// loader as a rollout: it must not panic, must account for every line, and
// every entry must render within width.
func FuzzCodex(f *testing.F) {
	for _, name := range codexSessions {
		data := golden.Session(f, name+".jsonl")
		f.Add(data)
		for _, line := range bytes.Split(data, []byte("\n")) {
			f.Add(append([]byte(codexMeta+"\n"), line...))
		}
	}
	for _, name := range codex169Rollouts {
		data, err := os.ReadFile(filepath.Join("testdata", name, "rollout.jsonl"))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(strings.Join([]string{codexEnd, codexBegin, codexOutput, codexCall, codexCall, codexOutput}, "\n")))
	replaytest.Fuzz(f, replay.Options{Formats: nodb.Formats, Format: "codex"})
}

// FuzzCodexExec feeds arbitrary input, seeded with what `codex exec
// --json` printed, to the loader as that stream.
func FuzzCodexExec(f *testing.F) {
	for _, name := range codex169Rollouts {
		data := readExec(f, name)
		f.Add(data)
		for _, line := range bytes.Split(data, []byte("\n")) {
			f.Add(line)
		}
	}
	replaytest.Fuzz(f, replay.Options{Formats: nodb.Formats, Format: "codex-exec"})
}
