package viewer_test

import (
	"fmt"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/cardtui/cardtui/cards"
	_ "github.com/cardtui/cardtui/internal/golden"
	"github.com/cardtui/cardtui/viewer"
)

// A harness creates the viewer, gives it a size and entries, and lets
// Bubble Tea drive it (tea.NewProgram(m).Run()); here the messages are
// passed by hand and the first screen is printed without colours.
func ExampleNew() {
	opts := viewer.DefaultOptions()
	opts.Render.Profile = colorprofile.NoTTY // colours: leave TrueColor in a real program
	opts.ThemeFixed = true
	opts.Source = "demo"
	var m tea.Model = viewer.New(opts)

	zero := 0
	m, _ = m.Update(tea.WindowSizeMsg{Width: 60, Height: 10})
	m, _ = m.Update(viewer.EntriesMsg{Updates: []viewer.Update{
		{Index: 0, Entry: cards.Message{Role: cards.RoleUser, Text: "Run the tests."}},
		{Index: 1, Entry: cards.ToolCard{ID: "1", Call: cards.TerminalCall{Title: "go test ./..."}}},
		// The result arrives later and replaces entry 1.
		{Index: 1, Entry: cards.ToolCard{ID: "1", Call: cards.TerminalCall{Title: "go test ./..."},
			Result: cards.TerminalResult{Output: "ok  \texample\t0.01s\n", ExitCode: &zero}}},
	}})
	fmt.Println(m.(viewer.Model).Render())
	// Output:
	//  ▌ You
	//  ▌ Run the tests.
	//
	// ┃╭─ ▶ go test ./... ────────────────────────────── exit 0 ─╮
	// ┃│ $ go test ./...                                         │
	// ┃│ ┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄ │
	// ┃│ ok      example 0.01s                                   │
	// ┃╰─────────────────────────────────────────────────────────╯
	// demo · card 2/2 · 0 pending · 0 problems · follow on
	// j/↓ down • k/↑ up • tab/n next card • enter expand/collapse…
}

// Listen turns a channel into messages: a harness's goroutine sends
// Updates, the model reads them in batches and never blocks in Update.
func ExampleListen() {
	ch := make(chan viewer.Update, 3)
	ch <- viewer.Update{Index: 0, Entry: cards.Notice{Text: "session started"}}
	ch <- viewer.Update{Index: 1, Entry: cards.Message{Role: cards.RoleAssistant, Text: "Hello."}}
	close(ch)

	opts := viewer.DefaultOptions()
	opts.Render.Profile = colorprofile.NoTTY
	opts.ThemeFixed = true
	opts.Feed = ch // or return viewer.Listen(ch) from the harness's Init
	var m tea.Model = viewer.New(opts)
	m, _ = m.Update(tea.WindowSizeMsg{Width: 40, Height: 6})

	// Bubble Tea runs each command in a goroutine and passes its message
	// to Update; here the loop does it.
	for cmd := m.Init(); cmd != nil; {
		msg := cmd()
		fmt.Printf("%T\n", msg)
		m, cmd = m.Update(msg)
	}
	fmt.Println(m.(viewer.Model).Len(), "entries")
	// Output:
	// viewer.EntriesMsg
	// viewer.EndMsg
	// 2 entries
}

// A harness streams a message by sending it again, at the same index,
// each time text is appended; the viewer lays out again only the
// paragraph being written.
func ExampleUpdate_streaming() {
	opts := viewer.DefaultOptions()
	opts.Render.Profile = colorprofile.NoTTY
	opts.ThemeFixed = true
	var m tea.Model = viewer.New(opts)
	m, _ = m.Update(tea.WindowSizeMsg{Width: 40, Height: 6})
	text := ""
	for _, chunk := range []string{"The tests ", "pass.\n\n", "Next I will ", "fix the lint."} {
		text += chunk
		m, _ = m.Update(viewer.EntriesMsg{Updates: []viewer.Update{
			{Index: 0, Entry: cards.Message{Role: cards.RoleAssistant, Text: text}},
		}})
	}
	fmt.Println(m.(viewer.Model).Render())
	// Output:
	// ┃● Assistant
	// ┃  The tests pass.
	// ┃
	// ┃  Next I will fix the lint.
	// card 1/1 · 0 pending · 0 problems · fol…
	// j/↓ down • k/↑ up • tab/n next card …
}
