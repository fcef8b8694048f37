// Package live is the front-end of `cardtui acp`: the viewer on a live ACP
// session's transcript above a prompt composer, with the permission
// prompts and the status row.
package live

import (
	"context"
	"slices"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textarea"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	sdk "github.com/coder/acp-go-sdk"

	"github.com/cardtui/cardtui/acpclient"
	"github.com/cardtui/cardtui/agents/acp"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/termsafe"
	"github.com/cardtui/cardtui/viewer"
)

// Model is the front-end of `cardtui acp`: the viewer on the session's
// transcript above a prompt composer, composed through the viewer's
// exported API. Keys go to the composer; the front-end routes the few
// that scroll to the viewer, and all of them while the transcript has
// the focus.
type Model struct {
	// KeyMap is the front-end's keys; the viewer's are its own.
	KeyMap KeyMap

	sess  *acpclient.Session
	name  string
	view  viewer.Model
	input textarea.Model
	// images are the pasted images the next prompt sends.
	images []sdk.ContentBlock
	state  acpclient.State

	width, height int
	// transcript is set while the keys go to the viewer.
	transcript bool
	history    []string
	// histPos is the history entry in the composer; len(history) when
	// the composer holds new text.
	histPos int
	// ctrlC is set when the last key was Interrupt: a second one quits.
	ctrlC bool
	// hint is a one-off message in the status row, until the next key.
	hint string
	// failure says why the last request written to the agent failed,
	// until the user makes another.
	failure string
	// answering is the permission request the user gave the keys to
	// (KeyMap.Answer); kept is the one the user took them back from.
	answering, kept sdk.ToolCallId
	// asked is the last permission request seen, shown since askedAt;
	// typedAt is when the last key went to the composer (permission.go).
	asked   sdk.ToolCallId
	askedAt time.Time
	typedAt time.Time
	// now is the clock the permission's QuietTime is measured on.
	now func() time.Time
	// queued is the prompt sent while the agent was starting, until the
	// session is open.
	queued *queuedPrompt
}

// composerMaxRows is the tallest the composer grows.
const composerMaxRows = 6

// completionRows is the most /commands listed under the status row.
const completionRows = 5

// New is the front-end on a connected session; cfg is the configuration
// it was started with, whose Source names the agent.
func New(s *acpclient.Session, cfg acpclient.Config) *Model {
	return newModel(s, cfg, viewer.DefaultOptions())
}

// newModel is New with the viewer's options given. The tests have the
// cards drawn on the program's loop (RenderWait 0), so that a screen they
// read does not depend on how fast a loaded machine draws.
func newModel(s *acpclient.Session, cfg acpclient.Config, opts viewer.Options) *Model {
	opts.Keys.Quit.SetEnabled(false) // the front-end quits itself
	opts.Source = cfg.Source
	input := textarea.New()
	input.ShowLineNumbers = false
	input.Prompt = "› "
	input.KeyMap.InsertNewline.SetEnabled(false)
	input.SetVirtualCursor(false)
	styles := textarea.DefaultStyles(true)
	styles.Focused.CursorLine = lipgloss.NewStyle() // no band behind the line being typed
	input.SetStyles(styles)
	input.SetHeight(1)
	view := viewer.New(opts)
	view.Blur() // the composer has the keys until ctrl+o
	return &Model{KeyMap: DefaultKeyMap(), sess: s, name: cfg.Source, view: view, input: input, state: s.State(), now: time.Now}
}

// changedMsg says the session has changes; endedMsg that the agent is
// gone; openedMsg that Open returned; answeredMsg that a request written
// to the agent ended, with its error.
type (
	changedMsg  struct{}
	endedMsg    struct{}
	openedMsg   struct{}
	answeredMsg struct{ err error }
)

// OpenTimeout is how long the agent has to answer initialize and
// session/new.
const OpenTimeout = time.Minute

// RequestTimeout is how long the agent has to answer a switch of mode or
// model, and a cancel has to be written; a prompt has no bound, as its
// turn takes the time it takes.
const RequestTimeout = time.Minute

// request writes a request to the agent in a command, off the Update
// loop, bounded by timeout (none when 0); its end comes back as an
// answeredMsg, whose error the screen shows.
func (m *Model) request(timeout time.Duration, write func(context.Context) error) tea.Cmd {
	m.failure = ""
	m.layout()
	return func() tea.Msg {
		ctx, cancel := context.Background(), context.CancelFunc(func() {})
		if timeout > 0 {
			ctx, cancel = context.WithTimeout(ctx, timeout)
		}
		defer cancel()
		return answeredMsg{err: write(ctx)}
	}
}

