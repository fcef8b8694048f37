// Command cardtui renders the tool calls of an AI coding agent's session
// as cards in the terminal.
//
//	cardtui [flags]                  print the built-in demo session
//	cardtui replay [flags] [FILE|-]  print a session
//	cardtui validate FILE...         list the bad lines of sessions
//
// Run `cardtui help` for the flags.
package main

import (
	"fmt"
	"io"
	"os"
	"strings"
)

// Exit statuses.
const (
	exitOK       = 0
	exitProblems = 1 // the input had bad lines or could not be read
	exitUsage    = 2
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is the whole command: it parses args, does the work and returns the
// exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		return runReplay(nil, stdin, stdout, stderr)
	}
	switch cmd := args[0]; {
	case cmd == "replay":
		return runReplay(args[1:], stdin, stdout, stderr)
	case cmd == "validate":
		return runValidate(args[1:], stdin, stdout, stderr)
	case cmd == "help" || cmd == "-h" || cmd == "-help" || cmd == "--help":
		fmt.Fprint(stdout, usage)
		return exitOK
	case strings.HasPrefix(cmd, "-"):
		return runReplay(args, stdin, stdout, stderr)
	default:
		fmt.Fprintf(stderr, "cardtui: unknown command %q (to print a session: cardtui replay %s)\n\n%s", cmd, cmd, usage)
		return exitUsage
	}
}

// usage is the help text; it lists every flag of every command.
const usage = `Usage:
  cardtui [flags]                    print the built-in demo session
  cardtui replay [flags] [FILE|-]    print a session: FILE, stdin for -, the demo without FILE
  cardtui validate [--input-format F] FILE|-...
                                     list every bad line as FILE:LINE: reason, then counts

Flags of replay (they may come before or after FILE):
  --print                            print the session to stdout (the only mode for now)
  --format ansi|plain|markdown       output: styled text, text without escapes, or a Markdown
                                     document (default ansi)
  --width N                          width in cells (default: the terminal's width, else 100)
  --color auto|always|never          colours of --format ansi: auto follows the terminal and
                                     NO_COLOR; always is true colour; never is none (default auto)
  --theme dark|light                 palette for a dark or a light background (default dark)
  --input-format auto|views|harness|headless
                                     the session's format: views (call/result/message lines),
                                     harness (the harness's session log), headless (its
                                     session_event stream); auto detects it from the content
                                     (default auto). A .jsonl.zstd input is decompressed.

Exit status: 0 when every line was understood, 1 when a line was bad or an input
could not be read (everything else is still shown), 2 for a usage error.
`
