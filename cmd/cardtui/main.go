// Command cardtui renders the tool calls of an AI coding agent's session
// as cards in the terminal.
//
//	cardtui [flags]                  the viewer on stdin when it is a pipe, else the session picker
//	cardtui [replay] [flags] FILE|-  the viewer on a session, or print it
//	cardtui validate FILE...         list the bad lines of sessions
//	cardtui sessions [flags]         list the sessions of the agents on this machine
//	cardtui search [flags] PATTERN   find the lines of the sessions that hold PATTERN
//	cardtui export [flags] FILE|-    the session as an HTML page to share
//	cardtui --version                the version it was built from
//	cardtui acp [flags] -- AGENT...  a live session with an ACP agent
//
// Run `cardtui help` for the flags.
package main

import (
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"

	"github.com/cardtui/cardtui/termsafe"
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
	case cmd == "export":
		return runExport(args[1:], stdin, stdout, stderr)
	case cmd == "sessions":
		return runSessions(args[1:], stdout, stderr)
	case cmd == "search":
		return runSearch(args[1:], stdout, stderr)
	case cmd == "validate":
		return runValidate(args[1:], stdin, stdout, stderr)
	case cmd == "acp":
		return runACP(args[1:], stdin, stdout, stderr)
	case cmd == "help" || cmd == "-h" || cmd == "-help" || cmd == "--help":
		fmt.Fprint(stdout, usage)
		return exitOK
	case cmd == "version" || cmd == "--version" || cmd == "-version":
		fmt.Fprintln(stdout, version())
		return exitOK
	case strings.HasPrefix(cmd, "-") || isFile(cmd):
		return runReplay(args, stdin, stdout, stderr) // a FILE needs no subcommand
	default:
		return usageError(stderr, "%q is neither a command (replay, validate, sessions, search, export, acp, help) nor a file", cmd)
	}
}

// isFile reports whether name is something to open: a file, a directory
// (which replay reports), or a compressed session.
func isFile(name string) bool {
	_, err := os.Stat(name)
	return err == nil
}

// version is the module version and the commit cardtui was built from,
// as the Go toolchain recorded them.
func version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "cardtui (no build information)"
	}
	v := "cardtui " + info.Main.Version
	settings := map[string]string{}
	for _, s := range info.Settings {
		settings[s.Key] = s.Value
	}
	if rev := settings["vcs.revision"]; rev != "" {
		v += " commit " + rev[:min(len(rev), 12)]
		if t := settings["vcs.time"]; t != "" {
			v += " of " + t
		}
		if settings["vcs.modified"] == "true" {
			v += " with local changes"
		}
	}
	return v + " built with " + info.GoVersion
}

// printLine writes one line of the command's own report. Its parts can
// come from the input (file names, reasons, event types), so it is made
// safe for a terminal as the cards are: escape sequences and controls
// are removed, bidi and invisible characters shown as <U+XXXX>, and line
// breaks become spaces.
func printLine(w io.Writer, format string, args ...any) {
	line := termsafe.SanitizeText(fmt.Sprintf(format, args...))
	fmt.Fprintln(w, strings.ReplaceAll(strings.TrimRight(line, "\n"), "\n", " "))
}
