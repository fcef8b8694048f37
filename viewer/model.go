package viewer

import (
	"os"
	"slices"
	"strings"
	"time"

	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render"
)

// Options configure a Model. The zero value works: New binds a zero
// Keys to DefaultKeyMap and draws with render.DefaultOptions in the local
// time zone when Render is zero, and the status and help lines are shown
// unless hidden. DefaultOptions adds what a program wants beside that:
// cards drawn off the program's loop and tmux's clipboard.
type Options struct {
	// Render are the options the cards are drawn with. The viewer sets
	// Width (its width less the one-cell focus gutter) and Expanded (per
	// card); Render.Expanded is the initial state of every card. Theme is
	// replaced by the terminal's background unless ThemeFixed. Profile is
	// a ceiling: in a Program the viewer draws in the terminal's own
	// profile when that has fewer colours (tea.ColorProfileMsg), so that
	// a 256- or 16-colour terminal gets the tints chosen for it rather
	// than Bubble Tea's nearest colours to the true-colour ones. Keep it
	// TrueColor in an interactive program; lower it for --color never or
	// for text that does not go through a Program. A zero Render is
	// DefaultRender().
	Render render.Options
	// Keys are the first key bindings of Model.KeyMap, which the harness
	// may read and change after New; a zero KeyMap is DefaultKeyMap.
	Keys KeyMap
	// ShowInternal shows from the start what the agent keeps to itself
	// (cards.IsInternal), which the viewer otherwise hides until
	// KeyMap.Internal is pressed.
	ShowInternal bool
	// HideStatus hides the status line under the cards: the counters, the
	// source, follow and search state. HideHelp hides the key help under
	// it (shown only while the viewer has the focus). A harness that shows
	// its own status or help (Model implements help.KeyMap, with the keys
	// of what the viewer is doing) hides them.
	HideStatus, HideHelp bool
	// Source names the transcript: the status line shows its base name,
	// the full help (?) all of it.
	Source string
	// ThemeFixed keeps Render.Theme (a --theme flag was given) instead of
	// asking the terminal for its background colour.
	ThemeFixed bool
	// Feed, when not nil, is read by Init's command: the changes sent on
	// it from any goroutine set entries as Upsert does (by ID) or by Index.
	Feed <-chan cards.Change
	// NoFollow starts with the view not pinned to the newest card: the
	// screen stays at the top while entries arrive.
	NoFollow bool
	// RenderWait, when not 0, has the cards drawn off the program's loop:
	// a card not drawn within RenderWait shows a placeholder row until it
	// is (see background.go), so that keys answer while it is drawn. With
	// 0 every card is drawn when it is first shown, however long it takes.
	RenderWait time.Duration
	// Tmux is the TMUX environment variable of the program ("" outside
	// tmux): inside tmux the copy key asks tmux how to reach the
	// clipboard, since tmux does not say it takes OSC 52 writes.
	Tmux string
}

// DefaultOptions are the zero Options with cards drawn in the background
// (DefaultRenderWait), tmux's clipboard (the TMUX environment variable)
// and DefaultRender (times in the local time zone).
func DefaultOptions() Options {
	return Options{Render: DefaultRender(), Keys: DefaultKeyMap(), RenderWait: DefaultRenderWait, Tmux: os.Getenv("TMUX")}
}

// DefaultRender are render.DefaultOptions with times shown in the local
// time zone: what a zero Options.Render draws with.
func DefaultRender() render.Options {
	o := render.DefaultOptions()
	o.Location = time.Local
	return o
}

// withDefaults fills the zero Render and Keys.
func (o Options) withDefaults() Options {
	if o.Render == (render.Options{}) {
		o.Render = DefaultRender()
	}
	if o.Keys.zero() {
		o.Keys = DefaultKeyMap()
	}
	return o
}

