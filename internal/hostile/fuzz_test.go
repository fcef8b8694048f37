package hostile_test

import (
	"bytes"
	"strings"
	"testing"

	exportmd "github.com/cardtui/cardtui/export/markdown"

	"github.com/charmbracelet/x/ansi"

	"github.com/cardtui/cardtui/agents"
	"github.com/cardtui/cardtui/render"
	"github.com/cardtui/cardtui/replay"
)

// fuzzSeedLimit leaves the big cases out of the seed corpora: a fuzz
// target runs best on small inputs.
const fuzzSeedLimit = 16 << 10

// fuzzWidth is the width the fuzz targets draw at: narrow, where cutting
// and wrapping are hardest.
const fuzzWidth = 40

// fuzzFormat is the fuzz target of one input format: the corpus cases of
// the format are its seeds; whatever the input, loading it must not fail
// (but for one that is no session at all, empty or binary) or panic, every entry, drawn as styled text, as text without colour and
// as Markdown, must keep the properties of checkOutput, with no widget or
// producer having panicked, and the Markdown of each entry must be
// self-contained.
func fuzzFormat(f *testing.F, format string) {
	for _, c := range loadCorpus(f) {
		if c.format != format || c.big {
			continue
		}
		if input := c.load(f); len(input) <= fuzzSeedLimit {
			f.Add(input)
		}
	}
	f.Fuzz(func(t *testing.T, input []byte) { checkLoaded(t, format, input) })
}

// checkLoaded loads input in format and checks the fuzz oracle on it.
func checkLoaded(t *testing.T, format string, input []byte) {
	tr, err := replay.Load(bytes.NewReader(input), "fuzz", replay.Options{Formats: agents.Formats, Format: format})
	if replay.IsNotSession(err) {
		return // an empty or binary input is one error, and nothing to draw
	}
	if err != nil {
		t.Fatalf("Load failed on input in memory: %v", err)
	}
	styled, plain := styledOptions(fuzzWidth), plainOptions(fuzzWidth)
	markdown := make([]string, len(tr.Entries))
	for i, e := range tr.Entries {
		markdown[i] = exportmd.Entry(e, styled)
		drawings := []drawing{
			{what: "ansi", text: render.Entry(e, styled), allowed: sgrAndLinks, width: fuzzWidth},
			{what: "plain", text: render.Entry(e, plain), allowed: noEscapes, width: fuzzWidth},
			{what: "markdown", text: markdown[i], allowed: noEscapes},
		}
		for _, d := range drawings {
			if err := checkOutput(d.text, d.allowed, d.width); err != nil {
				t.Fatalf("entry %d, %s: %v", i, d.what, err)
			}
			if text := ansi.Strip(d.text); strings.Contains(text, "could not draw") || strings.Contains(text, "panicked") {
				t.Fatalf("entry %d, %s: a widget or producer panicked: %s", i, d.what, text)
			}
		}
	}
	if err := selfContained(markdown); err != nil {
		t.Fatal(err)
	}
}

func FuzzViewStreamHostile(f *testing.F) { fuzzFormat(f, "views") }

func FuzzHarnessLogHostile(f *testing.F) { fuzzFormat(f, "harness") }

func FuzzHeadlessHostile(f *testing.F) { fuzzFormat(f, "headless") }

func FuzzClaudeCodeHostile(f *testing.F) { fuzzFormat(f, "claude") }

func FuzzCodexHostile(f *testing.F) { fuzzFormat(f, "codex") }
