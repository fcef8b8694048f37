// Package picker is the session picker of `cardtui`: the sessions found
// on this machine, one row each, with a filter (literal matches first,
// then fuzzy ones), and a preview of the selected one. Enter opens it in
// the viewer; esc goes back to the list once the viewer has nothing of
// its own to close; r resumes it in its own agent, after saying what will
// run and asking; s searches what happened in the sessions, and enter on
// a line found opens its session at that card; q quits.
//
// The picker does no file I/O of its own, and none on its UI loop: the
// command hands it the sessions found and an Opener that starts reading
// one, which it calls from a command.
package picker

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"strconv"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/list"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/cmd/cardtui/internal/listing"
	"github.com/cardtui/cardtui/sessions"
	"github.com/cardtui/cardtui/termsafe"
	"github.com/cardtui/cardtui/viewer"
)

// Opened is a session being read for the viewer: the viewer that shows
// it, the channel its entries come on, and the function that stops the
// reading.
type Opened struct {
	Viewer viewer.Model
	Feed   <-chan cards.Change
	Cancel context.CancelFunc
}

// Opener starts reading session s for the viewer. report delivers the
// reader's other messages (its progress, its end, a ReadFailedMsg) to the
// program from the reading goroutine. An error says the session could
// not be opened; the picker shows it and stays on the list.
type Opener func(s sessions.Session, report func(tea.Msg)) (Opened, error)

// ReadFailedMsg says the session could not be read to its end.
type ReadFailedMsg struct{ Err error }

// Options configure a picker.
type Options struct {
	// Sessions are the sessions found, newest first.
	Sessions []sessions.Session
	// Project is the current directory's project: the list starts with
	// its sessions when it has any.
	Project sessions.Project
	// Home is the user's home directory, written as ~ in paths.
	Home string
	// Dark styles the list for a dark background; ThemeSet says the user
	// chose the theme, so the terminal's background is not asked for.
	Dark, ThemeSet bool
	// Open starts reading a session.
	Open Opener
	// Send delivers a message to the program that runs the picker, from
	// another goroutine.
	Send func(tea.Msg)
	// Resume is the command that resumes a session in its own agent; nil
	// leaves the resume key out.
	Resume func(sessions.Session) (listing.Resume, error)
	// LiveResume is the command that continues a session live in cardtui
	// through its agent's ACP adapter; nil, or an error, leaves that
	// choice out of the resume question.
	LiveResume func(sessions.Session) (listing.Resume, error)
	// Search looks for a query in what happened in the sessions, for
	// the search mode (s); nil leaves that key out.
	Search Searcher
}

// Model is the Bubble Tea model of the session picker.
type Model struct {
	// KeyMap is the picker's keys; New disables Search and Resume when
	// their Options are nil.
	KeyMap KeyMap

	list list.Model
	// filled counts the times the list was filled: with the filter's
	// text, what a filter's matches were made for (filterFor).
	filled  int
	all     []sessions.Session
	project sessions.Project
	// inProject is whether the list holds the current project's sessions
	// only (a toggles it); it starts so when the project has any.
	inProject bool
	home      string
	themeSet  bool
	// profile is the terminal's colour profile once Bubble Tea has said
	// it, passed to each session's viewer as it opens.
	profile *tea.ColorProfileMsg
	open    Opener
	// send delivers a message to the program from another goroutine.
	send          func(tea.Msg)
	width, height int
	// shown is the session shown in the viewer, nil while picking; gen
	// numbers the sessions opened, so that what an earlier one still
	// sends is dropped.
	shown *Opened
	gen   int
	// opening says a session is being opened.
	opening bool
	// resume is what r would run, while the picker asks whether to.
	resume   *listing.Resume
	resumeOf func(sessions.Session) (listing.Resume, error)
	// live is what l would run while the picker asks, nil when the
	// session cannot be continued live.
	live   *listing.Resume
	liveOf func(sessions.Session) (listing.Resume, error)
	dark   bool
	// search is the search mode; searchIn runs its searches.
	search   search
	searchIn Searcher
	// indexed and toIndex say how far the listing has come: its files
	// read whole, of those to read (ListedMsg).
	indexed, toIndex int
}

// ListedMsg is the listing under way: its sessions replace those shown,
// and while files are still read whole the list's title says how many.
// The command sends it as sessions.ListProgressively reports.
type ListedMsg sessions.Progress

