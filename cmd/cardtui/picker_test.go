package main

import (
	"os"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/agents"
	"github.com/cardtui/cardtui/cmd/cardtui/internal/picker"
	"github.com/cardtui/cardtui/internal/testkit/fakehome"
	"github.com/cardtui/cardtui/render"
	"github.com/cardtui/cardtui/sessions"
	"github.com/cardtui/cardtui/viewer"
)

// pickerRun runs a picker as a program does: the commands it returns run
// on goroutines and their messages, and those the reading goroutine
// sends, come back to Update.
type pickerRun struct {
	t    *testing.T
	m    tea.Model
	msgs chan tea.Msg
	quit bool
	// round counts the keys handled; running, the commands of each round
	// whose messages have not come back.
	round   int
	running map[int]int
}

// commandDone is the message of a command that pickerRun ran in a round,
// told apart from those the picker sends by itself.
type commandDone struct {
	round int
	msg   tea.Msg
}

// newPickerRun is the picker on the sessions of a fake home, in its
// project, sized 100×30, with every command it starts run.
func newPickerRun(t *testing.T, h fakehome.Home) *pickerRun {
	list, err := sessions.List(sessions.Options{Sources: agents.Sessions, Roots: h.Roots})
	require.NoError(t, err)
	return newPickerRunOn(t, h, list)
}

// newPickerRunOn is newPickerRun on the sessions list.
func newPickerRunOn(t *testing.T, h fakehome.Home, list []sessions.Session) *pickerRun {
	r := &pickerRun{t: t, msgs: make(chan tea.Msg, 4096), running: map[int]int{}}
	cfg := replayConfig{theme: render.Dark, themeSet: true}
	p := picker.New(picker.Options{
		Sessions: list, Project: sessions.ProjectOf(h.Project), Home: h.Dir, Dark: true, ThemeSet: true,
		Open: sessionOpener(cfg), Send: func(msg tea.Msg) { r.msgs <- msg },
	})
	r.m = p
	t.Cleanup(func() { r.m.(picker.Model).Close() })
	r.run(p.Init())
	r.update(tea.WindowSizeMsg{Width: 100, Height: 30})
	return r
}

// update hands msg to the model and runs the command it returns.
func (r *pickerRun) update(msg tea.Msg) {
	var cmd tea.Cmd
	r.m, cmd = r.m.Update(msg)
	r.run(cmd)
}

// run runs a command on a goroutine; its message is handled by until.
func (r *pickerRun) run(cmd tea.Cmd) {
	if cmd != nil {
		round := r.round
		r.running[round]++
		go func() { r.msgs <- commandDone{round, cmd()} }()
	}
}

// keys presses keys, each handled with the messages it leads to.
func (r *pickerRun) keys(keys ...tea.KeyPressMsg) {
	for _, k := range keys {
		r.round++
		r.update(k)
		r.drain()
	}
}

// typeText types text at once, as a fast typist or a paste does, then
// handles the messages the keys led to.
func (r *pickerRun) typeText(text string) {
	r.round++
	for _, k := range typed(text) {
		r.update(k)
	}
	r.drain()
}

// drain handles the messages that arrive within a short while, or at
// once when every command of the round has come back and no message
// waits: what the keys of the round led to has been handled.
func (r *pickerRun) drain() {
	for {
		select {
		case msg := <-r.msgs:
			r.handle(msg)
			continue
		default:
		}
		if r.running[r.round] == 0 {
			return
		}
		select {
		case msg := <-r.msgs:
			r.handle(msg)
		case <-time.After(50 * time.Millisecond):
			return
		}
	}
}

// handle is what the program does with a message: a batch runs each of
// its commands, a quit ends the run, any other goes to Update.
func (r *pickerRun) handle(msg tea.Msg) {
	if done, ok := msg.(commandDone); ok {
		r.running[done.round]--
		msg = done.msg
	}
	switch msg := msg.(type) {
	case tea.BatchMsg:
		for _, cmd := range msg {
			r.run(cmd)
		}
	case tea.QuitMsg:
		r.quit = true
	case nil:
	default:
		r.update(msg)
	}
}

// until handles messages until the screen shows text.
func (r *pickerRun) until(text string) string {
	r.t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		if s := r.screen(); strings.Contains(s, text) {
			return s
		}
		select {
		case msg := <-r.msgs:
			r.handle(msg)
		case <-deadline:
			require.FailNow(r.t, "the screen never showed "+text, r.screen())
		}
	}
}

// screen is the picker's screen without styles.
func (r *pickerRun) screen() string { return ansi.Strip(r.m.View().Content) }

// keyOf is the key press of a named key or a character.
func keyOf(name string) tea.KeyPressMsg {
	switch name {
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	}
	return tea.KeyPressMsg{Code: rune(name[0]), Text: name}
}

// viewerShown is what only the viewer's screen shows, its footer's card
// count: the list's rows and preview show a session's title and path too.
const viewerShown = "card 1/"

