package main

import (
	"io"
	"os"

	"github.com/cardtui/cardtui/agents"
	exporthtml "github.com/cardtui/cardtui/export/html"
	"github.com/cardtui/cardtui/replay"
	"github.com/cardtui/cardtui/sessions"
)

// writeHTML writes the transcript as an HTML document; its header says
// what the session file says of itself (project, start) when it is a
// file of an agent.
func writeHTML(w io.Writer, tr *replay.Transcript) error {
	h := exporthtml.Header{Title: tr.Title, Agent: tr.Format, Source: tr.Source}
	if src, ok := sessions.Find(agents.Sessions, sessions.Agent(tr.Format)); ok { // an agent's files, in its format
		if info, err := os.Stat(tr.Source); err == nil && info.Mode().IsRegular() {
			s := sessions.Read(tr.Source, src)
			h.Project, h.Started = s.Project, s.Started
			h.Title = firstNonEmpty(h.Title, s.Title)
		}
	}
	return exporthtml.Write(w, tr.Entries, h)
}

func firstNonEmpty(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// runExport is `cardtui export FILE`: the session written as one file to
// share, an HTML page by default, to -o or stdout.
func runExport(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("export")
	format := choice(fs, "format", "html", "markdown")
	out := fs.String("o", "", "the file to write (default stdout)")
	input := inputFormatFlag(fs)
	operands, code, ok := parseArgs(fs, args, stdout, stderr)
	if !ok {
		return code
	}
	if len(operands) != 1 {
		return usageError(stderr, "export takes one FILE (or - for stdin), got %d", len(operands))
	}
	inputFormat, err := agents.ParseFormat(input.value)
	if err != nil {
		return usageError(stderr, "%v", err)
	}
	cfg := printConfig{
		html:     format.value == "html",
		markdown: format.value == "markdown",
		render:   renderOptions(&choiceValue{value: "markdown"}, "never", "dark", defaultWidth, stdout),
	}
	if *out == "" {
		return printSession(cfg, operands[0], inputFormat, stdin, stdout, stderr)
	}
	return exportToFile(*out, cfg, operands[0], inputFormat, stdin, stderr)
}

// exportToFile writes the export to path; an empty file is removed when
// the session could not be read.
func exportToFile(path string, cfg printConfig, operand string, input string, stdin io.Reader, stderr io.Writer) int {
	f, err := os.Create(path)
	if err != nil {
		printLine(stderr, "cardtui: %v", err)
		return exitProblems
	}
	code := printSession(cfg, operand, input, stdin, f, stderr)
	if err := f.Close(); err != nil {
		printLine(stderr, "cardtui: %v", err)
		return exitProblems
	}
	if info, err := os.Stat(path); code != exitOK && err == nil && info.Size() == 0 {
		os.Remove(path)
	}
	return code
}
