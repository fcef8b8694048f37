package viewer

import (
	"slices"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render"
)

// Options configure a Model.
type Options struct {
	// Render are the options the cards are drawn with. The viewer sets
	// Width (the screen's width less the one-cell focus gutter) and
	// Expanded (per card); Render.Expanded is the initial state of every
	// card. Theme is replaced by the terminal's background unless
	// ThemeFixed. Keep Profile TrueColor in an interactive program:
	// Bubble Tea downsamples its output to the terminal's own profile
	// (and honours NO_COLOR), so a caller lowers it only for --color never
	// or for text that does not go through a Program.
	Render render.Options
	// Keys are the key bindings; a zero KeyMap binds no key at all.
	Keys KeyMap
	// Source names the transcript in the status line.
	Source string
	// ThemeFixed keeps Render.Theme (a --theme flag was given) instead of
	// asking the terminal for its background colour.
	ThemeFixed bool
	// Feed, when not nil, is read by Init's command as Listen reads.
	Feed <-chan Update
	// NoFollow starts with follow mode off: the screen stays at the top
	// while entries arrive.
	NoFollow bool
}

// DefaultOptions are render.DefaultOptions and DefaultKeyMap.
func DefaultOptions() Options {
	return Options{Render: render.DefaultOptions(), Keys: DefaultKeyMap()}
}

// Model is the viewer: a Bubble Tea model (tea.Model) that shows entries
// as a scrollable list of cards, with a status line and a help line.
//
// Like any Bubble Tea model it is a value, but its copies share their
// entries and rendering cache: keep using the Model that Update returned.
// It is not safe for use by several goroutines.
type Model struct {
	opts   Options
	source string // Options.Source made safe for one line
	styles chrome
	help   help.Model
	// helpView is the rendered help, helpRows its height.
	helpView string
	helpRows int

	entries  []cards.Entry
	versions []uint64 // of each entry, for the cache
	cache    *cardCache
	pending  int // tool cards waiting for their result
	problems int

	width, height int
	top           position // the row at the top of the screen
	focus         int
	follow        bool
	allExpanded   bool
	// expanded holds the cards toggled away from allExpanded.
	expanded map[int]bool

	// streams are the messages being streamed, drawn a paragraph at a
	// time (stream.go).
	streams *streams

	progress  ProgressMsg
	streaming bool // a Listen is reading and the stream has not ended
	search    search
}

// New returns a viewer with no entries; it shows nothing until it has a
// size (a tea.WindowSizeMsg or SetSize).
func New(opts Options) Model {
	m := Model{
		opts:        opts,
		source:      oneLine(opts.Source),
		help:        help.New(),
		cache:       newCardCache(),
		streams:     &streams{},
		follow:      !opts.NoFollow,
		allExpanded: opts.Render.Expanded,
		expanded:    make(map[int]bool),
		search:      search{cur: -1},
	}
	m.setTheme(opts.Render.Theme)
	return m
}

// Init asks the terminal for its background colour (unless
// Options.ThemeFixed) and starts reading Options.Feed.
func (m Model) Init() tea.Cmd {
	var cmds []tea.Cmd
	if !m.opts.ThemeFixed {
		cmds = append(cmds, tea.RequestBackgroundColor)
	}
	if m.opts.Feed != nil {
		cmds = append(cmds, Listen(m.opts.Feed))
	}
	return tea.Batch(cmds...)
}

// Update handles window sizes, the background colour, keys, the mouse
// wheel, pastes into the search prompt, and the viewer's own messages
// (EntriesMsg, ProgressMsg, EndMsg). It never waits for I/O.
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	cmd := m.update(msg)
	return m, cmd
}

func (m *Model) update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.SetSize(msg.Width, msg.Height)
	case tea.BackgroundColorMsg:
		m.setBackground(msg)
	case tea.KeyPressMsg:
		return m.keyPress(msg)
	case tea.MouseWheelMsg:
		m.wheel(msg)
	case tea.PasteMsg:
		m.paste(msg.Content)
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
	}
	return nil
}

