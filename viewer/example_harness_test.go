package viewer_test

import (
	"fmt"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/viewer"
)

// harness is a program's model holding the viewer, with a key and a help
// line of its own. examples/embed is the same as a program.
type harness struct {
	cards viewer.Model
	help  help.Model
}

var quit = key.NewBinding(key.WithKeys("q", "ctrl+c"), key.WithHelp("q", "quit"))

func (h harness) Update(msg tea.Msg) (harness, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		h.cards.SetSize(msg.Width, msg.Height-1) // the help line has the last row
		h.help.SetWidth(msg.Width)
	case tea.KeyPressMsg:
		if key.Matches(msg, quit) && !h.cards.Capturing() { // q typed into a search is the viewer's
			return h, tea.Quit
		}
	}
	var cmd tea.Cmd
	h.cards, cmd = h.cards.Update(msg)
	return h, cmd
}

func (h harness) View() string {
	keys := h.cards.ShortHelp() // the viewer's keys for what it is doing
	if !h.cards.Capturing() {
		keys = append([]key.Binding{quit}, keys...)
	}
	return h.cards.View() + "\n" + h.help.ShortHelpView(keys)
}

// A harness's screen: it sets each tool card by its ID as the tool
// reports it — a command's output as it streams in, then its exit status;
// an edit, then an empty DiffResult: applied — and draws the viewer's keys
// in its own help line. Run it with tea.NewProgram; here the messages are
// passed by hand.
func Example_harness() {
	opts := exampleOptions()
	opts.HideHelp = true             // the help line is the harness's
	opts.Keys.Quit.SetEnabled(false) // q is the harness's
	h := harness{cards: viewer.New(opts), help: help.New()}
	h, _ = h.Update(tea.WindowSizeMsg{Width: 60, Height: 16})

	test := cards.ToolCard{ID: "test", Call: cards.TerminalCall{Title: "go test ./..."}}
	h.cards.Upsert("", test) // a tool card is keyed by its ID
	test.Result = cards.TerminalResult{Output: "=== RUN   TestTotal\n", Running: true}
	h.cards.Upsert("", test)
	test.Result = cards.TerminalResult{Output: "=== RUN   TestTotal\n--- FAIL: TestTotal\n", ExitCode: cards.Exit(1)}
	h.cards.Upsert("", test)
	edit := cards.ToolCard{ID: "edit", Call: cards.NewDiff("Edit count.go", cards.Edit("count.go", "return n\n", "return n + 1\n"))}
	h.cards.Upsert("", edit)
	edit.Result = cards.DiffResult{}
	h.cards.Upsert("", edit)

	var quitted []bool
	for _, r := range "/q" { // q is typed into the viewer's search
		var cmd tea.Cmd
		h, cmd = h.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
		quitted = append(quitted, cmd != nil && cmd() == tea.QuitMsg{})
	}
	fmt.Println(plain(h.View()))
	h, _ = h.Update(tea.KeyPressMsg{Code: tea.KeyEscape})
	_, cmd := h.Update(tea.KeyPressMsg{Code: 'q', Text: "q"})
	fmt.Println("q in the search quits:", quitted[1], "· q then:", cmd() == tea.QuitMsg{})
	// Output:
	// ╭─ ▶ go test ./... ────────────────────────────── exit 1 ─╮
	//  │ $ go test ./...                                         │
	//  │ ┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄ │
	//  │ === RUN   TestTotal                                     │
	//  │ --- FAIL: TestTotal                                     │
	//  ╰─────────────────────────────────────────────────────────╯
	//
	// ┃╭─ ✎ Edit count.go ──────────────────────────────── done ─╮
	// ┃│ count.go  +1 -1                                         │
	// ┃│ - return n                                              │
	// ┃│ + return n + 1                                          │
	// ┃│                                                         │
	// ┃│ +1 -1 · 1 file                                          │
	// ┃╰─────────────────────────────────────────────────────────╯
	// /q
	// enter search • esc cancel
	// q in the search quits: false · q then: true
}
