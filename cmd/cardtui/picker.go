package main

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"path/filepath"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/list"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render"
	"github.com/cardtui/cardtui/sessions"
	"github.com/cardtui/cardtui/termsafe"
	"github.com/cardtui/cardtui/viewer"
)

// `cardtui` with no session to read, on a terminal, opens the picker: the
// sessions found on this machine in a list with a fuzzy filter, and a
// preview of the selected one. Enter opens it in the viewer; esc goes
// back to the list once the viewer has nothing of its own to close; q
// quits.

// runPicker lists the sessions and runs the picker on them; with none, it
// shows the demo with a notice saying where it looked.
func runPicker(cfg replayConfig, stdout, stderr io.Writer) int {
	h := historyFromEnv(nil)
	all := h.list(true, stderr)
	if len(all) == 0 {
		return runModel(viewer.App{Model: demoWithNotice(cfg, h.where(true))}, cfg, stdout, stderr)
	}
	var program *tea.Program
	p := newPicker(cfg, all, h.project, homeDir(), func(msg tea.Msg) { program.Send(msg) })
	program = tea.NewProgram(p, programOptions(cfg.color, stdout)...)
	final, err := program.Run()
	if p, ok := final.(picker); ok {
		p.closeSession()
	}
	if err != nil {
		printLine(stderr, "cardtui: %v", err)
		return exitProblems
	}
	return exitOK
}

// runModel runs a Bubble Tea model on the terminal until it quits.
func runModel(m tea.Model, cfg replayConfig, stdout, stderr io.Writer) int {
	if _, err := tea.NewProgram(m, programOptions(cfg.color, stdout)...).Run(); err != nil {
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

// picker is the Bubble Tea model of the session picker.
type picker struct {
	list    list.Model
	all     []sessions.Session
	project sessions.Project
	// inProject is whether the list holds the current project's sessions
	// only (a toggles it); it starts so when the project has any.
	inProject bool
	home      string
	cfg       replayConfig
	// send delivers a message to the program from another goroutine.
	send          func(tea.Msg)
	width, height int
	// open is the session shown in the viewer, nil while picking; gen
	// numbers the sessions opened, so that what an earlier one still
	// sends is dropped.
	open *openSession
	gen  int
}

// openSession is a session open in the viewer, read by a goroutine.
type openSession struct {
	viewer viewer.Model
	feed   <-chan viewer.Update
	cancel context.CancelFunc
}

// sessionMsg is a message of the gen-th session opened: its entries, its
// progress, its end or its read error.
type sessionMsg struct {
	gen int
	msg tea.Msg
}

// readFailedMsg says the session could not be read to its end.
type readFailedMsg struct{ err error }

// The picker's own keys, beside the list's.
var (
	openKey  = key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "open"))
	scopeKey = key.NewBinding(key.WithKeys("a"), key.WithHelp("a", "all projects / this one"))
	backKey  = key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back"))
)

// newPicker is the picker on the sessions found; send delivers messages
// to the program that runs it.
func newPicker(cfg replayConfig, all []sessions.Session, project sessions.Project, home string, send func(tea.Msg)) picker {
	cfg.follow = false
	l := list.New(nil, list.NewDefaultDelegate(), 0, 0)
	l.SetStatusBarItemName("session", "sessions")
	l.KeyMap.Quit = key.NewBinding(key.WithKeys("q"), key.WithHelp("q", "quit")) // esc goes back, never quits
	l.AdditionalShortHelpKeys = func() []key.Binding { return []key.Binding{openKey, scopeKey} }
	l.AdditionalFullHelpKeys = l.AdditionalShortHelpKeys
	p := picker{list: l, all: all, project: project, home: home, cfg: cfg, send: send}
	p.inProject = len(project.Filter(all)) > 0
	p.setTheme(cfg.theme == render.Dark)
	p.fill()
	return p
}

// fill puts the sessions of the scope in the list, and names the scope in
// its title; the command filters them again when a filter is set.
func (p *picker) fill() tea.Cmd {
	shown, title := p.all, "All sessions"
	if p.inProject {
		shown, title = p.project.Filter(p.all), "Sessions of "+shortPath(p.project.Dir, p.home)
	}
	items := make([]list.Item, len(shown))
	for i, s := range shown {
		items[i] = sessionItem{s: s, home: p.home}
	}
	p.list.Title = title
	return p.list.SetItems(items)
}