// answered shows why a request failed.
func (m *Model) answered(msg answeredMsg) {
	if msg.err != nil {
		m.failure = msg.err.Error()
		m.layout()
	}
}

// openSession opens a session Launch started, off the Update loop: the
// screen shows "starting…" until it is open, and why when it failed.
func (m *Model) openSession() tea.Cmd {
	if !m.sess.State().Starting {
		return nil
	}
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), OpenTimeout)
		defer cancel()
		_ = m.sess.Open(ctx) // a failure is a notice of the transcript
		return openedMsg{}
	}
}

// waitForSession waits for the next change of the session, off the
// Update loop.
func (m *Model) waitForSession() tea.Cmd {
	return func() tea.Msg {
		select {
		case <-m.sess.Changed():
			return changedMsg{}
		case <-m.sess.Done():
			return endedMsg{}
		}
	}
}

// Init starts the viewer, focuses the composer and starts the agent.
func (m *Model) Init() tea.Cmd {
	return tea.Batch(m.view.Init(), m.input.Focus(), m.waitForSession(), m.openSession())
}

// Update handles a key, a resize, or what the agent or a request sent.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.layout()
		return m, nil
	case changedMsg:
		return m, tea.Batch(m.applyChanges(), m.waitForSession())
	case endedMsg, openedMsg:
		return m, m.applyChanges()
	case tea.KeyPressMsg:
		return m, m.key(msg)
	case tea.MouseWheelMsg:
		return m, m.toViewer(msg)
	case tea.PasteMsg:
		return m, m.paste(msg)
	case imageMsg:
		m.attach(msg)
		m.layout()
		return m, nil
	case mentionMsg:
		m.mentionCompleted(msg)
		m.layout()
		return m, nil
	case answeredMsg:
		m.answered(msg)
		return m, nil
	case quietMsg: // the screen is drawn anew: the request may have the keys now
		return m, nil
	}
	return m, tea.Batch(m.toViewer(msg), m.toInput(msg))
}

// applyChanges hands the session's changes to the viewer.
func (m *Model) applyChanges() tea.Cmd {
	changes := m.sess.Changes()
	m.state = m.sess.State()
	if m.state.Agent != "" {
		m.view.SetSource(m.state.Agent) // agentInfo names it better than its program
	}
	m.layout()
	noticed := tea.Batch(m.noticeRequest(), m.sendQueued())
	if len(changes) == 0 {
		return noticed
	}
	updates := make([]cards.Change, len(changes))
	for i, c := range changes {
		updates[i] = cards.Change{Index: c.Index, Entry: c.Entry}
	}
	return tea.Batch(noticed, m.toViewer(viewer.EntriesMsg{Updates: updates}))
}

// toViewer passes a message to the viewer.
func (m *Model) toViewer(msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	m.view, cmd = m.view.Update(msg)
	return cmd
}

// scrollViewer passes a scrolling key typed in the composer to the
// viewer, which ignores keys while the composer has them.
func (m *Model) scrollViewer(msg tea.KeyPressMsg) tea.Cmd {
	m.view.Focus()
	defer m.view.Blur()
	return m.toViewer(msg)
}

// toInput passes a message to the composer.
func (m *Model) toInput(msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(msg)
	m.layout()
	return cmd
}

// key handles a key press: quitting and cancelling first, then the
// transcript's keys, the permission's, the composer's own.
func (m *Model) key(msg tea.KeyPressMsg) tea.Cmd {
	interrupt := key.Matches(msg, m.KeyMap.Interrupt)
	second := m.ctrlC && interrupt
	m.ctrlC, m.hint = interrupt, ""
	switch {
	case second:
		return tea.Quit
	case interrupt:
		return m.interrupt()
	case key.Matches(msg, m.KeyMap.Transcript):
		m.transcript = !m.transcript
		if m.transcript {
			m.view.Focus()
		} else {
			m.view.Blur()
		}
		return nil
	case m.transcript:
		return m.toViewer(msg)
	case key.Matches(msg, m.KeyMap.Answer):
		m.focusPermission()
		return nil
	case m.answeringNow():
		m.answerKeyPress(msg)
		return nil
	}
	return tea.Batch(m.typedNow(), m.composerKey(msg))
}