// keyPress handles a key press: at the search prompt, or as a command.
func (m *Model) keyPress(msg tea.KeyPressMsg) tea.Cmd {
	if m.search.prompt {
		return m.promptKey(msg)
	}
	k, searching := m.opts.Keys, m.search.active
	switch {
	case key.Matches(msg, k.Quit):
		return tea.Quit
	case key.Matches(msg, k.Help):
		m.help.ShowAll = !m.help.ShowAll
		m.refreshHelp()
		m.settle()
	case searching && key.Matches(msg, k.NextMatch):
		m.nextMatch()
	case searching && key.Matches(msg, k.PrevMatch):
		m.prevMatch()
	case key.Matches(msg, k.Search):
		m.search.prompt, m.search.input = true, ""
	case key.Matches(msg, k.Cancel):
		m.clearSearch()
	default:
		m.command(msg)
	}
	return nil
}

// command runs the motion, focus and expansion keys.
func (m *Model) command(msg tea.KeyPressMsg) {
	k, page := m.opts.Keys, m.contentHeight()
	switch {
	case key.Matches(msg, k.LineDown):
		m.scroll(1)
	case key.Matches(msg, k.LineUp):
		m.scroll(-1)
	case key.Matches(msg, k.HalfPageDown):
		m.scroll(max(page/2, 1))
	case key.Matches(msg, k.HalfPageUp):
		m.scroll(-max(page/2, 1))
	case key.Matches(msg, k.PageDown):
		m.scroll(page)
	case key.Matches(msg, k.PageUp):
		m.scroll(-page)
	case key.Matches(msg, k.Top):
		m.toTop()
	case key.Matches(msg, k.Bottom):
		m.toBottom()
	case key.Matches(msg, k.NextCard):
		m.moveFocus(1)
	case key.Matches(msg, k.PrevCard):
		m.moveFocus(-1)
	case key.Matches(msg, k.Toggle):
		m.toggleFocused()
	case key.Matches(msg, k.ToggleAll):
		m.toggleAll()
	case key.Matches(msg, k.Follow):
		m.toggleFollow()
	}
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

// SetEntries replaces the whole transcript. It clears the search and the
// cards' expanded states; in follow mode the screen goes to the bottom.
func (m *Model) SetEntries(entries []cards.Entry) {
	m.entries = slices.DeleteFunc(slices.Clone(entries), func(e cards.Entry) bool { return e == nil })
	m.versions = make([]uint64, len(m.entries))
	m.pending, m.problems = 0, 0
	for i, e := range m.entries {
		m.versions[i] = m.cache.nextVersion()
		m.count(e, 1)
	}
	clear(m.expanded)
	m.clearSearch()
	if m.follow {
		m.focus = len(m.entries) - 1
	}
	m.settle()
}

// Len is the number of entries.
func (m Model) Len() int { return len(m.entries) }

// apply sets the entries of a batch of updates.
func (m *Model) apply(updates []Update) {
	focusOnLast := m.focus >= len(m.entries)-1
	for _, u := range updates {
		if u.Entry == nil {
			continue
		}
		i := u.Index
		if i < 0 || i >= len(m.entries) {
			i = len(m.entries)
			m.entries = append(m.entries, u.Entry)
			m.versions = append(m.versions, 0)
		} else {
			m.count(m.entries[i], -1)
			m.entries[i] = u.Entry
		}
		m.count(u.Entry, 1)
		m.versions[i] = m.cache.nextVersion()
		m.recount(i)
	}
	if m.follow && focusOnLast {
		m.focus = len(m.entries) - 1
	}
	m.settle()
}

// count adds d times an entry's share to the pending and problem counts.
func (m *Model) count(e cards.Entry, d int) {
	switch e := e.(type) {
	case cards.ToolCard:
		if e.Result == nil && !e.Ended {
			m.pending += d
		}
	case cards.Problem:
		m.problems += d
	case cards.Message, cards.Notice:
	}
}

// SetSize sets the size of the screen. Cards are laid out again for a new
// width only as they are shown; the top card stays at the top.
func (m *Model) SetSize(width, height int) {
	oldWidth := m.cardWidth()
	m.width, m.height = max(width, 0), max(height, 0)
	m.help.SetWidth(m.width)
	m.refreshHelp()
	if len(m.entries) > 0 && m.cardWidth() != oldWidth {
		m.rescaleTop(oldWidth)
	}
	m.settle()
}

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
	return max(m.height-1-m.shownHelpRows(), 1)
}

// shownHelpRows is the height of the help, 0 when the screen is too low
// to show it.
func (m *Model) shownHelpRows() int {
	if m.height < m.helpRows+2 {
		return 0
	}
	return m.helpRows
}

