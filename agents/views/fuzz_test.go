package views_test

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

// FuzzViewStream feeds arbitrary input to the loader: it must not panic,
// must account for every line, and every entry must render within width.
func FuzzViewStream(f *testing.F) {
	for _, l := range viewDemoLines(f) {
		f.Add([]byte(l + "\n"))
	}
	f.Add(session(f, "demo-views.jsonl"))
	for _, c := range badLineCases {
		f.Add([]byte(userLine + "\n" + c.line + "\n" + callLine))
	}
	f.Add([]byte(callLine + "\n" + callLine + "\n" + resultLine + "\r\n" + resultLine + "\n" + resultLine + "\n\n" + resultLine[:9]))

	opts := render.Options{Width: 60, Profile: colorprofile.TrueColor, Theme: render.Dark, Terminal: true, Hyperlinks: true}
	f.Fuzz(func(t *testing.T, input []byte) {
		tr, err := replay.Load(bytes.NewReader(input), "fuzz", replay.Options{Formats: agents.Formats})
		if err != nil {
			t.Fatalf("Load failed on in-memory input: %v", err)
		}
		checkAccounted(t, input, tr)
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