// interrupt is a first Interrupt (ctrl+c): it cancels a running turn,
// else clears the composer; a second one quits.
func (m *Model) interrupt() tea.Cmd {
	again := keyName(m.KeyMap.Interrupt) + " again quits"
	switch {
	case m.state.Busy:
		m.hint = "cancelling the turn · " + again
		return m.request(RequestTimeout, m.sess.Cancel)
	case m.input.Value() != "":
		m.input.Reset()
		m.layout()
	default:
		m.hint = again
	}
	return nil
}

// composerKey edits, sends and recalls prompts, and scrolls the viewer.
func (m *Model) composerKey(msg tea.KeyPressMsg) tea.Cmd {
	k, empty := m.KeyMap, m.input.Value() == ""
	switch {
	case key.Matches(msg, k.Cancel) && m.state.Busy:
		return m.request(RequestTimeout, m.sess.Cancel)
	case key.Matches(msg, k.Quit) && empty:
		return tea.Quit
	case key.Matches(msg, k.Send):
		return m.send()
	case key.Matches(msg, k.Newline):
		m.input.InsertString("\n")
		m.layout()
	case key.Matches(msg, k.HistoryBack, k.HistoryForward) && (empty || m.browsing()):
		m.recall(key.Matches(msg, k.HistoryBack))
	case key.Matches(msg, k.Complete) && m.mentioning():
		asked, _ := mentionAsked(m.input.Value())
		return completeMention(m.sess.Dir(), asked)
	case key.Matches(msg, k.Complete) && len(m.completions()) > 0:
		m.input.SetValue("/" + safe(m.completions()[0]) + " ")
		m.input.CursorEnd()
	default:
		return m.scrollKey(msg)
	}
	return nil
}

// scrollKey passes the scrolling keys to the viewer as the viewer's own
// keys (pgup, pgdown, up, down), and the rest to the composer.
func (m *Model) scrollKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.KeyMap
	switch {
	case key.Matches(msg, k.PageUp):
		return m.scrollViewer(tea.KeyPressMsg{Code: tea.KeyPgUp})
	case key.Matches(msg, k.PageDown):
		return m.scrollViewer(tea.KeyPressMsg{Code: tea.KeyPgDown})
	case key.Matches(msg, k.LineUp):
		return m.scrollViewer(tea.KeyPressMsg{Code: tea.KeyUp})
	case key.Matches(msg, k.LineDown):
		return m.scrollViewer(tea.KeyPressMsg{Code: tea.KeyDown})
	}
	return m.toInput(msg)
}

// send sends the composer's text as a prompt, or runs it as a /mode or
// /model setting, in a command.
func (m *Model) send() tea.Cmd {
	text := m.input.Value()
	switch {
	case strings.TrimSpace(text) == "":
		return nil
	case m.state.Starting && m.queued != nil:
		m.hint = "a prompt is already queued · send this one when the agent is ready"
	case m.state.Starting:
		m.queued = &queuedPrompt{text: text, images: m.remember(text)}
		m.input.Reset()
		m.layout()
	case m.state.Failed:
		m.hint = "the session could not be opened · " + helpLine(m.KeyMap.Quit)
	case m.state.Ended:
		m.hint = "the agent has ended · " + helpLine(m.KeyMap.Quit)
	case m.state.Busy:
		m.hint = "a turn is running · " + helpLine(withHelp(m.KeyMap.Cancel, "cancels it"))
	default:
		cmd, isSetting := m.setting(text)
		if !isSetting {
			cmd = m.prompt(text)
		}
		m.input.Reset()
		m.layout()
		return cmd
	}
	return nil
}

// prompt sends text with the images attached, and keeps it in the
// history.
func (m *Model) prompt(text string) tea.Cmd {
	return m.promptRequest(text, m.remember(text))
}

// remember keeps text in the history and takes the images attached to
// it.
func (m *Model) remember(text string) []sdk.ContentBlock {
	images := m.images
	m.images = nil
	m.history = append(m.history, text)
	m.histPos = len(m.history)
	return images
}

// promptRequest sends text and images as a prompt, in a command.
func (m *Model) promptRequest(text string, images []sdk.ContentBlock) tea.Cmd {
	s := m.sess
	return m.request(0, func(ctx context.Context) error { return s.Prompt(ctx, text, images...) })
}

// queuedPrompt is a prompt sent before the session was open, and the
// images attached to it.
type queuedPrompt struct {
	text   string
	images []sdk.ContentBlock
}

