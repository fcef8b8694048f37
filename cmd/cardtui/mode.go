package main

import (
	"errors"
	"io"
	"os"

	"github.com/charmbracelet/x/term"
)

// stdinKind is what stdin is connected to.
type stdinKind int

const (
	// stdinNone is nothing to read a session from: /dev/null, or a reader
	// that is not a file.
	stdinNone stdinKind = iota
	// stdinTerminal is a terminal: the user's keys, not a session.
	stdinTerminal
	// stdinData is a pipe, a socket or a file: a session to read.
	stdinData
)

// stdio is what the command's standard streams are connected to.
type stdio struct {
	stdin          stdinKind
	stdoutTerminal bool
}

// stdioOf looks at the standard streams.
func stdioOf(stdin io.Reader, stdout io.Writer) stdio {
	return stdio{stdin: stdinKindOf(stdin), stdoutTerminal: isTerminal(stdout)}
}

// isTerminal reports whether v is a file open on a terminal.
func isTerminal(v any) bool {
	f, ok := v.(term.File)
	return ok && term.IsTerminal(f.Fd())
}

func stdinKindOf(stdin io.Reader) stdinKind {
	if isTerminal(stdin) {
		return stdinTerminal
	}
	f, ok := stdin.(*os.File)
	if !ok {
		return stdinNone
	}
	info, err := f.Stat()
	if err != nil {
		return stdinNone
	}
	if mode := info.Mode(); mode.IsRegular() || mode&(os.ModeNamedPipe|os.ModeSocket) != 0 {
		return stdinData
	}
	return stdinNone
}

// plan is what replay does: open the viewer or print, and on which
// session (FILE, "-" for stdin, "" for the demo).
type plan struct {
	view    bool
	operand string
}

// The usage errors of choosePlan.
var (
	errFollowPrint     = errors.New("--follow needs the viewer: it cannot be combined with --print, --format plain|markdown or --width")
	errFollowNotTTY    = errors.New("--follow needs the viewer, and stdout is not a terminal")
	errFollowDemo      = errors.New("--follow needs a FILE (or - for stdin) to follow")
	errStdinIsTerminal = errors.New("stdin is a terminal, not a session: pipe one into cardtui or name a FILE")
)

// choosePlan decides between the viewer and printing, and which session
// to show:
//
//   - without FILE, the session is stdin when it is a pipe or a file, else
//     the built-in demo;
//   - the viewer opens when stdout is a terminal, unless --print (or a
//     flag that only printing has) was given;
//   - --follow is for the viewer only, and needs a FILE or stdin;
//   - the viewer cannot read the session from stdin when stdin is the
//     terminal it reads the keys from.
func choosePlan(cfg replayConfig, std stdio) (plan, error) {
	p := plan{view: std.stdoutTerminal && !cfg.print, operand: cfg.operand}
	if p.operand == "" && std.stdin == stdinData {
		p.operand = "-"
	}
	switch {
	case cfg.follow && cfg.print:
		return p, errFollowPrint
	case cfg.follow && !p.view:
		return p, errFollowNotTTY
	case cfg.follow && p.operand == "":
		return p, errFollowDemo
	case p.view && p.operand == "-" && std.stdin == stdinTerminal:
		return p, errStdinIsTerminal
	}
	return p, nil
}
