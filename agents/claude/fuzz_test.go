package claude_test

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

// FuzzClaudeCode feeds arbitrary input, seeded with the Claude Code
// sessions written for the tests and the lines of the real transcripts,
// to the loader forced to read Claude Code: it must not panic, must
// account for every line, and every entry must render within width.
func FuzzClaudeCode(f *testing.F) {
	for _, name := range []string{"claude-tools.jsonl", "claude-subagent.jsonl", "claude-failures.jsonl", "claude-fidelity.jsonl", "claude-recorded-hunks.jsonl"} {
		data := golden.Session(f, name)
		f.Add(data)
		lines := bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n"))
		for i := range lines {
			f.Add(bytes.Join(replaytest.Reversed(lines[:i+1]), []byte("\n")))
		}
	}
	for _, line := range fixtureLines(f, "claude", 400) {
		f.Add(line)
	}
	recorded, _ := filepath.Glob(filepath.Join("testdata", "cc-*", "*.jsonl"))
	subagents, _ := filepath.Glob(filepath.Join("testdata", "cc-*", "*", "subagents", "*.jsonl"))
	for _, file := range append(recorded, subagents...) {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
		for line := range bytes.Lines(data) {
			f.Add(line)
		}
	}
	f.Add([]byte(claudeLine("a", "b", "1") + "\n" + claudeLine("b", "a", "2") + "\n" + claudeLine("a", "", "3") + "\n{\"type\":\"user\""))
	replaytest.Fuzz(f, replay.Options{Formats: nodb.Formats, Format: "claude"})
}

// fixtureLines returns up to max lines of the real sessions in
// ../shared/fixtures/<dir>, none when the folder is absent.
func fixtureLines(f *testing.F, dir string, max int) [][]byte {
	files, _ := filepath.Glob(filepath.Join(golden.Root(f), "..", "shared", "fixtures", dir, "*.jsonl"))
	var lines [][]byte
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		for line := range bytes.Lines(data) {
			if len(lines) < max {
				lines = append(lines, line)
			}
		}
	}
	return lines
}