// sendQueued sends the queued prompt once the session is open; when it
// could not be opened, the prompt goes back to an empty composer.
func (m *Model) sendQueued() tea.Cmd {
	q := m.queued
	switch {
	case q == nil || m.state.Starting:
		return nil
	case m.state.Failed || m.state.Ended:
		m.queued = nil
		if m.input.Value() == "" {
			m.input.SetValue(q.text)
			m.images = q.images
		}
		return nil
	}
	m.queued = nil
	return m.promptRequest(q.text, q.images)
}

// browsing reports whether the composer shows a history entry unchanged.
func (m *Model) browsing() bool {
	return m.histPos < len(m.history) && m.input.Value() == m.history[m.histPos]
}

// recall goes one prompt back (or forward) in the history.
func (m *Model) recall(back bool) {
	switch {
	case back && m.histPos > 0:
		m.histPos--
	case !back && m.histPos < len(m.history):
		m.histPos++
	default:
		return
	}
	value := ""
	if m.histPos < len(m.history) {
		value = m.history[m.histPos]
	}
	m.input.SetValue(value)
	m.layout()
}

// builtins are the front-end's own commands: /mode and /model switch
// what the agent offers to switch, unless the agent has a command of the
// same name.
var builtins = []string{"mode", "model"}

// builtin reports whether /name is the front-end's: one of builtins that
// the agent offers values for and has no command of its own by.
func (m *Model) builtin(name string) bool {
	for _, c := range m.state.Commands {
		if c.Name == name {
			return false
		}
	}
	return len(m.values(name)) > 0
}

// values are what /mode or /model switch to.
func (m *Model) values(name string) []acp.Choice {
	switch name {
	case "mode":
		return m.state.Modes
	case "model":
		return m.state.Models
	}
	return nil
}

// setting runs "/mode ID" or "/model ID" in a command and reports
// whether text was one; an id the agent does not offer is a hint listing
// those it does.
func (m *Model) setting(text string) (tea.Cmd, bool) {
	name, arg, _ := strings.Cut(strings.TrimSpace(text), " ")
	name, arg = strings.TrimPrefix(name, "/"), strings.TrimSpace(arg)
	if !strings.HasPrefix(text, "/") || !slices.Contains(builtins, name) || !m.builtin(name) {
		return nil, false
	}
	values := m.values(name)
	i := slices.IndexFunc(values, func(c acp.Choice) bool {
		return c.ID == arg || safe(c.ID) == arg || strings.EqualFold(c.Name, arg)
	})
	if i < 0 {
		ids := make([]string, len(values))
		for k, c := range values {
			ids[k] = c.ID
		}
		m.hint = "/" + name + " takes one of: " + safe(strings.Join(ids, ", "))
		return nil, true
	}
	s, id := m.sess, values[i].ID
	if name == "mode" {
		return m.request(RequestTimeout, func(ctx context.Context) error { return s.SetMode(ctx, id) }), true
	}
	return m.request(RequestTimeout, func(ctx context.Context) error { return s.SetModel(ctx, id) }), true
}

// completions complete the /word being typed — the agent's commands and
// /mode, /model — or, after "/mode " or "/model ", the value.
func (m *Model) completions() []string {
	v := m.input.Value()
	if !strings.HasPrefix(v, "/") || strings.Contains(v, "\n") {
		return nil
	}
	if name, arg, found := strings.Cut(v[1:], " "); found {
		if !slices.Contains(builtins, name) || !m.builtin(name) || strings.Contains(arg, " ") {
			return nil
		}
		var ids []string
		for _, c := range m.values(name) {
			if strings.HasPrefix(c.ID, arg) {
				ids = append(ids, name+" "+c.ID)
			}
		}
		return ids
	}
	var names []string
	for _, c := range m.state.Commands {
		if strings.HasPrefix(c.Name, v[1:]) {
			names = append(names, c.Name)
		}
	}
	for _, b := range builtins {
		if strings.HasPrefix(b, v[1:]) && m.builtin(b) {
			names = append(names, b)
		}
	}
	return names
}

// layout sizes the composer to its text and gives the viewer the rest.
func (m *Model) layout() {
	if m.width <= 0 || m.height <= 0 {
		return
	}
	m.input.SetWidth(m.width)
	m.input.SetHeight(min(max(m.input.LineCount(), 1), composerMaxRows))
	m.view.SetSize(m.width, max(m.height-len(m.belowRows())-m.input.Height(), 1))
}

