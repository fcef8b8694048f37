package harness_test

import (
	"bytes"
	"strings"
	"testing"

	exportmd "github.com/cardtui/cardtui/export/markdown"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"github.com/cardtui/cardtui/agents"
	"github.com/cardtui/cardtui/render"
	"github.com/cardtui/cardtui/replay"
)

// FuzzHarnessLog feeds arbitrary input, seeded with the demo session log
// and headless lines, to the loader: it must not panic, must account for
// every line, and every entry must render within width.
func FuzzHarnessLog(f *testing.F) {
	lines := harnessDemoLines(f)
	f.Add([]byte(strings.Join(lines, "\n") + "\n"))
	for _, l := range lines {
		f.Add([]byte(header + "\n" + l + "\n"))
	}
	for _, c := range harnessBadLines {
		f.Add([]byte(header + "\n" + c.line + "\n" + lines[5]))
	}
	f.Add([]byte(wrap(lines[1:12]...) + `{"type":"result","output":"done"}`))
	compressed, _ := compressFrames(f, []byte(strings.Join(lines[:12], "\n")+"\n"), 3)
	f.Add(compressed)
	f.Add(compressed[:len(compressed)-7])
	// The older shapes and the nested events: whole sessions, and each
	// line on its own, whose parent is then missing.
	for _, name := range []string{"harness-legacy.jsonl", "harness-nested.jsonl"} {
		data := session(f, name)
		f.Add(data)
		for l := range bytes.Lines(data) {
			f.Add(append([]byte(header+"\n"), l...))
		}
	}

	opts := render.Options{Width: 60, Profile: colorprofile.TrueColor, Theme: render.Dark, Terminal: true, Hyperlinks: true}
	f.Fuzz(func(t *testing.T, input []byte) {
		tr, err := replay.Load(bytes.NewReader(input), "fuzz", replay.Options{Formats: agents.Formats})
		if err != nil {
			t.Fatalf("Load failed on in-memory input: %v", err)
		}
		if !bytes.HasPrefix(input, []byte("\x28\xb5\x2f\xfd")) {
			checkAccounted(t, input, tr)
		}
		for i, e := range tr.Entries {
			for n, line := range strings.Split(render.Entry(e, opts), "\n") {
				if w := ansi.StringWidth(line); w > opts.Width {
					t.Fatalf("entry %d line %d is %d cells wide: %q", i, n, w, line)
				}
			}
			_ = exportmd.Entry(e, opts)
		}
	})
}

// checkAccounted checks that the transcript counted every line and that
// each non-blank line became an event, a problem, or was not read because
// the input ends in the middle of it.
func checkAccounted(t *testing.T, input []byte, tr *replay.Transcript) {
	t.Helper()
	lines := bytes.Split(input, []byte("\n"))
	if len(lines[len(lines)-1]) == 0 {
		lines = lines[:len(lines)-1]
	}
	if tr.Stats.Lines != len(lines) {
		t.Fatalf("Stats.Lines = %d, the input has %d lines", tr.Stats.Lines, len(lines))
	}
	nonBlank := 0
	for _, l := range lines {
		if len(bytes.TrimSpace(l)) > 0 {
			nonBlank++
		}
	}
	lineOutcomes := tr.Stats.Events
	for _, p := range problems(tr) {
		// A duplicate call id, a second result, a call after its result
		// or a reused uuid is a problem of a line that was read.
		if !strings.HasPrefix(p.Reason, "duplicate call id") && !strings.HasPrefix(p.Reason, "second result") &&
			!strings.HasPrefix(p.Reason, "call id ") && !strings.HasPrefix(p.Reason, "uuid ") {
			lineOutcomes++
		}
	}
	for _, n := range tr.InputNotices {
		if strings.HasPrefix(n, "line ") || strings.Contains(n, "cuts short") {
			lineOutcomes++
		}
	}
	if lineOutcomes != nonBlank {
		t.Fatalf("%d non-blank lines gave %d events, problems and torn lines", nonBlank, lineOutcomes)
	}
}