// The labels of the fake home's sessions in its project, and of one
// elsewhere.
const (
	claudeLabel   = "Word counts: --json flag and whitespace fix"
	archivedLabel = "Switch Count to strings.Fields"
	codexLabel    = "The tests fail since the last commit"
	demoLabel     = "Add a --json flag to tally count"
)

func TestPickerShowsTheProjectThenAll(t *testing.T) {
	t.Parallel()
	r := newPickerRun(t, fakehome.Shared(t))

	s := r.until(claudeLabel)
	assert.Contains(t, s, "Sessions of ~/src/tally")
	assert.Contains(t, s, archivedLabel)
	assert.Contains(t, s, "3 sessions")
	assert.NotContains(t, s, demoLabel, "another project's session")

	r.keys(keyOf("a"))
	s = r.until("All sessions")
	assert.Contains(t, s, demoLabel)
	assert.Contains(t, s, "! line 1: ", "the corrupt file, with its problem")
	assert.Contains(t, s, "6 sessions")

	r.keys(keyOf("a"))
	r.until("Sessions of ~/src/tally")
}

// The picker starts on the sessions known from their files' heads and
// tails, says how far the index has come, opens a session at once, and
// takes the sessions read whole as they come, the session it opened the
// same before and after.
func TestPickerShowsRowsBeforeTheIndex(t *testing.T) {
	t.Parallel()
	h := fakehome.Shared(t)
	var reports []sessions.Progress
	_, err := sessions.ListProgressively(sessions.Options{Sources: agents.Sessions, Roots: h.Roots, CacheDir: t.TempDir(), Heads: true},
		func(p sessions.Progress) bool { reports = append(reports, p); return true })
	require.NoError(t, err)
	r := newPickerRunOn(t, h, nil)
	r.update(picker.ListedMsg(reports[0]))

	s := r.until(claudeLabel)
	assert.Contains(t, s, "Sessions of ~/src/tally · indexing 0 of 6")
	assert.Contains(t, s, codexLabel)
	r.keys(keyOf("enter"))
	before := r.until(viewerShown)
	assert.Contains(t, before, "Word counts")
	assert.NotContains(t, before, "Sessions of", "the viewer has the window")

	r.update(picker.ListedMsg(reports[len(reports)-1]))
	r.keys(keyOf("esc"))
	s = r.until("Sessions of ~/src/tally")
	assert.NotContains(t, s, "indexing")
	assert.Contains(t, s, "21 tool calls", "the preview's count, read whole")
	r.keys(keyOf("enter"))
	assert.Equal(t, before, r.until(viewerShown))
}

func TestPickerPreviewsTheSelectedSession(t *testing.T) {
	t.Parallel()
	r := newPickerRun(t, fakehome.Shared(t))

	s := r.until(claudeLabel)
	preview := s[strings.LastIndex(s, "─"):]
	assert.Contains(t, preview, "claude · ~/src/tally")
	assert.Regexp(t, `last activity 2025-10-\d\d \d\d:\d\d · 21 tool calls · [\d.]+ KiB`, preview)
	assert.Contains(t, preview, "~/.claude/projects/")

	r.keys(keyOf("j"))
	preview = r.screen()[strings.LastIndex(r.screen(), "─"):]
	assert.Contains(t, preview, "codex · ~/src/tally · archived")
	assert.Contains(t, preview, "~/.codex/archived_sessions/rollout-2025-10-05")
	assert.Contains(t, preview, "3 tool calls")
	assert.NotContains(t, preview, "claude")
}

func TestPickerFilterNarrowsTheList(t *testing.T) {
	t.Parallel()
	r := newPickerRun(t, fakehome.Shared(t))
	r.until(claudeLabel)

	r.keys(keyOf("/"))
	r.typeText("whitespace")
	s := r.until("2 sessions • 1 filtered")
	assert.Contains(t, s, claudeLabel)
	assert.Contains(t, s, archivedLabel, `fuzzy: "white space" matches`)
	assert.NotContains(t, s, codexLabel)

	r.keys(keyOf("esc"))
	s = r.until("3 sessions")
	assert.Contains(t, s, codexLabel, "esc cancelled the filter")
}

func TestPickerOpensASessionAndEscReturns(t *testing.T) {
	t.Parallel()
	r := newPickerRun(t, fakehome.Shared(t))
	r.until(claudeLabel)

	r.keys(keyOf("/"))
	r.typeText("tests fail")
	r.keys(keyOf("enter"), keyOf("enter"))
	s := r.until(viewerShown)
	assert.Contains(t, s, "rollout-2025-10-06")
	assert.NotContains(t, s, "Sessions of", "the viewer has the window")

	viewing := func() *viewer.Model {
		if v, ok := r.m.(picker.Model).Viewing(); ok {
			return &v
		}
		return nil
	}
	r.keys(keyOf("/"))
	require.True(t, viewing().Escapable(), "the viewer's search prompt is open")
	r.keys(keyOf("esc"))
	require.NotNil(t, viewing(), "esc closed the prompt, not the viewer")
	assert.False(t, viewing().Escapable())
	r.keys(keyOf("?"))
	require.Contains(t, r.screen(), "source ", "the viewer's full help")
	r.keys(keyOf("esc"))
	require.NotNil(t, viewing(), "esc closed the help, not the viewer")
	assert.NotContains(t, r.screen(), "source ")

	r.keys(keyOf("esc"))
	s = r.until("Sessions of ~/src/tally")
	assert.Contains(t, s, "1 filtered", "the filter is still set")

	r.keys(keyOf("q"))
	assert.True(t, r.quit, "q quits")
}