// Model is the viewer: a Bubble Tea component that shows entries as a
// scrollable list of cards, with a status line and a help line. Like
// bubbles' viewport or list it is a value whose Update returns the new
// value; App runs it as a program of its own.
//
// Copies share no state: a copy keeps its entries, scroll position and
// expanded cards whatever is done to the original (the entries are a
// persistent list, so an update costs a few hundred slots, not the whole
// transcript). Only the cache of rendered cards is shared, and it is
// keyed by content, so a copy never sees another's cards.
type Model struct {
	// KeyMap are the viewer's key bindings (Options.Keys at first): read
	// them for a help of the harness's own, change or disable them at any
	// time, as with bubbles' viewport.
	KeyMap KeyMap

	opts   Options
	source string // Options.Source made safe for one line
	styles chrome
	help   help.Model
	// helpLines are the rendered help's rows, drawn for helpState.
	helpLines []string
	helpState helpState

	list     store
	ids      *idIndex
	cache    *cardCache
	drawings *drawings
	pending  int // tool cards waiting for their result
	problems int
	// totals sum the turns of the entries (models left out), for the
	// status line.
	totals cards.Totals

	width, height int
	// originX and originY are where the parent draws the viewer, for the
	// mouse (SetOrigin).
	originX, originY int
	top              position // the row at the top of the screen
	focus            int
	// hscroll is the focused card's sideways scroll (hscroll.go).
	hscroll hscroll
	blurred bool
	follow  bool
	// profileCeiling is the caller's Options.Render.Profile: the
	// terminal's profile lowers the drawing's, never raises it past this.
	profileCeiling colorprofile.Profile
	allExpanded    bool
	// expandEpoch invalidates every card's own expanded state at once
	// (toggleAll): a slot's state counts only when its epoch is this.
	expandEpoch uint32

	// streams are the messages being streamed, drawn a paragraph at a
	// time (stream.go).
	streams *streams

	progress  ProgressMsg
	streaming bool // a Listen is reading and the stream has not ended
	search    search
	prompt    prompt
	filter    filter
	// awaited is the entry to focus when it arrives (FocusIndex).
	awaited awaitedFocus
	// pendingKey is the first key of a sequence (]e), waiting for the
	// second.
	pendingKey string
	note       string // the last action's message, shown in the status line
	termcap    termcap
	tmux       tmuxRunner // nil outside tmux
	// now is the clock of the running calls' elapsed times; ticking is
	// whether a refresh is due.
	now     func() time.Time
	ticking bool
}

// New returns a viewer with no entries, focused. It shows nothing until
// it has a size (SetSize).
func New(opts Options) Model {
	opts = opts.withDefaults()
	m := Model{
		KeyMap:         opts.Keys,
		opts:           opts,
		source:         oneLine(opts.Source),
		help:           help.New(),
		ids:            newIDIndex(),
		cache:          newCardCache(),
		drawings:       newDrawings(),
		streams:        &streams{},
		follow:         !opts.NoFollow,
		allExpanded:    opts.Render.Expanded,
		profileCeiling: opts.Render.Profile,
		search:         search{cur: -1},
		filter:         filter{hideInternal: !opts.ShowInternal},
		now:            time.Now,
		tmux:           newTmuxRunner(opts.Tmux),
	}
	m.setTheme(opts.Render.Theme)
	return m
}

// Init asks the terminal for its background colour (unless
// Options.ThemeFixed) and whether it takes OSC 52 clipboard writes,
// starts reading Options.Feed and, with RenderWait, waiting for the cards
// drawn in the background. A parent returns it from its own Init (in a
// tea.Batch).
func (m Model) Init() tea.Cmd {
	cmds := []tea.Cmd{tea.RequestCapability(clipboardCapability)}
	if !m.opts.ThemeFixed {
		cmds = append(cmds, tea.RequestBackgroundColor)
	}
	if m.opts.RenderWait > 0 {
		cmds = append(cmds, m.drawings.waitDrawn)
	}
	if m.opts.Feed != nil {
		cmds = append(cmds, Listen(m.opts.Feed))
	}
	return tea.Batch(cmds...)
}

// Update handles a message and returns the new model and a command for
// the program to run. It takes keys (only while focused), the mouse,
// pastes into the search prompt, the terminal's background colour and
// capabilities, and the viewer's own messages (EntriesMsg, ProgressMsg,
// EndMsg and those of its commands). It never waits for I/O.
//
// A tea.WindowSizeMsg is ignored, as bubbles' components ignore it: the
// parent knows which part of the window is the viewer's and calls
// SetSize. App sizes the model to the whole window.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	m.list.edit()
	cmd := m.update(msg)
	if !m.opts.HideHelp {
		m.refreshHelp() // the short help follows the mode
	}
	return m, tea.Batch(cmd, m.tickCmd())
}

