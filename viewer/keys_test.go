package viewer

import (
	"os"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
)

// mixed is a session with user messages, failures, notices, context and
// thinking between tool cards.
func mixed() []cards.Entry {
	return []cards.Entry{
		cards.Message{Role: cards.RoleUser, Text: "first question"}, // 0
		titled(1),
		cards.Notice{Text: "turn ended"}, // 2
		cards.Message{Role: cards.RoleContext, Text: "runtime context"},                                                                                                             // 3
		cards.Message{Role: cards.RoleReasoning, Text: "thinking"},                                                                                                                  // 4
		cards.ToolCard{ID: "f", Tool: "bash", Call: cards.TerminalCall{Title: "make"}, Result: cards.TerminalResult{ExitCode: cards.Exit(2)}},                                       // 5
		cards.Message{Role: cards.RoleUser, Text: "second question"},                                                                                                                // 6
		cards.Problem{Source: "s.jsonl", Line: 9, Reason: "not JSON"},                                                                                                               // 7
		cards.ToolCard{ID: "r", Tool: "read", Call: cards.GenericCall{Title: "Read a.go", Locations: []cards.FileLocation{{Path: "a.go", Line: 4}}}, Result: cards.GenericResult{}}, // 8
	}
}

// TestTabStopsAtEveryCardButNotices: tab reaches the folded context and
// thinking, which say "enter to expand", and passes over the notices.
func TestTabStopsAtEveryCardButNotices(t *testing.T) {
	m := newModel(80, 60, mixed()...)
	var focused []int
	for range 7 {
		m, _ = press(t, m, "tab")
		focused = append(focused, m.focus)
	}
	assert.Equal(t, []int{1, 3, 4, 5, 6, 7, 8}, focused)
	m, _ = press(t, m, "shift+tab", "shift+tab", "shift+tab", "shift+tab", "shift+tab", "shift+tab")
	assert.Equal(t, 1, m.focus)
}

// TestFailuresAreWhatTheCardsShow: ]e stops at every card whose header
// says it did not go through (rejected, denied, interrupted, failed by
// its outcome), not only at non-zero exits.
func TestFailuresAreWhatTheCardsShow(t *testing.T) {
	done := cards.GenericResult{}
	m := newModel(80, 60,
		cards.ToolCard{ID: "ok", Tool: "read", Call: cards.GenericCall{Title: "Read"}, Result: done},
		cards.ToolCard{ID: "no", Tool: "write", Call: cards.GenericCall{Title: "Write"}, Result: done, Outcome: cards.OutcomeRejected},
		cards.ToolCard{ID: "ok2", Tool: "read", Call: cards.GenericCall{Title: "Read"}, Result: done},
		cards.ToolCard{ID: "cut", Tool: "bash", Call: cards.TerminalCall{Title: "sleep"}, Result: cards.TerminalResult{}, Outcome: cards.OutcomeInterrupted},
	)
	m, _ = press(t, m, "]", "e")
	assert.Equal(t, 1, m.focus, "]e: the rejected write")
	m, _ = press(t, m, "]", "e")
	assert.Equal(t, 3, m.focus, "]e: the interrupted command")
}

func TestBracketKeysGoToFailuresAndUserMessages(t *testing.T) {
	m := newModel(80, 60, mixed()...)
	m, _ = press(t, m, "]", "e")
	assert.Equal(t, 5, m.focus, "]e: the failed command")
	m, _ = press(t, m, "]", "e")
	assert.Equal(t, 7, m.focus, "]e: the problem")
	m, _ = press(t, m, "]", "e")
	assert.Equal(t, 7, m.focus)
	assert.Contains(t, statusRow(m), "no failed card below")
	m, _ = press(t, m, "[", "e")
	assert.Equal(t, 5, m.focus)
	m, _ = press(t, m, "[", "u")
	assert.Equal(t, 0, m.focus, "[u: the first user message")
	m, _ = press(t, m, "]", "u")
	assert.Equal(t, 6, m.focus)
	assert.NotContains(t, statusRow(m), "no failed", "the note goes with the next key")
	m, _ = press(t, m, "]", "j")
	assert.Equal(t, 6, m.focus, "an unbound sequence does nothing")
	m, _ = press(t, m, "j")
	assert.Equal(t, 6, m.focus, "and the key after it is a key again")
}

