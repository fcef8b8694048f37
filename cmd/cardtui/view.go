package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/cardtui/cardtui/agents"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/demo"
	"github.com/cardtui/cardtui/replay"
	"github.com/cardtui/cardtui/viewer"
)

// feedBuffer is how many updates wait for the viewer before the reading
// waits for it.
const feedBuffer = 4096

// stdinName names stdin in the viewer.
const stdinName = "stdin"

// source is a session for the viewer, open for reading.
type source struct {
	r    io.Reader
	name string
	// total is the size of a regular file, 0 when unknown.
	total int64
	// file is set when the session is a regular file, which can be
	// followed.
	file *os.File
	// live is whether entries keep coming after the start: a pipe, or a
	// file followed.
	live bool
	// format is the format of a document's lines (agents.Documents), ""
	// for a log.
	format string
	// pipe marks a stream (stdin, not a file) that may be a document
	// piped in, which the reading goroutine tells apart from a log.
	pipe bool
}

// path is the session file's path, "" when the session is not a file.
func (s source) path() string {
	if s.file == nil {
		return ""
	}
	return s.file.Name()
}

// openSource opens the session named by operand ("" is the demo, "-"
// stdin), read-only. The returned function closes it.
func openSource(operand string, stdin io.Reader, follow bool) (source, func(), error) {
	switch operand {
	case "":
		return source{r: bytes.NewReader(demo.Session), name: demoName, total: int64(len(demo.Session))}, func() {}, nil
	case "-":
		f, _ := stdin.(*os.File)
		src := fileSource(stdin, f, stdinName, follow)
		src.pipe = src.file == nil
		return src, func() {}, nil
	}
	if src, closeSource, ok, err := openDocument(operand); ok {
		return src, closeSource, err
	}
	f, err := os.Open(operand)
	if err != nil {
		return source{}, nil, err
	}
	return fileSource(f, f, operand, follow), func() { f.Close() }, nil
}

// openDocument opens path when it names a document (agents.Documents: a
// database, or a session inside one); ok is false when it names none.
func openDocument(path string) (src source, closeSource func(), ok bool, err error) {
	doc, format, ok, err := agents.OpenDocument(path)
	if !ok || err != nil {
		return source{}, nil, ok, err
	}
	return source{r: doc, name: path, format: format}, func() { doc.Close() }, true, nil
}

// fileSource is the source of r, which is f when it is a file. Only a
// regular file is followed: a pipe is read as it comes, to its end.
func fileSource(r io.Reader, f *os.File, name string, follow bool) source {
	s := source{r: r, name: name, live: true}
	if f == nil {
		return s
	}
	info, err := f.Stat()
	if err != nil || !info.Mode().IsRegular() {
		return s
	}
	offset, _ := f.Seek(0, io.SeekCurrent)
	s.total, s.file, s.live = max(info.Size()-offset, 0), f, follow
	return s
}

// runViewer shows the session named by operand in the viewer while a
// goroutine reads it, and exits 1 when it could not be read or had bad
// lines.
func runViewer(cfg replayConfig, operand string, stdin io.Reader, stdout, stderr io.Writer) int {
	src, closeSource, err := openSource(operand, stdin, cfg.follow)
	if err != nil {
		printLine(stderr, "cardtui: %v", err)
		return exitProblems
	}
	defer closeSource()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	feed := make(chan cards.Change, feedBuffer)
	program := tea.NewProgram(viewer.App{Model: viewer.New(viewerOptions(cfg, src, feed))}, cfg.programOptions(stdout)...)

	var tr *replay.Transcript
	var readErr error
	read := make(chan struct{})
	go func() {
		defer close(read)
		tr, readErr = streamSession(ctx, src, cfg, feed, program.Send)
		if replay.IsNotSession(readErr) {
			// Nothing to show: the error says why. Send waits for the
			// program to start, where Quit would do nothing before.
			program.Send(tea.QuitMsg{})
		}
	}()
	_, runErr := program.Run()
	cancel()
	<-read

	switch {
	case runErr != nil:
		printLine(stderr, "cardtui: %v", runErr)
		return exitProblems
	case readErr != nil && !errors.Is(readErr, context.Canceled):
		printLine(stderr, "cardtui: %v", readErr)
		return exitProblems
	}
	return problemStatus(tr, stderr)
}