func (m *Model) update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case cardsDrawnMsg:
		m.settle() // the cards drawn may be taller than their placeholders
		return m.drawings.waitDrawn
	case tea.BackgroundColorMsg:
		m.setBackground(msg)
	case tea.ColorProfileMsg:
		m.setProfile(msg.Profile)
	case tea.CapabilityMsg:
		m.termcap.take(msg)
	case tea.KeyPressMsg:
		if !m.blurred {
			m.awaited.on = false
			return m.keyPress(msg)
		}
	case tea.MouseWheelMsg:
		m.awaited.on = false
		m.wheel(msg)
	case tea.MouseClickMsg:
		m.awaited.on = false
		m.click(msg)
	case tea.PasteMsg:
		if !m.blurred {
			m.paste(msg.Content)
		}
	case EntriesMsg:
		m.apply(msg.Updates)
		if msg.next != nil {
			m.streaming = true
		}
		return msg.next
	case ProgressMsg:
		m.progress = msg
	case EndMsg:
		m.streaming, m.progress.Done = false, true
	case searchDoneMsg:
		m.searchDone(msg)
	case noteMsg:
		m.note = string(msg)
	case tmuxOSC52Msg:
		m.note = "copied " + lineCount(msg.text) + " to the clipboard through tmux"
		return tea.SetClipboard(msg.text)
	case tickMsg:
		m.ticking = false
	}
	return nil
}

// wheelRows is how far one notch of the mouse wheel scrolls.
const wheelRows = 3

func (m *Model) wheel(msg tea.MouseWheelMsg) {
	switch msg.Button {
	case tea.MouseWheelDown:
		m.scroll(wheelRows)
	case tea.MouseWheelUp:
		m.scroll(-wheelRows)
	}
}

// apply sets the entries of a batch of updates.
func (m *Model) apply(updates []cards.Change) {
	focusOnLast := m.focus >= m.shownCount()-1
	// A copy of the model made before this batch shares the shown
	// cards' array: clipped, the first entry appended to it copies it
	// once, and the batch's others append in place (filterChanged).
	m.filter.shown = slices.Clip(m.filter.shown)
	for _, u := range updates {
		if u.Entry != nil {
			m.put(u)
		}
	}
	if m.follow && focusOnLast {
		m.focus = m.shownCount() - 1
	}
	m.arrived()
	m.settle()
}

// put sets one entry: the one of its ID or Index, else a new one.
func (m *Model) put(u cards.Change) {
	i := u.Index
	if u.ID != "" {
		i = m.ids.find(&m.list, u.ID)
	}
	var was cards.Entry
	if i < 0 || i >= m.list.Len() {
		i = m.list.Len()
		m.list.push(slot{entry: u.Entry, version: nextVersion(), id: u.ID})
		if u.ID != "" {
			m.ids.note(u.ID, i)
		}
	} else {
		was = m.list.entry(i)
		m.count(was, -1)
		m.list.set(i, u.Entry)
	}
	m.markStarted(i, was)
	m.count(u.Entry, 1)
	m.filterChanged(i)
	m.recount(i)
}

// count adds d times an entry's share to the pending and problem counts.
func (m *Model) count(e cards.Entry, d int) {
	switch e := e.(type) {
	case cards.ToolCard:
		if running(e) {
			m.pending += d
		}
	case cards.Problem:
		m.problems += d
	case cards.Message:
		m.countTurn(e.Turn, d)
	case cards.Notice:
	}
}

// countTurn adds d times a turn's facts to the session's totals.
func (m *Model) countTurn(t cards.Turn, d int) {
	if t.IsZero() {
		return
	}
	m.totals.Turns += d
	m.totals.Duration += time.Duration(d) * t.Duration
	m.totals.CostUSD += float64(d) * t.CostUSD
	u := t.Usage
	m.totals.Usage = m.totals.Usage.Add(cards.Usage{Input: d * u.Input, Cached: d * u.Cached, Output: d * u.Output, Reasoning: d * u.Reasoning})
}

// SetSize sets the viewer's size in cells: the whole window when it runs
// alone (App does it on every tea.WindowSizeMsg), the part of the screen
// the parent gives it when embedded — call it from the parent's own
// handling of tea.WindowSizeMsg, with what is left after the parent's
// other components. Cards are laid out again for a new width only as
// they are shown; the top card stays at the top.
func (m *Model) SetSize(width, height int) {
	m.list.edit()
	oldWidth := m.cardWidth()
	m.width, m.height = max(width, 0), max(height, 0)
	m.help.SetWidth(m.width)
	m.refreshHelp()
	if m.shownCount() > 0 && m.cardWidth() != oldWidth {
		m.rescaleTop(oldWidth)
	}
	m.settle()
}