// cacheKey is the cache key of card i drawn at width.
func (m *Model) cacheKey(i, width int) cardKey {
	return cardKey{index: i, width: width, expanded: m.isExpanded(i), theme: m.opts.Render.Theme}
}

// card returns card i's rendering, from the cache when it is there.
func (m *Model) card(i int) rendering {
	k := m.cacheKey(i, m.cardWidth())
	if drawn, ok := m.cache.get(k, m.versions[i]); ok {
		return drawn
	}
	o := m.opts.Render
	o.Width, o.Expanded = k.width, k.expanded
	drawn := rendering{Drawing: m.streams.draw(i, m.entries[i], o)}
	if k.width < render.MinWidth {
		drawn.cut = k.width
	}
	m.cache.put(k, m.versions[i], drawn)
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

func (m *Model) isExpanded(i int) bool {
	if v, ok := m.expanded[i]; ok {
		return v
	}
	return m.allExpanded
}

func (m *Model) setExpanded(i int, v bool) {
	if v == m.allExpanded {
		delete(m.expanded, i)
	} else {
		m.expanded[i] = v
	}
}

// toggleFocused expands or collapses the focused card and shows it.
func (m *Model) toggleFocused() {
	if len(m.entries) == 0 {
		return
	}
	m.setExpanded(m.focus, !m.isExpanded(m.focus))
	m.normalize()
	m.showCard(m.focus)
	m.follow = m.atBottom()
}

// toggleAll expands every card, or collapses every card when they were
// expanded.
func (m *Model) toggleAll() {
	m.allExpanded = !m.allExpanded
	clear(m.expanded)
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

// setTheme switches the cards and the viewer's own lines to a theme; the
// cards are drawn again as they are shown.
func (m *Model) setTheme(theme render.Theme) {
	m.opts.Render.Theme = theme
	m.styles = newChrome(theme, m.opts.Render.Profile)
	m.help.Styles = help.DefaultStyles(theme == render.Dark)
	m.refreshHelp()
}

// refreshHelp renders the help for the current width and mode. The help
// model does not always keep within its width, so its lines are cut.
func (m *Model) refreshHelp() {
	m.helpView, m.helpRows = "", 0
	view := m.help.View(m.opts.Keys)
	if view == "" {
		return
	}
	lines := strings.Split(view, "\n")
	for i, line := range lines {
		lines[i] = ansi.Truncate(strings.TrimRight(line, " "), m.width, "…")
	}
	m.helpView, m.helpRows = m.styles.paint(strings.Join(lines, "\n")), len(lines)
}

// View is the whole screen, in the alternate screen with the mouse wheel
// on; at the search prompt the cursor stands after the typed text.
func (m Model) View() tea.View {
	v := tea.NewView(m.Render())
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	if m.search.prompt && m.width > 0 && m.height > 0 {
		v.Cursor = tea.NewCursor(min(promptWidth(m.search.input), m.width-1), m.contentHeight())
	}
	return v
}

// Render is the screen as text: the cards on screen, the status line and
// the help, one line per row. A harness that draws its own screen can
// place it anywhere; it is empty until the model has a size.
func (m Model) Render() string {
	if m.width <= 0 || m.height <= 0 {
		return ""
	}
	rows := make([]string, 0, m.height)
	rows = m.cardRows(rows)
	rows = append(rows, m.statusLine())
	if m.shownHelpRows() > 0 {
		rows = append(rows, m.helpView)
	}
	return strings.Join(cutToScreen(rows, m.width, m.height), "\n")
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
	mt, highlight := m.search.match, m.search.active && m.styles.highlights
	start := m.top.line
	for c := m.top.card; c < len(m.entries) && len(rows) < h; c++ {
		gutter := m.styles.blank
		if c == m.focus {
			gutter = m.styles.marker
		}
		drawn := m.card(c)
		for j := start; j < drawn.Len() && len(rows) < h; j++ {
			line := drawn.line(j)
			if highlight {
				line = mt.highlight(line)
			}
			rows = append(rows, gutter+line)
		}
		if c < len(m.entries)-1 && len(rows) < h {
			rows = append(rows, "")
		}
		start = 0
	}
	for len(rows) < h {
		rows = append(rows, "")
	}
	return rows
}
