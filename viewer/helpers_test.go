package viewer

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	_ "github.com/cardtui/cardtui/internal/testkit/golden"
)

// testOptions render without escapes, with a fixed theme, starting at the
// top.
func testOptions() Options {
	o := DefaultOptions()
	o.Render.Profile = colorprofile.NoTTY
	o.ThemeFixed = true
	o.NoFollow = true
	o.Source = "test.jsonl"
	o.RenderWait = 0        // every card drawn at once: the screens are deterministic
	o.Render.Location = nil // times in UTC, whatever the machine's zone
	o.Tmux = ""             // the copy key as outside tmux, wherever the tests run
	return o
}

// newModel is a viewer of the given size showing entries.
func newModel(width, height int, entries ...cards.Entry) Model {
	m := New(testOptions())
	m.SetSize(width, height)
	m.SetEntries(entries)
	return m
}

// titled is a finished tool card of 3 lines: the title row, one body row
// and the bottom border.
func titled(i int) cards.Entry {
	return cards.ToolCard{
		ID:     fmt.Sprint(i),
		Call:   cards.GenericCall{Title: cardTitle(i)},
		Result: cards.GenericResult{Content: []cards.ContentBlock{cards.TextBlock{Text: fmt.Sprintf("body %03d", i)}}},
	}
}

func cardTitle(i int) string { return fmt.Sprintf("card %03d", i) }

// titledCards are n titled cards.
func titledCards(n int) []cards.Entry {
	entries := make([]cards.Entry, n)
	for i := range entries {
		entries[i] = titled(i)
	}
	return entries
}

// longOutput is a finished command whose output has n numbered lines.
func longOutput(id string, n int) cards.Entry {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "output line %02d\n", i)
	}
	zero := 0
	return cards.ToolCard{ID: id, Call: cards.TerminalCall{Title: "make " + id}, Result: cards.TerminalResult{Output: b.String(), ExitCode: &zero}}
}

// keyMsg builds the key press a terminal sends for a key name.
func keyMsg(name string) tea.KeyPressMsg {
	named := map[string]tea.KeyPressMsg{
		"down": {Code: tea.KeyDown}, "up": {Code: tea.KeyUp},
		"pgdown": {Code: tea.KeyPgDown}, "pgup": {Code: tea.KeyPgUp},
		"home": {Code: tea.KeyHome}, "end": {Code: tea.KeyEnd},
		"enter": {Code: tea.KeyEnter}, "esc": {Code: tea.KeyEscape},
		"tab": {Code: tea.KeyTab}, "shift+tab": {Code: tea.KeyTab, Mod: tea.ModShift},
		"backspace": {Code: tea.KeyBackspace}, "space": {Code: tea.KeySpace, Text: " "},
		"ctrl+d": {Code: 'd', Mod: tea.ModCtrl}, "ctrl+u": {Code: 'u', Mod: tea.ModCtrl},
		"ctrl+c": {Code: 'c', Mod: tea.ModCtrl},
		"left":   {Code: tea.KeyLeft}, "right": {Code: tea.KeyRight},
	}
	if k, ok := named[name]; ok {
		return k
	}
	r := []rune(name)
	if len(r) != 1 {
		panic("no key " + name)
	}
	return tea.KeyPressMsg{Code: r[0], Text: name}
}

// press sends key presses and returns the model and the last command.
func press(t testing.TB, m Model, keys ...string) (Model, tea.Cmd) {
	t.Helper()
	var cmd tea.Cmd
	for _, k := range keys {
		m, cmd = send(t, m, keyMsg(k))
	}
	return m, cmd
}

// typeText presses one key per character of s.
func typeText(t testing.TB, m Model, s string) Model {
	t.Helper()
	for _, r := range s {
		m, _ = send(t, m, tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	return m
}

// send passes one message through the program's Update (App's, which
// sizes the model to a tea.WindowSizeMsg).
func send(t testing.TB, m Model, msg tea.Msg) (Model, tea.Cmd) {
	t.Helper()
	next, cmd := App{Model: m}.Update(msg)
	require.IsType(t, App{}, next)
	return next.(App).Model, cmd
}

// screen is the model's view without escape sequences.
func screen(m Model) string { return ansi.Strip(m.View()) }

// screenRows are the rows of the view without escape sequences.
func screenRows(m Model) []string { return strings.Split(screen(m), "\n") }

// statusRow is the status line.
func statusRow(m Model) string { return screenRows(m)[m.contentHeight()] }

// cardArea are the rows that show cards.
func cardArea(m Model) []string { return screenRows(m)[:m.contentHeight()] }
