package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"charm.land/lipgloss/v2"

	exportmd "github.com/cardtui/cardtui/export/markdown"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/term"

	"github.com/cardtui/cardtui/agents"
	"github.com/cardtui/cardtui/render"
	"github.com/cardtui/cardtui/replay"
)

// defaultWidth is the width when stdout is not a terminal.
const defaultWidth = 100

// replayConfig is what the arguments of replay ask for.
type replayConfig struct {
	operand string // FILE, "-", or "" when no FILE was given
	// print is --print, or a flag that only printing has: --format plain
	// or markdown, --width.
	print  bool
	follow bool
	// last is --last: the newest session of the current project.
	last bool
	// demo is --demo: the built-in demo session instead of the picker.
	demo bool
	// expand is --expand: every card shown whole, in print and, from the
	// start, in the viewer.
	expand bool
	// internals is --internals: the viewer shows from the start what the
	// agent keeps to itself (I toggles it).
	internals bool
	input     string
	color     string // --color: auto, always or never
	// theme is --theme; themeSet says it was given rather than left to
	// the terminal's background.
	theme    render.Theme
	themeSet bool
	printing printConfig
}

// printConfig is how `cardtui replay --print` prints a session.
type printConfig struct {
	markdown bool
	// html is --format html: one HTML document.
	html   bool
	render render.Options
	// share is set by `cardtui export`: the session written to share.
	share *shareOptions
}

// runReplay is `cardtui replay`: it opens the viewer on a session, or
// prints it, and exits 1 when the session had bad lines.
func runReplay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	cfg, code, ok := parseReplayArgs(args, stdout, stderr)
	if !ok {
		return code
	}
	if code, ok := resolveLast(&cfg, stderr); !ok {
		return code
	}
	p, err := choosePlan(cfg, stdioOf(stdin, stdout))
	if err != nil {
		return usageError(stderr, "%v", err)
	}
	if p.view && p.operand == "" && !cfg.demo {
		return runPicker(cfg, stdout, stderr) // no session named nor piped
	}
	if p.view {
		return runViewer(cfg, p.operand, stdin, stdout, stderr)
	}
	return printSession(cfg.printing, p.operand, cfg.input, stdin, stdout, stderr)
}

// printSession prints the session named by operand and exits 1 when it
// had bad lines or could not be read.
func printSession(cfg printConfig, operand string, input string, stdin io.Reader, stdout, stderr io.Writer) int {
	defer collectFor(cfg)()
	tr, err := loadInput(operand, stdin, input)
	if tr != nil && !replay.IsNotSession(err) {
		if werr := printTranscript(stdout, tr, cfg); werr != nil {
			printLine(stderr, "cardtui: write: %v", werr)
			return exitProblems
		}
	}
	if err != nil {
		printLine(stderr, "cardtui: %v", err)
		return exitProblems
	}
	return problemStatus(tr, stderr)
}

// problemStatus says on stderr how many lines of the session were bad and
// returns the exit status for it.
func problemStatus(tr *replay.Transcript, stderr io.Writer) int {
	if n := tr.Stats.Problems; n > 0 {
		printLine(stderr, "cardtui: %s: %s (cardtui validate lists them)", tr.Source, count(n, "bad line", "bad lines"))
		return exitProblems
	}
	return exitOK
}

// parseReplayArgs turns the arguments of replay into a configuration.
func parseReplayArgs(args []string, stdout, stderr io.Writer) (replayConfig, int, bool) {
	fs := newFlagSet("replay")
	printFlag := fs.Bool("print", false, "print the session to stdout")
	follow := fs.Bool("follow", false, "follow FILE as it grows")
	last := fs.Bool("last", false, "the newest session of the current project")
	demo := fs.Bool("demo", false, "the built-in demo session")
	expand := fs.Bool("expand", false, "show every card whole")
	internals := fs.Bool("internals", false, "viewer: show what the agent's own UI hides")
	format := choice(fs, "format", "ansi", "plain", "markdown", "html")
	width := fs.Int("width", 0, "width in cells")
	color := choice(fs, "color", "auto", "always", "never")
	theme := choice(fs, "theme", "dark", "light")
	diffLayout := choice(fs, "diff-layout", render.DiffAuto.String(), render.DiffUnified.String(), render.DiffSplit.String())
	input := inputFormatFlag(fs)
	operands, code, ok := parseArgs(fs, args, stdout, stderr)
	if !ok {
		return replayConfig{}, code, false
	}
	if len(operands) > 1 {
		return replayConfig{}, usageError(stderr, "replay takes one FILE, got %d: %s", len(operands), strings.Join(operands, " ")), false
	}
	if *width < 0 {
		return replayConfig{}, usageError(stderr, "--width must not be negative, got %d", *width), false
	}
	inputFormat, err := agents.ParseFormat(input.value)
	if err != nil {
		return replayConfig{}, usageError(stderr, "%v", err), false
	}
	layout, _ := render.ParseDiffLayout(diffLayout.value) // the flag takes only the layouts' names
	cfg := replayConfig{
		print:     *printFlag || format.value != "ansi" || *width > 0,
		follow:    *follow,
		last:      *last,
		demo:      *demo,
		expand:    *expand,
		internals: *internals,
		input:     inputFormat,
		color:     color.value,
		themeSet:  theme.set,
		printing: printConfig{
			markdown: format.value == "markdown",
			html:     format.value == "html",
			render:   renderOptions(format, color.value, theme.value, *width, stdout),
		},
	}
	cfg.printing.render.Expanded = *expand
	cfg.printing.render.DiffLayout = layout // --diff-layout, for the viewer too
	cfg.theme = cfg.printing.render.Theme
	if len(operands) == 1 {
		cfg.operand = operands[0]
	}
	if cfg.demo && (cfg.operand != "" || cfg.last) {
		return replayConfig{}, usageError(stderr, "--demo is a session of its own: give --demo, --last or FILE"), false
	}
	return cfg, exitOK, true
}

