package main

// The help texts: the global usage (cardtui --help), each command's own
// (cardtui COMMAND --help) and the short usage that follows an error.

// helpText is one command's help: its usage line, what it does, its
// flags and two examples.
type helpText struct {
	synopsis, about, flags, examples string
}

// String is the whole help, as --help prints it.
func (h helpText) String() string {
	s := "Usage:\n  " + h.synopsis + "\n\n" + h.about
	if h.flags != "" {
		s += "\nFlags (they may come before or after the operands):\n" + h.flags
	}
	return s + "\nExamples:\n" + h.examples
}

// short is the usage that follows a usage error of the command.
func (h helpText) short(name string) string {
	return "\nUsage: " + h.synopsis + "\nRun cardtui " + name + " --help for its flags and examples.\n"
}

// commandHelp is the help of each command that parseArgs parses, by its
// flag set's name.
var commandHelp = map[string]helpText{
	"replay": {
		synopsis: "cardtui [replay] [flags] [FILE|-]",
		about: `Shows a session as cards: FILE, or stdin for -; without FILE, stdin when it is a pipe or a
file, else the picker of the sessions found on this machine. A FILE needs no "replay"
before it. The viewer opens when stdout is a terminal; otherwise, or with --print, the
session is printed (the demo when none is named). In the viewer, ? lists the keys.
`,
		flags: replayFlags,
		examples: `  $ cardtui replay ~/.claude/projects/-home-me-app/2f1c.jsonl
  $ cardtui --print --format plain --width 72 session.jsonl > session.txt
`,
	},
	"validate": {
		synopsis: "cardtui validate [--input-format F] FILE|-...",
		about: `Reads each session and lists every line it could not understand as FILE:LINE: reason,
then a count per file. It exits 1 when a line was bad or a file could not be read.
`,
		flags: `  --input-format F                   the sessions' format, as for replay (default auto)
`,
		examples: `  $ cardtui validate session.jsonl
  $ codex exec --json "fix the build" | cardtui validate --input-format codex-exec -
`,
	},
	"sessions": {
		synopsis: "cardtui sessions [--all] [--json] [--agent A] [--touched PATH] [--cache | --clear-cache]",
		about: `Lists the sessions of the current project that Claude Code, Codex, the harness, Gemini
CLI, opencode and Crush wrote on this machine, newest first: agent, time, prompts and
path. cardtui FILE opens one.
`,
		flags: `  --all                              the sessions of every project, not only this one
  --json                             one JSON object per session instead of the table
  --agent all|claude|codex|harness|gemini|opencode|crush
                                     only that agent's sessions (default all)
  --touched PATH                     only the sessions whose tool calls read or changed PATH,
                                     with those calls
  --cache                            where the cache of the listing and search is, and its size
  --clear-cache                      remove that cache; the next listing builds it again
`,
		examples: `  $ cardtui sessions --all --agent claude
  $ cardtui sessions --touched internal/count/count.go
`,
	},
	"search": {
		synopsis: "cardtui search [--all] [--agent A] [--regexp] [--color C] PATTERN",
		about: `Prints every line of the sessions' prompts, replies, commands, paths, diffs and outputs
that holds PATTERN, newest session first, as session · time · card title · line.
`,
		flags: `  --all                              search the sessions of every project, not only this one
  --agent all|claude|codex|harness|gemini|opencode|crush
                                     only that agent's sessions (default all)
  --regexp                           PATTERN is a Go regular expression, not a plain string
  --color auto|always|never          mark the matches: auto on a terminal without NO_COLOR
                                     (default auto)
`,
		examples: `  $ cardtui search "go test -race"
  $ cardtui search --all --regexp 'panic: .*nil map'
`,
	},
	"export": {
		synopsis: "cardtui export [--format html|markdown] [-o OUT] [--context] [--full] FILE|-",
		about: `Writes the session as one file to share: a self-contained HTML page (default) or Markdown,
to OUT or stdout. It holds no local path of the input: paths are relative to the project
and the home is ~.
`,
		flags: `  --format html|markdown             the page's format (default html)
  -o OUT                             the file to write (default stdout; - is stdout)
  --context                          keep the context blocks the agent was given
  --full                             Markdown: everything, past 65,536 characters
  --input-format F                   the session's format, as for replay (default auto)
`,
		examples: `  $ cardtui export -o session.html session.jsonl
  $ cardtui export --format markdown --context session.jsonl | less
`,
	},
}

// helpFor is the help --help prints for the flag set named name: the
// command's own, else the global usage.
func helpFor(name string) string {
	if h, ok := commandHelp[name]; ok {
		return h.String()
	}
	return usage
}

// shortUsageFor is the usage after a usage error of the flag set named
// name.
func shortUsageFor(name string) string {
	if h, ok := commandHelp[name]; ok {
		return h.short(name)
	}
	return shortUsage
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
Each command has its own help, with examples: cardtui COMMAND --help.

Flags of replay (they may come before or after FILE):
` + replayFlags + `
Exit status: 0 when every line was understood, 1 when a line was bad or an input
could not be read (everything else is still shown), 2 for a usage error.
`

// replayFlags are the lines of replay's flags.
const replayFlags = `  --print                            print the session to stdout instead of opening the viewer
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

`
