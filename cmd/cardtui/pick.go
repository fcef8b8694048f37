package main

import (
	"context"
	"errors"
	"io"
	"os"
	"sync"
	"sync/atomic"

	"github.com/cardtui/cardtui/cmd/cardtui/internal/listing"
	"github.com/cardtui/cardtui/cmd/cardtui/internal/picker"
	"github.com/cardtui/cardtui/internal/regularfile"

	tea "charm.land/bubbletea/v2"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render"
	"github.com/cardtui/cardtui/sessions"
	"github.com/cardtui/cardtui/viewer"
)

// `cardtui` with no session to read, on a terminal, opens the picker
// (package picker) on the sessions found on this machine.

// runPicker lists the sessions and runs the picker on them; with none, it
// shows the demo with a notice saying where it looked.
func runPicker(cfg replayConfig, stdout, stderr io.Writer) int {
	h := historyFromEnv(nil)
	var quit atomic.Bool
	drawn := make(chan struct{})
	reports := h.listInBackground(&quit, drawn)
	first := <-reports
	if len(first.Sessions) == 0 {
		return runModel(viewer.App{Model: demoWithNotice(cfg, h.where(true))}, cfg, stdout, stderr)
	}
	var program *tea.Program
	p := picker.New(picker.Options{
		Sessions: first.Sessions, Project: h.project, Home: homeDir(),
		Dark: cfg.theme == render.Dark, ThemeSet: cfg.themeSet,
		Open: sessionOpener(cfg), Send: func(msg tea.Msg) { program.Send(msg) }, Resume: listing.ResumeOf,
		LiveResume: liveResume,
		Search: func(list []sessions.Session, m sessions.Matcher, hit func(sessions.Hit) bool) {
			sessions.Search(h.options(), withoutProblems(list), m, false, hit)
		},
	})
	program = tea.NewProgram(firstScreen{p, sync.OnceFunc(func() { close(drawn) })}, cfg.programOptions(stdout)...)
	go func() {
		program.Send(picker.ListedMsg(first))
		for r := range reports {
			program.Send(picker.ListedMsg(r))
		}
	}()
	final, err := program.Run()
	quit.Store(true)
	for range reports { // the files read so far are kept in the index
	}
	if f, ok := final.(firstScreen); ok {
		f.Model.(picker.Model).Close()
	}
	if err != nil {
		printLine(stderr, "cardtui: %v", err)
		return exitProblems
	}
	return exitOK
}

// firstScreen is a model whose first View calls drawn: the listing
// waits for it before it reads the rest (listInBackground).
type firstScreen struct {
	tea.Model
	drawn func()
}

// Update updates the model.
func (f firstScreen) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	m, cmd := f.Model.Update(msg)
	return firstScreen{m, f.drawn}, cmd
}

// View draws the model and says it was drawn.
func (f firstScreen) View() tea.View {
	v := f.Model.View()
	f.drawn()
	return v
}

// runModel runs a Bubble Tea model on the terminal until it quits.
func runModel(m tea.Model, cfg replayConfig, stdout, stderr io.Writer) int {
	if _, err := tea.NewProgram(m, cfg.programOptions(stdout)...).Run(); err != nil {
		printLine(stderr, "cardtui: %v", err)
		return exitProblems
	}
	return exitOK
}

// demoWithNotice is the viewer on the built-in demo session, under a
// notice that says no session was found and where cardtui looked.
func demoWithNotice(cfg replayConfig, where string) viewer.Model {
	m := viewer.New(viewerOptions(cfg, source{name: demoName}, nil))
	entries := []cards.Entry{cards.Notice{Text: "cardtui found " + where + "; this is the built-in demo session (cardtui FILE opens a session file)"}}
	if tr, err := loadInput("", nil, cfg.input); err == nil {
		entries = append(entries, tr.Entries...)
	}
	m.SetEntries(entries)
	return m
}

// sessionOpener opens a listed session for the picker's viewer: read
// whole (never followed) by a goroutine that stops when it is closed.
func sessionOpener(cfg replayConfig) picker.Opener {
	cfg.follow = false
	return func(s sessions.Session, report func(tea.Msg)) (picker.Opened, error) {
		src, closeSource, err := openListed(s.Path)
		if err != nil {
			return picker.Opened{}, err
		}
		ctx, cancel := context.WithCancel(context.Background())
		feed := make(chan cards.Change, feedBuffer)
		go func() {
			defer closeSource()
			_, err := streamSession(ctx, src, cfg, feed, report)
			if err != nil && !errors.Is(err, context.Canceled) {
				report(picker.ReadFailedMsg{Err: err})
			}
		}()
		return picker.Opened{Viewer: viewer.New(viewerOptions(cfg, src, nil)), Feed: feed, Cancel: cancel}, nil
	}
}

// openListed opens a listed session: one in a database as its document,
// a file without blocking and only while it is still a regular file.
func openListed(path string) (source, func(), error) {
	if src, closeSource, ok, err := openDocument(path); ok {
		return src, closeSource, err
	}
	f, _, err := regularfile.Open(path)
	if err != nil {
		return source{}, nil, err
	}
	return fileSource(f, f, path, false), func() { f.Close() }, nil
}

// liveResume is the command that continues s live in this cardtui through
// its agent's ACP adapter; the picker offers it when the adapter is on
// PATH.
func liveResume(s sessions.Session) (listing.Resume, error) {
	self, err := os.Executable()
	if err != nil {
		return listing.Resume{}, err
	}
	return listing.LiveResumeOf(s, self)
}