// Width and Height are the viewer's size (SetSize).
func (m Model) Width() int { return m.width }

// Height is the viewer's height in rows (SetSize).
func (m Model) Height() int { return m.height }

// SetOrigin tells the viewer where the parent draws it (the cell of its
// top-left corner), so that a forwarded mouse click lands on the right
// card. It is (0, 0) until set, which is right when the viewer is the
// top of the window.
func (m *Model) SetOrigin(x, y int) { m.originX, m.originY = x, y }

// rescaleTop keeps the top row at the same fraction of its card when the
// card is laid out for another width.
func (m *Model) rescaleTop(oldWidth int) {
	m.normalize()
	old, ok := m.cache.peek(m.cacheKey(m.top.card, oldWidth))
	if !ok || m.top.line == 0 {
		return
	}
	m.top.line = m.top.line * m.card(m.top.card).Len() / max(old.Len(), 1)
}

// cardWidth is the width cards are drawn at: the screen's width less the
// focus gutter.
func (m *Model) cardWidth() int { return max(m.width-gutterWidth, 1) }

// contentHeight is the number of rows that show cards.
func (m *Model) contentHeight() int {
	return max(m.height-m.statusRows()-m.shownHelpRows(), 1)
}

// statusRows is the height of the status line: 1 when it is shown (the
// search prompt needs it too), else 0.
func (m *Model) statusRows() int {
	if !m.opts.HideStatus || m.prompt.open() {
		return 1
	}
	return 0
}

// shownHelpRows is the height of the help, 0 when it is off, the viewer
// is blurred or the screen is too low to show it.
func (m *Model) shownHelpRows() int {
	switch rows := len(m.helpLines); {
	case m.opts.HideHelp || m.blurred:
		return 0
	case m.help.ShowAll:
		return min(rows, max(m.height-m.statusRows()-1, 0)) // a row of cards stays
	case m.height < rows+2:
		return 0
	default:
		return rows
	}
}

// cacheKey is the cache key of shown card v drawn at width.
func (m *Model) cacheKey(v, width int) cardKey {
	i := m.entryIndex(v)
	return cardKey{version: m.list.at(i).version, width: width, expanded: m.isExpanded(i), theme: m.opts.Render.Theme, profile: m.opts.Render.Profile}
}

// card returns shown card v's rendering, from the cache when it is there;
// else drawn in the background when RenderWait is set (background.go).
func (m *Model) card(v int) rendering {
	k := m.cacheKey(v, m.cardWidth()+m.shift(v))
	if drawn, ok := m.cache.get(k); ok {
		return drawn
	}
	o := m.opts.Render
	o.Width, o.Expanded = k.width, k.expanded
	i := m.entryIndex(v)
	if m.opts.RenderWait > 0 {
		return m.cardWhenDrawn(k, i, o)
	}
	drawn := drawCard(m.streams, i, m.list.entry(i), o)
	m.cache.put(k, drawn)
	return drawn
}

// rendering is a card drawn for the screen, finished (see render.Drawing.
// Finish): the renderer's Drawing, cut further when the screen is narrower
// than the narrowest card.
type rendering struct {
	render.Drawing
	cut int // the screen's width when it is below render.MinWidth, else 0
}

// line returns line j of the card as the screen shows it.
func (r rendering) line(j int) string {
	line := r.Line(j)
	if r.cut > 0 {
		line = ansi.Truncate(line, r.cut, "")
	}
	return line
}

// isExpanded reports whether the card of entry i is expanded.
func (m *Model) isExpanded(i int) bool {
	if sl := m.list.at(i); sl.expand != 0 && sl.epoch == m.expandEpoch {
		return sl.expand > 0
	}
	return m.allExpanded
}

// setExpanded expands or collapses the card of entry i.
func (m *Model) setExpanded(i int, v bool) {
	sl := m.list.writable(i)
	sl.expand, sl.epoch = -1, m.expandEpoch
	if v {
		sl.expand = 1
	}
}

// toggleFocused expands or collapses the focused card and shows it.
func (m *Model) toggleFocused() {
	if m.shownCount() == 0 {
		return
	}
	i := m.entryIndex(m.focus)
	m.setExpanded(i, !m.isExpanded(i))
	m.normalize()
	m.showCard(m.focus)
	m.follow = m.atBottom()
}