// viewerOptions are the viewer's options for the flags: the theme is the
// terminal's unless --theme was given; --expand starts with every card
// expanded; a session read from its start shows its top, a live one
// follows its newest card.
func viewerOptions(cfg replayConfig, src source, feed <-chan cards.Change) viewer.Options {
	opts := viewer.DefaultOptions()
	opts.Render.Theme = cfg.theme
	opts.Render.Expanded = cfg.expand
	opts.ShowInternal = cfg.internals
	opts.Render.DiffLayout = cfg.printing.render.DiffLayout
	opts.ThemeFixed = cfg.themeSet
	opts.Source = src.name
	opts.Feed = feed
	opts.NoFollow = !src.live
	return opts
}

// programOptions are Bubble Tea's options for a program on the terminal
// with --color's value and the colour profile colorProfile gave for it
// (detected from the terminal for auto, honouring NO_COLOR). The program
// gets the profile rather than detecting it again: in tmux each detection
// runs `tmux info`, tens of milliseconds before the first frame, more
// while the index is being built. never keeps the text attributes (bold,
// reverse video) without colours, as NO_COLOR does. Bubble Tea reads the
// keys from the terminal itself when stdin is a pipe.
func programOptions(color string, profile colorprofile.Profile, stdout io.Writer) []tea.ProgramOption {
	if color == "never" {
		profile = colorprofile.ASCII
	}
	return []tea.ProgramOption{tea.WithOutput(stdout), tea.WithColorProfile(profile)}
}

// programOptions are Bubble Tea's options for the viewer and the picker:
// the colour profile the flags' rendering options hold (the viewer runs
// only with --format ansi, whose profile colorProfile gave).
func (cfg replayConfig) programOptions(stdout io.Writer) []tea.ProgramOption {
	return programOptions(cfg.color, cfg.printing.render.Profile, stdout)
}

// streamSession reads the session into the viewer's feed, following it
// when asked, and reports the progress with send until the session is
// read up to what its writer has written. It closes the feed when the
// reading ends.
func streamSession(ctx context.Context, src source, cfg replayConfig, feed chan<- cards.Change, send func(tea.Msg)) (*replay.Transcript, error) {
	defer close(feed)
	r := src.r
	if cfg.follow && src.file != nil {
		r = replay.Follow(ctx, src.file)
	}
	if src.pipe {
		lines, doc, format, err := agents.PipeDocument(r)
		if err != nil {
			return nil, err
		}
		r = lines
		if doc != nil {
			defer doc.Close()
			r, src.format = doc, format
		}
	}
	opts := replay.StreamOptions{Options: replay.Options{Formats: agents.Formats, Format: cfg.input, Path: src.path()}, Total: src.total}
	if src.format != "" {
		opts.Options = documentOptions(opts.Options, src.format)
	}
	loading := true
	return replay.Stream(ctx, r, src.name, opts, func(b replay.Batch) {
		if !sendChanges(ctx, feed, b.Changes) || !loading {
			return
		}
		loading = !loaded(b)
		send(viewer.ProgressMsg{Read: b.Read, Total: b.Total, Done: !loading})
	})
}

// sendChanges puts changes on the feed; it returns false when ctx ended
// first.
func sendChanges(ctx context.Context, feed chan<- cards.Change, changes []cards.Change) bool {
	for _, c := range changes {
		select {
		case feed <- c:
		case <-ctx.Done():
			return false
		}
	}
	return true
}

// loaded reports whether a batch ends the loading: the whole size known at
// the start was read, or, when the size is not known, the writer has
// nothing more for now.
func loaded(b replay.Batch) bool {
	if b.Total > 0 {
		return b.Read >= b.Total
	}
	return b.CaughtUp
}