// renderOptions are the rendering options for the flags' values.
func renderOptions(formatFlag *choiceValue, color, theme string, width int, stdout io.Writer) render.Options {
	format := formatFlag.value
	o := render.Options{Width: width, Theme: render.Dark, Terminal: format != "markdown", Profile: colorprofile.NoTTY}
	if width == 0 {
		o.Width = terminalWidth(stdout)
	}
	if theme == "light" {
		o.Theme = render.Light
	}
	if format != "markdown" {
		o.Location = time.Local // a turn's time as the terminal's clock says it
	}
	if format == "ansi" {
		o.Profile = colorProfile(color, formatFlag.set, stdout, os.Environ())
		o.Hyperlinks = true
	}
	return o
}

// colorProfile is the colour profile of --color: auto asks the
// environment (a terminal, TERM, NO_COLOR, CLICOLOR_FORCE). An explicit
// --format ansi asks for the escapes: with auto, output that is not a
// terminal gets the colours TERM describes (at least the 16 ANSI ones),
// unless NO_COLOR is set.
func colorProfile(color string, ansiAsked bool, stdout io.Writer, env []string) colorprofile.Profile {
	switch color {
	case "always":
		return colorprofile.TrueColor
	case "never":
		return colorprofile.NoTTY
	}
	p := detectProfile(stdout, env)
	if p != colorprofile.NoTTY || !ansiAsked {
		return p
	}
	for _, kv := range env {
		if name, value, _ := strings.Cut(kv, "="); name == "NO_COLOR" && value != "" {
			return colorprofile.Ascii
		}
	}
	return colorprofile.Detect(stdout, append(slices.Clip(env), "CLICOLOR_FORCE=1"))
}

// detectProfile is colorprofile.Detect(stdout, env), taken from
// lipgloss.Writer when that is what it detected: the profile of this
// process's stdout in this environment, found before main ran. Inside
// tmux each detection runs `tmux info`, which the first screen would
// otherwise wait for a second time.
func detectProfile(stdout io.Writer, env []string) colorprofile.Profile {
	if stdout == io.Writer(os.Stdout) && lipgloss.Writer.Forward == io.Writer(os.Stdout) && slices.Equal(env, os.Environ()) {
		return lipgloss.Writer.Profile
	}
	return colorprofile.Detect(stdout, env)
}

// terminalWidth is stdout's width when it is a terminal, else
// defaultWidth.
func terminalWidth(stdout io.Writer) int {
	f, ok := stdout.(term.File)
	if !ok || !term.IsTerminal(f.Fd()) {
		return defaultWidth
	}
	if w, _, err := term.GetSize(f.Fd()); err == nil && w > 0 {
		return w
	}
	return defaultWidth
}

// printTranscript writes every entry, separated by blank lines, line by
// line. The entries are drawn on every processor, a few ahead of the one
// written (render.DrawAll), and the lines of a huge card are finished as
// they are written, so an expanded card of a million lines is never held
// whole, padded rows and all.
func printTranscript(w io.Writer, tr *replay.Transcript, cfg printConfig) error {
	out := bufio.NewWriter(w)
	if cfg.html && cfg.share == nil {
		cfg.share = &shareOptions{} // replay --format html: the page export writes
	}
	if cfg.share != nil {
		if err := writeShared(out, tr, cfg); err != nil {
			return err
		}
		return out.Flush()
	}
	if cfg.markdown {
		if totals := exportmd.Totals(tr.Entries); totals != "" {
			out.WriteString(totals + "\n")
		}
		for i, e := range tr.Entries {
			if i > 0 {
				out.WriteString("\n")
			}
			out.WriteString(strings.TrimRight(exportmd.Entry(e, cfg.render), "\n"))
			out.WriteString("\n")
		}
		return out.Flush()
	}
	for i, d := range render.DrawAll(tr.Entries, cfg.render) {
		if i > 0 {
			out.WriteString("\n")
		}
		for j := range d.Len() {
			out.WriteString(strings.ReplaceAll(d.Line(j), render.ExpandHint, printHint))
			out.WriteString("\n")
		}
	}
	return out.Flush()
}

// printHint replaces render.ExpandHint in printed cards, which have no
// enter key to expand them: it names the flag that prints them whole. It
// is as wide as the hint, so that the cards keep their shape.
const printHint = "(option --expand)"

// count is "1 thing" or "N things".
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