// openedMsg is the gen-th session opened, or why it could not be.
type openedMsg struct {
	gen    int
	opened Opened
	err    error
	// at is the entry to focus, -1 for none.
	at int
}

// resumedMsg says the agent resumed in has ended.
type resumedMsg struct {
	what string
	err  error
}

// sessionMsg is a message of the gen-th session opened: its entries, its
// progress, its end or its read error.
type sessionMsg struct {
	gen int
	msg tea.Msg
}

// statusLifetime is how long a status message (why a session cannot be
// opened, how a resumed agent ended) stays.
const statusLifetime = 10 * time.Second

// rowsBeforeSize is the list's height until the window's size is known:
// the list lays out its pages as soon as it has sessions, and at a
// height of 0 each session is a page of its own, whose row of page dots
// the list builds and measures (in time growing with the square of the
// pages) at every layout until the size comes.
const rowsBeforeSize = 24

// New is the picker on the sessions found.
func New(o Options) Model {
	l := list.New(nil, newRowDelegate(o.Dark, o.Home, false), 0, rowsBeforeSize)
	l.Filter = rank
	l.StatusMessageLifetime = statusLifetime
	l.SetStatusBarItemName("session", "sessions")
	// The help line names the picker's own keys in 80 columns: one item
	// for both arrows (the list's down key has no keys, so that it is not
	// listed: updateList moves down), and enter, which every list opens
	// with, only in the full help. The list quits with KeyMap.Quit: esc
	// goes back, never quits.
	l.KeyMap.CursorUp.SetHelp("↑/↓", "move")
	l.KeyMap.CursorDown.SetKeys()
	keys := DefaultKeyMap()
	keys.Search.SetEnabled(o.Search != nil)
	keys.Resume.SetEnabled(o.Resume != nil)
	p := Model{
		KeyMap: keys, list: l, all: o.Sessions, project: o.Project, home: o.Home, themeSet: o.ThemeSet, open: o.Open, send: o.Send,
		resumeOf: o.Resume, liveOf: o.LiveResume, dark: o.Dark, search: newSearch(), searchIn: o.Search,
	}
	p.keysToList()
	p.inProject = len(o.Project.Filter(o.Sessions)) > 0
	p.setTheme(o.Dark)
	p.fill()
	return p
}

// fill puts the sessions of the scope in the list, and names the scope in
// its title; the command filters them again when a filter is set.
func (p *Model) fill() tea.Cmd {
	shown, title := p.all, "All sessions"
	if p.inProject {
		shown, title = p.project.Filter(p.all), "Sessions of "+listing.ShortPath(p.project.Dir, p.home)
	}
	items := make([]list.Item, len(shown))
	for i, s := range shown {
		items[i] = sessionItem{s: s, home: p.home}
	}
	if p.indexed < p.toIndex {
		title += fmt.Sprintf(" · indexing %s of %s", thousands(p.indexed), thousands(p.toIndex))
	}
	p.list.Title = title
	p.list.SetDelegate(newRowDelegate(p.dark, p.home, !p.inProject))
	p.filled++
	cmd := p.list.SetItems(items)
	return stampMatches(cmd, p.filterFor())
}

// listed shows the sessions the listing knows now, keeping the selected
// one selected when no filter is set; a list that was empty starts in
// the project when it has sessions there.
func (p *Model) listed(msg ListedMsg) tea.Cmd {
	selected, ok := p.list.SelectedItem().(sessionItem)
	if len(p.all) == 0 {
		p.inProject = len(p.project.Filter(msg.Sessions)) > 0
	}
	p.all, p.indexed, p.toIndex = msg.Sessions, msg.Indexed, msg.Total
	cmd := p.fill()
	if !ok || p.list.FilterState() != list.Unfiltered {
		return cmd
	}
	for i, it := range p.list.Items() {
		if it.(sessionItem).s.Path == selected.s.Path {
			p.list.Select(i)
			break
		}
	}
	return cmd
}

// thousands writes n with a comma between each three digits.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// setTheme styles the list for a dark or a light background.
func (p *Model) setTheme(dark bool) {
	p.dark = dark
	p.list.SetDelegate(newRowDelegate(dark, p.home, !p.inProject))
	p.list.Styles = list.DefaultStyles(dark)
}

