// Command embed is a harness's screen on the cardtui viewer: a note, a command
// whose output streams in and an edit, played to their ends over a help line.
package main

import (
	"log"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/viewer"
)

var (
	quit   = key.NewBinding(key.WithKeys("q", "ctrl+c"), key.WithHelp("q", "quit"))
	test   = cards.TerminalCall{Title: "go test ./..."}
	edit   = cards.NewDiff("Edit count.go", cards.Edit("count.go", "return n\n", "return n + 1\n"))
	script = []cards.ToolCard{ // what the tools report: each card again, by its ID, as it changes
		{ID: "plan", Call: cards.GenericCall{Title: "Plan"}, Result: cards.GenericResult{Content: cards.Markdown("Run the tests, **fix** what fails.")}},
		{ID: "test", Call: test},
		{ID: "test", Call: test, Result: cards.TerminalResult{Output: "=== RUN   TestTotal\n", Running: true}},
		{ID: "test", Call: test, Result: cards.TerminalResult{Output: "=== RUN   TestTotal\n--- FAIL: TestTotal\n", ExitCode: cards.Exit(1)}},
		{ID: "edit", Call: edit},
		{ID: "edit", Call: edit, Result: cards.DiffResult{}}, // applied as proposed
	}
)

type step int // play script[step] after a pause
func play(i step) tea.Cmd {
	return tea.Tick(500*time.Millisecond, func(time.Time) tea.Msg { return i })
}

type harness struct {
	cards viewer.Model
	help  help.Model
}

func (h harness) Init() tea.Cmd { return tea.Batch(h.cards.Init(), play(0)) }

func (h harness) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		h.cards.SetSize(msg.Width, msg.Height-1) // the help line has the last row
		h.help.SetWidth(msg.Width)
	case step:
		if int(msg) < len(script) {
			h.cards.Upsert("", script[msg]) // a tool card is keyed by its ID
			return h, play(msg + 1)
		}
	case tea.KeyPressMsg:
		if key.Matches(msg, quit) && !h.cards.Capturing() { // q typed into a search is the viewer's
			return h, tea.Quit
		}
	}
	var cmd tea.Cmd
	h.cards, cmd = h.cards.Update(msg)
	return h, cmd
}

func (h harness) View() tea.View {
	frame, keys := h.cards.Render(), h.cards.ShortHelp() // the viewer's keys for what it is doing
	if !h.cards.Capturing() {
		keys = append([]key.Binding{quit}, keys...)
	}
	v := tea.NewView(frame.Content + "\n" + h.help.ShortHelpView(keys))
	v.AltScreen, v.MouseMode, v.Cursor = true, frame.MouseMode, frame.Cursor
	return v
}

func main() {
	opts := viewer.DefaultOptions()
	opts.Source, opts.HideHelp = "embed demo", true // the help line is the harness's
	opts.Keys.Quit.SetEnabled(false)                // q is the harness's
	if _, err := tea.NewProgram(harness{viewer.New(opts), help.New()}).Run(); err != nil {
		log.Fatal(err)
	}
}