// setTheme styles the list for a dark or a light background.
func (p *picker) setTheme(dark bool) {
	d := list.NewDefaultDelegate()
	d.Styles = list.NewDefaultItemStyles(dark)
	p.list.SetDelegate(d)
	p.list.Styles = list.DefaultStyles(dark)
}

// Init asks the terminal for its background colour, unless --theme chose.
func (p picker) Init() tea.Cmd {
	if p.cfg.themeSet {
		return nil
	}
	return tea.RequestBackgroundColor
}

// Update handles a message: the window's size and colour for both views,
// a session's messages for the viewer showing it, the rest for the view
// that is open.
func (p picker) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		p.width, p.height = msg.Width, msg.Height
		p.list.SetSize(msg.Width, max(msg.Height-p.previewHeight(), 1))
		if p.open != nil {
			p.open.viewer.SetSize(msg.Width, msg.Height)
		}
		return p, nil
	case tea.BackgroundColorMsg:
		if !p.cfg.themeSet {
			p.setTheme(msg.IsDark())
		}
	case sessionMsg:
		return p, p.fromSession(msg)
	}
	if p.open != nil {
		return p, p.updateViewer(msg)
	}
	return p, p.updateList(msg)
}

// updateList handles a message while the list is shown: enter opens the
// selected session, a switches between this project and all, the rest
// goes to the list (its filter, its cursor, q).
func (p *picker) updateList(msg tea.Msg) tea.Cmd {
	if k, ok := msg.(tea.KeyPressMsg); ok && !p.list.SettingFilter() {
		switch {
		case key.Matches(k, openKey):
			if item, ok := p.list.SelectedItem().(sessionItem); ok {
				return p.openSession(item.s)
			}
			return nil
		case key.Matches(k, scopeKey) && len(p.project.Filter(p.all)) > 0:
			p.inProject = !p.inProject
			return p.fill()
		}
	}
	var cmd tea.Cmd
	p.list, cmd = p.list.Update(msg)
	return cmd
}

// updateViewer handles a message while a session is shown: esc goes back
// to the list unless the viewer has a prompt, search, filter or help to
// close; everything else is the viewer's.
func (p *picker) updateViewer(msg tea.Msg) tea.Cmd {
	if k, ok := msg.(tea.KeyPressMsg); ok && key.Matches(k, backKey) && !p.open.viewer.Escapable() {
		p.closeSession()
		p.open = nil
		return nil
	}
	var cmd tea.Cmd
	p.open.viewer, cmd = p.open.viewer.Update(msg)
	return cmd
}

// openSession opens s in the viewer, read by a goroutine that stops when
// the session is closed.
func (p *picker) openSession(s sessions.Session) tea.Cmd {
	src, closeSource, err := openSource(s.Path, nil, false)
	if err != nil {
		if pathErr := (*fs.PathError)(nil); errors.As(err, &pathErr) {
			err = pathErr.Err
		}
		return p.list.NewStatusMessage(oneLine("cannot open " + filepath.Base(s.Path) + ": " + err.Error()))
	}
	p.gen++
	ctx, cancel := context.WithCancel(context.Background())
	feed := make(chan viewer.Update, feedBuffer)
	gen, send, cfg := p.gen, p.send, p.cfg
	go func() {
		defer closeSource()
		_, err := streamSession(ctx, src, cfg, feed, func(msg tea.Msg) { send(sessionMsg{gen, msg}) })
		if err != nil && !errors.Is(err, context.Canceled) {
			send(sessionMsg{gen, readFailedMsg{err}})
		}
	}()
	v := viewer.New(viewerOptions(cfg, src, nil))
	v.SetSize(p.width, p.height)
	p.open = &openSession{viewer: v, feed: feed, cancel: cancel}
	return tea.Batch(v.Init(), p.listen())
}

// listen waits for the next entries of the open session.
func (p *picker) listen() tea.Cmd {
	gen, next := p.gen, viewer.Listen(p.open.feed)
	return func() tea.Msg { return sessionMsg{gen, next()} }
}

