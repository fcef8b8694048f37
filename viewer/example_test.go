package viewer_test

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/viewer"
)

// exampleOptions are DefaultOptions printed without colours; leave the
// profile TrueColor in a real program.
func exampleOptions() viewer.Options {
	opts := viewer.DefaultOptions()
	opts.Render.Profile = colorprofile.NoTTY
	opts.ThemeFixed = true
	return opts
}

// The viewer alone: App runs it in the whole window
// (tea.NewProgram(viewer.App{Model: m}).Run()); here the messages are
// passed by hand and the first screen is printed.
func ExampleApp() {
	opts := exampleOptions()
	opts.Source = "/home/dev/tally/session.jsonl" // the status line shows its base name
	var app tea.Model = viewer.App{Model: viewer.New(opts)}

	app, _ = app.Update(tea.WindowSizeMsg{Width: 60, Height: 10})
	app, _ = app.Update(viewer.EntriesMsg{Updates: []cards.Change{
		{ID: "u1", Entry: cards.Message{Role: cards.RoleUser, Text: "Run the tests."}},
		{ID: "call_1", Entry: cards.ToolCard{ID: "call_1", Call: cards.TerminalCall{Title: "go test ./..."}}},
		// The result arrives later and replaces the entry of its id.
		{ID: "call_1", Entry: cards.ToolCard{
			ID: "call_1", Call: cards.TerminalCall{Title: "go test ./..."},
			Result: cards.TerminalResult{Output: "ok  \texample\t0.01s\n", ExitCode: cards.Exit(0)},
		}},
	}})
	fmt.Println(app.View().Content)
	// Output:
	//  ▌ You
	//  ▌ Run the tests.
	//
	// ┃╭─ ▶ go test ./... ────────────────────────────── exit 0 ─╮
	// ┃│ $ go test ./...                                         │
	// ┃│ ┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄ │
	// ┃│ ok      example 0.01s                                   │
	// ┃╰─────────────────────────────────────────────────────────╯
	// card 2/2 · pinned                              session.jsonl
	// q quit • ? keys • j/↓ down • tab/n next card …
}

// chat is a harness's screen: the viewer above a text input. The input
// has the keyboard, so the viewer is blurred: typing never scrolls it.
type chat struct {
	cards viewer.Model
	input textinput.Model
}

func (c chat) Update(msg tea.Msg) (chat, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		c.cards.SetSize(msg.Width, msg.Height-1) // the input takes the last row
		c.input.SetWidth(msg.Width - 3)
		return c, nil
	case tea.KeyPressMsg:
		if msg.String() == "esc" { // the harness's own key to switch the focus
			if c.cards.Focused() {
				c.cards.Blur()
				return c, c.input.Focus()
			}
			c.input.Blur()
			c.cards.Focus()
			return c, nil
		}
	}
	var cmdCards, cmdInput tea.Cmd
	c.cards, cmdCards = c.cards.Update(msg) // a blurred viewer ignores the keys
	c.input, cmdInput = c.input.Update(msg)
	return c, tea.Batch(cmdCards, cmdInput)
}

func (c chat) View() string { return c.cards.View() + "\n" + c.input.View() }

// The viewer embedded under an input: the parent sizes it (SetSize), gives
// the keyboard to one of them (Blur, Focus), forwards every message, and
// sets entries by the ids it already has (Upsert).
func ExampleModel_embedded() {
	opts := exampleOptions()
	opts.HideHelp = true // the harness shows its own help (KeyMap is a help.KeyMap)
	c := chat{cards: viewer.New(opts), input: textinput.New()}
	c.cards.Blur()
	c.input.Focus()
	c, _ = c.Update(tea.WindowSizeMsg{Width: 50, Height: 9})

	c.cards.Upsert("call_1", cards.ToolCard{ID: "call_1", Call: cards.NewDiff("Edit main.go", cards.Edit("main.go", "a\n", "b\n"))})
	before := c.cards.View()
	for _, r := range "jjG" {
		c, _ = c.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	fmt.Println(plain(c.View()))
	fmt.Println("viewer moved:", c.cards.View() != before, "· input:", c.input.Value())
	// Output:
	//  ╭─ ✎ Edit main.go ───────────────── running 0s ─╮
	//  │ main.go  +1 -1                                │
	//  │ - a                                           │
	//  │ + b                                           │
	//  │                                               │
	//  │ +1 -1 · 1 file                                │
	//  ╰───────────────────────────────────────────────╯
	// card 1/1 · 1 running · pinned
	// > jjG
	// viewer moved: false · input: jjG
}

// plain is text without escapes or trailing spaces, for the examples'
// output.
func plain(s string) string {
	lines := strings.Split(ansi.Strip(s), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n")
}

// The viewer fed from a channel: a harness's goroutine sends Updates, the
// model reads them in batches (Options.Feed, or return viewer.Listen(ch)
// from the parent's Init) and never blocks in Update.
func ExampleListen() {
	ch := make(chan cards.Change, 3)
	ch <- cards.Change{ID: "n1", Entry: cards.Notice{Text: "session started"}}
	ch <- cards.Change{ID: "m1", Entry: cards.Message{Role: cards.RoleAssistant, Text: "Hello."}}
	close(ch)

	opts := exampleOptions()
	opts.Feed = ch
	m := viewer.New(opts)
	m.SetSize(40, 6)

	// Bubble Tea runs each command in a goroutine and passes its message
	// to Update; here the loop does it, for the viewer's own messages.
	for cmd := m.Init(); cmd != nil; {
		msg := cmd()
		if batch, ok := msg.(tea.BatchMsg); ok {
			cmd = batch[len(batch)-1] // the feed's command; the others ask the terminal
			continue
		}
		fmt.Printf("%T\n", msg)
		m, cmd = m.Update(msg)
	}
	e, _ := m.Entry("m1")
	fmt.Println(m.Len(), "entries; m1 says", strings.TrimSpace(e.(cards.Message).Text))
	// Output:
	// viewer.EntriesMsg
	// viewer.EndMsg
	// 2 entries; m1 says Hello.
}

// A harness streams a message by sending it again, by its id, each time
// text is appended; the viewer lays out again only the paragraph being
// written.
func ExampleModel_streaming() {
	opts := viewer.DefaultOptions()
	opts.Render.Profile = colorprofile.NoTTY
	opts.ThemeFixed = true
	opts.HideHelp = true
	m := viewer.New(opts)
	m.SetSize(40, 5)
	text := ""
	for _, chunk := range []string{"The tests ", "pass.\n\n", "Next I will ", "fix the lint."} {
		text += chunk
		m.Upsert("reply", cards.Message{Role: cards.RoleAssistant, Text: text})
	}
	fmt.Println(m.View())
	// Output:
	// ┃● Assistant
	// ┃  The tests pass.
	// ┃
	// ┃  Next I will fix the lint.
	// card 1/1 · pinned
}