// Init asks the terminal for its background colour, unless --theme chose.
func (p Model) Init() tea.Cmd {
	if p.themeSet {
		return nil
	}
	return tea.RequestBackgroundColor
}

// Update handles a message: the window's size and colour for both views,
// a session's messages for the viewer showing it, the rest for the view
// that is open.
func (p Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	p.keysToList()
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		p.width, p.height = msg.Width, msg.Height
		p.setListSize()
		p.search.input.SetWidth(max(msg.Width-3, 1))
		if p.shown != nil {
			p.shown.Viewer.SetSize(msg.Width, msg.Height)
		}
		return p, nil
	case tea.BackgroundColorMsg:
		if !p.themeSet {
			p.setTheme(msg.IsDark())
		}
	case tea.ColorProfileMsg:
		p.profile = &msg
	case sessionMsg:
		return p, p.fromSession(msg)
	case openedMsg:
		return p, p.opened(msg)
	case resumedMsg:
		return p, p.resumed(msg)
	case searchTickMsg:
		return p, p.searchTick(msg)
	case searchDoneMsg:
		p.searchDone(msg)
		return p, nil
	case ListedMsg:
		return p, p.listed(msg)
	case matchesMsg:
		if msg.of == p.filterFor() {
			p.list, _ = p.list.Update(msg.matches)
		}
		return p, nil
	}
	if p.shown != nil {
		return p, p.updateViewer(msg)
	}
	if p.search.on {
		return p, p.updateSearch(msg)
	}
	return p, p.updateList(msg)
}

// updateList handles a message while the list is shown: enter opens the
// selected session, a switches between this project and all, the rest
// goes to the list (its filter, its cursor, q).
func (p *Model) updateList(msg tea.Msg) tea.Cmd {
	k, isKey := msg.(tea.KeyPressMsg)
	if isKey && p.resume != nil {
		return p.answerResume(k)
	}
	if isKey && !p.list.SettingFilter() {
		item, selected := p.list.SelectedItem().(sessionItem)
		keys := p.KeyMap
		switch {
		case key.Matches(k, keys.Down):
			p.list.CursorDown()
			return nil
		case key.Matches(k, keys.Open):
			if selected && !p.opening {
				return p.openSession(item.s, -1)
			}
			return nil
		case key.Matches(k, keys.Search) && p.searchIn != nil:
			return p.startSearch()
		case key.Matches(k, keys.Resume) && p.resumeOf != nil:
			if selected {
				return p.askResume(item.s)
			}
			return nil
		case key.Matches(k, keys.Scope) && len(p.project.Filter(p.all)) > 0:
			p.inProject = !p.inProject
			return p.fill()
		}
	}
	var cmd tea.Cmd
	p.list, cmd = p.list.Update(msg)
	return stampMatches(cmd, p.filterFor())
}

// updateViewer handles a message while a session is shown: esc goes back
// to the list unless the viewer has a prompt, search, filter or help to
// close; everything else is the viewer's.
func (p *Model) updateViewer(msg tea.Msg) tea.Cmd {
	if k, ok := msg.(tea.KeyPressMsg); ok && key.Matches(k, p.KeyMap.Back) && !p.shown.Viewer.Escapable() {
		p.Close()
		p.shown = nil
		return nil
	}
	var cmd tea.Cmd
	p.shown.Viewer, cmd = p.shown.Viewer.Update(msg)
	return cmd
}

// openSession opens s in the viewer, read by a goroutine that stops when
// the session is closed, focused on its entry at when it is not -1. The
// file is opened by a command, off the UI loop: a file that blocks (a
// FIFO put in its place) never freezes the picker.
func (p *Model) openSession(s sessions.Session, at int) tea.Cmd {
	p.gen++
	gen, send, open := p.gen, p.send, p.open
	p.opening = true
	opening := func() tea.Msg {
		opened, err := open(s, func(msg tea.Msg) { send(sessionMsg{gen, msg}) })
		return openedMsg{gen: gen, opened: opened, err: err, at: at}
	}
	if p.search.on {
		p.search.note = "opening…"
		return opening
	}
	return tea.Batch(p.status("opening…"), opening)
}

