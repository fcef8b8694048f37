package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"

	tea "charm.land/bubbletea/v2"

	"github.com/cardtui/cardtui/acpclient"
	"github.com/cardtui/cardtui/cmd/cardtui/internal/live"
)

// acpUsage is the help of `cardtui acp`.
const acpUsage = `Usage:
  cardtui acp [--cwd DIR] [--resume ID] [--record FILE] [--read-only] [--color auto|always|never] -- AGENT [ARGS...]

Runs AGENT, an Agent Client Protocol agent, as a child process and shows its session live:
the cards above, a prompt composer below.
  --cwd DIR         the session directory (default: the current directory); the agent's file
                    requests and terminals are confined to it
  --resume ID       continue the agent's session ID (session/load, which replays it, or
                    session/resume) instead of starting a new one
  --record FILE     write the whole JSON-RPC traffic to FILE, one timestamped JSON line each;
                    cardtui replay FILE shows it as the session looked
  --read-only       advertise neither file writes nor terminals, and refuse them
  --color           as for replay

Keys: enter sends (before the agent is ready, the prompt is queued and sent once the session
is open), alt+enter starts a new line, up/down on an empty composer go through the
history, tab completes a /command (and /mode, /model with their values, when the agent
offers modes or models: /mode ID and /model ID switch them); while a turn runs esc or ctrl+c
cancels it; pgup/pgdn scroll, ctrl+o moves to the transcript (its keys, ? lists them; ctrl+o
or i comes back); ctrl+c twice, or ctrl+d on an empty composer, quits and ends the agent.

A permission request takes the keys when you are not typing: the composer is empty, no key
was typed in the last half second and the request has been shown that long. Its options are
then highlighted: 1…9 pick one, enter the first "allow once", esc rejects. Keys typed sooner, or
while the composer holds unsent text, stay in the composer, so a message typed as a request
appears answers nothing; ctrl+y, or emptying the composer, gives the request the keys, and
ctrl+y takes them back.

Examples:
  $ cardtui acp -- gemini --experimental-acp
  $ cardtui acp --cwd ~/src/app --record run.jsonl -- npx @zed-industries/claude-code-acp
`

// acpConfig is what the arguments of `cardtui acp` ask for.
type acpConfig struct {
	session acpclient.Config
	record  string
	color   string
}

// runACP is `cardtui acp`: the live front-end for an ACP agent.
func runACP(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	cfg, code, ok := parseACPArgs(args, stdout, stderr)
	if !ok {
		return code
	}
	if !isTerminal(stdout) || !isTerminal(stdin) {
		printLine(stderr, "cardtui acp: the live session needs a terminal on stdin and stdout")
		return exitUsage
	}
	if cfg.record != "" {
		f, err := createPrivate(cfg.record)
		if err != nil {
			printLine(stderr, "cardtui acp: %v", err)
			return exitProblems
		}
		defer f.Close()
		cfg.session.Record = f
	}
	s, err := acpclient.Launch(cfg.session)
	if err != nil {
		printLine(stderr, "cardtui acp: %v", err)
		return exitProblems
	}
	program := tea.NewProgram(live.New(s, cfg.session), programOptions(cfg.color, colorProfile(cfg.color, false, stdout, os.Environ()), stdout)...)
	stop := quitOnSignal(program)
	defer stop()
	_, runErr := program.Run()
	closeErr := s.Close()
	switch {
	case runErr != nil:
		printLine(stderr, "cardtui acp: %v", runErr)
		return exitProblems
	case closeErr != nil:
		printLine(stderr, "cardtui acp: record %s: %v", cfg.record, closeErr)
		return exitProblems
	}
	return exitOK
}

// createPrivate creates (or empties) the file at path readable by its
// owner only: a recording holds prompts, file contents and command output.
// A file that already existed loses its other readers too.
func createPrivate(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return nil, err
	}
	if err := f.Chmod(0o600); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// quitOnSignal ends the program on SIGHUP (the terminal went away) and
// SIGTERM, so that the session is closed and the agent's process group
// ended; the returned function stops listening.
func quitOnSignal(p *tea.Program) func() {
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, syscall.SIGHUP, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		select {
		case <-signals:
			p.Quit()
		case <-done:
		}
	}()
	return func() {
		signal.Stop(signals)
		close(done)
	}
}

// parseACPArgs reads the flags up to "--" (or the first operand); the
// rest is the agent's command line.
func parseACPArgs(args []string, stdout, stderr io.Writer) (acpConfig, int, bool) {
	fs := newFlagSet("acp")
	cwd := fs.String("cwd", "", "session directory")
	record := fs.String("record", "", "recording file")
	resume := fs.String("resume", "", "session id to continue")
	readOnly := fs.Bool("read-only", false, "no writes, no terminals")
	color := choice(fs, "color", "auto", "always", "never")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, acpUsage)
			return acpConfig{}, exitOK, false
		}
		printLine(stderr, "cardtui acp: %s", asTyped(err, args))
		fmt.Fprintf(stderr, "\n%s", acpUsage)
		return acpConfig{}, exitUsage, false
	}
	command := fs.Args()
	if len(command) == 0 {
		printLine(stderr, "cardtui acp: no agent to run: give its command after --")
		fmt.Fprintf(stderr, "\n%s", acpUsage)
		return acpConfig{}, exitUsage, false
	}
	if info, err := os.Stat(orCurrent(*cwd)); err != nil || !info.IsDir() {
		printLine(stderr, "cardtui acp: --cwd %s: not a directory", *cwd)
		return acpConfig{}, exitUsage, false
	}
	return acpConfig{
		session: acpclient.Config{
			Command: slices.Clone(command), Dir: *cwd, ReadOnly: *readOnly, Source: agentName(command),
			Resume: *resume,
		},
		record: *record, color: color.value,
	}, exitOK, true
}

// orCurrent is dir, or "." for "".
func orCurrent(dir string) string {
	if dir == "" {
		return "."
	}
	return dir
}

// agentName names the agent in the status line and its problems: its
// program's base name.
func agentName(command []string) string {
	name := command[0]
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		name = name[i+1:]
	}
	return name
}
