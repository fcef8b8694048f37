package harness_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/internal/testkit/harnesslog"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
	"github.com/cardtui/cardtui/internal/testkit/zstdframes"
)

// FuzzHarnessLog feeds arbitrary input, seeded with the demo session log
// and headless lines, to the loader: it must not panic, must account for
// every line, and every entry must render within width.
func FuzzHarnessLog(f *testing.F) {
	lines := harnesslog.DemoLines()
	f.Add([]byte(strings.Join(lines, "\n") + "\n"))
	for _, l := range lines {
		f.Add([]byte(header + "\n" + l + "\n"))
	}
	for _, c := range harnessBadLines {
		f.Add([]byte(header + "\n" + c.line + "\n" + lines[5]))
	}
	f.Add([]byte(wrap(lines[1:12]...) + `{"type":"result","output":"done"}`))
	compressed, _ := zstdframes.Compress(f, []byte(strings.Join(lines[:12], "\n")+"\n"), 3)
	f.Add(compressed)
	f.Add(compressed[:len(compressed)-7])
	// The older shapes and the nested events: whole sessions, and each
	// line on its own, whose parent is then missing.
	for _, name := range []string{"harness-legacy.jsonl", "harness-nested.jsonl"} {
		data := golden.Session(f, name)
		f.Add(data)
		for l := range bytes.Lines(data) {
			f.Add(append([]byte(header+"\n"), l...))
		}
	}

	replaytest.Fuzz(f, agentsOptions)
}
