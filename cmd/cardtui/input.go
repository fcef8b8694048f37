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
// demo, "-" is stdin, anything else a file (read as it streams, and
// decompressed when it is a .jsonl.zstd). The error is an I/O failure;
// the transcript then holds what was read before it, or is nil when the
// input could not be opened.
func loadInput(operand string, stdin io.Reader, format string) (*replay.Transcript, error) {
	opts := replay.Options{Formats: agents.Formats, Format: format}
	switch operand {
	case "":
		return replay.Load(bytes.NewReader(demo.Session), demoName, opts)
	case "-":
		return replay.Load(stdin, "-", opts)
	}
	f, err := os.Open(operand)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	opts.Path = operand
	return replay.Load(f, operand, opts)
}

// inputFormatFlag defines the --input-format flag; its default, auto,
// detects the format.
func inputFormatFlag(fs *flag.FlagSet) *choiceValue {
	return choice(fs, "input-format", agents.FormatNames()...)
}