func TestFilterByToolName(t *testing.T) {
	m := newModel(80, 60, mixed()...)
	m, _ = press(t, m, "f")
	assert.True(t, strings.HasPrefix(statusRow(m), "filter tools: "))
	m = typeText(t, m, "BASH")
	m, _ = press(t, m, "enter")
	assert.Contains(t, screen(m), "make")
	assert.NotContains(t, screen(m), "first question")
	assert.NotContains(t, screen(m), "Read a.go")
	assert.Contains(t, statusRow(m), `card 1/1`)
	assert.Contains(t, statusRow(m), `filter "BASH"`)
	assert.Equal(t, cards.Entry(mixed()[5]), m.FocusedEntry())

	m.Upsert("new", cards.ToolCard{ID: "n", Tool: "bash", Call: cards.TerminalCall{Title: "go vet"}})
	assert.Contains(t, screen(m), "go vet", "a new card that passes shows")
	m.Upsert("x", titled(40))
	assert.NotContains(t, screen(m), cardTitle(40))
	assert.False(t, m.FocusEntry("x"), "the filter hides it")
	assert.True(t, m.FocusEntry("new"))

	m, _ = press(t, m, "f", "ctrl+u")
	m = typeText(t, m, "read, bash")
	m, _ = press(t, m, "enter")
	assert.Contains(t, screen(m), "Read a.go", "several names")

	m, _ = press(t, m, "esc")
	assert.Contains(t, screen(m), "first question", "esc clears the filter")
	assert.NotContains(t, statusRow(m), "filter")
}

func TestSearchWithinAFilter(t *testing.T) {
	m := newModel(80, 60, mixed()...)
	m, _ = press(t, m, "f")
	m = typeText(t, m, "read")
	m, _ = press(t, m, "enter")
	m = runQuery(t, m, "a")
	assert.Contains(t, statusRow(m), "match 1/", "only the cards shown are searched")
	assert.Equal(t, cards.Entry(mixed()[8]), m.FocusedEntry())
}

func TestCopyWritesAFileWithoutClipboard(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	m := newModel(200, 60, mixed()...)
	m.FocusEntry("nope")
	m, _ = press(t, m, "tab", "tab", "tab", "tab") // the failed make, past the context and the thinking
	m, cmd := press(t, m, "y")
	require.NotNil(t, cmd)
	m, _ = send(t, m, cmd())
	status := statusRow(m)
	require.Contains(t, status, "copied to ")
	name := status[strings.Index(status, os.Getenv("TMPDIR")):]
	name = strings.Fields(name)[0]
	data, err := os.ReadFile(name)
	require.NoError(t, err)
	assert.Contains(t, string(data), "make")
	assert.NotContains(t, string(data), "\x1b")
}

func TestCopyUsesOSC52WhenTheTerminalSaysSo(t *testing.T) {
	m := newModel(80, 60, mixed()...)
	m, _ = send(t, m, tea.CapabilityMsg{Content: "Ms=\x1b]52;%p1%s;%p2%s\a"})
	m, cmd := press(t, m, "y")
	require.NotNil(t, cmd)
	assert.Equal(t, tea.SetClipboard(CardText(mixed()[0], m.opts.Render))(), cmd())
	assert.Contains(t, statusRow(m), "to the clipboard")
}

func TestOpenNeedsAFileAndAnEditor(t *testing.T) {
	t.Setenv("VISUAL", "")
	t.Setenv("EDITOR", "")
	m := newModel(80, 60, mixed()...)
	m, cmd := press(t, m, "o")
	assert.Nil(t, cmd)
	assert.Contains(t, statusRow(m), "this card names no file")
	m, _ = press(t, m, "G")
	m, cmd = press(t, m, "o")
	assert.Nil(t, cmd)
	assert.Contains(t, statusRow(m), "set $EDITOR to open a.go")
	t.Setenv("EDITOR", "true")
	_, cmd = press(t, m, "o")
	assert.NotNil(t, cmd, "the editor runs in the terminal (tea.ExecProcess)")
}

func TestEditorCommand(t *testing.T) {
	assert.Nil(t, editorCommand(" ", cards.FileLocation{Path: "a.go"}))
	assert.Equal(t, []string{"code", "-w", "+4", "./a.go"}, editorCommand("code -w", cards.FileLocation{Path: "a.go", Line: 4}).Args)
	assert.Equal(t, []string{"vi", "./-rf"}, editorCommand("vi", cards.FileLocation{Path: "-rf"}).Args, "a path is never an option")
	assert.Equal(t, []string{"vi", "./+:!sh"}, editorCommand("vi", cards.FileLocation{Path: "+:!sh"}).Args, "nor a vi command")
	assert.Equal(t, []string{"vi", "/etc/hosts"}, editorCommand("vi", cards.FileLocation{Path: "/etc/hosts"}).Args)
	assert.Equal(t, []string{"vi", "../x"}, editorCommand("vi", cards.FileLocation{Path: "../x"}).Args)
}