// toggleAll expands every card, or collapses every card when they were
// expanded.
func (m *Model) toggleAll() {
	m.allExpanded = !m.allExpanded
	m.expandEpoch++
	m.settle()
}

// setBackground picks the theme from the terminal's background colour.
func (m *Model) setBackground(msg tea.BackgroundColorMsg) {
	if m.opts.ThemeFixed {
		return
	}
	theme := render.Dark
	if !msg.IsDark() {
		theme = render.Light
	}
	if theme != m.opts.Render.Theme {
		m.setTheme(theme)
		m.settle()
	}
}

// setProfile draws in the terminal's colour profile when it has fewer
// colours than Options.Render.Profile, the caller's ceiling: the 256- and
// 16-colour diff tints read as red and green there, where the true-colour
// ones that Bubble Tea would convert all come out as one grey. A profile
// without colours is left to Bubble Tea, which strips them.
func (m *Model) setProfile(p colorprofile.Profile) {
	if p < colorprofile.ANSI {
		return
	}
	p = min(p, m.profileCeiling)
	if p == m.opts.Render.Profile {
		return
	}
	m.opts.Render.Profile = p
	m.styles = newChrome(m.opts.Render.Theme, p)
	m.settle()
}

// setTheme switches the cards and the viewer's own lines to a theme; the
// cards are drawn again as they are shown.
func (m *Model) setTheme(theme render.Theme) {
	m.opts.Render.Theme = theme
	m.styles = newChrome(theme, m.opts.Render.Profile)
	m.help.Styles = help.DefaultStyles(theme == render.Dark)
	m.refreshHelp()
}

// Frame is the viewer drawn for a parent's View: the text, one line per
// row, and what the parent must set on its tea.View for it.
type Frame struct {
	// Content is width × height cells of text ("" before SetSize).
	Content string
	// Cursor is where the terminal's cursor stands, relative to the
	// viewer's top-left corner (at the search prompt); nil hides it. A
	// parent adds the viewer's position on its screen.
	Cursor *tea.Cursor
	// MouseMode is the mode the viewer's mouse handling needs (the wheel
	// and clicks); a parent sets at least this on its tea.View.
	MouseMode tea.MouseMode
}

// View is the viewer's text, as bubbles components' View is: Render's
// Content.
func (m Model) View() string { return m.Render().Content }

// Render draws the viewer: the cards on screen, the status line and the
// help, and where the cursor stands.
func (m Model) Render() Frame {
	f := Frame{MouseMode: tea.MouseModeCellMotion}
	if m.width <= 0 || m.height <= 0 {
		return f
	}
	rows := make([]string, 0, m.height)
	rows = m.cardRows(rows)
	if m.statusRows() > 0 {
		rows = append(rows, m.statusLine())
	}
	if m.shownHelpRows() > 0 {
		rows = append(rows, m.shownHelp()...)
	}
	f.Content = strings.Join(cutToScreen(rows, m.width, m.height), "\n")
	if m.prompt.open() {
		f.Cursor = tea.NewCursor(min(m.prompt.width(), m.width-1), m.contentHeight())
	}
	return f
}

// cutToScreen cuts the rows of a screen too small for a card row and the
// status line (one row, or one column) to its size.
func cutToScreen(rows []string, width, height int) []string {
	rows = rows[:min(len(rows), height)]
	if width <= gutterWidth {
		for i, row := range rows {
			rows[i] = ansi.Truncate(row, width, "")
		}
	}
	return rows
}

// cardRows appends the rows that show cards, from the top position down
// until the screen is full; only those cards are rendered.
func (m *Model) cardRows(rows []string) []string {
	h := m.contentHeight()
	start := m.top.line
	for c := m.top.card; c < m.shownCount() && len(rows) < h; c++ {
		gutter := m.styles.blank
		if c == m.focus && !m.blurred {
			gutter = m.styles.marker
		}
		drawn := m.card(c)
		for j := start; j < drawn.Len() && len(rows) < h; j++ {
			line := drawn.line(j)
			if j == 0 {
				line = m.withElapsed(line, m.list.at(m.entryIndex(c)).started, m.cardWidth()+m.shift(c))
			}
			rows = append(rows, gutter+m.shifted(c, m.highlight(c, j, line)))
		}
		if c < m.shownCount()-1 && len(rows) < h {
			rows = append(rows, "")
		}
		start = 0
	}
	for len(rows) < h {
		rows = append(rows, "")
	}
	return rows
}
