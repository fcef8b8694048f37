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

// shortUsage follows a usage error: the commands, and where the rest is.
const shortUsage = `
Usage: cardtui [replay] [flags] [FILE|-]   view a session (print it with --print)
       cardtui validate FILE|-...          list its bad lines
Run cardtui --help for the flags.
`

// usage is the help text; it lists every flag of every command.
const usage = `Usage:
  cardtui [flags]                    the viewer on stdin when it is a pipe or a file, else the
                                     picker of the sessions found on this machine (the built-in
                                     demo session when there is none)
  cardtui [replay] [flags] [FILE|-]  the viewer on a session: FILE, stdin for -; without FILE,
                                     stdin when it is a pipe or a file, else the picker (a FILE
                                     needs no "replay" before it)
  cardtui validate [--input-format F] FILE|-...
                                     list every bad line as FILE:LINE: reason, then counts
  cardtui sessions [--all] [--json] [--agent claude|codex|harness|gemini|opencode|crush]
                   [--touched PATH]  list the sessions of the current project (--all: of every
                                     project) that Claude Code, Codex, the harness, Gemini CLI,
                                     opencode and Crush wrote, newest first; --json prints one
                                     object per session;
                                     --touched lists those whose tool calls read or changed PATH,
                                     with the calls
  cardtui search [--all] [--agent A] [--regexp] [--color auto|always|never] PATTERN
                                     every line of the sessions' prompts, replies, commands,
                                     paths, diffs and outputs that holds PATTERN (a plain
                                     string; --regexp: a Go regular expression), newest session
                                     first, as session · time · card title · line
  cardtui export [--format html|markdown] [-o OUT] [--context] [--full] FILE|-
                                     the session as one file to share: a self-contained HTML
                                     page (default) or Markdown, to OUT or stdout (-o -); no
                                     local path of the input, paths relative to the project, the
                                     home as ~, context blocks only with --context, Markdown
                                     within 65,536 characters unless --full
  cardtui --version                  the version and commit cardtui was built from
  cardtui acp [flags] -- AGENT [ARGS...]
                                     a live session with an ACP agent (cardtui acp -h for its
                                     flags and keys)

The viewer opens when stdout is a terminal; otherwise, or with --print, the session is
printed to stdout (the demo when none is named). In the viewer, ? lists the keys and q
quits. In the picker, / filters the sessions by title, prompt and project (literal
matches first, then fuzzy ones), a switches between this project's and all, enter opens
one, r resumes it in its own agent (after asking), esc returns to the list, q quits.

Flags of replay (they may come before or after FILE):
  --print                            print the session to stdout instead of opening the viewer
  --last                             the newest session of the current project (cardtui
                                     sessions lists them)
  --demo                             the built-in demo session instead of the picker
  --follow                           viewer only: keep reading FILE as it grows, like tail -F: a
                                     FILE truncated, replaced or deleted and created again is
                                     read anew, with a notice (a pipe is always read live)
  --expand                           show long cards whole: --print prints every line of every
                                     card (else it says "… N more lines"); the viewer starts
                                     with every card expanded (e toggles them)
  --internals                        viewer only: show from the start what the agent's own UI
                                     hides (Codex's environment and instructions, Claude
                                     Code loading a deferred tool); I toggles them
  --format ansi|plain|markdown|html  output of --print: styled text, text without escapes, a
                                     Markdown document or an HTML page (default ansi); plain,
                                     markdown and html imply --print
  --width N                          width of --print in cells (default: the terminal's width,
                                     else 100); it implies --print
  --color auto|always|never          colours: auto follows the terminal and NO_COLOR (an explicit
                                     --format ansi keeps them when piped); always is true
                                     colour; never is none (default auto)
  --diff-layout auto|unified|split   diff cards: old and new lines interleaved (unified) or side
                                     by side (split); auto splits at 160 cells and wider
                                     (default auto)
  --theme dark|light                 palette for a dark or a light background (default: the
                                     viewer asks the terminal; --print uses dark)
  --input-format auto|views|harness|headless|codex|codex-exec|claude|acp|gemini|opencode|crush
                                     the session's format: views (call/result/message lines),
                                     harness (the harness's session log), headless (its
                                     session_event stream), claude (a Claude Code transcript,
                                     ~/.claude/projects/*/*.jsonl), codex (a Codex rollout,
                                     ~/.codex/sessions/**/rollout-*.jsonl), codex-exec (what
                                     codex exec --json prints), acp (a recording of
                                     cardtui acp --record), gemini (a Gemini CLI chat,
                                     ~/.gemini/tmp/*/chats/*.jsonl), opencode (its database,
                                     an opencode export or run --format json), crush (a Crush
                                     database, .crush/crush.db); DB#SESSION is one session of a
                                     database; auto detects it from the content (default auto).
                                     A .jsonl.zstd input is decompressed.

Exit status: 0 when every line was understood, 1 when a line was bad or an input
could not be read (everything else is still shown), 2 for a usage error.
`
