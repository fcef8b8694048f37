package main

import (
	"bytes"
	"flag"
	"io"
	"os"

	"github.com/cardtui/cardtui/agents"
	"github.com/cardtui/cardtui/internal/demo"
	"github.com/cardtui/cardtui/replay"
)

// demoName is the source name of the built-in demo session.
const demoName = "demo"

// loadInput reads the session named by the operand: "" is the built-in
// demo, "-" is stdin (a log, or a document of agents.Documents piped in), anything else a file (read as it streams, and
// decompressed when it is a .jsonl.zstd) or a document of agents.Documents
// (a database, FILE#SESSION for one of its sessions). The error is an I/O failure;
// the transcript then holds what was read before it, or is nil when the
// input could not be opened.
func loadInput(operand string, stdin io.Reader, format string) (*replay.Transcript, error) {
	opts := replay.Options{Formats: agents.Formats, Format: format}
	switch operand {
	case "":
		return replay.Load(bytes.NewReader(demo.Session), demoName, opts)
	case "-":
		lines, doc, format, err := agents.PipeDocument(stdin)
		if err != nil {
			return nil, err
		}
		if doc != nil {
			defer doc.Close()
			return replay.Load(doc, "-", documentOptions(opts, format))
		}
		return replay.Load(lines, "-", opts)
	}
	if doc, format, ok, err := agents.OpenDocument(operand); ok {
		if err != nil {
			return nil, err
		}
		defer doc.Close()
		return replay.Load(doc, operand, documentOptions(opts, format))
	}
	f, err := os.Open(operand)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if info, err := f.Stat(); err == nil && info.IsDir() {
		return nil, &replay.NotSessionError{Name: operand, Reason: "a directory"}
	}
	opts.Path = operand
	return replay.Load(f, operand, opts)
}

// documentOptions read the lines of a document (agents.Documents) in its
// agent's format, unless --input-format names one.
func documentOptions(opts replay.Options, format string) replay.Options {
	if opts.Format == "" || opts.Format == replay.Auto {
		opts.Format = format
	}
	return opts
}

// inputFormatFlag defines the --input-format flag; its default, auto,
// detects the format.
func inputFormatFlag(fs *flag.FlagSet) *choiceValue {
	return choice(fs, "input-format", agents.FormatNames()...)
}