// opened shows the session the command opened, or says why it could not
// be; one opened after the picker moved on is closed.
func (p *Model) opened(msg openedMsg) tea.Cmd {
	if msg.gen != p.gen || p.shown != nil {
		if msg.err == nil {
			msg.opened.Cancel()
		}
		return nil
	}
	p.opening, p.search.note = false, ""
	if err := msg.err; err != nil {
		if pathErr := (*fs.PathError)(nil); errors.As(err, &pathErr) {
			err = pathErr.Err
		}
		p.search.note = "cannot open it: " + err.Error()
		return p.status(p.search.note)
	}
	opened := msg.opened
	opened.Viewer.SetSize(p.width, p.height)
	if p.profile != nil {
		opened.Viewer, _ = opened.Viewer.Update(*p.profile)
	}
	if msg.at >= 0 {
		opened.Viewer.FocusIndex(msg.at)
	}
	p.shown = &opened
	return tea.Batch(opened.Viewer.Init(), p.listen())
}

// listen waits for the next entries of the open session.
func (p *Model) listen() tea.Cmd {
	gen, next := p.gen, viewer.Listen(p.shown.Feed)
	return func() tea.Msg { return sessionMsg{gen, next()} }
}

// fromSession hands a message of the open session to its viewer; one of a
// session closed since is dropped.
func (p *Model) fromSession(msg sessionMsg) tea.Cmd {
	if p.shown == nil || msg.gen != p.gen {
		return nil
	}
	switch m := msg.msg.(type) {
	case viewer.EntriesMsg:
		p.shown.Viewer.Apply(m.Updates...)
		return p.listen()
	case ReadFailedMsg:
		p.shown.Viewer.Apply(cards.Change{Index: -1, Entry: cards.Notice{Text: "cardtui: " + m.Err.Error()}})
		return nil
	}
	var cmd tea.Cmd
	p.shown.Viewer, cmd = p.shown.Viewer.Update(msg.msg)
	return cmd
}

// Close stops reading the open session, if there is one, and the search
// running; call it when the program that ran the picker ends.
func (p Model) Close() {
	if p.shown != nil {
		p.shown.Cancel()
	}
	p.search.stop()
}

// View is the viewer when a session is open, else the list above the
// preview of its selected session.
func (p Model) View() tea.View {
	if p.shown != nil {
		return viewer.App{Model: p.shown.Viewer}.View()
	}
	if p.search.on {
		v := tea.NewView(p.searchView())
		v.AltScreen = true
		return v
	}
	p.keysToList()
	content := fitRows(p.list.View(), p.width)
	for _, row := range p.askRows() {
		content = lipgloss.JoinVertical(lipgloss.Left, content, askStyle.Render(row))
	}
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
		rows[i] = termsafe.Truncate(row, width, "…")
	}
	return strings.Join(rows, "\n")
}

// previewHeight is the rows of the preview: a third of the window, up to
// 10 rows, none in a window of fewer than 18 rows, which the list needs.
func (p Model) previewHeight() int {
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
		string(s.Agent) + " · " + listing.ShortPath(s.Project, home) + flags(s),
		"started " + listing.When(s.Started) + " · last activity " + listing.When(s.LastActivity) + " · " +
			listing.ToolCalls(s) + " tool calls · " + listing.Size(s.Size),
		listing.ShortPath(s.Path, home),
	}
	rows := []string{previewStyle.Render(strings.Repeat("─", max(width, 1)))}
	for _, f := range facts {
		rows = append(rows, previewStyle.Render(termsafe.Truncate(listing.OneLine(f), width, "…")))
	}
	text := s.FirstPrompt
	if s.Problem != "" {
		text = "! " + s.Problem
	}
	for _, line := range strings.Split(strings.Trim(termsafe.SanitizeText(text), "\n"), "\n") {
		rows = append(rows, termsafe.Truncate(line, width, "…"))
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
func (i sessionItem) Title() string { return listing.Label(i.s) }

// FilterValue is what the filter matches: the title, a tab, then the
// first prompt and the project (see rank).
func (i sessionItem) FilterValue() string {
	return i.Title() + "\t" + listing.OneLine(i.s.FirstPrompt) + " " + listing.OneLine(i.s.Project)
}

// Viewing returns the viewer of the open session, and false while the
// list is shown.
func (p Model) Viewing() (viewer.Model, bool) {
	if p.shown == nil {
		return viewer.Model{}, false
	}
	return p.shown.Viewer, true
}