func TestPickerQuitsFromTheViewer(t *testing.T) {
	t.Parallel()
	r := newPickerRun(t, fakehome.Shared(t))
	r.until(claudeLabel)

	r.keys(keyOf("enter"))
	assert.Contains(t, r.until(viewerShown), "5b1e0c7a")
	r.keys(keyOf("q"))
	assert.True(t, r.quit)
}

func TestPickerSaysWhyASessionCannotBeOpened(t *testing.T) {
	t.Parallel()
	h := fakehome.New(t)
	r := newPickerRun(t, h)
	r.until(claudeLabel)
	require.NoError(t, os.Remove(h.Paths["claude"]))

	r.keys(keyOf("enter"))
	s := r.until("cannot open")
	assert.Contains(t, s, "no such file")
	assert.Contains(t, s, "Sessions of", "the list stays")
}

func TestNoSessionsShowTheDemoWithWhereCardtuiLooked(t *testing.T) {
	cfg := replayConfig{theme: render.Dark, themeSet: true}
	m := demoWithNotice(cfg, "no sessions in /home/x/.claude/projects/*/*.jsonl")
	m.SetSize(120, 40)

	s := ansi.Strip(m.View())
	assert.Contains(t, s, "cardtui found no sessions in /home/x/.claude/projects/*/*.jsonl; this is the built-in demo")
	assert.Contains(t, s, "tally count prints its totals", "the demo's first prompt")
}

func TestDemoFlagPrintsTheDemo(t *testing.T) {
	r := runWith("", "--demo", "--format", "plain", "--width", "80")

	assert.Equal(t, exitOK, r.code, r.stderr)
	assert.Contains(t, r.stdout, "tally count prints its totals")
}

// onlySGR matches every escape sequence a screen may hold: SGR colours.
var escapeSequence = regexp.MustCompile("\x1b[^m]*m|\x1b.?")

func TestPickerRowsAreSafe(t *testing.T) {
	hostile := sessions.Session{
		Agent: "claude", Path: "/h/.claude/projects/x/a\x1b]0;owned\x07.jsonl", Project: "/src/\x1b[2Jp",
		Title:       "title\x1b]8;;http://evil\x1b\\link\x1b]8;;\x1b\\ \u202eevil",
		FirstPrompt: "line one\x1b[1;1H\nline\ttwo\r\x07 \x1bP+q\x1b\\",
	}
	p := picker.New(picker.Options{Sessions: []sessions.Session{hostile}, Home: "/h", Dark: true, ThemeSet: true})
	m, _ := p.Update(tea.WindowSizeMsg{Width: 80, Height: 24})

	content := m.View().Content
	for _, seq := range escapeSequence.FindAllString(content, -1) {
		assert.Regexp(t, `^\x1b\[[0-9;:]*m$`, seq, "only SGR reaches the terminal")
	}
	plain := ansi.Strip(content)
	assert.Contains(t, plain, "line one")
	assert.Contains(t, plain, "two", "the prompt's second line")
	assert.Contains(t, plain, "/src/␛[2Jp", "the project is shown inert")
	for _, row := range strings.Split(content, "\n") {
		assert.LessOrEqual(t, ansi.StringWidth(row), 80, row)
	}
}

// typed are the key presses of text.
func typed(text string) []tea.KeyPressMsg {
	var keys []tea.KeyPressMsg
	for _, r := range text {
		keys = append(keys, tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	return keys
}

// TestPickerRefusesAFIFO: a listed session replaced by a FIFO (no writer)
// is opened off the UI loop, without blocking, and refused: the picker
// answers keys all along and says why.
func TestPickerRefusesAFIFO(t *testing.T) {
	t.Parallel()
	h := fakehome.New(t)
	r := newPickerRun(t, h)
	r.until(claudeLabel)
	require.NoError(t, os.Remove(h.Paths["claude"]))
	require.NoError(t, syscall.Mkfifo(h.Paths["claude"], 0o600))

	done := make(chan struct{})
	go func() {
		defer close(done)
		r.update(keyOf("enter"))
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		require.FailNow(t, "Enter blocked the UI loop on a FIFO")
	}
	s := r.until("cannot open")
	assert.Contains(t, s, "cannot open it: not a regular file (a FIFO)")
	assert.Contains(t, s, "Sessions of", "the list stays")
}