func TestLocations(t *testing.T) {
	for _, c := range []struct {
		e    cards.Entry
		want cards.FileLocation
	}{
		{mixed()[8], cards.FileLocation{Path: "a.go", Line: 4}},
		{mixed()[7], cards.FileLocation{Path: "s.jsonl", Line: 9}},
		{cards.ToolCard{Call: cards.NewDiff("Edit", cards.Edit("b.go", "x", "y"))}, cards.FileLocation{Path: "b.go"}},
		{cards.ToolCard{Result: cards.ReadResult{Path: "c.go", Offset: 0, Lines: []cards.ReadLine{{Number: 7, Text: "x"}}}}, cards.FileLocation{Path: "c.go", Line: 7}},
		{cards.ToolCard{Result: cards.SearchMatches{Files: []cards.SearchFile{{Path: "d.go", Matches: []cards.SearchMatch{{LineNumber: 3}}}}}}, cards.FileLocation{Path: "d.go", Line: 3}},
	} {
		got, ok := Location(c.e)
		assert.True(t, ok)
		assert.Equal(t, c.want, got)
	}
	_, ok := Location(cards.Message{Text: "x"})
	assert.False(t, ok)
}

func TestTheHelpLineFollowsTheMode(t *testing.T) {
	m := newModel(120, 12, needles()...)
	help := func() string { return screenRows(m)[11] }
	assert.True(t, strings.HasPrefix(help(), "q quit • ? keys"), help())
	assert.NotContains(t, help(), "next match")
	m = runQuery(t, m, "needle")
	assert.Contains(t, help(), "n next match • N previous match")
	assert.NotContains(t, help(), "tab/n next card", "n is the match key now")
	assert.Contains(t, help(), "tab next card")
	m, _ = press(t, m, "/")
	assert.Contains(t, help(), "enter search • esc cancel • ctrl+c quit")
	m, _ = press(t, m, "esc", "esc")
	assert.Contains(t, help(), "tab/n next card")
}

func TestALongNoteTakesTheWholeStatusLine(t *testing.T) {
	m := newModel(40, 12, mixed()...)
	m, _ = send(t, m, noteMsg("no clipboard: copied 3 lines to /tmp/a/long/dir/cardtui-card-1.md"))
	status := strings.TrimSpace(statusRow(m))
	assert.True(t, strings.HasPrefix(status, "…"), status)
	assert.True(t, strings.HasSuffix(status, "/long/dir/cardtui-card-1.md"), "the file name stays")
	assert.Len(t, []rune(status), 40)
}

// fakeTmux is a tmux whose set-clipboard option is setClipboard; it
// records the commands run and their input.
type fakeTmux struct {
	setClipboard string
	calls        []string
	stdin        string
}

func (f *fakeTmux) run(stdin string, args ...string) (string, error) {
	f.calls = append(f.calls, strings.Join(args, " "))
	if args[0] == "show-options" {
		return f.setClipboard + "\n", nil
	}
	f.stdin = stdin
	return "", nil
}

func TestCopyInTmuxLoadsTmuxBuffer(t *testing.T) {
	for _, option := range []string{"external", "off"} {
		tmux := &fakeTmux{setClipboard: option}
		m := newModel(80, 60, mixed()...)
		m.tmux = tmux.run
		m, _ = send(t, m, tea.CapabilityMsg{Content: "Ms=\x1b]52;%p1%s;%p2%s\a"})
		m, cmd := press(t, m, "y")
		require.NotNil(t, cmd)
		assert.Empty(t, tmux.calls, "tmux runs in the command, off the UI loop")
		m, _ = send(t, m, cmd())
		assert.Equal(t, []string{"show-options -sv set-clipboard", "load-buffer -w -"}, tmux.calls, option)
		assert.Equal(t, CardText(mixed()[0], m.opts.Render), tmux.stdin)
		assert.Contains(t, statusRow(m), "to tmux's buffer")
	}
}

func TestCopyInTmuxWritesOSC52WhenSetClipboardIsOn(t *testing.T) {
	tmux := &fakeTmux{setClipboard: "on"}
	m := newModel(80, 60, mixed()...)
	m.tmux = tmux.run
	m, cmd := press(t, m, "y")
	require.NotNil(t, cmd)
	m, cmd = send(t, m, cmd())
	assert.Equal(t, []string{"show-options -sv set-clipboard"}, tmux.calls)
	require.NotNil(t, cmd)
	assert.Equal(t, tea.SetClipboard(CardText(mixed()[0], m.opts.Render))(), cmd())
	assert.Contains(t, statusRow(m), "to the clipboard through tmux")
}

func TestCopyInTmuxSaysWhyItFailed(t *testing.T) {
	m := New(Options{HideHelp: true, Tmux: "/nonexistent/tmux-socket,1,0", ThemeFixed: true})
	m.SetSize(200, 20)
	m.SetEntries(mixed())
	m, cmd := press(t, m, "y")
	require.NotNil(t, cmd)
	m, _ = send(t, m, cmd())
	assert.Contains(t, statusRow(m), "copy failed: tmux load-buffer")
}

func TestNoTmuxOutsideTmux(t *testing.T) {
	assert.Nil(t, New(testOptions()).tmux, "an empty Options.Tmux")
	assert.NotNil(t, New(Options{Tmux: "/tmp/tmux-1000/default,42,0"}).tmux)
}