// fromSession hands a message of the open session to its viewer; one of a
// session closed since is dropped.
func (p *picker) fromSession(msg sessionMsg) tea.Cmd {
	if p.open == nil || msg.gen != p.gen {
		return nil
	}
	switch m := msg.msg.(type) {
	case viewer.EntriesMsg:
		p.open.viewer.Apply(m.Updates...)
		return p.listen()
	case readFailedMsg:
		p.open.viewer.Apply(viewer.Update{Index: -1, Entry: cards.Notice{Text: "cardtui: " + m.err.Error()}})
		return nil
	}
	var cmd tea.Cmd
	p.open.viewer, cmd = p.open.viewer.Update(msg.msg)
	return cmd
}

// closeSession stops reading the open session, if there is one.
func (p picker) closeSession() {
	if p.open != nil {
		p.open.cancel()
	}
}

// View is the viewer when a session is open, else the list above the
// preview of its selected session.
func (p picker) View() tea.View {
	if p.open != nil {
		return viewer.App{Model: p.open.viewer}.View()
	}
	content := fitRows(p.list.View(), p.width)
	if h := p.previewHeight(); h > 0 {
		item, _ := p.list.SelectedItem().(sessionItem)
		content = lipgloss.JoinVertical(lipgloss.Left, content, preview(item.s, p.home, p.width, h))
	}
	v := tea.NewView(content)
	v.AltScreen = true
	return v
}

// fitRows cuts every row of s to width cells. The list's help line can be
// wider than the list: bubbles' help adds the item that does not fit when
// its "…" does not fit either.
func fitRows(s string, width int) string {
	rows := strings.Split(s, "\n")
	for i, row := range rows {
		rows[i] = ansi.Truncate(row, width, "…")
	}
	return strings.Join(rows, "\n")
}

// previewHeight is the rows of the preview: a third of the window, up to
// 10 rows, none in a window of fewer than 18 rows, which the list needs.
func (p picker) previewHeight() int {
	if p.height < 18 {
		return 0
	}
	return min(p.height/3, 10)
}

// previewStyle dims the preview's rule and facts.
var previewStyle = lipgloss.NewStyle().Faint(true)

// preview describes a session in height rows of width cells: a rule, its
// agent and project, its times and counts, its file, then its first prompt
// verbatim (or its problem) as far as it fits.
func preview(s sessions.Session, home string, width, height int) string {
	if s.Path == "" {
		return ""
	}
	facts := []string{
		string(s.Agent) + " · " + shortPath(s.Project, home) + flags(s),
		"started " + when(s.Started) + " · last activity " + when(s.LastActivity) + " · " +
			toolCalls(s) + " tool calls · " + size(s.Size),
		shortPath(s.Path, home),
	}
	rows := []string{previewStyle.Render(strings.Repeat("─", max(width, 1)))}
	for _, f := range facts {
		rows = append(rows, previewStyle.Render(ansi.Truncate(oneLine(f), width, "…")))
	}
	text := s.FirstPrompt
	if s.Problem != "" {
		text = "! " + s.Problem
	}
	for _, line := range strings.Split(strings.Trim(termsafe.SanitizeText(text), "\n"), "\n") {
		rows = append(rows, ansi.Truncate(line, width, "…"))
	}
	return strings.Join(rows[:min(len(rows), height)], "\n")
}

// flags names what else is known of a session: archived, a sub-agent's.
func flags(s sessions.Session) string {
	var out string
	if s.Archived {
		out += " · archived"
	}
	if s.Subagent {
		out += " · sub-agent"
	}
	return out
}

// sessionItem is a session as the picker's list shows it: its title or
// first prompt, then its agent, project, last activity and counts. The
// filter matches its title, its first prompt and its project.
type sessionItem struct {
	s    sessions.Session
	home string
}

// Title is the session's label on one line, or its problem.
func (i sessionItem) Title() string { return label(i.s) }

// Description is the agent, project, last activity, tool calls and size.
func (i sessionItem) Description() string {
	return oneLine(string(i.s.Agent) + " · " + shortPath(i.s.Project, i.home) + " · " + when(i.s.LastActivity) +
		" · " + toolCalls(i.s) + " tool calls · " + size(i.s.Size))
}

// FilterValue is what the fuzzy filter matches: the title first (the
// list underlines the matches it finds there), the first prompt and the
// project.
func (i sessionItem) FilterValue() string {
	return i.Title() + " " + oneLine(i.s.FirstPrompt) + " " + i.s.Project
}