// View is the viewer's screen, the front-end's rows and the composer.
func (m *Model) View() tea.View {
	below := m.belowRows()
	top := m.view.Render()
	rows := strings.Count(top.Content, "\n") + 1 + len(below)
	m.input.Placeholder = "Ask the agent… (" + helpJoined(", ", m.KeyMap.Send, m.KeyMap.Newline) + ")"
	v := tea.NewView(top.Content + "\n" + strings.Join(below, "\n") + "\n" + m.input.View())
	v.AltScreen = true
	v.MouseMode = top.MouseMode
	switch c := m.input.Cursor(); {
	case m.transcript:
		v.Cursor = top.Cursor // at the viewer's search prompt, if any
	case m.answeringNow(): // the keys go to the permission, not the composer
	case c != nil:
		c.Y += rows
		v.Cursor = c
	}
	return v
}

// Styles of the front-end's rows.
var (
	liveAccent = lipgloss.NewStyle().Foreground(lipgloss.Color("#79c0ff")).Bold(true)
	liveDim    = lipgloss.NewStyle().Foreground(lipgloss.Color("#8b949e"))
	liveWarn   = lipgloss.NewStyle().Foreground(lipgloss.Color("#d29922")).Bold(true)
)

// belowRows are the rows between the viewer and the composer: the
// permission being asked, why the last request failed, the /command
// completions, the status row.
func (m *Model) belowRows() []string {
	var rows []string
	if m.failure != "" {
		rows = append(rows, m.fit(liveWarn.Render("failed: ")+safe(m.failure)))
	}
	if m.queued != nil {
		rows = append(rows, m.fit(liveWarn.Render("queued: ")+safe(m.queued.text)+liveDim.Render("   sent when the agent is ready")))
	}
	if m.state.Asks {
		rows = append(rows, m.fit(m.permissionRow()))
	}
	for i, name := range m.completions() {
		if i == completionRows {
			break
		}
		rows = append(rows, m.fit(liveAccent.Render("/"+safe(name))+liveDim.Render(" "+m.commandHelp(name))))
	}
	return append(rows, m.fit(m.statusText()))
}

// commandHelp is a command's description.
func (m *Model) commandHelp(name string) string {
	if name, arg, ok := strings.Cut(name, " "); ok {
		for _, c := range m.values(name) {
			if c.ID == arg {
				return safe(c.Name)
			}
		}
		return ""
	}
	switch {
	case name == "mode" && m.builtin(name):
		return "switch the session's mode"
	case name == "model" && m.builtin(name):
		return "switch the model"
	}
	for _, c := range m.state.Commands {
		if c.Name == name {
			return safe(c.Description)
		}
	}
	return ""
}

// statusText is the status row: the agent, the session's title, its
// mode, the turn, and the keys or the hint.
func (m *Model) statusText() string {
	name := m.name
	if m.state.Agent != "" {
		name = m.state.Agent
	}
	parts := []string{liveAccent.Render(safe(name))}
	if m.state.Title != "" {
		parts = append(parts, safe(m.state.Title))
	}
	if m.state.Mode != "" {
		parts = append(parts, "mode "+safe(m.state.Mode))
	}
	if m.state.Model != "" {
		parts = append(parts, "model "+safe(m.state.Model))
	}
	switch {
	case m.state.Failed:
		parts = append(parts, liveWarn.Render("the session could not be opened"))
	case m.state.Ended:
		parts = append(parts, liveWarn.Render("the agent has ended"))
	case m.state.Starting:
		parts = append(parts, liveWarn.Render("starting…"))
	case m.state.Asks:
		parts = append(parts, liveWarn.Render("waiting for your answer"))
	case m.state.Busy:
		parts = append(parts, liveWarn.Render("turn running · "+helpLine(m.KeyMap.Cancel)))
	default:
		parts = append(parts, "ready")
	}
	return strings.Join(parts, liveDim.Render(" · ")) + liveDim.Render("   "+m.keysText())
}

// keysText is the end of the status row: the hint, else the keys that
// switch between the composer, the transcript and the permission.
func (m *Model) keysText() string {
	k := m.KeyMap
	switch {
	case m.hint != "":
		return m.hint
	case m.transcript && m.state.Asks:
		return keyName(k.Transcript) + " back to the composer, then " + keyName(k.Answer) + " to answer"
	case m.transcript:
		return "transcript keys (? lists them) · " + helpLine(withHelp(k.Transcript, "back to the composer"))
	}
	return helpLine(k.Transcript, k.Quit)
}

// fit cuts a row to the screen's width.
func (m *Model) fit(row string) string { return termsafe.Truncate(row, m.width, "…") }

// safe is text from the agent made safe for one row of the terminal, as
// the cards make it.
func safe(s string) string { return strings.Join(strings.Fields(termsafe.SanitizeText(s)), " ") }
